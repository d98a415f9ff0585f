#pragma once
/// @file layertypes.h
/// @brief The per-layer attention kind of a Hugging Face config (`layer_types` and the older
/// keys HF's config classes derive it from), and which layers skip RoPE.

#include "common/configreader.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <vector>

namespace pecards::app {

/// @brief What each layer of a model does, before positional parameters are attached.
struct LayerTypes {
    int numLayers = 0; ///< num_hidden_layers (or n_layer, num_layers, n_layers); 0 = not given
    QStringList types; ///< per layer: "full_attention", "sliding_attention", "chunked_attention", ...
    std::vector<bool> rope; ///< per layer: false = NoPE (no positional encoding in this layer)
    std::int64_t slidingWindow = 0; ///< `sliding_window` of sliding layers; 0 = none
    std::int64_t attentionChunk = 0; ///< Llama 4 `attention_chunk_size` of chunked layers; 0 = none
};

/// @brief Derives the layer kinds as HF transformers' config classes do:
/// - `layer_types` when given (v4.53+ / v5; its length must equal the layer count, else HF raises);
/// - Gemma 2: sliding on even-numbered layers (i+1 odd), full on the others (v4.42 `Gemma2Config`);
/// - Gemma 3, Cohere 2: sliding unless (i+1) is a multiple of `sliding_window_pattern`
///   (default 6 and 4; v4.50 `Gemma3TextConfig`, v4.48 `Cohere2Config`);
/// - Qwen2 family: sliding for i >= `max_window_layers` when `use_sliding_window` is true;
/// - Llama 4, SmolLM3: `no_rope_layers` (1 = RoPE, 0 = NoPE), default NoPE on every
///   `no_rope_layer_interval`-th layer (4); Llama 4's RoPE layers attend in chunks of
///   `attention_chunk_size` (v4.51 `Llama4TextConfig`);
/// - Cohere 2: its full-attention layers are NoPE (v4.48 `Cohere2Attention`);
/// - otherwise a non-null `sliding_window` applies to every layer (Mistral, Phi-3) unless
///   `use_sliding_window` is false.
/// @throws ConfigError naming the key (a list of the wrong length or with non-string /
///         non-0/1 entries, a negative window).
LayerTypes readLayerTypes(const ConfigReader& config, const QString& modelType);

} // namespace pecards::app
