#pragma once
/// @file ropegroups.h
/// @brief The RoPE of a config.json per attention layer type: rotary dims (partial factors,
/// proportional RoPE, DeepSeek MLA's rope part), the base, the scaling block (one for all layers,
/// or one per layer type), Gemma's local base, OLMo 3's full-attention-only scaling, M-RoPE
/// sections and the query scales of Llama 4 and Ministral 3. Private to app/common.

#include "common/configparsestate.h"
#include "common/layertypes.h"
#include "common/modelconfig.h"

namespace pecards::app {

/// @brief Fills config.positions (one group per layer type and treatment, their layers, RoPE
/// parameters, M-RoPE sections, windows and query scales), config.primaryGroup, config.rope,
/// config.ropeType and their notes, for a config that uses RoPE. `config.heads`, `headDim` and
/// `maxPositionEmbeddings` are read already. Each rule cites the transformers file it follows.
/// @throws ConfigError naming the key at fault (a factor outside (0, 1], a per-layer-type block
/// without an entry for a used type, no RoPE layer left, a missing original length).
void readRopeGroups(ConfigParseState& state, ModelConfig& config, const LayerTypes& layers);

} // namespace pecards::app
