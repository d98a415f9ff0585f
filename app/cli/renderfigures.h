#pragma once
/// @file renderfigures.h
/// @brief The figures `pecards-cli render` draws: one view, or every view and compare pair of
/// a workspace. Grids come from a Backend; figures from app/figure's makeFigureSpec with the
/// colour maps of app/figure/colormaplist.h, and compareFigureSpecs for compare pairs: the calls
/// the GUI's export makes.

#include "cliparser.h"
#include "figure/chartspec.h"
#include "figure/figure.h"
#include "figure/figureexporter.h"
#include "pecards/backend.h"
#include "workspace/workspace.h"

#include <QList>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace pecards::cli {

/// @brief The figure of one view in `colormap` over `range`, or over defaultValueRange
/// (symmetric about 0 for the diverging map). Without `viewSize` the grid is computed at the
/// exported plot's pixel size (app::printResolutionFigure, as the GUI's export); with it, at
/// `viewSize` (setOutputSize).
/// @throws pecards::InvalidParameter (invalid view, unknown colour map),
///         pecards::ComputeLimitExceeded, std::runtime_error (device failure).
app::FigureSpec viewFigure(Backend& backend, const ViewRequest& view, const QString& colormap,
    std::optional<app::ValueRange> range, const app::FigureExportOptions& options,
    const std::optional<std::pair<int, int>>& viewSize);

/// @brief The chart figure of a chart request: makeChartSpec(chart, computeCurves(chart)), the
/// calls the GUI's chart export makes.
/// @throws pecards::InvalidParameter (invalid parameters or channels).
app::ChartSpec chartFigure(const app::CurveRequest& chart);

/// @brief The curve request of `chart` of a card with `params`: its channels (the chart's default
/// ones when empty), position and reach (the chart's default extent when 0), as the app's chart.
/// @throws UsageError naming `flag` for a name that is not a chart (app::chartNames lists them).
app::CurveRequest chartRequest(const CardParams& params, const app::CardChart& chart, const QString& flag);

/// @brief The views A and B of a compare pair: app::compareViews (the window both sides have,
/// `reduction`) at `viewSize` pixels (setOutputSize rule).
std::pair<ViewRequest, ViewRequest> compareViews(
    const app::ComparePair& pair, Reduction reduction, const std::optional<std::pair<int, int>>& viewSize);

/// @brief The views workspaceFigures computes, in its order: every view of every card, then A
/// and B of every compare pair.
std::vector<ViewRequest> workspaceViews(const app::Workspace& workspace, const RenderOptions& options);

/// @brief How a compare pair of a workspace is drawn: --reduction (options.compareReduction)
/// and --colormap when given, else the pair's own (what the app showed when it saved), else the
/// quantity's defaults on the left card (figure/quantitydefaults.h, the app's rule).
Reduction compareReduction(const app::ComparePair& pair, const RenderOptions& options);
QString compareColormap(const app::ComparePair& pair, const RenderOptions& options);

/// @brief The three figures of a compare pair, A, B and A − B, made by
/// app::compareFigureSpecs (figure/comparefigures.h, which the GUI's compare tab calls too) in
/// `colormap` on both sides. Each grid has `viewSize` pixels over compareViews' window, or
/// without it A is computed at print resolution with `options` and B at A's pixels
/// (app::printResolutionPair).
/// @throws as viewFigure; pecards::InvalidParameter ("B unit") when the two sides' values have
/// different units (app::checkComparable).
QList<app::FigureSpec> compareFigures(Backend& backend, const app::ComparePair& pair, Reduction reduction,
    const std::optional<std::pair<int, int>>& viewSize, const QString& colormap,
    const app::FigureExportOptions& options);

/// @brief A figure with the file name it gets in a gallery folder (without suffix), e.g.
/// "rope-score", "rope-spectrum", "compare1-score-difference".
struct NamedFigure {
    QString name;
    app::Figure figure;
};

/// @brief The three figures of the pitfall of `view` ("correct", "buggy", "difference": buggy −
/// correct), made by app::pitfallFigureSpecs (figure/pitfallfigures.h, which the GUI's Pitfalls
/// view calls too) in `colormap`: at `viewSize` pixels, or the correct view at print resolution
/// and the buggy one at its pixels (app::printResolutionPair), as compareFigures.
/// @throws as viewFigure; pecards::InvalidParameter when `view` has no pitfall or its fixed side.
QList<NamedFigure> pitfallFigures(Backend& backend, const ViewRequest& view, const QString& colormap,
    const app::FigureExportOptions& options, const std::optional<std::pair<int, int>>& viewSize);

/// @brief Every view of every card (in tab and display order; each with its own window,
/// reduction and colour map unless options.colormap overrides it, and the colour range the app
/// locked as its colour bar), then compareFigures of
/// every compare pair in compareReduction and compareColormap. Output pixels per view:
/// viewFigure's rule.
/// The charts of each card (app::CardChart) follow its views; names: NamedFigure.
/// It stays here, not in app/figure: it reads the CLI's options (--colormap, --view, the figure
/// size) and names figures for the CLI's gallery, and app/figure does not link the workspace
/// library; the figures themselves come from app/figure (makeFigureSpec, compareFigureSpecs).
/// @throws as viewFigure; UsageError for an unknown chart name, or naming --size at the first
/// figure whose page is too small for its text (FigureExporter::pageError), before the next
/// figure is computed.
QList<NamedFigure> workspaceFigures(
    Backend& backend, const app::Workspace& workspace, const RenderOptions& options);

} // namespace pecards::cli
