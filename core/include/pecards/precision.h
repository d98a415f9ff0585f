#pragma once
/// @file precision.h
/// @brief RoPE phase error when positions, inv_freq or the cos/sin cache are stored in a low
/// precision format (the Precision view; pitfall.h roundToFormat). Exact reference: m theta_i in
/// double (docs/encodings.md §2, "Precision").

#include "pecards/pitfallparams.h"

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards {

/// @brief Which stored quantity is rounded.
enum class RopeStoredQuantity {
    Positions, ///< m stored: round(m) theta_i
    InvFreq, ///< theta_i stored: m round(theta_i)
    CosSinCache, ///< cos, sin stored: the angle atan2(round(sin), round(cos))
};

/// @brief Phase error of pair `pair` at each position: the stored angle minus m theta_i, in
/// radians. Positions and InvFreq: not reduced (the error grows without bound, e.g. bf16
/// inv_freq of pair 1 at d = 128, m = 4095: 3551.132813 - 3546.123904 = 5.0089 rad); CosSinCache:
/// wrapped to (-pi, pi] (the cache stores an angle mod 2 pi).
/// @throws InvalidParameter (pair outside [0, inv_freq.size()), a position not finite or
///         negative, or rounding that overflows the format, e.g. fp16 positions >= 65520)
Eigen::VectorXd ropePhaseError(const Eigen::VectorXd& inv_freq, int pair, RopeStoredQuantity stored,
    StorageFormat format, const Eigen::VectorXd& positions);

/// @brief The first `count` positive integer positions the format stores as another integer
/// (collisions: 257 -> 256, 259 -> 260, ... in bf16; 2049 -> 2048 in fp16), with what they become.
/// @throws InvalidParameter if count is outside [1, 1024]
std::vector<std::pair<std::int64_t, std::int64_t>> positionCollisions(StorageFormat format, int count);

} // namespace pecards
