#pragma once
/// @file colormaplookup.h
/// @brief Colour look-up for the on-screen heatmaps through the project's one set of colour
/// map tables (pecards::colormapTable via pecards::app::colormapColors: matplotlib's
/// viridis, cividis, magma and the coolwarm diverging map), so the screen, the exported figures
/// (app/figure) and `pecards-cli render` paint the same colours.

#include <QList>
#include <QRgb>
#include <QString>
#include <QStringList>

namespace pecards::gui {

/// @brief The colour map names in menu order: "viridis", "cividis", "magma", "diverging".
QStringList heatmapColormapNames();

/// @brief True for a name of heatmapColormapNames().
bool isHeatmapColormap(const QString& name);

/// @brief The 256-colour table of `name` (low to high); an unknown name gives viridis.
const QList<QRgb>& heatmapColormapTable(const QString& name);

/// @brief Colour at t in [0, 1] (clamped): table entry round(t * (n - 1)), the rule of
/// pecards::app::colorizeGrid; NaN gives invalidColor().
QRgb heatmapColor(const QString& name, double t);

/// @brief As heatmapColor, from a table already looked up (heatmapColormapTable): for loops
/// over every pixel of an image.
QRgb heatmapColor(const QList<QRgb>& table, double t);

/// @brief Distinct colour of integer `index` (bucket or clipped index) from a 20-colour
/// qualitative palette (matplotlib tab20, cycled), so neighbouring indices never look alike.
QRgb qualitativeColor(long long index);

/// @brief Colour painted for masked entries (-infinity logits, e.g. the causal upper triangle).
QRgb maskedColor();

/// @brief Colour painted for invalid entries (NaN, +infinity).
QRgb invalidColor();

} // namespace pecards::gui
