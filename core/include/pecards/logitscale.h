#pragma once
/// @file logitscale.h
/// @brief Every factor that multiplies a model's attention logits, as a function of the query's
/// position, layer group by layer group: the attention factor of YaRN / LongRoPE (on cos and sin,
/// so squared on q·k), DeepSeek-V2/V3's softmax mscale², Llama 4's query temperature on its NoPE
/// layers and Ministral 3's `llama_4_scaling_beta` (modelpositions.h, AttnTemperature).

#include "pecards/modelpositions.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace pecards {

/// @brief One factor on one layer group, with its value at the positions where it changes.
struct LogitFactor {
    std::string group; ///< the group's layer type, e.g. "full_attention"
    LayerTreatment treatment = LayerTreatment::Rope; ///< Rope or NoPE (the groups that attend)
    std::vector<int> layers; ///< the group's layers
    /// "attention_factor^2", "deepseek_softmax_mscale^2", "attn_temperature_tuning",
    /// "llama_4_scaling_beta", or "total" (their product, listed when a group has two or more)
    std::string factor;
    /// (query position p, multiplier) in increasing p, from 0 to length - 1. A constant has two
    /// points; a step function has both sides of every step (p - 1 and p), exact, while it has
    /// at most 4096 steps in [0, length); beyond that 4097 evenly spaced positions, still exact.
    std::vector<std::pair<std::int64_t, double>> points;
};

/// @brief The factors of every attention group of `positions` whose multiplier is not 1
/// everywhere, over query positions [0, length). Groups without attention, and factors that are
/// 1 at every position, are left out (a model with none gives an empty list).
/// Sources: HF transformers v5 `modeling_rope_utils.py` (attention_factor), DeepSeek-V3's
/// attention (softmax_scale x mscale(factor, mscale_all_dim)^2), v4.51 `modeling_llama4.py`
/// (attn_temperature_tuning), v5 `modeling_ministral3.py` (get_llama_4_attn_scale).
/// @throws InvalidParameter for length outside [1, 2^24] or invalid group parameters.
std::vector<LogitFactor> logitScales(const ModelPositions& positions, std::int64_t length);

} // namespace pecards
