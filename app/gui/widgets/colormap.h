#pragma once
/// @file colormap.h
/// @brief Perceptual colour maps of the heatmaps: viridis, cividis, magma (sequential) and a
/// blue-white-red diverging map whose middle (t = 0.5) is meant for the value 0.
///
/// Each map is a piecewise-linear interpolation in sRGB through nine published samples of the
/// matplotlib maps (viridis/magma: van der Walt & Smith 2015; cividis: Nuñez et al. 2018) and
/// of ColorBrewer RdBu (reversed) for the diverging map.

#include <QRgb>
#include <QString>
#include <QStringList>

enum class ColorMapKind { Viridis, Cividis, Magma, Diverging };

/// @brief Colour at t in [0, 1] (clamped); NaN gives the "invalid" colour.
QRgb colorMapColor(ColorMapKind kind, double t);

/// @brief Colour painted for masked entries (-infinity logits, e.g. the causal upper triangle).
QRgb maskedColor();

/// @brief Colour painted for invalid entries (NaN, +infinity).
QRgb invalidColor();

/// @brief "viridis", "cividis", "magma", "diverging".
QString colorMapName(ColorMapKind kind);

/// @brief All maps, in menu order.
QList<ColorMapKind> allColorMaps();
