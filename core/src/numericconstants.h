// Numeric constants shared by the reference's translation units (one definition each, so that
// the unity build of the ci and sanitize presets sees no twins).
#pragma once

#include <limits>
#include <numbers>

namespace pecards {

inline constexpr double kTwoPi = 2.0 * std::numbers::pi; ///< one full turn, radians
inline constexpr double kInfinity = std::numeric_limits<double>::infinity();
/// The score of a masked (query, key) entry: its softmax weight is exactly 0.
inline constexpr double kMasked = -kInfinity;

} // namespace pecards
