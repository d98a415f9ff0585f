#include "renderfigures.h"

#include "figure/chartbuilder.h"
#include "figure/colormaplist.h"
#include "figure/comparefigures.h"
#include "figure/figureexporter.h"
#include "figure/pitfallfigures.h"
#include "figure/printfigure.h"
#include "figure/quantitydefaults.h"
#include "usageerror.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace pecards::cli {

app::FigureSpec viewFigure(Backend& backend, const ViewRequest& view, const QString& colormap,
    std::optional<app::ValueRange> range, const app::FigureExportOptions& options,
    const std::optional<std::pair<int, int>>& viewSize) {
    if (!viewSize) {
        return app::printResolutionFigure(view, colormap.toStdString(), range, options,
            [&backend](const ViewRequest& request) { return backend.compute(request); })
            .spec;
    }
    app::ComputedView sized {view, Grid {}, colormap};
    setOutputSize(sized.request, viewSize);
    sized.grid = backend.compute(sized.request);
    return app::makeFigureSpec(sized.request, sized.grid, app::colormapColors(colormap.toStdString()),
        range.value_or(app::computedRange(sized)));
}

app::ChartSpec chartFigure(const app::CurveRequest& chart) {
    return app::makeChartSpec(chart, app::computeCurves(chart));
}

app::CurveRequest chartRequest(const CardParams& params, const app::CardChart& chart, const QString& flag) {
    const std::optional<app::CurveKind> kind = app::chartKindNamed(chart.chart);
    if (!kind)
        throw UsageError(flag, u"\""_s + chart.chart + u"\" is not a chart: allowed: "_s + app::chartNames());
    app::CurveRequest request;
    request.params = params;
    request.kind = *kind;
    request.channels = chart.channels.empty() ? app::defaultChannels(params, *kind) : chart.channels;
    request.position = chart.position;
    request.extent = chart.reach > 0 ? chart.reach : app::defaultExtent(*kind);
    return request;
}

std::pair<ViewRequest, ViewRequest> compareViews(
    const app::ComparePair& pair, Reduction reduction, const std::optional<std::pair<int, int>>& viewSize) {
    auto [a, b] = app::compareViews(pair.left, pair.right, pair.quantity, reduction);
    setOutputSize(a, viewSize);
    setOutputSize(b, viewSize);
    return {a, b};
}

namespace {

/// Views `a` and `b` (sized by setOutputSize already) computed at their size when `viewSize` is
/// given, else A at print resolution and B at A's pixels (app::printResolutionPair).
std::pair<app::ComputedView, app::ComputedView> computedPair(Backend& backend, const ViewRequest& a,
    const ViewRequest& b, const QString& colormap, const app::FigureExportOptions& options,
    const std::optional<std::pair<int, int>>& viewSize) {
    const auto compute = [&backend](const ViewRequest& request) { return backend.compute(request); };
    std::pair<app::ComputedView, app::ComputedView> sides {
        app::ComputedView {a, Grid {}, colormap}, app::ComputedView {b, Grid {}, colormap}};
    if (viewSize) {
        sides.first.grid = compute(a);
        sides.second.grid = compute(b);
        return sides;
    }
    return app::printResolutionPair(sides.first, sides.second, options, compute);
}

} // namespace

QList<app::FigureSpec> compareFigures(Backend& backend, const app::ComparePair& pair, Reduction reduction,
    const std::optional<std::pair<int, int>>& viewSize, const QString& colormap,
    const app::FigureExportOptions& options) {
    const auto [viewA, viewB] = compareViews(pair, reduction, viewSize);
    const auto [a, b] = computedPair(backend, viewA, viewB, colormap, options, viewSize);
    app::CompareFigureSet three = app::compareFigureSpecs(a, b);
    return {std::move(three.a), std::move(three.b), std::move(three.difference)};
}

QList<NamedFigure> pitfallFigures(Backend& backend, const ViewRequest& view, const QString& colormap,
    const app::FigureExportOptions& options, const std::optional<std::pair<int, int>>& viewSize) {
    auto [correct, buggy] = app::pitfallViews(view);
    setOutputSize(correct, viewSize);
    setOutputSize(buggy, viewSize);
    const auto [computedCorrect, computedBuggy]
        = computedPair(backend, correct, buggy, colormap, options, viewSize);
    app::PitfallFigureSet three = app::pitfallFigureSpecs(computedCorrect, computedBuggy);
    return {{u"correct"_s, std::move(three.correct)}, {u"buggy"_s, std::move(three.buggy)},
        {u"difference"_s, std::move(three.difference)}};
}

Reduction compareReduction(const app::ComparePair& pair, const RenderOptions& options) {
    return options.compareReduction.value_or(pair.reduction.value_or(app::defaultReduction(pair.quantity)));
}

QString compareColormap(const app::ComparePair& pair, const RenderOptions& options) {
    return options.colormap.value_or(
        pair.colormap.value_or(app::defaultColormap(pair.quantity, pair.left.card)));
}

std::vector<ViewRequest> workspaceViews(const app::Workspace& workspace, const RenderOptions& options) {
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
        const auto [a, b] = compareViews(pair, compareReduction(pair, options), options.viewSize);
        views.push_back(a);
        views.push_back(b);
    }
    return views;
}

QList<NamedFigure> workspaceFigures(
    Backend& backend, const app::Workspace& workspace, const RenderOptions& options) {
    QList<NamedFigure> figures;
    QHash<QString, int> uses;
    const app::FigureExportOptions exportOptions = figureExportOptions(options);
    const app::FigureExporter exporter(exportOptions);
    const auto add = [&](const QString& base, app::Figure figure) {
        const int n = ++uses[base];
        const QString name = n == 1 ? base : base + u'-' + QString::number(n);
        // A page too small for its text is refused at its figure, not after computing all of them.
        if (const QString error = exporter.pageError(figure); !error.isEmpty()) {
            throw UsageError(u"--size"_s, u"figure %1 (%2): %3"_s.arg(figures.size() + 1).arg(name, error));
        }
        figures.append({name, std::move(figure)});
    };
    for (const app::WorkspaceCard& card : workspace.cards) {
        const QString cardName = QString::fromStdString(toString(card.params.card));
        for (const app::CardView& cardView : card.views) {
            ViewRequest view;
            view.params = card.params;
            view.quantity = cardView.quantity;
            view.window = cardView.window;
            view.reduction = cardView.reduction;
            // A colour range the app locked is the figure's colour bar (its log scale is the
            // screen's: figures are drawn linear).
            std::optional<app::ValueRange> range;
            if (cardView.colorRange)
                range = app::ValueRange {cardView.colorRange->first, cardView.colorRange->second};
            add(cardName + u'-' + QString::fromStdString(toString(view.quantity)),
                viewFigure(backend, view, options.colormap.value_or(cardView.colormap), range, exportOptions,
                    options.viewSize));
        }
        for (const app::CardChart& chart : card.charts)
            add(cardName + u'-' + chart.chart,
                chartFigure(chartRequest(card.params, chart, u"--workspace"_s)));
    }
    for (qsizetype p = 0; p < workspace.compare.size(); ++p) {
        const app::ComparePair& pair = workspace.compare[p];
        const QList<app::FigureSpec> three = compareFigures(backend, pair, compareReduction(pair, options),
            options.viewSize, compareColormap(pair, options), exportOptions);
        const QString base = u"compare"_s + QString::number(p + 1) + u'-'
            + QString::fromStdString(toString(pair.quantity)) + u'-';
        add(base + u"a"_s, three[0]);
        add(base + u"b"_s, three[1]);
        add(base + u"difference"_s, three[2]);
    }
    return figures;
}

} // namespace pecards::cli
