#include "pecards/modelpositions.h"

#include "check.h"
#include "pecards/errors.h"
#include "pecards/rope.h"

#include <cmath>
#include <numeric>

namespace pecards {

namespace {

/// Re-throws a part's InvalidParameter under the group's prefix, e.g. "layer_groups[1].base".
template <typename Part> void validatePart(const std::string& prefix, const Part& part) {
    try {
        validate(part);
    } catch (const InvalidParameter& error) {
        throw InvalidParameter(prefix + error.name(), error.value(), error.allowed());
    }
}

void validateGroup(const LayerGroup& group, const std::string& prefix) {
    PECARDS_CHECK(!group.layers.empty(), prefix + "layers", "[] (empty)", "at least one layer index");
    PECARDS_CHECK(group.sliding_window >= 0 && group.sliding_window <= (std::int64_t {1} << 40),
        prefix + "sliding_window", group.sliding_window, "in [0, 2^40] (0 = full attention)");
    PECARDS_CHECK(group.attention_chunk >= 0 && group.attention_chunk <= (std::int64_t {1} << 40),
        prefix + "attention_chunk", group.attention_chunk, "in [0, 2^40] (0 = none)");
    if (group.attn_temperature.enabled) {
        PECARDS_CHECK(
            std::isfinite(group.attn_temperature.floor_scale) && group.attn_temperature.floor_scale > 0,
            prefix + "floor_scale", group.attn_temperature.floor_scale, "finite and > 0");
        PECARDS_CHECK(std::isfinite(group.attn_temperature.attn_scale), prefix + "attn_scale",
            group.attn_temperature.attn_scale, "finite");
        PECARDS_CHECK(
            group.attn_temperature.position_offset == 0 || group.attn_temperature.position_offset == 1,
            prefix + "position_offset", group.attn_temperature.position_offset, "0 or 1");
    }
    switch (group.treatment) {
    case LayerTreatment::Rope: {
        validatePart(prefix, group.rope);
        if (!group.mrope_section.empty()) {
            int sum = 0;
            for (const int pairs : group.mrope_section) {
                PECARDS_CHECK(pairs > 0, prefix + "mrope_section", pairs, "positive pair counts");
                sum += pairs;
            }
            const int half = rotaryDim(group.rope) / 2;
            PECARDS_CHECK(sum == half, prefix + "mrope_section", std::to_string(sum) + " pairs in all",
                "summing to rotary_dim/2 = " + std::to_string(half));
        }
        break;
    }
    case LayerTreatment::Alibi:
        validatePart(prefix, group.alibi);
        break;
    case LayerTreatment::T5Bias:
    case LayerTreatment::TransformerXL:
        validatePart(prefix, group.relative);
        break;
    case LayerTreatment::NoPE:
        break;
    case LayerTreatment::NoAttention:
        PECARDS_CHECK(group.sliding_window == 0 && group.attention_chunk == 0, prefix + "sliding_window",
            group.sliding_window + group.attention_chunk, "0 (a layer without attention has no span)");
        PECARDS_CHECK(!group.attn_temperature.enabled, prefix + "attn_temperature", "enabled",
            "disabled (a layer without attention has no query)");
        break;
    default:
        detail::throwInvalid(prefix + "treatment", std::to_string(static_cast<int>(group.treatment)),
            "rope, nope, no-attention, alibi, t5-bias or transformer-xl");
    }
}

} // namespace

double queryScale(const AttnTemperature& temperature, std::int64_t position) {
    if (!temperature.enabled) {
        return 1.0;
    }
    PECARDS_CHECK(position >= 0, "position", position, ">= 0");
    PECARDS_CHECK(std::isfinite(temperature.floor_scale) && temperature.floor_scale > 0, "floor_scale",
        temperature.floor_scale, "finite and > 0");
    const double steps
        = std::floor((static_cast<double>(position) + temperature.position_offset) / temperature.floor_scale);
    return std::log(steps + 1.0) * temperature.attn_scale + 1.0;
}

const LayerGroup& ModelPositions::groupOf(int layer) const {
    for (const LayerGroup& group : groups) {
        for (const int index : group.layers) {
            if (index == layer) {
                return group;
            }
        }
    }
    detail::throwInvalid("layer", std::to_string(layer),
        "a layer index held by a group, in [0, " + std::to_string(num_layers) + ")");
}

void validate(const ModelPositions& positions) {
    PECARDS_CHECK(positions.num_layers >= 1 && positions.num_layers <= kMaxLayers, "num_layers",
        positions.num_layers, "in [1, 4096]");
    PECARDS_CHECK(!positions.groups.empty(), "layer_groups", "[] (empty)", "at least one group");
    std::vector<int> owner(static_cast<std::size_t>(positions.num_layers), -1);
    for (std::size_t g = 0; g < positions.groups.size(); ++g) {
        const LayerGroup& group = positions.groups[g];
        const std::string prefix = "layer_groups[" + std::to_string(g) + "].";
        validateGroup(group, prefix);
        for (const int layer : group.layers) {
            PECARDS_CHECK(layer >= 0 && layer < positions.num_layers, prefix + "layers", layer,
                "layer indices in [0, num_layers = " + std::to_string(positions.num_layers) + ")");
            int& slot = owner[static_cast<std::size_t>(layer)];
            PECARDS_CHECK(slot < 0, prefix + "layers", layer,
                "each layer in one group (also in layer_groups[" + std::to_string(slot) + "])");
            slot = static_cast<int>(g);
        }
    }
    for (std::size_t layer = 0; layer < owner.size(); ++layer) {
        PECARDS_CHECK(owner[layer] >= 0, "layer_groups", "layer " + std::to_string(layer) + " in no group",
            "every layer in [0, num_layers) in one group");
    }
}

std::string toString(LayerTreatment value) {
    switch (value) {
    case LayerTreatment::Rope:
        return "rope";
    case LayerTreatment::NoPE:
        return "nope";
    case LayerTreatment::NoAttention:
        return "no-attention";
    case LayerTreatment::Alibi:
        return "alibi";
    case LayerTreatment::T5Bias:
        return "t5-bias";
    case LayerTreatment::TransformerXL:
        return "transformer-xl";
    }
    detail::throwInvalid("treatment", std::to_string(static_cast<int>(value)),
        "rope, nope, no-attention, alibi, t5-bias or transformer-xl");
}

} // namespace pecards
