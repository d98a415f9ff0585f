#include "cards/scalingdefaults.h"

#include <algorithm>
#include <common/modelconfig.h>
#include <pecards/rope.h>

namespace pecards::gui {

namespace {

constexpr std::int64_t kTypicalContext = 4096; ///< Llama 2, Phi-3.5-mini short context
constexpr std::int64_t kLlama3Context = 8192; ///< Llama 3.1 original_max_position_embeddings
constexpr double kTypicalFactor = 4.0;
constexpr double kLlama3Factor = 8.0;

/// Phi-3.5-mini's longrope lists (48 entries: rotary_dim 96), read from the preset resource.
const pecards::RopeScaling& phi35Scaling() {
    static const pecards::RopeScaling scaling = [] {
        try {
            return pecards::app::readModelConfig(QStringLiteral(":/presets/phi-3.5-mini.json")).rope.scaling;
        } catch (const std::exception&) {
            return pecards::RopeScaling {}; // the resource is part of the build; never reached
        }
    }();
    return scaling;
}

} // namespace

void resizeLongRopeFactors(pecards::RopeScaling& scaling, int entries) {
    scaling.short_factor.resize(static_cast<std::size_t>(std::max(entries, 0)), 1.0);
    scaling.long_factor.resize(static_cast<std::size_t>(std::max(entries, 0)), 1.0);
}

pecards::RopeScaling typicalRopeScaling(const pecards::RopeParams& rope, pecards::RopeScalingType type) {
    using pecards::RopeScalingType;
    pecards::RopeScaling s = rope.scaling;
    s.type = type;
    if (type == RopeScalingType::None)
        return s;
    const bool llama3 = type == RopeScalingType::Llama3;
    if (!(s.factor > 1.0 && s.factor <= pecards::kMaxScalingFactor))
        s.factor = llama3 ? kLlama3Factor : kTypicalFactor;
    if (type == RopeScalingType::Linear)
        return s;
    if (s.original_max_position_embeddings < 2)
        s.original_max_position_embeddings = llama3 ? kLlama3Context : kTypicalContext;
    if (s.max_position_embeddings < 2) {
        s.max_position_embeddings = type == RopeScalingType::Dynamic
            ? s.original_max_position_embeddings
            : static_cast<std::int64_t>(s.factor * static_cast<double>(s.original_max_position_embeddings));
    }
    switch (type) {
    case RopeScalingType::Yarn:
        if (!(s.beta_slow > 0.0 && s.beta_fast >= s.beta_slow)) {
            s.beta_fast = pecards::paramDefault<double>(pecards::ParamId::BetaFast);
            s.beta_slow = pecards::paramDefault<double>(pecards::ParamId::BetaSlow);
        }
        break;
    case RopeScalingType::Llama3:
        if (!(s.low_freq_factor > 0.0 && s.high_freq_factor > s.low_freq_factor)) {
            s.low_freq_factor = pecards::paramDefault<double>(pecards::ParamId::LowFreqFactor);
            s.high_freq_factor = pecards::paramDefault<double>(pecards::ParamId::HighFreqFactor);
        }
        break;
    case RopeScalingType::LongRope: {
        const auto entries = static_cast<std::size_t>(pecards::rotaryDim(rope) / 2);
        if (s.short_factor.size() != entries || s.long_factor.size() != entries) {
            const pecards::RopeScaling& phi = phi35Scaling();
            if (phi.short_factor.size() == entries && phi.long_factor.size() == entries) {
                s.short_factor = phi.short_factor;
                s.long_factor = phi.long_factor;
            } else {
                s.short_factor.assign(entries, 1.0);
                s.long_factor.assign(entries, 1.0);
            }
        }
        break;
    }
    default:
        break;
    }
    return s;
}

} // namespace pecards::gui
