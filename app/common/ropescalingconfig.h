#pragma once
/// @file ropescalingconfig.h
/// @brief Reads one RoPE parameter block of a Hugging Face config (`rope_scaling`, the v5
/// `rope_parameters`, or one per-layer-type entry of it) into pecards::RopeScaling.

#include "common/configreader.h"
#include "pecards/params.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace pecards::app {

/// @brief What the loader knows about the model when it reads a block.
struct RopeBlockContext {
    const ConfigReader& top; ///< the (text) config, for `original_max_position_embeddings` and `rope_theta`
    QString modelType; ///< HF `model_type` (Phi-3's legacy `type: yarn` means longrope)
    int rotaryDim = 0; ///< rotary dimension r (longrope lists need r/2 entries)
    std::int64_t maxPositionEmbeddings = 0; ///< the config's max_position_embeddings, 0 = not given
    /// True for the single-dict form: a top-level `original_max_position_embeddings` wins over
    /// the block's (HF `standardize_rope_params`, case 1; the per-layer-type form ignores it).
    bool topOriginalWins = true;
};

/// @brief A block as read: the engine's parameters, the name the config used and what HF's
/// loading says about it.
struct RopeScalingConfig {
    pecards::RopeScaling scaling;
    QString ropeType
        = QStringLiteral("default"); ///< after aliases: default, linear, dynamic, yarn, llama3, longrope
    QString typeAsWritten; ///< the type string in the file ("su", "mrope", ...), "" if none
    std::optional<double> ropeTheta; ///< the block's own `rope_theta` (v5), if any
    std::optional<double> partialRotaryFactor; ///< the block's own `partial_rotary_factor` (v5), if any
    std::vector<int> mropeSection; ///< Qwen2-VL `mrope_section` (pairs per position stream)
    bool mropeInterleaved = false; ///< `mrope_interleaved`: pairs assigned t, h, w round-robin
    /// rope_type "proportional" (Gemma 4): the partial factor selects the rotating pairs of a
    /// full-width pairing (RopePartial::Proportional), not the width of the pairing
    bool proportional = false;
    std::optional<double> llama4ScalingBeta; ///< Ministral 3 `llama_4_scaling_beta`, if any
    QStringList warnings; ///< where HF's loading logs a warning, the same fact in words
};

/// @brief Reads a RoPE block following HF transformers v5 (`modeling_rope_utils.py`:
/// `RotaryEmbeddingConfigMixin.standardize_rope_params` and `_validate_*_rope_parameters`, the
/// `_compute_*_parameters` functions), with the legacy aliases of v4 config classes.
///
/// - Type: `rope_type`, else the legacy `type`; absent = default. Aliases: `su` -> longrope
///   (Phi-3, v4.40 `Phi3Config._rope_scaling_adjustment`), legacy `type: yarn` -> longrope for
///   phi3/phimoe only (same rule), `mrope` -> default with `mrope_section` (Qwen2-VL,
///   v4.45 `Qwen2VLConfig`). `proportional` (Gemma 4, v5 `_compute_proportional_rope_parameters`):
///   default frequencies over the whole head, optional `factor` divides them (linear). Any other
///   unknown type is refused (HF finds no init function).
/// - Required keys (HF raises KeyError when missing, so these are refused): linear/dynamic
///   `factor`; yarn `factor`; llama3 `factor`, `low_freq_factor`, `high_freq_factor`; longrope
///   `short_factor`, `long_factor`. dynamic and longrope also need max_position_embeddings.
/// - `original_max_position_embeddings` (yarn, llama3, longrope): a top-level value wins in the
///   single-dict form, else the block's, else max_position_embeddings (v5 standardization).
/// - `max_position_embeddings` is kept for every type, the default type (no block) too: the
///   training length L0 of the context-extension lab when the config gives no original.
/// - longrope factor: an explicit `factor` is used for the attention factor; else
///   max_position_embeddings / L0 (v5 `_compute_longrope_parameters`).
/// - Warnings where v5 warns (`_validate_*_parameters` of modeling_rope_utils.py): a float parameter
///   written as an integer (`factor` of linear, dynamic, yarn, llama3 and longrope; yarn
///   `attention_factor`, `beta_fast`, `beta_slow`; llama3 `low_freq_factor`, `high_freq_factor`;
///   longrope `attention_factor`; longrope only without a top-level original), llama3's
///   `original_max_position_embeddings` written as a float, unrecognized keys, factor < 1,
///   beta_fast < beta_slow, a YaRN
///   factor that differs from max/original (when that ratio is not 1), llama3 original >= max,
///   longrope without `factor` (the Phi-3 form).
/// @throws ConfigError naming the key (unknown type, missing required key, non-numeric value,
///         wrong longrope list length, which HF cannot compute with).
RopeScalingConfig readRopeScaling(const std::optional<ConfigReader>& block, const RopeBlockContext& context);

} // namespace pecards::app
