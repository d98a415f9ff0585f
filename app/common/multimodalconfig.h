#pragma once
/// @file multimodalconfig.h
/// @brief What a vision-language config says about M-RoPE beyond the text model's rotary block:
/// whose `get_rope_index` builds the position ids, and the vision values those ids depend on.

#include "configreader.h"
#include "pecards/mrope.h"

#include <QString>
#include <optional>

namespace pecards::app {

/// @brief The M-RoPE position-id rules of a vision-language model.
struct MultimodalConfig {
    /// whose get_rope_index applies: from the top-level `model_type` (qwen2_vl, qwen2_5_vl,
    /// qwen3_vl, qwen3_vl_moe, glm4v, glm4v_moe, qwen2_5_omni); none for a text-only model
    std::optional<pecards::MropeFamily> family;
    /// `vision_config.spatial_merge_size` (class default 2 for these families) and, for Qwen2.5-VL,
    /// `vision_config.tokens_per_second` (Qwen2_5_VLVisionConfig default 4); for Qwen2.5-Omni
    /// `thinker_config.position_id_per_seconds`, `seconds_per_chunk` and
    /// `thinker_config.vision_config.spatial_merge_size`; the processor's seconds_per_grid and frame
    /// text stay at MropeVision's defaults
    pecards::MropeVision vision;
    QString source; ///< e.g. "config: model_type = qwen2_5_vl; vision_config.spatial_merge_size"
};

/// @brief Reads the M-RoPE rules of the config whose top level is `top`.
/// @throws ConfigError naming the key when a vision value is present but out of range.
MultimodalConfig readMultimodalConfig(const ConfigReader& top);

} // namespace pecards::app
