#pragma once
// Fast, accurate evaluation of s(delta) = offset + sum_i (a_i cos(delta w_i) + b_i sin(delta w_i)):
// the profile behind the sinusoidal similarity (docs/encodings.md §1), the RoPE score (RoFormer
// eq. 16) and Transformer-XL's R terms, over a range of consecutive deltas or over the offsets
// x_r - y_c of a sampled grid.

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards::detail {

/// @brief The terms of s: frequencies w (radians per position), cosine and sine weights a, b
/// (all the same size) and the constant offset.
struct PhasorTerms {
    Eigen::VectorXd w;
    Eigen::VectorXd a;
    Eigen::VectorXd b;
    double offset = 0.0;
};

/// @brief s[n] = s(d_n), d_n = delta_first + n, n = 0..count-1. Each block of kPhasorBlock
/// deltas starts from an exact sincos and advances by complex multiplication with e^{j w_i}, so
/// the phase error stays below about kPhasorBlock * 2^-52 rad (~6e-14) while costing one
/// multiply-add per entry instead of a sincos with large-argument range reduction.
Eigen::VectorXd phasorSum(const PhasorTerms& terms, std::int64_t delta_first, std::int64_t count);

/// @brief G(r, c) = s(x_r - y_c): a rows x cols grid at cost O((rows + cols) w.size()) sincos
/// plus one real matrix product of inner size 2 w.size(), memory O(rows x cols), whatever the
/// offsets' range. By the angle-difference identities, a_i cos((x - y) w_i) + b_i sin((x - y) w_i)
/// = cos(y w_i) (a_i cos(x w_i) + b_i sin(x w_i)) + sin(y w_i) (a_i sin(x w_i) - b_i cos(x w_i)).
/// Each sincos is of an exactly formed product x w_i or y w_i, so the phase error is that of
/// phasorSum's block starts (|x w_i| 2^-53 rad).
Eigen::MatrixXd phasorGrid(
    const PhasorTerms& terms, const std::vector<std::int64_t>& x, const std::vector<std::int64_t>& y);

} // namespace pecards::detail
