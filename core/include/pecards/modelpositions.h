#pragma once
/// @file modelpositions.h
/// @brief Per-layer positional structure of a model: which layers use which positional
/// treatment (RoPE with its own base / scaling / rotary dim, NoPE, ALiBi, T5 bias,
/// Transformer-XL relative terms, or no attention at all), which attention span each layer has
/// (full, sliding window, chunked), and which position-dependent factor multiplies its queries.
/// Filled from a Hugging Face config by the app's loader.

#include "pecards/params.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pecards {

/// @brief How one group of layers encodes position.
enum class LayerTreatment {
    Rope, ///< rotary embedding (RoPE card), parameters in LayerGroup::rope
    NoPE, ///< attention without positional encoding (Llama 4 `no_rope_layers`, SmolLM3, EXAONE 4 global)
    /// no attention at all, hence no positional encoding: linear attention (Qwen3-Next Gated
    /// DeltaNet), convolution, Mamba and other sequence mixers named in `layer_types`
    NoAttention,
    Alibi, ///< linear biases (ALiBi card), parameters in LayerGroup::alibi
    T5Bias, ///< T5 bucketed relative bias (Relative card), parameters in LayerGroup::relative
    TransformerXL, ///< Transformer-XL relative terms (Relative card), parameters in LayerGroup::relative
};

/// @brief A query multiplier that grows with the position p (from 0), in one formula for the two
/// families that use it:
///
///     scale(p) = 1 + attn_scale * ln(1 + floor((p + position_offset) / floor_scale))
///
/// - Llama 4 `attn_temperature_tuning` (HF transformers v4.51+ `modeling_llama4.py`,
///   Llama4TextAttention, from arXiv:2501.19399): on the NoPE layers, attn_scale = `attn_scale`
///   (0.1), floor_scale = `floor_scale` (8192), position_offset 1 (the code uses p + 1), so the
///   first step is at p = 8191;
/// - Ministral 3 / Mistral 3 `llama_4_scaling_beta` (HF v5 `modeling_ministral3.py`,
///   `get_llama_4_attn_scale`): on every attention layer, attn_scale = beta, floor_scale =
///   `rope_parameters.original_max_position_embeddings`, position_offset 0, first step at p = L0.
/// 1 for every p while disabled.
struct AttnTemperature {
    bool enabled = false;
    double floor_scale = 8192.0; ///< positions per step, finite, > 0 (Llama4TextConfig default 8192)
    double attn_scale = 0.1; ///< growth per log step, finite (Llama4TextConfig default 0.1)
    int position_offset = 1; ///< 1: Llama 4 (p + 1); 0: Ministral 3 (p)
    bool operator==(const AttnTemperature&) const = default;
};

/// @brief The query scale of AttnTemperature at position p >= 0 (1 when disabled).
/// @throws InvalidParameter for p < 0 or an enabled temperature with floor_scale <= 0.
double queryScale(const AttnTemperature& temperature, std::int64_t position);

/// @brief Layers that share one positional treatment and attention span.
struct LayerGroup {
    std::string name; ///< the config's layer type, e.g. "full_attention", "sliding_attention", "nope"
    std::vector<int> layers; ///< layer indices, ascending, each in [0, num_layers)
    LayerTreatment treatment = LayerTreatment::Rope;
    RopeParams rope; ///< valid for Rope
    AlibiParams alibi; ///< valid for Alibi
    RelativeParams relative; ///< valid for T5Bias and TransformerXL
    std::int64_t sliding_window = 0; ///< keys within this many positions back; 0 = full attention
    std::int64_t attention_chunk = 0; ///< attention inside chunks of this many positions; 0 = none
    /// Qwen2-VL M-RoPE: rotary pairs per position stream (temporal, height, width), summing to
    /// rotary_dim/2; empty = one position stream.
    std::vector<int> mrope_section;
    /// M-RoPE pair order: false = blocked (Qwen2-VL / 2.5-VL: the first section's pairs carry t,
    /// the next h, then w); true = interleaved (Qwen3-VL, `mrope_interleaved`: pairs take t, h, w
    /// round-robin). The same frequencies; different pairs see each stream.
    bool mrope_interleaved = false;
    AttnTemperature attn_temperature; ///< position-dependent query scale of these layers (disabled: none)
    bool operator==(const LayerGroup&) const = default;
};

/// @brief Every layer of a model, each in exactly one group.
struct ModelPositions {
    int num_layers = 0; ///< layers L_model, [1, 4096]
    std::vector<LayerGroup> groups; ///< in order of their first layer
    bool operator==(const ModelPositions&) const = default;

    /// @brief The group that holds `layer`. @throws InvalidParameter if no group holds it.
    const LayerGroup& groupOf(int layer) const;
};

/// @brief Largest number of layers a ModelPositions may describe.
inline constexpr int kMaxLayers = 4096;

/// @brief Checks that num_layers is in [1, 4096], every layer index is in [0, num_layers) and
/// in exactly one group, each group is non-empty, its parameters validate for its treatment
/// (validate(RopeParams) etc.), spans are >= 0 and mrope sections are positive and sum to
/// rotary_dim/2, and an enabled attn_temperature has a finite floor_scale > 0, a finite attn_scale
/// and a position_offset of 0 or 1. A NoAttention group has no span and no query scale.
/// @throws InvalidParameter naming the group ("layer_groups[i].<field>") and the value.
void validate(const ModelPositions& positions);

/// @brief Stable lowercase names: "rope", "nope", "no-attention", "alibi", "t5-bias", "transformer-xl".
std::string toString(LayerTreatment value);

} // namespace pecards
