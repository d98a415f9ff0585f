#include "renderfigures.h"

#include "figure/caption.h"
#include "figure/colormaplist.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

const QString kDifferenceColormap = u"diverging"_s;

app::ValueRange defaultRange(const Grid& grid, Quantity quantity, const QString& colormap) {
    return app::defaultValueRange(quantity, grid, app::isDivergingColormap(colormap.toStdString()));
}

/// [-a, a] with a = max |finite value|; [-0.5, 0.5] when all are 0 or masked.
app::ValueRange symmetricRange(const Grid& grid) {
    double a = 0.0;
    for (const double v : grid.values) {
        if (std::isfinite(v)) {
            a = std::max(a, std::abs(v));
        }
    }
    return a > 0.0 ? app::ValueRange {-a, a} : app::ValueRange {-0.5, 0.5};
}

app::FigureSpec makeFigure(
    const ViewRequest& view, const Grid& grid, const QString& colormap, app::ValueRange range) {
    return app::makeFigureSpec(view, grid, app::colormapColors(colormap.toStdString()), range);
}

} // namespace

app::FigureSpec viewFigure(Backend& backend, const ViewRequest& view, const QString& colormap,
    std::optional<app::ValueRange> range) {
    const Grid grid = backend.compute(view);
    return makeFigure(view, grid, colormap, range.value_or(defaultRange(grid, view.quantity, colormap)));
}

Grid differenceGrid(const Grid& a, const Grid& b) {
    if (!(a.window == b.window) || a.rows != b.rows || a.cols != b.cols
        || a.values.size() != b.values.size()) {
        throw std::invalid_argument("A - B needs grids of the same window and shape");
    }
    Grid difference = a;
    for (std::size_t i = 0; i < a.values.size(); ++i) {
        const double d = a.values[i] - b.values[i];
        difference.values[i] = std::isfinite(d) ? d : -std::numeric_limits<double>::infinity();
    }
    return difference;
}

std::pair<ViewRequest, ViewRequest> compareViews(
    const app::ComparePair& pair, Reduction reduction, const std::optional<std::pair<int, int>>& viewSize) {
    const Window left = fullExtent(pair.left, pair.quantity);
    const Window right = fullExtent(pair.right, pair.quantity);
    ViewRequest a;
    a.params = pair.left;
    a.quantity = pair.quantity;
    a.window = {0, std::min(left.row_end, right.row_end), 0, std::min(left.col_end, right.col_end)};
    a.reduction = reduction;
    setOutputSize(a, viewSize);
    ViewRequest b = a;
    b.params = pair.right;
    return {a, b};
}

QList<app::FigureSpec> compareFigures(Backend& backend, const app::ComparePair& pair, Reduction reduction,
    const std::optional<std::pair<int, int>>& viewSize, const QString& colormap) {
    const auto [a, b] = compareViews(pair, reduction, viewSize);

    const Grid gridA = backend.compute(a);
    const Grid gridB = backend.compute(b);
    const app::ValueRange rangeA = defaultRange(gridA, pair.quantity, colormap);
    const app::ValueRange rangeB = defaultRange(gridB, pair.quantity, colormap);
    const app::ValueRange shared {std::min(rangeA.min, rangeB.min), std::max(rangeA.max, rangeB.max)};
    app::FigureSpec figureA = makeFigure(a, gridA, colormap, shared);
    app::FigureSpec figureB = makeFigure(b, gridB, colormap, shared);
    const Grid difference = differenceGrid(gridA, gridB);
    app::FigureSpec figureDiff = makeFigure(a, difference, kDifferenceColormap, symmetricRange(difference));

    figureDiff.title = u"A − B: "_s + figureA.title;
    if (figureB.title != figureA.title) {
        figureDiff.title += u" minus "_s + figureB.title;
    }
    figureDiff.colorBar.label = u"A − B, "_s + figureA.colorBar.label;
    figureDiff.caption = u"A: "_s + figureA.caption + app::captionSeparator() + u"B: "_s + figureB.caption;
    figureA.title = u"A: "_s + figureA.title;
    figureB.title = u"B: "_s + figureB.title;
    return {figureA, figureB, figureDiff};
}

std::vector<ViewRequest> workspaceViews(
    const app::Workspace& workspace, const RenderOptions& options, Reduction compareReduction) {
    std::vector<ViewRequest> views;
    for (const app::WorkspaceCard& card : workspace.cards) {
        for (const app::CardView& cardView : card.views) {
            ViewRequest view;
            view.params = card.params;
            view.quantity = cardView.quantity;
            view.window = cardView.window;
            view.reduction = cardView.reduction;
            setOutputSize(view, options.viewSize);
            views.push_back(view);
        }
    }
    for (const app::ComparePair& pair : workspace.compare) {
        const auto [a, b] = compareViews(pair, compareReduction, options.viewSize);
        views.push_back(a);
        views.push_back(b);
    }
    return views;
}

QList<app::FigureSpec> workspaceFigures(Backend& backend, const app::Workspace& workspace,
    const RenderOptions& options, Reduction compareReduction) {
    QList<app::FigureSpec> figures;
    const std::vector<ViewRequest> views = workspaceViews(workspace, options, compareReduction);
    std::size_t next = 0;
    for (const app::WorkspaceCard& card : workspace.cards) {
        for (const app::CardView& cardView : card.views) {
            figures.append(viewFigure(
                backend, views[next++], options.colormap.value_or(cardView.colormap), std::nullopt));
        }
    }
    for (const app::ComparePair& pair : workspace.compare) {
        figures.append(compareFigures(backend, pair, compareReduction, options.viewSize,
            options.colormap.value_or(QString::fromLatin1(kDefaultColormap))));
    }
    return figures;
}

} // namespace pecards::cli
