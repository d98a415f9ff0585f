#pragma once
/// @file pairusage.h
/// @brief Which rotary frequency pairs a trained model's heads can use, read from the weights of
/// its query and key projections (#28). Barbero et al. 2024 ("Round and Round We Go! What makes
/// Rotary Positional Encodings useful?", arXiv:2410.06205, §5) measure the norm each pair carries
/// in Gemma's queries and keys; this file computes the weight-only bound of that measure, exactly.
///
/// A projection W (out x in, as `nn.Linear` stores it) makes one head's channels from the input x;
/// rotary pair i of the head is made by the two rows a, b that RoPE turns together (ropePairing):
/// (q_a, q_b) = W^(i) x, W^(i) the 2 x in block of those rows. Its largest singular value
/// ||W^(i)||_2 is the longest (q_a, q_b) a unit-norm input can make, attained by the top right
/// singular vector. The rotation keeps lengths, so for unit-norm inputs at positions m and n
///
///     |<R_m q^(i), R_n k^(i)>| <= |q^(i)| |k^(i)| <= ||W_q^(i)||_2 ||W_k^(i)||_2
///
/// at every distance (Cauchy-Schwarz): the usage product bounds what pair i can add to a logit.

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards {

/// @brief The two channels of a head that form one rotary pair (first < second).
struct PairChannels {
    int first = 0;
    int second = 0;
    bool operator==(const PairChannels&) const = default;
};

/// @brief The pairs of a head of `params`, pair i at entry i, rotaryDim(params)/2 entries, read from
/// ropePairing: interleaved (2i, 2i + 1), half-split (i, i + r/2); proportional and NoPE layers pair
/// the whole head (pairs past rotatingPairs have frequency 0).
/// @throws InvalidParameter (validate(params) fails)
std::vector<PairChannels> rotaryPairChannels(const RopeParams& params);

/// @brief ||W^(i)||_2 for every pair i of one head, in closed form from the 2 x 2 Gram matrix
/// G = [[a.a, a.b], [a.b, b.b]] of the pair's rows a, b: sigma_max = sqrt((a.a + b.b)/2 +
/// sqrt(((a.a - b.b)/2)^2 + (a.b)^2)) (the larger eigenvalue of G). With a bias (Qwen2's q_proj and
/// k_proj), |W^(i) x + b^(i)| <= ||W^(i)||_2 + |b^(i)| (triangle inequality) is returned.
/// @param block the head's channels as rows (head_dim x in, channel c at row c; in >= 1)
/// @param bias  the head's bias (head_dim entries), or empty for none
/// @return rotaryDim(params)/2 entries, >= 0
/// @throws InvalidParameter naming block (not head_dim rows, no column, a value not finite) or bias
///         (neither empty nor head_dim entries, a value not finite); as rotaryPairChannels
Eigen::VectorXd pairOperatorNorms(const RopeParams& params, const Eigen::Ref<const Eigen::MatrixXd>& block,
    const Eigen::Ref<const Eigen::VectorXd>& bias);

/// @brief The length |(q_a, q_b)| of every pair at every input: q = W x + b for each row x of
/// `inputs` (the layer's attention inputs, positions x in, e.g. hidden states after the input norm).
/// Barbero et al. 2024 §5 average such norms over real tokens; with unit-norm rows each entry is at
/// most the pair's pairOperatorNorms entry.
/// @return positions x rotaryDim(params)/2
/// @throws InvalidParameter as pairOperatorNorms, and naming inputs when its columns differ from the
///         block's or a value is not finite
Eigen::MatrixXd pairLengths(const RopeParams& params, const Eigen::Ref<const Eigen::MatrixXd>& block,
    const Eigen::Ref<const Eigen::VectorXd>& bias, const Eigen::Ref<const Eigen::MatrixXd>& inputs);

/// @brief The usage product of one layer: entry (h, i) = query(h, i) * key(g(h), i), where query head
/// h reads key head g(h) = floor(h / (heads / kv_heads)) (grouped-query attention; HF `repeat_kv`
/// repeats each key head heads / kv_heads times in order).
/// @param query heads x pairs (pairOperatorNorms of each query head)
/// @param key   kv_heads x pairs
/// @return heads x pairs
/// @throws InvalidParameter naming num_key_value_heads when it does not divide the query heads, or
///         the pair counts when they differ
Eigen::MatrixXd pairUsageProduct(const Eigen::MatrixXd& query, const Eigen::MatrixXd& key);

/// @brief Which pairs a context-extension scaling moves at seq_len: entry i is true when the scaled
/// frequency differs from the unscaled one (|theta'_i - theta_i| > 1e-12 max(theta_i, theta'_i);
/// ropeScaledInvFreq against ropeInvFreq, rope_scaling.h). PI moves every rotating pair, YaRN the
/// pairs below its high-frequency boundary, llama3 those with wavelength above L0 / high_freq_factor,
/// dynamic NTK every pair but theta_0 once seq_len exceeds max_position_embeddings. rotaryDim/2 entries.
/// @throws InvalidParameter (validate(params) fails)
std::vector<bool> pairsMovedByScaling(const RopeParams& params, std::int64_t seq_len);

/// @brief How far the scaling moves each pair, relative to the pair it moves most:
/// |ln(theta'_i / theta_i)| / max_j |ln(theta'_j / theta_j)|, in [0, 1]. PI moves every rotating pair
/// by ln s (all 1); YaRN moves the pairs below its correction range by ln s (1), those above not
/// (0) and those on its ramp part of the way; llama3 likewise over its smooth band. All 0 when no
/// pair moves; pairs of frequency 0 stay 0. rotaryDim/2 entries.
/// @throws InvalidParameter (validate(params) fails)
Eigen::VectorXd pairMoveDegree(const RopeParams& params, std::int64_t seq_len);

/// @brief Per head (row of `product`): the share of its usage in the pairs `moved` marks,
/// sum_{moved i} P(h, i) / sum_i P(h, i), in [0, 1]; 0 for a head whose usage is 0 everywhere.
/// @throws InvalidParameter when `moved` has not product.cols() entries or an entry of product is
///         negative or not finite
Eigen::VectorXd movedUsageFraction(const Eigen::MatrixXd& product, const std::vector<bool>& moved);

} // namespace pecards
