// Constants the tests compute their expected values with (one definition each, for the unity
// build of the ci and sanitize presets).
#pragma once

#include <limits>
#include <numbers>

namespace pecards::testsupport {

inline constexpr double kInf = std::numeric_limits<double>::infinity();
/// The score of a masked entry (softmax weight exactly 0).
inline constexpr double kMasked = -kInf;
/// 2 pi in long double, for the independent extended-precision references.
inline constexpr long double kTwoPiL = 2.0L * std::numbers::pi_v<long double>;

} // namespace pecards::testsupport
