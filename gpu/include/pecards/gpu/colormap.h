#pragma once
/// @file colormap.h
/// @brief Grid -> RGBA8 image through a colormap; the CPU implementation the GUI falls back to.
/// The OpenCL backend runs the same mapping on the device (OpenClBackend::colorize,
/// kernels/colormap.cl) with the same tables (colormaptables.h).

#include "pecards/view.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pecards::gpu {

/// @brief The colormaps of the heatmaps (matplotlib's definitions, colormaptables.h).
enum class Colormap {
    Viridis, ///< sequential, perceptually uniform (default)
    Cividis, ///< sequential, colour-vision-deficiency friendly
    Magma, ///< sequential, dark to light
    Diverging, ///< coolwarm, centred at 0: blue < 0 < red, for signed values
};

/// @brief Packed colour of non-finite values (masked entries): opaque mid grey 0xFF808080.
inline constexpr std::uint32_t kMaskedColor = 0xFF808080U;

/// @brief The 256-entry table of a colormap, packed 0xAARRGGBB.
const std::array<std::uint32_t, 256>& colormapTable(Colormap map);

/// @brief Stable names "viridis", "cividis", "magma", "diverging", and the inverse.
/// @throws pecards::InvalidParameter for an unknown name (listing the names).
std::string toString(Colormap map);
Colormap colormapFromString(const std::string& name);

/// @brief Table index of a value, the rule every colorize implementation follows (in float32):
/// sequential t = (v - lo) / (hi - lo) (0 when hi <= lo); diverging t = 0.5 + 0.5 v / max(|lo|, |hi|)
/// (0.5 when both are 0); t clamped to [0, 1]; index min(255, floor(256 t)).
/// Non-finite values have no index (-1).
int colormapIndex(float value, float lo, float hi, bool diverging);

/// @brief Colours a grid on the CPU: one packed 0xAARRGGBB pixel per value, row-major (the
/// layout of QImage::Format_ARGB32). Non-finite values get kMaskedColor.
/// @throws pecards::InvalidParameter if lo or hi is not finite.
std::vector<std::uint32_t> colorizeCpu(const Grid& grid, Colormap map, double lo, double hi);

} // namespace pecards::gpu
