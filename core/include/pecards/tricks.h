#pragma once
/// @file tricks.h
/// @brief The three "advanced tricks" of the article PE Cards was designed from, computed for real so
/// that the cards can show what each one does, what it costs and where it breaks:
///
/// - domain-aware PE: sinusoidal PE plus bias vectors on the first and last n positions;
/// - gated PE: alpha(p) * PE_p, the scaled positional encoding of TransformerTTS (Li et al. 2019,
///   "Neural Speech Synthesis with Transformer Network", §3.2; ESPnet `ScaledPositionalEncoding`)
///   with a per-position alpha;
/// - PE distillation: a one-hidden-layer tanh MLP fitted to position -> (cos, sin) of every pair,
///   evaluated inside and beyond the training range (neural networks do not extrapolate periodic
///   functions: Xu et al. 2021, "How Neural Networks Extrapolate", ICLR; Ziyin et al. 2020,
///   "Neural Networks Fail to Learn Periodic Functions and How to Fix It", NeurIPS).
///
/// Everything is dense and in double precision: the map and attention functions take L <= 4096.

#include "pecards/params.h"
#include "pecards/viewrules.h"

#include <Eigen/Core>
#include <cstdint>
#include <string>

namespace pecards {

/// @brief Largest L of the dense L x L maps of this file (domain-aware similarity, gated score and
/// attention).
inline constexpr std::int64_t kMaxTrickLength = 4096;

/// @brief Largest training work of distillPositions: epochs * train_length * hidden * (head_dim + 1)
/// multiply-adds of the forward pass (about a second on one core at the limit).
inline constexpr std::int64_t kMaxDistillationWork = std::int64_t {1} << 31;

/// @brief Validates all the tricks' parameters for sequence length `length`: each in its range of
/// the descriptor table (paramtable.h), and query <= L-1, eval_length >= train_length, the
/// distillation's work <= kMaxDistillationWork. The functions below check only the fields they use
/// (domain-aware: edge_positions, bias_scale; gate: alpha .. query; distillation: distill_head_dim ..
/// learning_rate).
/// @throws InvalidParameter naming the first invalid field (edge_positions, bias_scale, alpha,
///         alpha_end, gate_center, gate_width, query, distill_head_dim, train_length, eval_length,
///         hidden, epochs, learning_rate), its value and the allowed range.
void validate(const TrickParams& tricks, std::int64_t length);

/// @brief Bias matrix B of domain-aware PE, shape length x d_model, zero except on the edges:
/// row p < n gets the start vector s_p, row p >= L - n gets the end vector e_{L-1-p} (counted from
/// the last position; rows in both bands when L < 2n get both), n = tricks.edge_positions.
/// Entries s_p[c] = bias_scale * probeNormal(bias_seed, DomainBias, p, c) and
/// e_q[c] = bias_scale * probeNormal(bias_seed, DomainBias, 2^20 + q, c) (probe.h): random
/// stand-ins for trained vectors, fixed by the seed.
/// @throws InvalidParameter (d_model outside [1, 1024], length outside [1, 4096], tricks invalid)
Eigen::MatrixXd domainAwareBias(int d_model, std::int64_t length, const TrickParams& tricks);

/// @brief Domain-aware table PE + B, shape length x d_model: the sinusoidal table (sinusoidal.h,
/// any layout, frequency rule or padding) plus domainAwareBias.
/// @throws InvalidParameter (sinusoidal parameters, length outside [1, 4096], tricks invalid)
Eigen::MatrixXd domainAwareTable(
    const SinusoidalParams& sinusoid, std::int64_t length, const TrickParams& tricks);

/// @brief Similarity map S[i, j] = T_i . T_j of the domain-aware table T = PE + B for i, j in
/// [0, length): shape length x length. Away from the edges it equals the sinusoidal similarity
/// sum_i cos((i - j) w_i); rows and columns in the edge bands gain PE_i.b_j + b_i.PE_j + b_i.b_j,
/// so the map is no longer a function of i - j there.
/// @throws InvalidParameter as domainAwareTable
Eigen::MatrixXd domainAwareSimilarity(
    const SinusoidalParams& sinusoid, std::int64_t length, const TrickParams& tricks);

/// @brief The gate alpha(p) for p in [0, length), shape length: Constant alpha; LinearRamp
/// alpha + (alpha_end - alpha) p / (L - 1) (alpha at L = 1); Sigmoid
/// alpha + (alpha_end - alpha) / (1 + exp(-(p - gate_center) / gate_width)).
/// @throws InvalidParameter (length outside [1, 2^24], tricks invalid)
Eigen::VectorXd gateCurve(const TrickParams& tricks, std::int64_t length);

/// @brief Gated positional score S[i, j] = (alpha_i PE_i) . (alpha_j PE_j), PE the sinusoidal
/// table (sinusoidal.h); without padding it is alpha_i alpha_j sum_k cos((i - j) w_k) in every
/// layout. Shape length x length.
/// @throws InvalidParameter (sinusoidal parameters, length outside [1, 4096], tricks invalid)
Eigen::MatrixXd gatedScore(const SinusoidalParams& sinusoid, std::int64_t length, const TrickParams& tricks);

/// @brief Positional attention of gated PE: rowSoftmax(gatedScore / sqrt(d_model), visibility)
/// (attention.h; the card's mask, pecards::visibility), shape length x length, rows sum to 1. With alpha = 1
/// it is the sinusoidal card's attention softmax(PE_i . PE_j / sqrt(d)).
/// @throws InvalidParameter as gatedScore
Eigen::MatrixXd gatedAttention(const SinusoidalParams& sinusoid, std::int64_t length,
    const Visibility& visibility, const TrickParams& tricks);

/// @brief What distillPositions learned and how far off it is.
struct DistillationResult {
    Eigen::VectorXd inv_freq; ///< w_i = base^(-2i/d), i = 0..d/2-1, radians per position
    /// MLP output for p in [0, eval_length): shape eval_length x d, columns [cos(p w_0) ..
    /// cos(p w_{d/2-1}), sin(p w_0) .. sin(p w_{d/2-1})]
    Eigen::MatrixXd prediction;
    Eigen::VectorXd error; ///< max over the d outputs of |prediction - target| per position, eval_length
    double inside_max = 0.0; ///< max error over [0, train_length)
    double beyond_max = 0.0; ///< max error over [train_length, eval_length); 0 when they are equal
    double final_loss = 0.0; ///< training mean squared error after the last epoch
};

/// @brief PE distillation: fits y(p) = W2 tanh(W1 x + b1) + b2, x = 2 p / train_length - 1, to
/// the d = distill_head_dim targets cos(p w_i), sin(p w_i), w_i = base^(-2i/d), on the positions
/// p = 0..train_length-1, then evaluates it on 0..eval_length-1.
///
/// Training: full batch, mean squared error, `epochs` Adam steps (Kingma & Ba 2015, Algorithm 1:
/// beta1 0.9, beta2 0.999, eps 1e-8, step `learning_rate`). Initial weights, deterministic from
/// distill_seed with probeNormal (probe.h, stream Distillation): W1_k = g_k * w_0 * train_length / 2
/// (slopes that can follow the fastest pair), b1_k = -W1_k c_k with tanh knees c_k = -1 + (2k + 1) /
/// hidden spread evenly over the training inputs, W2 = g / sqrt(hidden), b2 = 0. The same
/// parameters and seed give bit-identical results on the same build.
/// @param base the frequency base b (sinusoidal b or RoPE theta), finite, > 1
/// @throws InvalidParameter (base, tricks invalid, or the work epochs * train_length * hidden *
///         (d + 1) above kMaxDistillationWork, named "epochs" with the largest allowed value)
DistillationResult distillPositions(double base, const TrickParams& tricks);

/// @brief Stable names of the gate curves: "constant", "ramp", "sigmoid" (and the inverse,
/// fromString, throwing InvalidParameter "gate").
std::string toString(GateCurve value);
template <> GateCurve fromString<GateCurve>(const std::string& name);

} // namespace pecards
