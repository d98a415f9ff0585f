#pragma once
/// @file modelsummary.h
/// @brief What a model config means for the cards, as JSON (the `pecards-cli config` output).

#include "common/modelconfig.h"

#include <QJsonObject>
#include <cstdint>

namespace pecards::cli {

/// @brief The sequence length that selects dynamic-NTK and longrope frequencies when the user
/// gives none: max_position_embeddings capped at kMaxLength = 2^24 (HF's init-time choice: dynamic NTK
/// evaluates at max_position_embeddings; longrope then takes the long factors when that exceeds
/// L0), else 4096. `config` and `compute --config` both use this rule.
std::int64_t defaultSeqLen(const pecards::app::ModelConfig& config);

/// @brief Summary of `config`: name, model_type, text_config, cards, heads, head_dim,
/// max_position_embeddings, extended_context, warnings, notes; RoPE (primary group): rotary_dim,
/// rope_theta, rope_type, layout, seq_len, inv_freq (scaled, rad/position), inv_freq_unscaled,
/// scaling_factor, attention_factor, effective_base, logit_scale_multiplier_total,
/// correction_range (yarn), long_factor_selected and factor_list ("short"/"long", longrope);
/// ALiBi: alibi_bias_max, alibi_slopes; T5: num_buckets, max_distance, bidirectional;
/// Transformer-XL: d_model, n_head, d_head, mem_len, tgt_len, clamp_len, klen;
/// layer_groups: per group its name, layers, treatment, sliding_window, attention_chunk and the
/// treatment's parameters (RoPE: rope_theta, rotary_dim, rope_type, layout, inv_freq at seq_len,
/// mrope_section).
/// @param seqLen positions the RoPE frequencies are evaluated at (dynamic NTK, longrope).
/// @throws pecards::InvalidParameter from the engine (not for a config readModelConfig accepted).
QJsonObject modelSummary(const pecards::app::ModelConfig& config, std::int64_t seqLen);

} // namespace pecards::cli
