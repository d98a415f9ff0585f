// Hugging Face transformers' own expectations (tests/utils/test_modeling_rope_utils.py, v5, and
// the config classes) and the failing inputs of the real-models issue, as tests of the loader.
// Every expected number is recomputed here from the published formula, not taken from the code.

#include "common/configerror.h"
#include "common/modelconfig.h"
#include "pecards/modelpositions.h"
#include "pecards/params.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"

#include <QByteArray>
#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <string>

namespace {

using pecards::LayerTreatment;
using pecards::RopeScalingType;
using pecards::app::ConfigError;
using pecards::app::ModelConfig;
using pecards::app::parseModelConfig;

ModelConfig load(const QByteArray& json) {
    return parseModelConfig(json, QStringLiteral("hf.json"));
}

/// The error a config raises; fails the test when it loads.
std::string refusal(const QByteArray& json) {
    try {
        load(json);
    } catch (const ConfigError& error) {
        return error.what();
    }
    ADD_FAILURE() << "the config loaded";
    return {};
}

bool warns(const ModelConfig& config, const char* phrase) {
    return std::any_of(config.warnings.begin(), config.warnings.end(),
        [&](const QString& warning) { return warning.contains(QString::fromLatin1(phrase)); });
}

/// LlamaConfig defaults of the HF test: hidden 4096, 32 heads (head_dim 128), max 2048.
QByteArray llamaWithRope(const char* rope) {
    return QByteArray(R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
        "num_hidden_layers": 2, "max_position_embeddings": 2048, "rope_parameters": )")
        + rope + "}";
}

double theta(double base, int i, int r) {
    return std::pow(base, -2.0 * i / r);
}

TEST(HfRopeSuite, DefaultRopeNumerically) {
    const ModelConfig config = load(llamaWithRope(R"({"rope_type": "default", "rope_theta": 10000.0})"));
    const Eigen::VectorXd inv = pecards::ropeScaling(config.rope, 0).inv_freq;
    ASSERT_EQ(inv.size(), 64);
    // HF's snapshot: 1.0000e+00, 8.6596e-01, 7.4989e-01, ... 1.1548e-04 (4 digits).
    EXPECT_NEAR(inv[1], 8.6596e-01, 5e-5);
    EXPECT_NEAR(inv[2], 7.4989e-01, 5e-5);
    EXPECT_NEAR(inv[63], 1.1548e-04, 5e-8);
    EXPECT_EQ(pecards::ropeScaling(config.rope, 0).attention_factor, 1.0);
}

TEST(HfRopeSuite, NonDefaultTypesWithOnlyThetaAreRefused) {
    for (const char* type : {"linear", "dynamic", "yarn", "llama3", "longrope"}) {
        SCOPED_TRACE(type);
        const std::string rope = std::string(R"({"rope_type": ")") + type + R"(", "rope_theta": 10000.0})";
        EXPECT_NE(
            refusal(llamaWithRope(rope.c_str())).find("is missing (needed by rope_type"), std::string::npos);
    }
}

TEST(HfRopeSuite, UnrecognizedKeysWarn) {
    const ModelConfig config
        = load(llamaWithRope(R"({"rope_type": "default", "rope_theta": 10000.0, "mrope_sections": 1})"));
    EXPECT_TRUE(warns(config, "rope_parameters.mrope_sections"));
}

// transformers v5 `_validate_*_parameters` warn where a float parameter is written as an integer
// ("factor field must be a float >= 1, got 8"); Python's json keeps 8 and 8.0 apart, and so does
// the loader. The same values as floats give no such warning.
TEST(HfRopeSuite, FloatParametersWrittenAsIntegersWarnAsTransformersDoes) {
    const ModelConfig yarn = load(llamaWithRope(R"({"rope_type": "yarn", "rope_theta": 10000.0, "factor": 2,
        "beta_fast": 32, "beta_slow": 1.0, "attention_factor": 1, "original_max_position_embeddings": 1024})"));
    EXPECT_TRUE(warns(yarn, "rope_parameters.factor = 2 is written as an integer"));
    EXPECT_TRUE(warns(yarn, "rope_parameters.beta_fast = 32 is written as an integer"));
    EXPECT_TRUE(warns(yarn, "rope_parameters.attention_factor = 1 is written as an integer"));
    EXPECT_FALSE(warns(yarn, "beta_slow = 1 is written")); // 1.0 is a float
    EXPECT_EQ(yarn.rope.scaling.factor, 2.0); // computed with as given
    const ModelConfig llama3
        = load(llamaWithRope(R"({"rope_type": "llama3", "rope_theta": 500000.0, "factor": 8.0,
        "low_freq_factor": 1, "high_freq_factor": 4.0, "original_max_position_embeddings": 1024.0})"));
    EXPECT_TRUE(warns(llama3, "rope_parameters.low_freq_factor = 1 is written as an integer"));
    EXPECT_FALSE(warns(llama3, "factor = 8 is written"));
    EXPECT_FALSE(warns(llama3, "high_freq_factor = 4 is written"));
    EXPECT_TRUE(warns(llama3, "original_max_position_embeddings is written as a float"));
    const ModelConfig floats
        = load(llamaWithRope(R"({"rope_type": "linear", "rope_theta": 10000.0, "factor": 2e0})"));
    EXPECT_TRUE(floats.warnings.isEmpty()) << floats.warnings.join(u'\n').toStdString();
}

// DeepSeek-V3's config.json as published: transformers prints the same three warnings on loading it
// (factor 40, beta_fast 32, beta_slow 1 given as integers).
TEST(HfRopeSuite, DeepSeekV3WarnsOfItsThreeIntegerYarnParameters) {
    const ModelConfig config = pecards::app::readModelConfig(
        QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/2026/deepseek-v3.json"));
    EXPECT_TRUE(warns(config, "rope_scaling.factor = 40 is written as an integer"));
    EXPECT_TRUE(warns(config, "rope_scaling.beta_fast = 32 is written as an integer"));
    EXPECT_TRUE(warns(config, "rope_scaling.beta_slow = 1 is written as an integer"));
}

TEST(HfRopeSuite, YarnImplicitFactorWarns) {
    // factor 2 with original = max/2: no warning; original 512 (implicit 4): a warning.
    const ModelConfig good = load(llamaWithRope(
        R"({"rope_type": "yarn", "rope_theta": 10000.0, "factor": 2.0, "original_max_position_embeddings": 1024})"));
    EXPECT_TRUE(good.warnings.isEmpty()) << good.warnings.join(u'\n').toStdString();
    const ModelConfig bad = load(llamaWithRope(
        R"({"rope_type": "yarn", "rope_theta": 10000.0, "factor": 2.0, "original_max_position_embeddings": 512})"));
    EXPECT_TRUE(warns(bad, "differs from max_position_embeddings / original_max_position_embeddings = 4"));
}

TEST(HfRopeSuite, YarnAttentionFactorDefaultsAndOverride) {
    for (const double factor : {2.0, 10.0, 20.0}) {
        const std::string rope
            = R"({"rope_type": "yarn", "rope_theta": 10000.0, "factor": )" + std::to_string(factor) + "}";
        const ModelConfig config = load(llamaWithRope(rope.c_str()));
        // original_max_position_embeddings filled from max_position_embeddings (v5 standardization).
        EXPECT_EQ(config.rope.scaling.original_max_position_embeddings, 2048);
        EXPECT_DOUBLE_EQ(pecards::ropeScaling(config.rope, 0).attention_factor, 0.1 * std::log(factor) + 1.0);
        const std::string withFactor
            = R"({"rope_type": "yarn", "rope_theta": 10000.0, "attention_factor": 0.5, "factor": )"
            + std::to_string(factor) + "}";
        EXPECT_EQ(
            pecards::ropeScaling(load(llamaWithRope(withFactor.c_str())).rope, 1).attention_factor, 0.5);
    }
}

TEST(HfRopeSuite, YarnFrequenciesLieBetweenScaledAndUnscaled) {
    const ModelConfig config
        = load(llamaWithRope(R"({"rope_type": "yarn", "rope_theta": 10000.0, "factor": 10.0,
        "beta_fast": 32, "beta_slow": 1})"));
    const Eigen::VectorXd inv = pecards::ropeScaling(config.rope, 0).inv_freq;
    for (int i = 0; i < inv.size(); ++i) {
        EXPECT_GE(inv[i], theta(10000.0, i, 128) / 10.0 - 1e-12);
        EXPECT_LE(inv[i], theta(10000.0, i, 128) + 1e-12);
    }
}

TEST(HfRopeSuite, LongRopeAttentionFactorFromExplicitFactor) {
    std::string shortList = "[";
    std::string longList = "[";
    for (int i = 0; i < 64; ++i) {
        shortList += std::string(i ? "," : "") + "2.0";
        longList += (i ? "," : "") + std::to_string(i + 1);
    }
    shortList += "]";
    longList += "]";
    for (const double factor : {2.0, 10.0, 20.0}) {
        const std::string rope = R"({"rope_type": "longrope", "rope_theta": 10000.0, "factor": )"
            + std::to_string(factor) + R"(, "short_factor": )" + shortList + R"(, "long_factor": )" + longList
            + "}";
        const ModelConfig config = load(llamaWithRope(rope.c_str()));
        // sqrt(1 + ln(factor) / ln(L0)) with L0 = max_position_embeddings = 2048 (filled).
        EXPECT_DOUBLE_EQ(pecards::ropeScaling(config.rope, 0).attention_factor,
            std::sqrt(1.0 + std::log(factor) / std::log(2048.0)));
    }
    // The issue's case: head_dim 128, factor 10, max 2048, original 2048.
    const std::string issue = R"({"rope_type": "longrope", "rope_theta": 10000.0, "factor": 10,
        "original_max_position_embeddings": 2048, "short_factor": )"
        + shortList + R"(, "long_factor": )" + longList + "}";
    const ModelConfig config = load(llamaWithRope(issue.c_str()));
    EXPECT_NEAR(pecards::ropeScaling(config.rope, 0).attention_factor, 1.1410492816577111, 1e-15);
    // seq_len <= L0: short factors; > L0: long factors (theta_i / ext_i).
    const Eigen::VectorXd shortInv = pecards::ropeScaling(config.rope, 1).inv_freq;
    const Eigen::VectorXd longInv = pecards::ropeScaling(config.rope, 2049).inv_freq;
    for (const int i : {0, 5, 63}) {
        EXPECT_NEAR(shortInv[i], theta(10000.0, i, 128) / 2.0, 1e-15);
        EXPECT_NEAR(longInv[i], theta(10000.0, i, 128) / (i + 1), 1e-15);
    }
    // Explicit factor 1: attention factor 1 (HF: factor <= 1).
    const std::string one
        = R"({"rope_type": "longrope", "factor": 1.0, "original_max_position_embeddings": 1024,
        "short_factor": )"
        + shortList + R"(, "long_factor": )" + longList + "}";
    EXPECT_EQ(pecards::ropeScaling(load(llamaWithRope(one.c_str())).rope, 0).attention_factor, 1.0);
}

TEST(HfRopeSuite, Llama3AttentionFactorIsOne) {
    const ModelConfig config
        = load(llamaWithRope(R"({"rope_type": "llama3", "rope_theta": 10000.0, "factor": 10.0,
        "original_max_position_embeddings": 2048, "low_freq_factor": 1, "high_freq_factor": 4})"));
    EXPECT_EQ(pecards::ropeScaling(config.rope, 0).attention_factor, 1.0);
    EXPECT_TRUE(warns(config, "is not below max_position_embeddings"));
}

TEST(HfRopeSuite, FactorBelowOneLoadsWithAWarning) {
    const ModelConfig config = load(llamaWithRope(R"({"rope_type": "linear", "factor": 0.5})"));
    EXPECT_TRUE(warns(config, "is below 1"));
    EXPECT_DOUBLE_EQ(pecards::ropeScaling(config.rope, 0).inv_freq[1], theta(10000.0, 1, 128) / 0.5);
}

TEST(HfRopeSuite, PerLayerTypeRopeParameters) {
    // The issue's silent misreading: each layer type gets its own entry.
    const ModelConfig config = load(QByteArray(R"({"model_type":"gemma3_text","hidden_size":2304,
        "num_attention_heads":8,"head_dim":256,"max_position_embeddings":131072,"num_hidden_layers":2,
        "layer_types":["full_attention","sliding_attention"],"rope_parameters":{"full_attention":
        {"rope_type":"linear","rope_theta":1000000.0,"factor":8.0},"sliding_attention":
        {"rope_type":"default","rope_theta":10000.0}}})"));
    EXPECT_EQ(config.ropeType, QStringLiteral("linear"));
    EXPECT_EQ(config.rope.base, 1e6);
    EXPECT_NEAR(pecards::ropeScaling(config.rope, 0).inv_freq[1], theta(1e6, 1, 256) / 8.0, 1e-15);
    EXPECT_NEAR(pecards::ropeScaling(config.rope, 0).inv_freq[1], 0.1122, 5e-5);
    const pecards::LayerGroup& sliding = config.positions.groupOf(1);
    EXPECT_EQ(sliding.name, "sliding_attention");
    EXPECT_EQ(sliding.rope.base, 1e4);
    EXPECT_EQ(sliding.rope.scaling.type, RopeScalingType::None);
    EXPECT_NEAR(pecards::ropeInvFreq(sliding.rope)[1], 0.9306, 5e-5);
    // A linear entry without its factor is refused, as HF raises.
    const std::string message = refusal(QByteArray(R"({"model_type":"gemma3_text","hidden_size":2304,
        "num_attention_heads":8,"head_dim":256,"max_position_embeddings":131072,"num_hidden_layers":2,
        "layer_types":["full_attention","sliding_attention"],"rope_parameters":{"full_attention":
        {"rope_type":"linear","rope_theta":1000000.0},"sliding_attention":{"rope_type":"default"}}})"));
    EXPECT_NE(message.find("rope_parameters.full_attention.factor is missing"), std::string::npos) << message;
}

TEST(HfConfigForms, LegacyAliases) {
    std::string list = "[";
    for (int i = 0; i < 64; ++i) {
        list += std::string(i ? "," : "") + "1.5";
    }
    list += "]";
    const std::string su = R"({"model_type": "phi3", "hidden_size": 4096, "num_attention_heads": 32,
        "max_position_embeddings": 131072, "original_max_position_embeddings": 4096,
        "rope_scaling": {"type": "su", "short_factor": )"
        + list + R"(, "long_factor": )" + list + "}}";
    const ModelConfig phi = load(QByteArray::fromStdString(su));
    EXPECT_EQ(phi.ropeType, QStringLiteral("longrope"));
    EXPECT_EQ(phi.rope.scaling.original_max_position_embeddings, 4096);
    EXPECT_NEAR(pecards::ropeScaling(phi.rope, 0).attention_factor,
        std::sqrt(1.0 + std::log(32.0) / std::log(4096.0)), 1e-15);
    const ModelConfig mrope = load(QByteArray(R"({"model_type": "qwen2_vl", "hidden_size": 3584,
        "num_attention_heads": 28, "rope_theta": 1000000.0, "rope_scaling": {"type": "mrope",
        "mrope_section": [16, 24, 24]}})"));
    EXPECT_EQ(mrope.ropeType, QStringLiteral("default"));
    EXPECT_EQ(mrope.positions.groups.front().mrope_section, (std::vector<int> {16, 24, 24}));
    const std::string bad = refusal(QByteArray(R"({"model_type": "qwen2_vl", "hidden_size": 3584,
        "num_attention_heads": 28, "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 23]}})"));
    EXPECT_NE(bad.find("mrope_section"), std::string::npos) << bad;
}

TEST(HfConfigForms, PartialRotaryUnderEveryName) {
    const auto rotary = [](const char* extra) {
        return pecards::rotaryDim(load(QByteArray(R"({"model_type": "phi", "hidden_size": 2560,
            "num_attention_heads": 32, )")
            + extra + "}")
                                      .rope);
    };
    EXPECT_EQ(rotary(R"("partial_rotary_factor": 0.4)"), 32); // int(80 * 0.4)
    EXPECT_EQ(rotary(R"("rotary_pct": 0.25)"), 20);
    EXPECT_EQ(rotary(R"("rotary_dim": 16)"), 16);
    EXPECT_EQ(rotary(R"("rope_parameters": {"rope_type": "default", "partial_rotary_factor": 0.5})"), 40);
    // v5: the top-level factor wins over the block's.
    EXPECT_EQ(
        rotary(R"("partial_rotary_factor": 0.4, "rope_parameters": {"partial_rotary_factor": 0.5})"), 32);
    // GLM-4 (HF `glm`): half of head_dim by default, interleaved pairs.
    const ModelConfig glm = load(QByteArray(R"({"model_type": "glm", "hidden_size": 4096,
        "num_attention_heads": 32, "head_dim": 128})"));
    EXPECT_EQ(pecards::rotaryDim(glm.rope), 64);
    EXPECT_EQ(glm.rope.layout, pecards::RopeLayout::Interleaved);
    // ChatGLM: rope_ratio multiplies the base.
    const ModelConfig chatglm = load(QByteArray(R"({"model_type": "chatglm", "hidden_size": 4096,
        "num_attention_heads": 32, "kv_channels": 128, "rope_ratio": 500, "seq_length": 131072})"));
    EXPECT_EQ(chatglm.rope.base, 5e6);
    EXPECT_EQ(pecards::rotaryDim(chatglm.rope), 64);
}

TEST(HfConfigForms, DeepSeekV3UsesQkRopeHeadDim) {
    const ModelConfig config = load(QByteArray(R"({"model_type": "deepseek_v3", "hidden_size": 7168,
        "num_attention_heads": 128, "num_hidden_layers": 61, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64,
        "max_position_embeddings": 163840, "rope_theta": 10000, "rope_scaling": {"type": "yarn", "factor": 40,
        "original_max_position_embeddings": 4096, "beta_fast": 32, "beta_slow": 1, "mscale": 1.0,
        "mscale_all_dim": 1.0}})"));
    EXPECT_EQ(config.headDim, 192);
    EXPECT_EQ(pecards::rotaryDim(config.rope), 64);
    EXPECT_EQ(config.rope.layout, pecards::RopeLayout::Interleaved);
    const pecards::RopeScalingResult result = pecards::ropeScaling(config.rope, 0);
    EXPECT_DOUBLE_EQ(result.attention_factor, 1.0); // mscale / mscale_all_dim, both 1
    const double m = 0.1 * std::log(40.0) + 1.0;
    EXPECT_NEAR(result.logit_scale_total, m * m, 1e-12);
    EXPECT_TRUE(config.rope.scaling.deepseek_softmax_mscale);
}

TEST(HfConfigForms, OtherYarnModelsGetNoDeepSeekSoftmaxFactor) {
    // The same rope_scaling block in a Qwen2 config: HF Qwen2Attention keeps head_dim^-0.5, so the
    // total is only the attention factor squared, (get_mscale(40, 1) / get_mscale(40, 1))^2 = 1.
    const ModelConfig config = load(QByteArray(R"({"model_type": "qwen2", "hidden_size": 4096,
        "num_attention_heads": 32, "max_position_embeddings": 163840, "rope_theta": 10000,
        "rope_scaling": {"type": "yarn", "factor": 40, "original_max_position_embeddings": 4096,
        "mscale": 1.0, "mscale_all_dim": 1.0}})"));
    EXPECT_FALSE(config.rope.scaling.deepseek_softmax_mscale);
    EXPECT_DOUBLE_EQ(pecards::ropeScaling(config.rope, 0).logit_scale_total, 1.0);
    // DeepSeek-V2-Lite (shipped preset): (0.1 * 0.707 * ln 40 + 1)^2 = 1.5896261651208736.
    const ModelConfig lite = pecards::app::readModelConfig(
        QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/deepseek-v2-lite.mlc-preset.json"));
    EXPECT_NEAR(pecards::ropeScaling(lite.rope, 0).logit_scale_total, 1.5896261651208736, 1e-13);
}

TEST(HfConfigForms, NestedTextConfigAndNameOrPath) {
    const ModelConfig config = load(QByteArray(R"({"_name_or_path": "org/vlm", "model_type": "llava",
        "text_config": {"model_type": "mistral", "hidden_size": 4096, "num_attention_heads": 32,
        "rope_theta": 1000000.0, "max_position_embeddings": 32768, "sliding_window": 4096,
        "num_hidden_layers": 3}, "vision_config": {"hidden_size": 1024}})"));
    EXPECT_EQ(config.name, QStringLiteral("org/vlm"));
    EXPECT_EQ(config.modelType, QStringLiteral("mistral"));
    EXPECT_EQ(config.textConfigKey, QStringLiteral("text_config"));
    EXPECT_EQ(config.rope.base, 1e6);
    ASSERT_EQ(config.positions.groups.size(), 1u);
    EXPECT_EQ(config.positions.groups.front().sliding_window, 4096);
    const std::string message = refusal(QByteArray(R"({"model_type": "llava", "text_config":
        {"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "rope_scaling":
        {"rope_type": "linear"}}})"));
    EXPECT_NE(message.find("text_config.rope_scaling.factor is missing"), std::string::npos) << message;
}

TEST(HfConfigForms, MaxPositionsAboveTheLengthLimitAreKeptWithAWarning) {
    const ModelConfig config = load(QByteArray(R"({"model_type": "llama", "hidden_size": 4096,
        "num_attention_heads": 32, "max_position_embeddings": 33554432})"));
    EXPECT_EQ(config.maxPositionEmbeddings, 33554432);
    EXPECT_TRUE(warns(config, "is above 2^24 = 16777216, the longest sequence PE Cards computes"));
    EXPECT_TRUE(warns(config, "views and lengths stop at 2^24"));
}

TEST(HfConfigForms, Llama4LikeNoPEAndChunkedAttention) {
    const ModelConfig config = load(QByteArray(R"({"model_type": "llama4", "text_config": {
        "model_type": "llama4_text", "hidden_size": 5120, "num_attention_heads": 40, "head_dim": 128,
        "num_hidden_layers": 8, "max_position_embeddings": 10485760, "rope_theta": 500000.0,
        "attention_chunk_size": 8192, "attn_temperature_tuning": true, "rope_scaling": {"rope_type": "llama3",
        "factor": 16.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
        "original_max_position_embeddings": 8192}}})"));
    // no_rope_layers absent: NoPE on every 4th layer (i + 1 divisible by 4), v4.51 Llama4TextConfig.
    ASSERT_EQ(config.positions.groups.size(), 2u);
    const pecards::LayerGroup& rope = config.positions.groups[0];
    const pecards::LayerGroup& nope = config.positions.groups[1];
    EXPECT_EQ(rope.treatment, LayerTreatment::Rope);
    EXPECT_EQ(rope.layers, (std::vector<int> {0, 1, 2, 4, 5, 6}));
    EXPECT_EQ(rope.attention_chunk, 8192);
    EXPECT_EQ(nope.treatment, LayerTreatment::NoPE);
    EXPECT_EQ(nope.layers, (std::vector<int> {3, 7}));
    EXPECT_EQ(nope.attention_chunk, 0);
    EXPECT_EQ(config.rope.layout, pecards::RopeLayout::Interleaved);
    // 10485760 is within the length limit 2^24: kept, and no warning.
    EXPECT_EQ(config.maxPositionEmbeddings, 10485760);
    EXPECT_FALSE(warns(config, "is above 2^"));
    EXPECT_TRUE(std::any_of(config.notes.begin(), config.notes.end(),
        [](const QString& note) { return note.contains(QStringLiteral("attn_temperature_tuning")); }));
    // Only the NoPE layers get the query temperature (v4.51: `if attn_temperature_tuning and not
    // use_rope`), with Llama4TextConfig's defaults floor_scale 8192, attn_scale 0.1.
    EXPECT_TRUE(nope.attn_temperature.enabled);
    EXPECT_EQ(nope.attn_temperature.floor_scale, 8192.0);
    EXPECT_EQ(nope.attn_temperature.attn_scale, 0.1);
    EXPECT_FALSE(rope.attn_temperature.enabled);
    // The card opens on the RoPE layers with their mask: chunks of 8192 (the engineer's review C11).
    pecards::CardParams card = pecards::startParams(pecards::Card::Rope);
    config.openOn(card);
    EXPECT_EQ(card.attention_chunk, 8192);
    EXPECT_EQ(card.sliding_window, 0);
}

TEST(HfConfigForms, Llama4TemperatureSettingsAndTruthiness) {
    // The config class default is the number 4 (truthy); explicit values are kept; false turns it off.
    const QByteArray base = R"({"model_type": "llama4_text", "hidden_size": 512, "num_attention_heads": 4,
        "head_dim": 128, "num_hidden_layers": 4, "max_position_embeddings": 8192, "rope_theta": 500000.0)";
    const ModelConfig numeric
        = load(base + R"(, "attn_temperature_tuning": 4, "floor_scale": 4096, "attn_scale": 0.25})");
    const pecards::LayerGroup& nope = numeric.positions.groups.at(1);
    ASSERT_EQ(nope.treatment, LayerTreatment::NoPE);
    EXPECT_TRUE(nope.attn_temperature.enabled);
    EXPECT_EQ(nope.attn_temperature.floor_scale, 4096.0);
    EXPECT_EQ(nope.attn_temperature.attn_scale, 0.25);
    const ModelConfig off = load(base + R"(, "attn_temperature_tuning": false})");
    EXPECT_FALSE(off.positions.groups.at(1).attn_temperature.enabled);
    EXPECT_TRUE(off.notes.filter(QStringLiteral("attn_temperature_tuning")).isEmpty());
    EXPECT_NE(refusal(base + R"(, "floor_scale": 0})").find("floor_scale"), std::string::npos);
}

TEST(HfConfigForms, TrueRefusals) {
    EXPECT_NE(refusal(QByteArray(R"({"model_type": "gpt2", "n_embd": 768, "n_head": 12})"))
                  .find("learned absolute position table"),
        std::string::npos);
    EXPECT_NE(refusal(QByteArray(R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 1,
        "num_hidden_layers": 2, "layer_types": ["full_attention"]})"))
                  .find("layer_types has 1 entries but the model has 2 layers"),
        std::string::npos);
}

TEST(HfConfigForms, ExtendedContextCoversTheScaling) {
    // Qwen2.5 YaRN x4 with L0 32768 and max_position_embeddings 32768 opens at 131072.
    const ModelConfig config = load(QByteArray(R"({"model_type": "qwen2", "hidden_size": 3584,
        "num_attention_heads": 28, "max_position_embeddings": 32768, "rope_theta": 1000000.0,
        "rope_scaling": {"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}})"));
    EXPECT_EQ(config.extendedContext(), 131072);
}

} // namespace

namespace {

// The reviewer's sparse Gemma 3 (no num_attention_heads, head_dim, rope_theta or
// max_position_embeddings): transformers fills them from Gemma3TextConfig (v4.50), so it loads
// with 8 heads of 256, global base 1e6 with the linear scaling, local base 1e4, 131072 positions.
TEST(ClassDefaults, SparseGemma3LoadsWithGemma3TextConfigsDefaults) {
    const ModelConfig config = parseModelConfig(QByteArray(R"({"model_type": "gemma3", "text_config": {
        "model_type": "gemma3_text", "hidden_size": 2560, "num_hidden_layers": 12,
        "rope_scaling": {"rope_type": "linear", "factor": 8.0}}})"),
        QStringLiteral("sparse-gemma3.json"));
    EXPECT_EQ(config.heads, 8);
    EXPECT_EQ(config.headDim, 256);
    EXPECT_EQ(config.maxPositionEmbeddings, 131072);
    ASSERT_EQ(config.positions.groups.size(), 2u);
    const pecards::LayerGroup& local = config.positions.groups[0];
    const pecards::LayerGroup& global = config.positions.groups[1];
    EXPECT_EQ(local.name, "sliding_attention");
    EXPECT_EQ(local.rope.base, 1e4);
    EXPECT_EQ(local.rope.scaling.type, RopeScalingType::None);
    EXPECT_EQ(local.sliding_window, 4096); // Gemma3TextConfig's sliding_window
    EXPECT_EQ(global.layers, (std::vector<int> {5, 11}));
    EXPECT_EQ(global.rope.base, 1e6);
    EXPECT_EQ(global.rope.scaling.type, RopeScalingType::Linear);
    // theta_1 = 1e6^(-2/256) / 8 on the global layers.
    EXPECT_NEAR(pecards::ropeScaledInvFreq(global.rope, 0)[1], std::pow(1e6, -2.0 / 256) / 8.0, 1e-15);
    ASSERT_FALSE(config.notes.isEmpty());
    EXPECT_TRUE(config.notes.front().contains(QStringLiteral("Gemma3TextConfig")))
        << config.notes.front().toStdString();
    bool sourced = false;
    for (const auto& [value, source] : config.sources) {
        sourced = sourced
            || (value == QStringLiteral("heads")
                && source.startsWith(QStringLiteral("class default: Gemma3TextConfig")));
    }
    EXPECT_TRUE(sourced);
}

} // namespace
