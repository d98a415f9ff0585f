#pragma once
/// @file modelsummary.h
/// @brief What a model config means for the cards, as JSON (the `pecards-cli config` output).

#include "common/modelconfig.h"

#include <QJsonObject>
#include <cstdint>

namespace pecards::cli {

/// @brief Summary of `config`: name, model_type, cards, heads, head_dim, max_position_embeddings;
/// RoPE: rotary_dim, rope_theta, rope_type, layout, seq_len, inv_freq (scaled, rad/position),
/// inv_freq_unscaled, attention_factor, effective_base, logit_scale_multiplier_total,
/// correction_range (yarn), long_factor_selected (longrope); ALiBi: alibi_bias_max,
/// alibi_slopes; T5: num_buckets, max_distance, bidirectional.
/// @param seqLen positions the RoPE frequencies are evaluated at (dynamic NTK, longrope).
/// @throws pecards::InvalidParameter from the engine (not for a config readModelConfig accepted).
QJsonObject modelSummary(const pecards::app::ModelConfig& config, std::int64_t seqLen);

} // namespace pecards::cli
