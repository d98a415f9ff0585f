#pragma once
/// @file attention.h
/// @brief Attention from logits (encodings.md §5-§6): row softmax with scale and mask, and
/// the RoPE+ALiBi hybrid in the correct order.

#include "pecards/params.h"

#include <Eigen/Core>

namespace pecards {

/// @brief Row softmax of `logits` (rows = queries). Entries equal to -infinity are masked
/// and get probability 0; with `causal`, entries j > i are masked too. Rows sum to 1.
/// Numerically stable (max-shifted), double precision.
Eigen::MatrixXd rowSoftmax(const Eigen::MatrixXd& logits, bool causal);

/// @brief Hybrid RoPE+ALiBi logits for projected q (Lq x d) and k (Lk x d) at positions
/// 0..L-1: rotate q and k by RoPE, s = q.k/sqrt(d), add the ALiBi bias of `slope` in `form`.
/// RoPE acts on projected queries and keys, never on input embeddings (encodings.md §5).
Eigen::MatrixXd hybridLogits(
    const RopeParams& rope, AlibiForm form, double slope, const Eigen::MatrixXd& q, const Eigen::MatrixXd& k);

} // namespace pecards
