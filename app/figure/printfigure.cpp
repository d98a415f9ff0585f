#include "figure/printfigure.h"

#include "figure/colormaplist.h"
#include "figure/figurebuilder.h"

#include <algorithm>

namespace pecards::app {

namespace {

constexpr int kMaxComputations = 3;

/// `view` asking for the plot's pixels, at most the window's entries and the engine's limit.
ViewRequest atPlotSize(const ViewRequest& view, QSize plot) {
    ViewRequest request = view;
    request.out_rows = static_cast<int>(std::clamp<qint64>(
        plot.height(), 1, std::min<qint64>(view.window.rows(), pecards::kMaxOutputPixels)));
    request.out_cols = static_cast<int>(
        std::clamp<qint64>(plot.width(), 1, std::min<qint64>(view.window.cols(), pecards::kMaxOutputPixels)));
    return request;
}

} // namespace

PrintFigure printResolutionFigure(const ViewRequest& view, const std::string& colormap,
    std::optional<ValueRange> range, const FigureExportOptions& options, const GridSource& compute) {
    const QList<QRgb> colors = colormapColors(colormap);
    const bool symmetric = isDivergingColormap(colormap);
    const FigureExporter exporter(options);
    const auto figureOf = [&](const ViewRequest& request, const Grid& grid) {
        return makeFigureSpec(
            request, grid, colors, range.value_or(defaultValueRange(request.quantity, grid, symmetric)));
    };

    // Placeholder: a 1 x 1 grid of the same window, for a first layout.
    PrintFigure result;
    result.request = view;
    result.request.out_rows = 1;
    result.request.out_cols = 1;
    Grid placeholder;
    placeholder.rows = 1;
    placeholder.cols = 1;
    placeholder.window = view.window;
    placeholder.values = {0.0};
    result.spec = figureOf(result.request, placeholder);

    while (result.computations < kMaxComputations) {
        const ViewRequest next = atPlotSize(view, exporter.heatmapPixels(result.spec));
        if (result.computations > 0 && next.out_rows == result.request.out_rows
            && next.out_cols == result.request.out_cols) {
            break; // the grid fills the plot pixel for pixel
        }
        result.request = next;
        result.grid = compute(result.request);
        result.spec = figureOf(result.request, result.grid);
        ++result.computations;
    }
    return result;
}

} // namespace pecards::app
