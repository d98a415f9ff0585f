#include "figure/comparefigures.h"

#include "figure/colormaplist.h"
#include "figure/difference.h"

#include <algorithm>

namespace pecards::app {

Window commonWindow(const CardParams& a, const CardParams& b, Quantity quantity) {
    const Window left = fullExtent(a, quantity);
    const Window right = fullExtent(b, quantity);
    return {0, std::min(left.row_end, right.row_end), 0, std::min(left.col_end, right.col_end)};
}

std::pair<ViewRequest, ViewRequest> compareViews(
    const CardParams& a, const CardParams& b, Quantity quantity, Reduction reduction) {
    ViewRequest left;
    left.params = a;
    left.quantity = quantity;
    left.window = commonWindow(a, b, quantity);
    left.reduction = reduction;
    ViewRequest right = left;
    right.params = b;
    return {left, right};
}

std::optional<ValueRange> sharedValueRange(
    const ViewRequest& a, ValueRange rangeA, const ViewRequest& b, ValueRange rangeB) {
    if (valueUnit(a.params, a.quantity) != valueUnit(b.params, b.quantity))
        return std::nullopt;
    return ValueRange {std::min(rangeA.min, rangeB.min), std::max(rangeA.max, rangeB.max)};
}

ValueRange computedRange(const ComputedView& view) {
    return defaultValueRange(
        view.request.quantity, view.grid, isDivergingColormap(view.colormap.toStdString()));
}

CompareFigureSet compareFigureSpecs(const ComputedView& a, const ComputedView& b, const SideNames& names) {
    const ValueRange rangeA = computedRange(a);
    const ValueRange rangeB = computedRange(b);
    const std::optional<ValueRange> shared = sharedValueRange(a.request, rangeA, b.request, rangeB);
    CompareFigureSet figures;
    figures.a = makeFigureSpec(
        a.request, a.grid, colormapColors(a.colormap.toStdString()), shared.value_or(rangeA));
    figures.b = makeFigureSpec(
        b.request, b.grid, colormapColors(b.colormap.toStdString()), shared.value_or(rangeB));
    const Grid difference = viewDifference(a.request, a.grid, b.request, b.grid);
    figures.difference = differenceFigureSpec(a.request, difference, figures.a, figures.b, names);
    figures.a.title = names.a + QStringLiteral(": ") + figures.a.title;
    figures.b.title = names.b + QStringLiteral(": ") + figures.b.title;
    return figures;
}

ViewRequest atPrintSizeOf(const ViewRequest& b, const ViewRequest& printA) {
    ViewRequest sized = b;
    sized.window = printA.window;
    sized.out_rows = printA.out_rows;
    sized.out_cols = printA.out_cols;
    return sized;
}

std::pair<ComputedView, ComputedView> printResolutionPair(const ComputedView& a, const ComputedView& b,
    const FigureExportOptions& options, const GridSource& compute) {
    PrintFigure print
        = printResolutionFigure(a.request, a.colormap.toStdString(), std::nullopt, options, compute);
    ComputedView printedA {std::move(print.request), std::move(print.grid), a.colormap};
    ComputedView printedB {atPrintSizeOf(b.request, printedA.request), Grid {}, b.colormap};
    printedB.grid = compute(printedB.request);
    return {std::move(printedA), std::move(printedB)};
}

} // namespace pecards::app
