#include "pecards/logitscale.h"

#include "check.h"
#include "pecards/rope_scaling.h"
#include "validation.h"

#include <algorithm>
#include <cmath>

namespace pecards {

namespace {

/// Most steps drawn one by one; a longer staircase is sampled at evenly spaced positions.
constexpr std::int64_t kMaxSteps = 4096;

std::vector<std::pair<std::int64_t, double>> constant(double value, std::int64_t length) {
    return {{0, value}, {length - 1, value}};
}

/// The query scale at both sides of each of its steps in [0, length).
std::vector<std::pair<std::int64_t, double>> staircase(const AttnTemperature& t, std::int64_t length) {
    std::vector<std::pair<std::int64_t, double>> points {{0, queryScale(t, 0)}};
    const double steps = std::floor((static_cast<double>(length - 1) + t.position_offset) / t.floor_scale);
    if (steps > static_cast<double>(kMaxSteps)) {
        for (std::int64_t n = 1; n <= kMaxSteps; ++n) {
            const std::int64_t p = (length - 1) * n / kMaxSteps;
            points.emplace_back(p, queryScale(t, p));
        }
        return points;
    }
    for (std::int64_t k = 1; k <= static_cast<std::int64_t>(steps); ++k) {
        // The first p with floor((p + offset) / floor_scale) >= k.
        auto p = static_cast<std::int64_t>(
            std::ceil(static_cast<double>(k) * t.floor_scale - t.position_offset));
        // Guards the rounding of k * floor_scale: p is the first position of the new value.
        while (p > 1 && queryScale(t, p - 2) != queryScale(t, p - 1)) {
            --p;
        }
        while (p > 0 && queryScale(t, p - 1) == queryScale(t, p)) {
            ++p;
        }
        if (p <= 0 || p >= length) {
            continue;
        }
        points.emplace_back(p - 1, queryScale(t, p - 1));
        points.emplace_back(p, queryScale(t, p));
    }
    if (points.back().first != length - 1) {
        points.emplace_back(length - 1, queryScale(t, length - 1));
    }
    return points;
}

} // namespace

std::vector<LogitFactor> logitScales(const ModelPositions& positions, std::int64_t length) {
    PECARDS_CHECK(
        length >= 1 && length <= kMaxLength, "length", length, "in [1, " + detail::lengthLimitText() + "]");
    validate(positions);
    std::vector<LogitFactor> out;
    for (const LayerGroup& group : positions.groups) {
        if (group.treatment != LayerTreatment::Rope && group.treatment != LayerTreatment::NoPE) {
            continue;
        }
        const LogitFactor base {group.name, group.treatment, group.layers, {}, {}};
        std::vector<LogitFactor> factors;
        double constantTotal = 1.0;
        if (group.treatment == LayerTreatment::Rope) {
            const RopeScalingResult scaling = ropeScaling(group.rope, 0);
            const double squared = scaling.attention_factor * scaling.attention_factor;
            const double softmax = scaling.logit_scale_total / squared; // DeepSeek's mscale^2, else 1
            for (const auto& [name, value] : {std::pair {"attention_factor^2", squared},
                     std::pair {"deepseek_softmax_mscale^2", softmax}}) {
                if (value != 1.0) {
                    LogitFactor f = base;
                    f.factor = name;
                    f.points = constant(value, length);
                    factors.push_back(f);
                    constantTotal *= value;
                }
            }
        }
        const AttnTemperature& t = group.attn_temperature;
        if (t.enabled && t.attn_scale != 0.0) {
            LogitFactor f = base;
            f.factor = t.position_offset == 1 ? "attn_temperature_tuning" : "llama_4_scaling_beta";
            f.points = staircase(t, length);
            factors.push_back(f);
        }
        if (factors.size() >= 2) {
            LogitFactor total = base;
            total.factor = "total";
            total.points = t.enabled ? staircase(t, length) : constant(1.0, length);
            for (auto& point : total.points) {
                point.second *= constantTotal;
            }
            factors.push_back(total);
        }
        out.insert(out.end(), factors.begin(), factors.end());
    }
    return out;
}

} // namespace pecards
