#pragma once
/// @file parambounds.h
/// @brief Finite ranges of the frequency and scaling parameters that keep every derived value
/// finite (checked by validate(), params.h; see also kMaxScalingFactor and kMaxProbeEntry there).

#include "pecards/params.h"

namespace pecards {

/// Largest base (theta) of sinusoidal and RoPE frequencies (real models: 1e4 to 5e7); with
/// kMaxScalingFactor it keeps dynamic NTK's b * ratio^(r/(r-2)) below ~1e32. Bases are in (1, kMaxBase].
inline constexpr double kMaxBase = 1e12;
/// Largest rope_scaling.attention_factor, mscale and mscale_all_dim (real models: ~0.7 to 1.5);
/// each is in [0, kMaxAttentionFactor] (0 = not given). Keeps the total logit scale (<= ~1e12)
/// and every logit finite, so softmax stays exact.
inline constexpr double kMaxAttentionFactor = 1e3;
/// Smallest YaRN beta_fast/beta_slow (rotations; real: 1 and 32) and LongRoPE short/long factor
/// entry (real: ~1 to ~60); each is in [kMinRatioParameter, kMaxScalingFactor]. Keeps the
/// correction dimensions and inv_freq / factor finite.
inline constexpr double kMinRatioParameter = 1.0 / kMaxScalingFactor;

} // namespace pecards
