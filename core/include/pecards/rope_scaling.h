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
    double logit_scale_total = 1.0; ///< YaRN DeepSeek form: total logit multiplier (README conv. 11)
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

/// @brief Computes the scaled frequencies for `seq_len` positions.
/// @throws InvalidParameter naming the rope_scaling key (factor < 1, missing
///         original_max_position_embeddings, wrong number of longrope factors, ...)
RopeScalingResult ropeScaling(const RopeParams& params, std::int64_t seq_len);

} // namespace pecards
