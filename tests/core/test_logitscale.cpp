// Logit multipliers against the query position, checked against the formulas written out here:
// Ministral 3's 1 + beta ln(1 + floor(p / L0)), Llama 4's 1 + s ln(1 + floor((p + 1) / f)), the
// YaRN attention factor (0.1 ln s + 1)^2 and DeepSeek's softmax mscale^2.

#include "pecards/errors.h"
#include "pecards/logitscale.h"

#include <cmath>
#include <gtest/gtest.h>

namespace pecards {
namespace {

LayerGroup group(const std::string& name, LayerTreatment treatment, std::vector<int> layers) {
    LayerGroup g;
    g.name = name;
    g.treatment = treatment;
    g.layers = std::move(layers);
    return g;
}

double valueAt(const LogitFactor& factor, std::int64_t position) {
    for (const auto& [p, value] : factor.points) {
        if (p == position) {
            return value;
        }
    }
    ADD_FAILURE() << factor.factor << " has no point at p = " << position;
    return 0.0;
}

TEST(LogitScale, Ministral3ScalingBetaStepsAtMultiplesOfL0) {
    ModelPositions model;
    model.num_layers = 2;
    model.groups = {group("full_attention", LayerTreatment::Rope, {0, 1})};
    model.groups[0].attn_temperature = {true, 8192.0, 0.1, 0};
    const std::vector<LogitFactor> factors = logitScales(model, 393216);
    ASSERT_EQ(factors.size(), 1U);
    EXPECT_EQ(factors[0].factor, "llama_4_scaling_beta");
    EXPECT_EQ(valueAt(factors[0], 0), 1.0);
    EXPECT_EQ(valueAt(factors[0], 8191), 1.0);
    EXPECT_NEAR(valueAt(factors[0], 8192), 1.0 + 0.1 * std::log(2.0), 1e-15); // 1.0693147
    EXPECT_NEAR(valueAt(factors[0], 16384), 1.0 + 0.1 * std::log(3.0), 1e-15);
    EXPECT_NEAR(valueAt(factors[0], 393215), 1.0 + 0.1 * std::log(48.0), 1e-15); // 1.3871201
    EXPECT_EQ(factors[0].points.back().first, 393215);
    // 47 steps, each with both sides, between the first and the last point.
    EXPECT_EQ(factors[0].points.size(), 2U + 2U * 47U);
}

TEST(LogitScale, Llama4TemperatureOnNopeLayersStepsOnePositionEarlier) {
    ModelPositions model;
    model.num_layers = 4;
    model.groups = {group("chunked_attention", LayerTreatment::Rope, {0, 1, 2}),
        group("full_attention", LayerTreatment::NoPE, {3})};
    model.groups[1].attn_temperature = {true, 8192.0, 0.1, 1};
    const std::vector<LogitFactor> factors = logitScales(model, 1048576);
    ASSERT_EQ(factors.size(), 1U); // the RoPE group has no factor
    EXPECT_EQ(factors[0].group, "full_attention");
    EXPECT_EQ(factors[0].treatment, LayerTreatment::NoPE);
    EXPECT_EQ(factors[0].factor, "attn_temperature_tuning");
    EXPECT_EQ(valueAt(factors[0], 8190), 1.0);
    EXPECT_NEAR(valueAt(factors[0], 8191), 1.0 + 0.1 * std::log(2.0), 1e-15);
    EXPECT_NEAR(valueAt(factors[0], 1048575), 1.0 + 0.1 * std::log(129.0), 1e-15);
}

TEST(LogitScale, YarnAttentionFactorSquaredAndDeepSeekMscaleSquaredAreConstants) {
    ModelPositions model;
    model.num_layers = 1;
    model.groups = {group("full_attention", LayerTreatment::Rope, {0})};
    RopeParams& rope = model.groups[0].rope;
    rope.scaling.type = RopeScalingType::Yarn;
    rope.scaling.factor = 40.0;
    rope.scaling.original_max_position_embeddings = 4096;
    rope.scaling.mscale = 1.0;
    rope.scaling.mscale_all_dim = 1.0; // cos/sin factor mscale(40, 1) / mscale(40, 1) = 1
    rope.scaling.deepseek_softmax_mscale = true;
    std::vector<LogitFactor> factors = logitScales(model, 163840);
    ASSERT_EQ(factors.size(), 1U);
    EXPECT_EQ(factors[0].factor, "deepseek_softmax_mscale^2");
    const double m = 0.1 * std::log(40.0) + 1.0;
    EXPECT_NEAR(valueAt(factors[0], 0), m * m, 1e-15); // 1.8738542
    EXPECT_NEAR(valueAt(factors[0], 163839), m * m, 1e-15);

    rope.scaling.mscale = rope.scaling.mscale_all_dim = 0.0; // plain YaRN: (0.1 ln 40 + 1)^2 on q.k
    rope.scaling.deepseek_softmax_mscale = false;
    factors = logitScales(model, 4096);
    ASSERT_EQ(factors.size(), 1U);
    EXPECT_EQ(factors[0].factor, "attention_factor^2");
    EXPECT_NEAR(valueAt(factors[0], 4095), m * m, 1e-15);

    // Both a constant and a staircase: their product is listed as the total.
    model.groups[0].attn_temperature = {true, 4096.0, 0.1, 0};
    factors = logitScales(model, 16384);
    ASSERT_EQ(factors.size(), 3U);
    EXPECT_EQ(factors[2].factor, "total");
    EXPECT_NEAR(valueAt(factors[2], 4096), m * m * (1.0 + 0.1 * std::log(2.0)), 1e-14);
}

TEST(LogitScale, ManyStepsAreSampledExactlyAndGroupsWithoutAttentionAreLeftOut) {
    ModelPositions model;
    model.num_layers = 2;
    model.groups = {group("linear_attention", LayerTreatment::NoAttention, {0}),
        group("full_attention", LayerTreatment::NoPE, {1})};
    model.groups[1].attn_temperature = {true, 3.0, 0.5, 1};
    const std::vector<LogitFactor> factors = logitScales(model, 1 << 20);
    ASSERT_EQ(factors.size(), 1U);
    EXPECT_EQ(factors[0].points.size(), 4097U);
    for (const auto& [p, value] : factors[0].points) {
        EXPECT_NEAR(
            value, 1.0 + 0.5 * std::log(1.0 + std::floor((static_cast<double>(p) + 1.0) / 3.0)), 1e-13);
    }
    EXPECT_TRUE(
        logitScales(ModelPositions {1, {group("full_attention", LayerTreatment::Rope, {0})}}, 16).empty());
    EXPECT_THROW(logitScales(model, 0), InvalidParameter);
    EXPECT_THROW(logitScales(model, (std::int64_t {1} << 24) + 1), InvalidParameter);
}

} // namespace
} // namespace pecards
