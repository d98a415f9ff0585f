#pragma once
// Fast, accurate evaluation of sum_i (a_i cos(delta w_i) + b_i sin(delta w_i)) over a range
// of consecutive deltas: the profile behind the sinusoidal similarity (docs/encodings.md §1) and
// the RoPE score (RoFormer eq. 16).

#include <Eigen/Core>
#include <cstdint>

namespace pecards::detail {

/// @brief s[n] = offset + sum_i (a_i cos(d_n w_i) + b_i sin(d_n w_i)), d_n = delta_first + n,
/// n = 0..count-1. Each block of kPhasorBlock deltas starts from an exact sincos and advances
/// by complex multiplication with e^{j w_i}, so the phase error stays below about
/// kPhasorBlock * 2^-52 rad (~6e-14) while costing one multiply-add per entry instead of a
/// sincos with large-argument range reduction.
Eigen::VectorXd phasorSum(const Eigen::VectorXd& w, const Eigen::VectorXd& a, const Eigen::VectorXd& b,
    double offset, std::int64_t delta_first, std::int64_t count);

} // namespace pecards::detail
