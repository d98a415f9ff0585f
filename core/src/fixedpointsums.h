#pragma once
/// @file fixedpointsums.h
/// @brief Exact weighted range sums sum_t (alpha + beta t) v[t] over a profile, in O(1).
///
/// Every value is rounded once to a multiple of the quantum q = 2^(e-52), 2^e <= max|v| < 2^(e+1),
/// and the prefix sums of v/q and t v/q are kept as 128-bit integers, so range sums have no
/// cancellation: the only error is the rounding of each value, |error| <= max|v| 2^-53 per value
/// (a pooled mean is off by at most max|v| * 2^-53, whatever the block size).

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards::detail {

__extension__ typedef __int128 Int128;

class FixedPointSums {
public:
    /// @param values finite values v[0..n-1], n <= 2^22. @throws std::invalid_argument if one is not finite.
    explicit FixedPointSums(const Eigen::VectorXd& values);

    /// sum over t in [first, last] of (alpha + beta t) v[t] (0 when first > last).
    /// |alpha| <= 2^23, |beta| <= 1.
    long double weightedSum(
        std::int64_t first, std::int64_t last, std::int64_t alpha, std::int64_t beta) const;

private:
    int m_exponent = 0; ///< v[t] ~ (integer) * 2^m_exponent
    std::vector<Int128> m_sum; ///< prefix sums of the quantised v, n+1 entries
    std::vector<Int128> m_moment; ///< prefix sums of t times the quantised v
};

} // namespace pecards::detail
