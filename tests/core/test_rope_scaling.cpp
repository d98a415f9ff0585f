// Golden and property tests of RoPE context-extension scalings (rope_scaling.h), against
// HF transformers v5 `modeling_rope_utils.py` numbers, plus the RoPE parts of cfg_* cases.

#include "pecards/errors.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "support/golden.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace pecards {
namespace {

using test::expectClose;
using test::GoldenCase;

/// RopeParams from a rope_scaling_* case's params (HF key names).
RopeParams ropeFromCase(const GoldenCase& c) {
    const nlohmann::json& j = c.params();
    RopeParams p;
    p.head_dim = j.at("d").get<int>();
    p.base = j.at("base").get<double>();
    RopeScaling& s = p.scaling;
    s.type = fromString<RopeScalingType>(j.at("rope_type").get<std::string>());
    s.factor = j.value("factor", 1.0);
    s.original_max_position_embeddings = j.value("original_max_position_embeddings", std::int64_t {0});
    s.max_position_embeddings = j.value("max_position_embeddings", std::int64_t {0});
    s.beta_fast = j.value("beta_fast", 32.0);
    s.beta_slow = j.value("beta_slow", 1.0);
    s.truncate = j.value("truncate", true);
    s.low_freq_factor = j.value("low_freq_factor", 1.0);
    s.high_freq_factor = j.value("high_freq_factor", 4.0);
    s.short_factor = j.value("short_factor", std::vector<double> {});
    s.long_factor = j.value("long_factor", std::vector<double> {});
    return p;
}

TEST(RopeScalingGolden, LinearD64F4) {
    const GoldenCase c = GoldenCase::load("rope_scaling_linear_d64_f4");
    const RopeScalingResult r = ropeScaling(ropeFromCase(c), 4096);
    EXPECT_TRUE(expectClose(r.inv_freq, c.expectVector("inv_freq"), c.tolerance()));
    EXPECT_NEAR(r.attention_factor, c.expectNumber("attention_factor"), 1e-12);
}

TEST(RopeScalingGolden, DynamicNtkD64F2L2048) {
    const GoldenCase c = GoldenCase::load("rope_scaling_dynamic_d64_f2_L2048");
    const RopeParams p = ropeFromCase(c);
    for (const auto& seq_len_json : c.params().at("seq_lens")) {
        const auto seq_len = seq_len_json.get<std::int64_t>();
        SCOPED_TRACE("seq_len " + std::to_string(seq_len));
        const std::string suffix = "_seq_len_" + std::to_string(seq_len);
        const RopeScalingResult r = ropeScaling(p, seq_len);
        EXPECT_TRUE(expectClose(r.inv_freq, c.expectVector("inv_freq" + suffix), c.tolerance()));
        const double base = c.expectNumber("effective_base" + suffix);
        EXPECT_TRUE(expectClose(Eigen::VectorXd::Constant(1, r.effective_base),
            Eigen::VectorXd::Constant(1, base), c.tolerance()));
        EXPECT_EQ(r.attention_factor, c.expectNumber("attention_factor"));
        if (seq_len <= p.scaling.max_position_embeddings) {
            EXPECT_EQ(r.effective_base, p.base); // the base is kept, not recomputed
        }
    }
}

class YarnGolden : public ::testing::TestWithParam<const char*> { };

TEST_P(YarnGolden, MatchesHfV5) {
    const GoldenCase c = GoldenCase::load(GetParam());
    const RopeScalingResult r = ropeScaling(ropeFromCase(c), 4096);
    EXPECT_TRUE(expectClose(r.inv_freq, c.expectVector("inv_freq"), c.tolerance()));
    EXPECT_TRUE(expectClose(r.interpolation_weight, c.expectVector("interpolation_weight"), c.tolerance()));
    const Eigen::Vector2d range(r.correction_low, r.correction_high);
    EXPECT_TRUE(expectClose(range, c.expectVector("correction_range"), c.tolerance()));
    EXPECT_TRUE(expectClose(Eigen::VectorXd::Constant(1, r.attention_factor),
        Eigen::VectorXd::Constant(1, c.expectNumber("attention_factor")), c.tolerance()));
}

INSTANTIATE_TEST_SUITE_P(Cases, YarnGolden,
    ::testing::Values("rope_scaling_yarn_d64_f4_orig4096", "rope_scaling_yarn_d64_f4_orig4096_maxpos4096",
        "rope_scaling_yarn_d64_f32_theta150k_notruncate"));

TEST(RopeScalingGolden, Llama3D128F8) {
    const GoldenCase c = GoldenCase::load("rope_scaling_llama3_d128_f8");
    const RopeScalingResult r = ropeScaling(ropeFromCase(c), 8192);
    EXPECT_TRUE(expectClose(r.inv_freq, c.expectVector("inv_freq"), c.tolerance()));
    EXPECT_TRUE(expectClose(r.band.cast<double>(), c.expectVector("band"), {0, 0}));
    EXPECT_EQ(r.attention_factor, c.expectNumber("attention_factor"));
}

TEST(RopeScalingGolden, LongRopeD16Orig4096) {
    const GoldenCase c = GoldenCase::load("rope_scaling_longrope_d16_orig4096");
    const RopeParams p = ropeFromCase(c);
    for (const auto& [seq_len_text, which] : c.expect().at("selected").items()) {
        const std::int64_t seq_len = std::stoll(seq_len_text);
        SCOPED_TRACE("seq_len " + seq_len_text);
        const RopeScalingResult r = ropeScaling(p, seq_len);
        const bool long_expected = which.get<std::string>() == "long";
        EXPECT_EQ(r.long_factor_selected, long_expected);
        EXPECT_TRUE(expectClose(
            r.inv_freq, c.expectVector(long_expected ? "inv_freq_long" : "inv_freq_short"), c.tolerance()));
        EXPECT_TRUE(expectClose(Eigen::Vector2d(r.factor, r.attention_factor),
            Eigen::Vector2d(c.expectNumber("factor"), c.expectNumber("attention_factor")), c.tolerance()));
    }
}

TEST(RopeScalingProperty, ExplicitAttentionFactorOverrides) {
    const GoldenCase c = GoldenCase::load("rope_scaling_longrope_d16_orig4096");
    RopeParams p = ropeFromCase(c);
    p.scaling.attention_factor = 1.5;
    EXPECT_EQ(ropeScaling(p, 100).attention_factor, 1.5);
    p.scaling.type = RopeScalingType::Yarn;
    p.scaling.factor = 4.0;
    EXPECT_EQ(ropeScaling(p, 100).attention_factor, 1.5);
}

/// cfg_deepseek-v2-lite (deepseek-v2-lite.mlc-preset.json): qk_rope_head_dim 64, rope_theta
/// 10000, rope_scaling {yarn, factor 40, mscale 0.707, mscale_all_dim 0.707, beta_fast 32,
/// beta_slow 1, original_max_position_embeddings 4096}, max_position_embeddings 163840.
TEST(RopeScalingGolden, DeepSeekV2LiteConfig) {
    const GoldenCase c = GoldenCase::load("cfg_deepseek-v2-lite");
    RopeParams p;
    p.head_dim = 64;
    p.base = 10000.0;
    p.scaling.type = RopeScalingType::Yarn;
    p.scaling.factor = 40.0;
    p.scaling.mscale = 0.707;
    p.scaling.mscale_all_dim = 0.707;
    p.scaling.original_max_position_embeddings = 4096;
    p.scaling.max_position_embeddings = 163840;
    p.scaling.deepseek_softmax_mscale = true; // model_type deepseek_v2
    ASSERT_EQ(p.head_dim, c.expect().at("rotary_dim").get<int>());
    const RopeScalingResult r = ropeScaling(p, 4096);
    EXPECT_TRUE(expectClose(
        r.inv_freq.head(3), test::toVector(c.expect().at("inv_freq").at("first3")), c.tolerance()));
    EXPECT_TRUE(expectClose(
        r.inv_freq.tail(3), test::toVector(c.expect().at("inv_freq").at("last3")), c.tolerance()));
    EXPECT_TRUE(expectClose(Eigen::Vector2d(r.correction_low, r.correction_high),
        c.expectVector("correction_range"), c.tolerance()));
    EXPECT_TRUE(expectClose(Eigen::Vector2d(r.attention_factor, r.logit_scale_total),
        Eigen::Vector2d(c.expectNumber("attention_factor"), c.expectNumber("logit_scale_multiplier_total")),
        c.tolerance()));
}

/// DeepSeek's extra softmax factor belongs to DeepSeek-V2/V3 attention only. Numbers by hand
/// (python math): get_mscale(s, m) = 0.1 m ln s + 1; factor 4, mscale 1, mscale_all_dim 0.8.
TEST(RopeScaling, DeepSeekSoftmaxMscaleOnlyWhereTheModelAppliesIt) {
    RopeParams p;
    p.head_dim = 64;
    p.scaling.type = RopeScalingType::Yarn;
    p.scaling.factor = 4.0;
    p.scaling.mscale = 1.0;
    p.scaling.mscale_all_dim = 0.8;
    p.scaling.original_max_position_embeddings = 4096;
    // HF _compute_yarn_parameters: attention factor get_mscale(4, 1) / get_mscale(4, 0.8).
    const RopeScalingResult plain = ropeScaling(p, 0);
    EXPECT_NEAR(plain.attention_factor, 1.138629436111989 / 1.1109035488895913, 1e-15);
    EXPECT_NEAR(plain.logit_scale_total, 1.0505388214010765, 1e-14); // (1.138629 / 1.110904)^2
    // DeepSeek: x get_mscale(4, 0.8)^2, so the total is get_mscale(4, 1)^2.
    p.scaling.deepseek_softmax_mscale = true;
    EXPECT_NEAR(ropeScaling(p, 0).logit_scale_total, 1.2964769927807063, 1e-14);
    // mscale_all_dim not given: DeepSeek's `if mscale_all_dim:` skips it.
    p.scaling.mscale_all_dim = 0.0;
    EXPECT_NEAR(ropeScaling(p, 0).logit_scale_total, 1.2964769927807063, 1e-14); // 0.1 ln 4 + 1, squared
    // Factor 1: get_mscale returns 1 for s <= 1.
    p.scaling.mscale_all_dim = 0.8;
    p.scaling.factor = 1.0;
    EXPECT_DOUBLE_EQ(ropeScaling(p, 0).logit_scale_total, 1.0);
}

/// cfg_llama-3.1-8b (llama-3.1-8b.mlc-preset.json): head_dim 4096/32 = 128, rope_theta 500000,
/// rope_scaling {llama3, factor 8, low 1, high 4, original_max_position_embeddings 8192}.
TEST(RopeScalingGolden, Llama31Config) {
    const GoldenCase c = GoldenCase::load("cfg_llama-3.1-8b");
    RopeParams p;
    p.head_dim = 128;
    p.base = 500000.0;
    p.scaling.type = fromString<RopeScalingType>(c.expect().at("rope_type").get<std::string>());
    p.scaling.factor = 8.0;
    p.scaling.low_freq_factor = 1.0;
    p.scaling.high_freq_factor = 4.0;
    p.scaling.original_max_position_embeddings = 8192;
    p.scaling.max_position_embeddings = 131072;
    const RopeScalingResult r = ropeScaling(p, 8192);
    EXPECT_TRUE(expectClose(
        r.inv_freq.head(3), test::toVector(c.expect().at("inv_freq").at("first3")), c.tolerance()));
    EXPECT_TRUE(expectClose(
        r.inv_freq.tail(3), test::toVector(c.expect().at("inv_freq").at("last3")), c.tolerance()));
    EXPECT_EQ(r.attention_factor, c.expectNumber("attention_factor"));
}

/// Llama 4 Scout (config.json text_config): head_dim 128, rope_theta 500000, rope_scaling {llama3,
/// factor 16, low_freq_factor 1, high_freq_factor 1, original_max_position_embeddings 8192}. Equal
/// factors leave no blended band (HF `_compute_llama3_parameters`: is_medium_freq is empty), so
/// pair i keeps theta_i = 500000^(-2i/128) when its wavelength 2 pi / theta_i < 8192, else theta_i / 16.
TEST(RopeScalingGolden, Llama4ScoutEqualFactorsHaveNoBlendedBand) {
    RopeParams p;
    p.head_dim = 128;
    p.base = 500000.0;
    p.layout = RopeLayout::Interleaved;
    p.scaling.type = RopeScalingType::Llama3;
    p.scaling.factor = 16.0;
    p.scaling.low_freq_factor = 1.0;
    p.scaling.high_freq_factor = 1.0;
    p.scaling.original_max_position_embeddings = 8192;
    p.scaling.max_position_embeddings = 10485760;
    EXPECT_NO_THROW(validate(p));
    const RopeScalingResult r = ropeScaling(p, 10485760);
    int divided = 0;
    for (int i = 0; i < 64; ++i) {
        const long double theta = std::pow(500000.0L, -2.0L * i / 128.0L);
        const bool long_wave = 2.0L * std::numbers::pi_v<long double> / theta > 8192.0L;
        const double expected = static_cast<double>(long_wave ? theta / 16.0L : theta);
        EXPECT_NEAR(r.inv_freq[i], expected, 1e-15 * expected) << "pair " << i;
        divided += long_wave ? 1 : 0;
    }
    EXPECT_GT(divided, 10);
    EXPECT_LT(divided, 54);
}

TEST(RopeScalingProperty, NoneAndFactorOneKeepTheFrequencies) {
    RopeParams p;
    p.head_dim = 32;
    const Eigen::VectorXd theta = ropeInvFreq(p);
    EXPECT_TRUE(expectClose(ropeScaling(p, 100).inv_freq, theta, {0, 0}));
    for (RopeScalingType type : {RopeScalingType::Linear, RopeScalingType::Yarn, RopeScalingType::Llama3}) {
        p.scaling.type = type;
        p.scaling.factor = 1.0;
        p.scaling.original_max_position_embeddings = 4096;
        const RopeScalingResult r = ropeScaling(p, 100);
        EXPECT_TRUE(expectClose(r.inv_freq, theta, {1e-15, 1e-15})) << toString(type);
        EXPECT_EQ(r.attention_factor, 1.0) << toString(type);
    }
}

TEST(RopeScalingProperty, ScaledFrequenciesLieBetweenInterpolatedAndOriginal) {
    RopeParams p;
    p.head_dim = 128;
    p.scaling.factor = 16.0;
    p.scaling.original_max_position_embeddings = 4096;
    const Eigen::VectorXd theta = ropeInvFreq(p);
    for (RopeScalingType type : {RopeScalingType::Yarn, RopeScalingType::Llama3}) {
        p.scaling.type = type;
        const Eigen::VectorXd scaled = ropeScaledInvFreq(p, 4096);
        for (Eigen::Index i = 0; i < theta.size(); ++i) {
            EXPECT_LE(scaled[i], theta[i] * (1 + 1e-15)) << toString(type) << " i = " << i;
            EXPECT_GE(scaled[i], theta[i] / 16.0 * (1 - 1e-15)) << toString(type) << " i = " << i;
        }
        EXPECT_DOUBLE_EQ(scaled[0], 1.0); // the fastest pair is never interpolated
        EXPECT_NEAR(scaled[theta.size() - 1], theta[theta.size() - 1] / 16.0, 1e-18);
    }
}

TEST(RopeScaling, RejectsBadSeqLen) {
    RopeParams p;
    EXPECT_THROW(ropeScaling(p, -1), InvalidParameter);
    EXPECT_THROW(ropeScaling(p, kMaxLength + 1), InvalidParameter);
}

} // namespace
} // namespace pecards
