#pragma once
/// @file layertypes.h
/// @brief The per-layer attention kind of a Hugging Face config (`layer_types` and the older
/// keys HF's config classes derive it from), which layers have no attention at all, and which
/// attention layers skip RoPE.

#include "common/configreader.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <vector>

namespace pecards::app {

/// @brief What each layer of a model does, before positional parameters are attached.
struct LayerTypes {
    int numLayers = 0; ///< num_hidden_layers (or n_layer, num_layers, n_layers); 0 = not given
    QStringList types; ///< per layer: "full_attention", "sliding_attention", "linear_attention", ...
    /// per layer: false = NoPE (an attention layer without positional encoding); meaningless for
    /// layers without attention (isAttentionLayer)
    std::vector<bool> rope;
    std::int64_t slidingWindow = 0; ///< `sliding_window` of sliding layers; 0 = none
    std::int64_t attentionChunk = 0; ///< Llama 4 `attention_chunk_size` of chunked layers; 0 = none
    QString source; ///< where `types` came from: "config: layer_types" or "derived: <the class's rule>"
};

/// @brief Whether a `layer_types` value attends over positions (full, sliding, chunked, sparse
/// and compressed attention, and the hybrid attention + state layers) rather than mixing the
/// sequence without attention (linear attention such as Gated DeltaNet or lightning attention,
/// convolution, Mamba, MoE-only layers): the latter have no positional encoding at all.
/// @throws nothing; unknown values are refused by readLayerTypes.
bool isAttentionLayer(const QString& layerType);

/// @brief Derives the layer kinds as HF transformers' config classes do:
/// - `layer_types` when given (v4.53+ / v5; its length must equal the layer count, else HF raises;
///   values as HF v5 `configuration_utils.ALLOWED_LAYER_TYPES`, with its legacy remap `mamba` ->
///   `linear_attention`, `attention` -> `full_attention`; any other value is refused);
/// - Qwen3-Next: full attention on every `full_attention_interval`-th layer (default 4), Gated
///   DeltaNet `linear_attention` elsewhere (v4.57 `Qwen3NextConfig`);
/// - MiniMax-01 / M2: `attn_type_list` (0 = lightning `linear_attention`, 1 = full attention);
/// - EXAONE 4: `sliding_window_pattern` as an integer (full when (i+1) % pattern == 0) or a
///   string of L (sliding) / G (global) repeated over the layers; its global layers are NoPE when
///   `sliding_window` is set (v4.54 `Exaone4Attention`: RoPE iff no window or a sliding layer);
/// - Gemma 4: as Gemma 3 with pattern 6, the last layer always full (`Gemma4TextConfig`);
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
