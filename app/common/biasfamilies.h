#pragma once
/// @file biasfamilies.h
/// @brief The families of a config.json whose positions enter attention as a bias or a relative
/// term, not a rotation: ALiBi (BLOOM, MPT, Falcon), T5's buckets and Transformer-XL, each read
/// with its transformers config class's defaults. Private to app/common.

#include "common/configparsestate.h"
#include "common/layertypes.h"
#include "common/modelconfig.h"

namespace pecards::app {

/// @brief config.alibi from the heads and head_dim read already and MPT's
/// attn_config.alibi_bias_max. @throws ConfigError naming a bad key.
void readAlibi(ConfigParseState& state, ModelConfig& config);
/// @brief config.relative as T5's bucketed bias (T5Config defaults: 32 buckets, max_distance 128).
/// @throws ConfigError naming a key that is not a positive integer.
void readT5(ConfigParseState& state, ModelConfig& config);
/// @brief config.transformerXl and config.relative (TransfoXLConfig v4.35 defaults) and the note
/// on its segment and clamp. @throws ConfigError naming a negative tgt_len or mem_len.
void readTransformerXl(ConfigParseState& state, ModelConfig& config);
/// @brief One layer group of `treatment` holding every layer (the families without per-layer
/// choices), the primary one.
void singleGroup(ModelConfig& config, const LayerTypes& layers, LayerTreatment treatment);

} // namespace pecards::app
