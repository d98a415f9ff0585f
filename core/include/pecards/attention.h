#pragma once
/// @file attention.h
/// @brief Attention from logits (docs/encodings.md §5-§6): row softmax with scale and mask, and
/// the RoPE+ALiBi hybrid in the correct order.

#include "pecards/params.h"
#include "pecards/viewrules.h"

#include <Eigen/Core>

namespace pecards {

/// @brief Row softmax of `logits` (rows = queries). Entries equal to -infinity are masked
/// and get probability 0; with `causal`, entries j > i are masked too. Rows sum to 1.
/// Numerically stable (max-shifted), double precision. A row with no unmasked entry is all 0.
/// @throws InvalidParameter if a logit is NaN or +infinity
Eigen::MatrixXd rowSoftmax(const Eigen::MatrixXd& logits, bool causal);

/// @brief As rowSoftmax(logits, causal), with the entries `visibility` hides (viewrules.h:
/// causal, attention sinks, sliding window; row i = query i, column j = key j) masked too:
/// each row's softmax is over its visible keys only.
/// @throws InvalidParameter if a logit is NaN or +infinity
Eigen::MatrixXd rowSoftmax(const Eigen::MatrixXd& logits, const Visibility& visibility);

/// @brief Hybrid RoPE+ALiBi logits for projected q (Lq x d) and k (Lk x d) at positions
/// 0..L-1: rotate q and k by RoPE, s = q.k/sqrt(d), add the ALiBi bias of `slope` in `form`.
/// RoPE acts on projected queries and keys, never on input embeddings (docs/encodings.md §5).
/// Frequencies: ropeScaling(rope, rope.seq_len or L); its attention factor multiplies the
/// rotated dims of q and k (HF `attention_scaling` on cos/sin; docs/quantities.md), so the
/// logit is (a^2 (R_i q_i).(R_j k_j) over the rotated dims + pass-through dot) / sqrt(head_dim)
/// + alibiBias(form, slope, i, j, L). Shapes: q, k both L x head_dim, result L x L.
/// @throws InvalidParameter (invalid rope, shapes, slope not finite or < 0)
/// @throws ComputeLimitExceeded if L > 4096 (dense L x L; views use windows instead)
Eigen::MatrixXd hybridLogits(
    const RopeParams& rope, AlibiForm form, double slope, const Eigen::MatrixXd& q, const Eigen::MatrixXd& k);

} // namespace pecards
