#pragma once
/// @file toeplitzattention.h
/// @brief Pooled row-softmax attention of positional-only logits f(i - j) over all L keys.
///
/// Row i's log-normaliser lse_i = log sum_j exp f(i - j), j over [0, L) (j <= i when causal), is a
/// range log-sum-exp over the profile: a segment tree of log-sum-exp nodes answers it in
/// O(log L) with no cancellation (a prefix sum of exp(f - global max) would lose rows whose
/// logits sit far below the global maximum, or cancel digits between two large prefix sums).
/// Relative error of an entry: about (2 log2(2L) eps) |lse_i|, below 1e-12 for |logits| < 1e2.
/// Sample costs O(L d + out_rows log L + pixels); Mean/Max/Min one range query per window row
/// and output column (the cost model, cost.h, limits how many).

#include "pecards/view.h"
#include "positionalprofile.h"

namespace pecards::detail {

/// @brief Computes an Attention request (validated): masked entries 0; Mean/Max/Min over the
/// block's unmasked entries; a fully masked block is 0.
/// @throws ComputeLimitExceeded for Mean/Max/Min when window rows x out_cols > 2^26.
Grid poolToeplitzAttention(const PositionalProfile& profile, const ViewRequest& request);

} // namespace pecards::detail
