#pragma once
/// @file toeplitzattention.h
/// @brief Pooled row-softmax attention of positional-only logits f(i - j) over all L keys.
///
/// Row i's log-normaliser lse_i = log sum_j exp f(i - j), j over the row's visible keys in [0, L)
/// (pecards::visibility: at most two delta intervals, the attention sinks and the window band),
/// is one or two range log-sum-exps over the profile: a segment tree of log-sum-exp nodes answers it in
/// O(log L) with no cancellation (a prefix sum of exp(f - global max) would lose rows whose
/// logits sit far below the global maximum, or cancel digits between two large prefix sums).
/// Relative error of an entry: about (2 log2(2L) eps) |lse_i|, below 1e-12 for |logits| < 1e2.
/// Sample costs O(L d + out_rows log L + pixels); Mean/Max/Min one range query per window row
/// and output column, in bands of output rows (the cost model, cost.h, limits how many for
/// compute(); with a ProgressSink each band reports progress and may cancel). Sample with
/// Normaliser::Estimated: the pixels' logits from PositionalProfile::grid and each row's
/// log-normaliser from the profile at its stratified deltas (normaliserestimate.h), O((R + C) d +
/// R C d + R log(L) d): nothing over all L keys.

#include "pecards/progress.h"
#include "pecards/view.h"
#include "positionalprofile.h"

namespace pecards::detail {

/// @brief Computes an Attention request (validated): masked entries 0; Mean/Max/Min over the
/// block's unmasked entries; a fully masked block is 0.
/// @param progress nullptr, or the sink told after each band of output rows.
/// @throws ComputeCancelled when the sink asked to stop.
Grid poolToeplitzAttention(
    const PositionalProfile& profile, const ViewRequest& request, ProgressSink* progress);

} // namespace pecards::detail
