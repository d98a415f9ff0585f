#pragma once
/// @file parambounds.h
/// @brief Finite ranges of the frequency and scaling parameters that keep every derived value
/// finite, and the size limits (checked by validate(), params.h, through the descriptor table,
/// paramtable.h; see also kMaxProbeEntry there).

#include <cstdint>

namespace pecards {

/// Largest L (positions) of every positional quantity and of the context-extension lab: 2^24
/// = 16777216 covers today's longest contexts (Llama 4 Scout: max_position_embeddings 10485760).
inline constexpr int kMaxLengthLog2 = 24;
inline constexpr std::int64_t kMaxLength = std::int64_t {1} << kMaxLengthLog2; ///< 2^kMaxLengthLog2
/// Largest L of the content views (ContentScore, ContentAttention; view.h): their work grows
/// with L^2 d, so they stop at 2^20 = 1048576 (InvalidParameter above it names this limit).
inline constexpr int kMaxContentLengthLog2 = 20;
inline constexpr std::int64_t kMaxContentLength = std::int64_t {1} << kMaxContentLengthLog2; ///< 2^20
/// Longest sequence of the dense pitfall views (they evaluate every entry of the rows they show);
/// it also bounds the alibi-left-padding-arange pitfall's left_padding (<= L-1).
inline constexpr std::int64_t kMaxPitfallLength = 4096;
inline constexpr int kMaxDim = 1024; ///< largest d_model / head_dim
inline constexpr int kMaxHeads = 128; ///< largest H
/// Largest RoPE scaling factor (real models use up to 64; 1e4 keeps dynamic NTK's base finite).
inline constexpr double kMaxScalingFactor = 1e4;

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
