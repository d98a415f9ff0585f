// Synthetic configs: unknown schemes, missing or non-numeric keys and out-of-range values are
// rejected with a ConfigError that names the key; legacy and v5 spellings are accepted.

#include "common/configerror.h"
#include "common/modelconfig.h"
#include "pecards/rope.h"

#include <gtest/gtest.h>

namespace {

using pecards::app::ConfigError;
using pecards::app::ModelConfig;
using pecards::app::parseModelConfig;

/// A LLaMA-like config (head_dim 128) with `extra` spliced into the top-level object.
QByteArray llamaWith(const char* extra) {
    return QByteArray(R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
        "max_position_embeddings": 4096, "rope_theta": 10000.0)")
        + (extra[0] ? QByteArray(", ") + extra : QByteArray()) + "}";
}

struct BrokenCase {
    const char* label;
    QByteArray json;
    const char* key; ///< ConfigError::key()
    const char* phrase; ///< must appear in the message
};

class BrokenConfig : public ::testing::TestWithParam<BrokenCase> { };

TEST_P(BrokenConfig, IsRejectedNamingTheKey) {
    const BrokenCase& c = GetParam();
    try {
        parseModelConfig(c.json, QStringLiteral("synthetic.json"));
        ADD_FAILURE() << "accepted " << c.json.toStdString();
    } catch (const ConfigError& error) {
        EXPECT_EQ(error.key().toStdString(), c.key) << error.what();
        const std::string message = error.what();
        EXPECT_NE(message.find("synthetic.json"), std::string::npos) << message;
        EXPECT_NE(message.find(c.key), std::string::npos) << message;
        EXPECT_NE(message.find(c.phrase), std::string::npos) << message;
    }
}

INSTANTIATE_TEST_SUITE_P(Keys, BrokenConfig,
    ::testing::Values(
        BrokenCase {"unknown_rope_type", llamaWith(R"("rope_scaling": {"rope_type": "ntk", "factor": 2})"),
            "rope_scaling.rope_type",
            "\"ntk\" names a RoPE type Hugging Face transformers has no frequency rule"},
        BrokenCase {"unknown_layer_type",
            llamaWith(R"("num_hidden_layers": 2, "layer_types": ["full_attention", "mystery_attention"])"),
            "layer_types[1]", "\"mystery_attention\" is not a layer type PE Cards knows"},
        BrokenCase {"partial_factor_rotating_nothing", llamaWith(R"("partial_rotary_factor": 0.001)"),
            "partial_rotary_factor", "rotates no pair of head_dim = 128"},
        BrokenCase {"exaone_pattern_letters",
            QByteArray(R"({"model_type": "exaone4", "hidden_size": 4096, "num_attention_heads": 32,
                "num_hidden_layers": 4, "sliding_window": 4096, "sliding_window_pattern": "LLXG"})"),
            "sliding_window_pattern", "a string of L (sliding) and G (global) letters"},
        BrokenCase {"unknown_legacy_type",
            llamaWith(R"("rope_scaling": {"type": "ntk-by-parts", "factor": 2})"), "rope_scaling.type",
            "known: default, linear, dynamic, yarn, llama3, longrope"},
        BrokenCase {"linear_missing_factor", llamaWith(R"("rope_scaling": {"rope_type": "linear"})"),
            "rope_scaling.factor", "is missing (needed by rope_type \"linear\")"},
        BrokenCase {"yarn_missing_original_and_max",
            QByteArray(R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
                "rope_scaling": {"rope_type": "yarn", "factor": 4.0}})"),
            "rope_scaling.original_max_position_embeddings", "and so is max_position_embeddings"},
        BrokenCase {"llama3_missing_low_freq",
            llamaWith(R"("rope_scaling": {"rope_type": "llama3", "factor": 8, "high_freq_factor": 4,
                "original_max_position_embeddings": 8192})"),
            "rope_scaling.low_freq_factor", "is missing (needed by rope_type \"llama3\")"},
        BrokenCase {"longrope_short_list",
            llamaWith(R"("rope_scaling": {"rope_type": "longrope", "original_max_position_embeddings": 1024,
                "short_factor": [1, 1, 1], "long_factor": [1, 1, 1]})"),
            "rope_scaling.short_factor", "has 3 entries; rope_type \"longrope\" needs rotary_dim/2 = 64"},
        BrokenCase {"factor_not_a_number",
            llamaWith(R"("rope_scaling": {"rope_type": "linear", "factor": "four"})"), "rope_scaling.factor",
            "= \"four\" is not a number"},
        BrokenCase {"list_element_not_a_number",
            llamaWith(R"("rope_scaling": {"rope_type": "longrope", "original_max_position_embeddings": 1024,
                "short_factor": [1, 2, "x"], "long_factor": []})"),
            "rope_scaling.short_factor[2]", "is not a number"},
        BrokenCase {"theta_not_a_number",
            llamaWith(R"("rope_theta_x": 1, "rope_scaling": null, "head_dim": "big")"), "head_dim",
            "is not a number"},
        BrokenCase {"truncate_not_bool",
            llamaWith(
                R"("rope_scaling": {"rope_type": "yarn", "factor": 4, "original_max_position_embeddings": 1024,
                "truncate": "no"})"),
            "rope_scaling.truncate", "is not true or false"},
        BrokenCase {"factor_far_below_one",
            llamaWith(R"("rope_scaling": {"rope_type": "linear", "factor": 1e-5})"), "rope_scaling.factor",
            "= 1e-05 is invalid"},
        BrokenCase {"odd_partial_rotary", llamaWith(R"("partial_rotary_factor": 0.1015625)"),
            "partial_rotary_factor", "rotary_dim = 13 is invalid"},
        BrokenCase {"missing_heads", QByteArray(R"({"model_type": "llama", "hidden_size": 4096})"),
            "num_attention_heads", "is missing"},
        BrokenCase {"hidden_not_multiple",
            QByteArray(R"({"model_type": "llama", "hidden_size": 4000, "num_attention_heads": 3})"),
            "hidden_size", "is not a multiple of num_attention_heads = 3"},
        BrokenCase {"no_positional_encoding",
            QByteArray(R"({"model_type": "gpt2", "n_embd": 768, "n_head": 12, "n_positions": 1024})"),
            "model_type", "uses a learned absolute position table"},
        BrokenCase {"unknown_family_without_keys",
            QByteArray(R"({"model_type": "mamba", "hidden_size": 768, "num_attention_heads": 12})"),
            "model_type", "is not a family PE Cards knows, and the config has none of the keys"},
        BrokenCase {"missing_model_type", QByteArray(R"({"hidden_size": 64, "num_attention_heads": 1})"),
            "model_type", "is missing"},
        BrokenCase {"extracted_marker", QByteArray(R"({"_format": "launch script", "NHEADS": 16})"),
            "_format", "not a Hugging Face config.json"},
        BrokenCase {"not_json", QByteArray("{\"model_type\": "), "", "not valid JSON"}),
    [](const auto& param) { return std::string(param.param.label); });

TEST(ModelConfigSpellings, LegacyTypeKeyAndDynamicScaling) {
    const ModelConfig config = parseModelConfig(
        llamaWith(R"("rope_scaling": {"type": "dynamic", "factor": 2.0})"), QStringLiteral("a.json"));
    EXPECT_EQ(config.ropeType, QStringLiteral("dynamic"));
    EXPECT_EQ(config.rope.scaling.type, pecards::RopeScalingType::Dynamic);
    EXPECT_EQ(config.rope.scaling.factor, 2.0);
    EXPECT_EQ(config.rope.scaling.max_position_embeddings, 4096);
}

TEST(ModelConfigSpellings, TransformersV5RopeParameters) {
    const ModelConfig config = parseModelConfig(
        QByteArray(R"({"model_type": "llama", "hidden_size": 2048, "num_attention_heads": 16,
            "max_position_embeddings": 131072, "rope_parameters": {"rope_type": "yarn", "rope_theta": 500000.0,
            "factor": 32.0, "original_max_position_embeddings": 4096, "beta_fast": 16, "truncate": false}})"),
        QStringLiteral("v5.json"));
    EXPECT_EQ(config.rope.base, 500000.0);
    EXPECT_EQ(config.rope.scaling.type, pecards::RopeScalingType::Yarn);
    EXPECT_EQ(config.rope.scaling.factor, 32.0);
    EXPECT_EQ(config.rope.scaling.beta_fast, 16.0);
    EXPECT_EQ(config.rope.scaling.beta_slow, 1.0); // HF default
    EXPECT_FALSE(config.rope.scaling.truncate);
}

TEST(ModelConfigSpellings, DefaultRopeTypeAndNullScaling) {
    EXPECT_EQ(
        parseModelConfig(llamaWith(R"("rope_scaling": {"rope_type": "default"})"), QStringLiteral("a.json"))
            .ropeType,
        QStringLiteral("default"));
    const ModelConfig config
        = parseModelConfig(llamaWith(R"("rope_scaling": null)"), QStringLiteral("a.json"));
    EXPECT_EQ(config.rope.scaling.type, pecards::RopeScalingType::None);
}

TEST(ModelConfigSpellings, FalconAlibiAndExplicitHeadDim) {
    const ModelConfig falcon = parseModelConfig(
        QByteArray(
            R"({"model_type": "falcon", "hidden_size": 4544, "num_attention_heads": 71, "alibi": true})"),
        QStringLiteral("falcon.json"));
    EXPECT_TRUE(falcon.usesAlibi);
    EXPECT_FALSE(falcon.usesRope);
    EXPECT_EQ(falcon.alibi.heads, 71);
    EXPECT_EQ(falcon.headDim, 64);
    const ModelConfig gemma = parseModelConfig(
        QByteArray(
            R"({"model_type": "gemma", "hidden_size": 3072, "num_attention_heads": 16, "head_dim": 256})"),
        QStringLiteral("gemma.json"));
    EXPECT_EQ(gemma.rope.head_dim, 256);
    EXPECT_EQ(gemma.rope.base, 10000.0); // HF default theta
}

TEST(ModelConfigSpellings, PartialRotaryFactorTruncatesLikeHf) {
    // int(128 * 0.4) = 51.2 -> 51 is odd and rejected above; 0.375 gives 48.
    const ModelConfig config
        = parseModelConfig(llamaWith(R"("partial_rotary_factor": 0.375)"), QStringLiteral("a.json"));
    EXPECT_EQ(pecards::rotaryDim(config.rope), 48);
}

// The review's minor_messages.sh: a config holding a 100,000-character value, or 20,000 unknown
// keys, gives one readable line, cut in the middle, not the whole value.
TEST(ModelConfigMessages, HugeValuesAreCutInTheMiddle) {
    const QByteArray longTheta
        = R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4, "rope_theta": ")"
        + QByteArray(100000, 'y') + R"("})";
    try {
        parseModelConfig(longTheta, QStringLiteral("long.json"));
        FAIL() << "a string rope_theta was accepted";
    } catch (const pecards::app::ConfigError& error) {
        const std::string message = error.what();
        EXPECT_LT(message.size(), 1000U);
        EXPECT_EQ(message.rfind("long.json: rope_theta", 0), 0U) << message.substr(0, 200);
        EXPECT_NE(message.find("characters left out"), std::string::npos);
    }
    QByteArray manyKeys
        = R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4, "rope_scaling": {)";
    for (int i = 0; i < 20000; ++i)
        manyKeys += "\"k" + QByteArray::number(i) + "\": 1, ";
    manyKeys += R"("rope_type": "linear", "factor": 2}})";
    const ModelConfig config = parseModelConfig(manyKeys, QStringLiteral("keys.json"));
    ASSERT_FALSE(config.warnings.isEmpty());
    for (const QString& warning : config.warnings)
        EXPECT_LT(warning.size(), 1000) << warning.left(200).toStdString();
}

// still_open_from_november #3: a carriage return in a config value reached stderr raw, so the one
// error line could overwrite itself ("FAKE: everything fine") on a terminal.
TEST(ModelConfigMessages, ControlCharactersAreShownNotSent) {
    const QByteArray crTheta = R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4, )"
                               R"("rope_theta": "x\rFAKE: everything fine\u001b[2K\tz"})";
    try {
        parseModelConfig(crTheta, QStringLiteral("cr.json"));
        FAIL() << "a string rope_theta was accepted";
    } catch (const pecards::app::ConfigError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.find('\r'), std::string::npos);
        EXPECT_EQ(message.find('\x1b'), std::string::npos);
        EXPECT_NE(message.find(R"(x\rFAKE: everything fine\x1b[2K\tz)"), std::string::npos) << message;
    }
}

} // namespace
