#pragma once
/// @file viewfigure.h
/// @brief The numbers behind a heatmap on screen and their export through the same path as
/// `pecards-cli render`: pecards::app::makeFigureSpec with the shared colour tables
/// (colormapColors) and pecards::app::FigureExporter, or saveGridData for .npy / .csv. So a
/// figure saved from the GUI and the CLI's figure of the same request are byte-identical PNGs.

#include <QList>
#include <QString>
#include <figure/comparefigures.h>
#include <figure/coverspec.h>
#include <figure/curves.h>
#include <figure/figure.h>
#include <figure/figureexporter.h>
#include <optional>
#include <pecards/view.h>
#include <variant>

namespace pecards::gui {

/// @brief A computed heatmap as shown: the request it answers, its grid (grid.window ==
/// request.window) and the colour map it is painted with (colormaplookup.h name); the type the
/// compare figures are made of (figure/comparefigures.h).
using ShownHeatmap = pecards::app::ComputedView;

/// @brief Computed chart data as shown: the request and the curves the worker computed for it;
/// in the compare tab also B's request, the curves then being overlayCurves(A's, B's).
struct ShownChart {
    pecards::app::CurveRequest request;
    pecards::app::CurveSet curves;
    std::optional<pecards::app::CurveRequest> overlay {};
};

/// @brief What a view shows now: a heatmap or a chart.
using ShownView = std::variant<ShownHeatmap, ShownChart>;

/// @brief Resolution of exports that do not ask for one (dots per inch).
inline constexpr int kDefaultDpi = 300;

/// @brief The figure of a shown heatmap: makeFigureSpec(request, grid, colormapColors(colormap),
/// defaultValueRange(quantity, grid, symmetric for the diverging map)) — the CLI's default range.
/// @throws std::invalid_argument as makeFigureSpec (e.g. NaN in the grid).
pecards::app::FigureSpec heatmapFigureSpec(const ShownHeatmap& shown);

/// @brief The figure of a shown chart: makeChartSpec(request, curves), as `pecards-cli render`;
/// an overlay of A and B: overlayChartSpec.
pecards::app::ChartSpec chartFigureSpec(const ShownChart& shown);

/// @brief The figure of a shown view (heatmapFigureSpec or chartFigureSpec).
/// @throws std::invalid_argument as heatmapFigureSpec.
pecards::app::Figure shownFigure(const ShownView& shown);

/// @brief Writes the figures with `options` to `path` (.png or .svg: exactly one; .pdf: one
/// page each). Atomic.
/// @return true on success; false with `error` naming the path and the reason.
bool saveFigures(const QList<pecards::app::Figure>& figures, const QString& path,
    const pecards::app::FigureExportOptions& options, QString* error);

/// @brief Writes the figure of the grid as shown, without recomputing it (.png at `dpi`, .svg,
/// .pdf; default 6 x 4.5 in), or the grid's numbers (.npy, .csv), chosen by the path's suffix
/// (any case). Atomic. The GUI's "Save…" writes data files with it; figures it asks the
/// compute worker for at print resolution first (figureexportjob.h).
/// @return true on success; false with `error` naming the path and the reason (unknown suffix,
/// unwritable folder, a grid that cannot be drawn).
bool saveHeatmapFigure(const ShownHeatmap& shown, const QString& path, int dpi, QString* error);

/// @brief The pages of a card handout: `cover` with its contents listing the figures' titles,
/// then the figures in order.
QList<pecards::app::Figure> cardPages(
    const QList<pecards::app::Figure>& figures, pecards::app::CoverSpec cover);

} // namespace pecards::gui
