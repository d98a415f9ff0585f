#include "renderfigures.h"

#include "figure/caption.h"
#include "figure/chartbuilder.h"
#include "figure/colormaplist.h"
#include "figure/difference.h"
#include "figure/printfigure.h"
#include "usageerror.h"

#include <QHash>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

app::ValueRange defaultRange(const Grid& grid, Quantity quantity, const QString& colormap) {
    return app::defaultValueRange(quantity, grid, app::isDivergingColormap(colormap.toStdString()));
}

app::FigureSpec makeFigure(
    const ViewRequest& view, const Grid& grid, const QString& colormap, app::ValueRange range) {
    return app::makeFigureSpec(view, grid, app::colormapColors(colormap.toStdString()), range);
}

} // namespace

app::FigureSpec viewFigure(Backend& backend, const ViewRequest& view, const QString& colormap,
    std::optional<app::ValueRange> range, const app::FigureExportOptions& options,
    const std::optional<std::pair<int, int>>& viewSize) {
    if (!viewSize) {
        return app::printResolutionFigure(view, colormap.toStdString(), range, options,
            [&backend](const ViewRequest& request) { return backend.compute(request); })
            .spec;
    }
    ViewRequest sized = view;
    setOutputSize(sized, viewSize);
    const Grid grid = backend.compute(sized);
    return makeFigure(sized, grid, colormap, range.value_or(defaultRange(grid, sized.quantity, colormap)));
}

app::ChartSpec chartFigure(const app::CurveRequest& chart) {
    return app::makeChartSpec(chart, app::computeCurves(chart));
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
    const std::optional<std::pair<int, int>>& viewSize, const QString& colormap,
    const app::FigureExportOptions& options) {
    auto [a, b] = compareViews(pair, reduction, viewSize);
    Grid gridA;
    if (viewSize) {
        gridA = backend.compute(a);
    } else { // B at the print resolution A's figure picks
        app::PrintFigure print = app::printResolutionFigure(a, colormap.toStdString(), std::nullopt, options,
            [&backend](const ViewRequest& request) { return backend.compute(request); });
        a = print.request;
        gridA = std::move(print.grid);
        b = a;
        b.params = pair.right;
    }
    const Grid gridB = backend.compute(b);
    const app::ValueRange rangeA = defaultRange(gridA, pair.quantity, colormap);
    const app::ValueRange rangeB = defaultRange(gridB, pair.quantity, colormap);
    const app::ValueRange shared {std::min(rangeA.min, rangeB.min), std::max(rangeA.max, rangeB.max)};
    app::FigureSpec figureA = makeFigure(a, gridA, colormap, shared);
    app::FigureSpec figureB = makeFigure(b, gridB, colormap, shared);
    const Grid difference = app::viewDifference(a, gridA, b, gridB);
    app::FigureSpec figureDiff = app::differenceFigureSpec(a, difference, figureA, figureB);
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

QList<NamedFigure> workspaceFigures(Backend& backend, const app::Workspace& workspace,
    const RenderOptions& options, Reduction compareReduction) {
    QList<NamedFigure> figures;
    QHash<QString, int> uses;
    const auto add = [&](const QString& base, app::Figure figure) {
        const int n = ++uses[base];
        figures.append({n == 1 ? base : base + u'-' + QString::number(n), std::move(figure)});
    };
    const app::FigureExportOptions exportOptions = figureExportOptions(options);
    for (const app::WorkspaceCard& card : workspace.cards) {
        const QString cardName = QString::fromStdString(toString(card.params.card));
        for (const app::CardView& cardView : card.views) {
            ViewRequest view;
            view.params = card.params;
            view.quantity = cardView.quantity;
            view.window = cardView.window;
            view.reduction = cardView.reduction;
            add(cardName + u'-' + QString::fromStdString(toString(view.quantity)),
                viewFigure(backend, view, options.colormap.value_or(cardView.colormap), std::nullopt,
                    exportOptions, options.viewSize));
        }
        for (const app::CardChart& chart : card.charts) {
            const std::optional<app::CurveKind> kind = app::chartKindNamed(chart.chart);
            if (!kind) {
                throw UsageError(u"--workspace"_s,
                    u"\""_s + chart.chart + u"\" is not a chart: allowed: "_s + app::chartNames());
            }
            app::CurveRequest request;
            request.params = card.params;
            request.kind = *kind;
            request.channels
                = chart.channels.empty() ? app::defaultChannels(card.params, *kind) : chart.channels;
            request.position = chart.position;
            request.extent = chart.reach > 0 ? chart.reach : app::defaultExtent(*kind);
            add(cardName + u'-' + chart.chart, chartFigure(request));
        }
    }
    for (qsizetype p = 0; p < workspace.compare.size(); ++p) {
        const app::ComparePair& pair = workspace.compare[p];
        const QList<app::FigureSpec> three = compareFigures(backend, pair, compareReduction, options.viewSize,
            options.colormap.value_or(QString::fromLatin1(kDefaultColormap)), exportOptions);
        const QString base = u"compare"_s + QString::number(p + 1) + u'-'
            + QString::fromStdString(toString(pair.quantity)) + u'-';
        add(base + u"a"_s, three[0]);
        add(base + u"b"_s, three[1]);
        add(base + u"difference"_s, three[2]);
    }
    return figures;
}

} // namespace pecards::cli
