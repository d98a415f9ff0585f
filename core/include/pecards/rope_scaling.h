#pragma once
/// @file rope_scaling.h
/// @brief RoPE context-extension scalings, following HF transformers `modeling_rope_utils.py`
/// (v5): linear (Chen et al. 2023), dynamic NTK, YaRN (Peng et al. 2023), Llama 3, longrope.

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>
#include <string>

namespace pecards {

/// @brief The scaled frequencies and everything a card shows about them.
struct RopeScalingResult {
    Eigen::VectorXd inv_freq; ///< scaled theta_i, radians per position (r/2 entries)
    double factor = 1.0; ///< scaling factor s used (longrope: max_position_embeddings / L0 when both given)
    double attention_factor = 1.0; ///< multiplies cos/sin (HF `attention_scaling`)
    double effective_base = 0.0; ///< dynamic NTK: b' used; else the base
    /// Total multiplier of q.k logits: attention_factor^2 (cos and sin both carry it), times
    /// mscale(s, mscale_all_dim)^2 for DeepSeek-V2/V3 (RopeScaling::deepseek_softmax_mscale; their
    /// softmax-scale part, README conv. 11).
    double logit_scale_total = 1.0;
    double correction_low = 0.0; ///< YaRN correction range (dimension indices)
    double correction_high = 0.0;
    Eigen::VectorXd interpolation_weight; ///< YaRN: weight of the interpolated frequency per i
    Eigen::VectorXi band; ///< Llama 3: 0 kept, 1 smoothed, 2 divided by factor
    bool long_factor_selected = false; ///< longrope: long_factor used (seq_len > L0)
};

/// @brief The context length L0 a scaling type measures against (positions):
/// linear, none: 0 (unused); dynamic NTK: `max_position_embeddings` (else
/// `original_max_position_embeddings`); yarn, longrope: `original_max_position_embeddings`
/// (else `max_position_embeddings`, as HF falls back); llama3: `original_max_position_embeddings`.
/// @throws InvalidParameter naming the missing key when the type needs L0 and none is >= 2.
std::int64_t ropeScalingContext(const RopeScaling& scaling);

/// @brief The key ropeScalingContext takes L0 from, unchecked: 0 (or a value below 2) when the
/// type needs L0 and it is not given; 0 for none and linear. Never throws.
std::int64_t givenScalingContext(const RopeScaling& scaling);

/// @brief Computes the scaled frequencies for `seq_len` positions (0 = not given: HF's
/// init-time call, i.e. dynamic NTK at max_position_embeddings, longrope short factors).
///
/// - none: theta_i = b^(-2i/r). linear: theta_i / s.
/// - dynamic: b' = b ((s seq_len / L0) - (s - 1))^(r/(r-2)) for seq_len > L0, base kept otherwise.
/// - yarn: theta_i/s * w_i + theta_i (1 - w_i), w_i = clamp((i - low)/(high - low), 0, 1),
///   low/high = r ln(L0/(2 pi beta))/(2 ln b) for beta_fast/beta_slow (floor/ceil unless
///   truncate is false), clamped to [0, r-1]; attention factor = explicit, else
///   mscale(s, mscale)/mscale(s, mscale_all_dim) when both are set, else 0.1 ln s + 1.
/// - llama3: bands by wavelength 2 pi/theta_i against L0/high_freq_factor and L0/low_freq_factor.
/// - longrope: theta_i / short_factor_i (seq_len <= L0) or / long_factor_i; s = factor, or
///   max_position_embeddings / L0 when factor is 1 (not given) and both are known (HF v5: an
///   explicit factor wins); attention factor = explicit, else
///   sqrt(1 + ln s / ln L0) for s > 1, else 1.
/// An explicit `attention_factor` is read by yarn and longrope only (as in HF).
/// @throws InvalidParameter naming the rope_scaling key (factor < 1, missing
///         original_max_position_embeddings, wrong number of longrope factors, ...)
RopeScalingResult ropeScaling(const RopeParams& params, std::int64_t seq_len);

} // namespace pecards
