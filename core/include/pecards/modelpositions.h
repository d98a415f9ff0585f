#pragma once
/// @file modelpositions.h
/// @brief Per-layer positional structure of a model: which layers use which positional
/// treatment (RoPE with its own base / scaling / rotary dim, NoPE, ALiBi, T5 bias,
/// Transformer-XL relative terms), and which attention span each layer has (full, sliding
/// window, chunked). Filled from a Hugging Face config by the app's loader.

#include "pecards/params.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pecards {

/// @brief How one group of layers encodes position.
enum class LayerTreatment {
    Rope, ///< rotary embedding (RoPE card), parameters in LayerGroup::rope
    NoPE, ///< no positional encoding in these layers (Llama 4 `no_rope_layers`, SmolLM3)
    Alibi, ///< linear biases (ALiBi card), parameters in LayerGroup::alibi
    T5Bias, ///< T5 bucketed relative bias (Relative card), parameters in LayerGroup::relative
    TransformerXL, ///< Transformer-XL relative terms (Relative card), parameters in LayerGroup::relative
};

/// @brief Llama 4 `attn_temperature_tuning` (HF transformers v4.51 Llama4TextAttention, from
/// arXiv:2501.19399): in layers without RoPE the query at position p (from 0) is multiplied by
/// log(floor((p + 1) / floor_scale) + 1) * attn_scale + 1, i.e. 1 for p + 1 < floor_scale, then
/// growing with the log of the position so NoPE attention stays sharp on long inputs.
struct AttnTemperature {
    bool enabled = false;
    double floor_scale = 8192.0; ///< positions per step, finite, > 0 (Llama4TextConfig default 8192)
    double attn_scale = 0.1; ///< growth per log step, finite (Llama4TextConfig default 0.1)
    bool operator==(const AttnTemperature&) const = default;
};

/// @brief The query scale of AttnTemperature at position p >= 0 (1 when disabled).
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
    AttnTemperature attn_temperature; ///< Llama 4 query temperature; enabled only on NoPE groups
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
/// rotary_dim/2, and an enabled attn_temperature has a finite floor_scale > 0 and a finite attn_scale.
/// @throws InvalidParameter naming the group ("layer_groups[i].<field>") and the value.
void validate(const ModelPositions& positions);

/// @brief Stable lowercase names: "rope", "nope", "alibi", "t5-bias", "transformer-xl".
std::string toString(LayerTreatment value);

} // namespace pecards
