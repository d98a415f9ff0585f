#pragma once
/// @file classdefaults.h
/// @brief The values Hugging Face transformers' config classes give the keys a config.json
/// leaves out, for the families whose defaults decide positions, and the model types that
/// transformers reads with another family's rules.

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace pecards::app {

/// @brief A text config with its class defaults filled in.
struct WithDefaults {
    QJsonObject object; ///< the config's keys, plus every default key it lacks (or has as null)
    QStringList filled; ///< "key = value" for each key taken from the class, in table order
    QStringList filledKeys; ///< the keys of `filled`
    QString configClass; ///< the transformers class and version the defaults follow; "" = none
};

/// @brief Fills the keys `text` lacks from the config class of `modelType`:
/// - `gemma3_text` (and the text part of `gemma3`): Gemma3TextConfig (transformers v4.50,
/// models/gemma3/configuration_gemma3.py):
///   hidden_size 2304, num_hidden_layers 26, num_attention_heads 8, head_dim 256,
///   max_position_embeddings 131072, rope_theta 1e6, rope_local_base_freq 1e4, sliding_window 4096,
///   sliding_window_pattern 6;
/// - `qwen3_next`: Qwen3NextConfig (v4.57): head_dim 256, partial_rotary_factor 0.25,
///   full_attention_interval 4;
/// - `llama4_text` (and the text part of `llama4`): Llama4TextConfig (v4.51): attention_chunk_size 8192,
/// no_rope_layer_interval 4,
///   attn_temperature_tuning true, floor_scale 8192, attn_scale 0.1;
/// - `minimax_m2`: MiniMaxM2Config (v4.57): rope_theta 5e6.
/// Other types are returned unchanged. A key present with JSON null counts as absent (HF passes
/// None, and these classes then keep None only where their default is None).
WithDefaults withClassDefaults(const QJsonObject& text, const QString& modelType);

/// @brief The family whose rules transformers applies to `modelType`: `kimi_k2` is read by
/// DeepSeek-V3's classes (its config.json names `DeepseekV3ForCausalLM`; same MLA, YaRN with
/// mscale, interleaved pairs); every other type maps to itself.
QString familyOf(const QString& modelType);

} // namespace pecards::app
