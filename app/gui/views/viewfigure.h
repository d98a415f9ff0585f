#pragma once
/// @file viewfigure.h
/// @brief The numbers behind a heatmap on screen and their export through the same path as
/// `pecards-cli render`: pecards::app::makeFigureSpec with the shared colour tables
/// (colormapColors) and pecards::app::FigureExporter, or saveGridData for .npy / .csv. So a
/// figure saved from the GUI and the CLI's figure of the same request are byte-identical PNGs.

#include <QList>
#include <QString>
#include <figure/figurespec.h>
#include <pecards/view.h>

/// @brief A computed heatmap as shown: the request it answers, its grid (grid.window ==
/// request.window) and the colour map it is painted with (colormaplookup.h name).
struct ShownHeatmap {
    pecards::ViewRequest request;
    pecards::Grid grid;
    QString colormap;
};

/// @brief Export resolutions offered for PNG (dots per inch); kDefaultDpi first.
inline constexpr int kDefaultDpi = 300;
QList<int> figureDpiChoices();

/// @brief The figure of a shown heatmap: makeFigureSpec(request, grid, colormapColors(colormap),
/// defaultValueRange(quantity, grid, symmetric for the diverging map)) — the CLI's default range.
/// @throws std::invalid_argument as makeFigureSpec (e.g. NaN in the grid).
pecards::app::FigureSpec heatmapFigureSpec(const ShownHeatmap& shown);

/// @brief Writes the figure (.png at `dpi`, .svg, .pdf; default 6 x 4.5 in) or the grid's
/// numbers (.npy, .csv), chosen by the path's suffix (any case). Atomic.
/// @return true on success; false with `error` naming the path and the reason (unknown suffix,
/// unwritable folder, a grid that cannot be drawn).
bool saveHeatmapFigure(const ShownHeatmap& shown, const QString& path, int dpi, QString* error);

/// @brief Writes one PDF page per heatmap (a handout of a card). False with `error` when the
/// list is empty or the write fails.
bool saveHeatmapsPdf(const QList<ShownHeatmap>& heatmaps, const QString& path, QString* error);
