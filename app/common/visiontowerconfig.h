#pragma once
/// @file visiontowerconfig.h
/// @brief The 2-D RoPE of a model's vision tower, read from its `vision_config`: Pixtral's
/// (Mistral 3, Devstral 2, LLaVA with a Pixtral tower) and Gemma 4's (pecards/visionrope.h).

#include "configreader.h"
#include "pecards/visionrope.h"

#include <QString>
#include <optional>

namespace pecards::app {

/// @brief A vision tower's 2-D RoPE and where its values came from.
struct VisionTowerConfig {
    pecards::VisionRope rope;
    /// e.g. "config: vision_config.model_type = pixtral; vision_config.hidden_size / num_attention_heads"
    QString source;
};

/// @brief Reads the vision tower of the config whose top level is `top`: none unless
/// `vision_config.model_type` is "pixtral" or "gemma4_vision". Missing keys take the config
/// classes' defaults (transformers v5 `PixtralVisionConfig`: hidden_size 1024, 16 heads, head_dim =
/// hidden_size // num_attention_heads whatever the file says, image_size 1024, patch_size 16, theta
/// 1e4; `Gemma4VisionConfig`: head_dim 64, theta 100).
/// @throws ConfigError naming the key when a value is out of the tower's range (pecards::VisionRope).
std::optional<VisionTowerConfig> readVisionTower(const ConfigReader& top);

} // namespace pecards::app
