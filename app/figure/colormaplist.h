#pragma once
/// @file colormaplist.h
/// @brief The heatmap colour maps as `QList<QRgb>` lookup tables for `makeFigureSpec` and the
/// screen, taken from the engine's tables (pecards/colormaps.h, matplotlib's definitions), so the
/// GUI and the CLI paint the same colours.

#include <QList>
#include <QRgb>
#include <string>

namespace pecards::app {

/// @brief The 256 opaque colours of the colour map `name` ("viridis", "cividis", "magma",
/// "diverging"), low to high, packed 0xAARRGGBB as QRgb.
/// @throws pecards::InvalidParameter (name "colormap") for an unknown name, listing the names.
QList<QRgb> colormapColors(const std::string& name);

/// @brief True for the colour maps centred at 0 ("diverging": blue < 0 < red), which want a
/// range symmetric about 0 (defaultValueRange(..., symmetric = true)).
/// @throws pecards::InvalidParameter for an unknown name, as colormapColors.
bool isDivergingColormap(const std::string& name);

} // namespace pecards::app
