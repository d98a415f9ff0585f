#pragma once
/// @file ropescalingconfig.h
/// @brief Reads the `rope_scaling` block of a Hugging Face config into pecards::RopeScaling.

#include "common/configreader.h"
#include "pecards/params.h"

#include <QString>
#include <cstdint>
#include <optional>

namespace pecards::app {

/// @brief A scaling block as read: the engine's parameters and the name the config used.
struct RopeScalingConfig {
    pecards::RopeScaling scaling;
    QString ropeType
        = QStringLiteral("default"); ///< "default", "linear", "dynamic", "yarn", "llama3", "longrope"
};

/// @brief Reads a `rope_scaling` (or v5 `rope_parameters`) block following HF transformers
/// `modeling_rope_utils.py` (`rope_type`, or the legacy `type`; null/absent = default).
///
/// Needed keys per type: linear, dynamic: `factor`; yarn: `factor`,
/// `original_max_position_embeddings`; llama3: `factor`, `low_freq_factor`, `high_freq_factor`,
/// `original_max_position_embeddings`; longrope: `short_factor`, `long_factor` (rotary_dim/2
/// entries each) and `original_max_position_embeddings`. Optional: yarn `beta_fast`, `beta_slow`,
/// `mscale`, `mscale_all_dim`, `truncate`, `attention_factor`; longrope `factor`, `attention_factor`.
/// `original_max_position_embeddings` may also sit at the top level (Phi-3).
/// @param block the scaling block, absent for none.
/// @param top the whole config (for `original_max_position_embeddings` at the top level).
/// @param rotaryDim rotary dimension r (longrope lists need r/2 entries).
/// @param maxPositionEmbeddings the config's max_position_embeddings, 0 when not given.
/// @throws ConfigError naming the key (unknown type, missing or non-numeric value, wrong list length).
RopeScalingConfig readRopeScaling(const std::optional<ConfigReader>& block, const ConfigReader& top,
    int rotaryDim, std::int64_t maxPositionEmbeddings);

} // namespace pecards::app
