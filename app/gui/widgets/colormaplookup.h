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

/// @brief Colour of integer `index` (a bucket or clipped index) among the indices first..last
/// shown (first <= index <= last), none shared (T-C10: a cycled 20-colour palette gave Shaw k = 16's
/// indices 12 and 32 one colour): up to 20 indices take matplotlib tab20 (its ten dark hues, then
/// its ten light ones); more take ceil(n / 3) evenly spaced hues at three lightness levels, the
/// next index a lightness level and about 0.38 of the hue circle away, so neighbours never look
/// alike (distinct up to 1025 indices, Shaw's and T5's largest tables).
QRgb qualitativeColor(long long index, long long first, long long last);

/// @brief Colour painted for masked entries (-infinity logits, e.g. the causal upper triangle).
QRgb maskedColor();

/// @brief Colour painted for invalid entries (NaN, +infinity).
QRgb invalidColor();

} // namespace pecards::gui
