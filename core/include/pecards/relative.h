#pragma once
/// @file relative.h
/// @brief Relative position encodings (docs/encodings.md §4): Shaw et al. 2018 clipping,
/// Transformer-XL (Dai et al. 2019 §3.3), T5 buckets (Raffel et al. 2020).

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>

namespace pecards {

/// @brief Shaw clipped index clip(j - i, -k, k) + k, in [0, 2k] (tensor2tensor
/// `_generate_relative_positions_matrix`): every offset beyond +-k shares one index.
/// @throws InvalidParameter if k is outside [0, 2^24]
std::int64_t shawIndex(std::int64_t i, std::int64_t j, std::int64_t k);

/// @brief T5 bucket of relative position n = key - query (HF
/// `T5Attention._relative_position_bucket`), log evaluated in float32 as the reference does.
/// Bidirectional: half the buckets for n > 0; max_exact = nb'/2 exact buckets, then
/// max_exact + trunc(logf(n/max_exact) / float(ln(max_distance/max_exact)) * (nb' - max_exact)),
/// capped at nb' - 1, all in float32 as torch evaluates it.
/// @throws InvalidParameter (num_buckets outside [2, 1024] or [4, 1024] bidirectional;
///         max_distance outside (max_exact, 2^24]; |relative_position| > 2^24)
int t5Bucket(std::int64_t relative_position, bool bidirectional, int num_buckets, int max_distance);

/// @brief Transformer-XL relative embedding R for pos_seq = klen-1, ..., 0 (clamped to
/// clamp_len when > 0): shape klen x d, rows [sin(pos w) | cos(pos w)], w_i = 10000^(-2i/d).
/// Reference: kimiyoung/transformer-xl `PositionalEmbedding` and `MemTransformerLM._forward`.
/// @throws InvalidParameter if klen is outside [1, 2^24] or d is odd / outside [2, 1024]
Eigen::MatrixXd txlRelativeEmbedding(std::int64_t klen, int d, std::int64_t clamp_len = -1);

/// @brief `_rel_shift` of x (qlen x klen), exactly as the reference's pad/reshape/slice;
/// with zero_triu the entries j > i + klen - qlen are zeroed. out[i,j] = x[i, j + qlen-1-i]
/// (distance klen-qlen+i-j) for j <= i + klen - qlen; the other entries are reshape leftovers
/// (values of the next query row, or the padding zero), as the reference leaves them.
/// @throws InvalidParameter if x is empty
Eigen::MatrixXd txlRelShift(const Eigen::MatrixXd& x, bool zero_triu);

/// @brief The four Transformer-XL score terms for one query/key pair at distance i - j:
/// (a) q.k, (b) q.W_R R_{i-j}, (c) u.k, (d) v.W_R R_{i-j}.
struct TxlTerms {
    double a = 0, b = 0, c = 0, d = 0;
    double total() const { return a + b + c + d; }
};

/// @brief Computes (a)-(d) for q, k, u, v (size d) and W_R (d x d) at relative distance
/// `distance` = i - j, with R_distance the sinusoidal row (concatenated layout, base 10000).
/// Dai et al. 2019 §3.3 eq. for A^rel_ij; (c) pairs u with k_j, (d) pairs v with W_R R.
/// @throws InvalidParameter if sizes differ (k, u, v: d entries; W_R: d x d; d even, <= 1024)
TxlTerms txlTerms(const Eigen::VectorXd& q, const Eigen::VectorXd& k, const Eigen::VectorXd& u,
    const Eigen::VectorXd& v, const Eigen::MatrixXd& w_r, std::int64_t distance);

} // namespace pecards
