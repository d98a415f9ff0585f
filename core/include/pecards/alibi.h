#pragma once
/// @file alibi.h
/// @brief ALiBi (Press, Smith, Lewis, ICLR 2022; docs/encodings.md §3).

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>

namespace pecards {

/// @brief Slopes m_h, h = 1..H. For H a power of two m_h = 2^(-B h/H) (B = alibi_bias_max,
/// 8 in the paper); otherwise ofirpress `get_slopes`: the P = 2^floor(log2 H) slopes, then
/// every other slope of 2P, first H-P of them.
/// @throws InvalidParameter (heads outside [1, 128], alibi_bias_max not finite or <= 0)
Eigen::VectorXd alibiSlopes(const AlibiParams& params);

/// @brief Bias B[i,j] of one head with slope m in the given form, for query i and key j of a
/// sequence of `length` positions. Causal: -m(i-j), -infinity for j > i; Symmetric: -m|i-j|;
/// RowOffsetBloom: +m j (HF BLOOM `build_alibi_tensor`, every j); RowOffsetFoundry: -m (L-1-j)
/// (llm-foundry, every j). A row-offset bias is not masked here: the causal mask is the model's
/// own, applied where the view asks `visibility` (isCausal). On j <= i the forms differ by a
/// constant per row, so their causal softmax is equal (golden README conv. 7). Hot path: no range
/// checks on i, j, length.
/// @throws InvalidParameter only for a value outside the AlibiForm enum
double alibiBias(AlibiForm form, double slope, std::int64_t i, std::int64_t j, std::int64_t length);

} // namespace pecards
