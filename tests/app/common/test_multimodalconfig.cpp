// Vision-language configs: the M-RoPE layout of each family's text model (GLM-4.1V adjacent pairs
// with blocked sections, GLM-4.5V's default sections, Qwen2.5-VL blocked, Qwen3-VL interleaved),
// the get_rope_index rules and vision values read from the top level, and Omni's nested text model.
// Expected values are the rules of the transformers files named in configparser.cpp and
// multimodalconfig.h, written out by hand.

#include "common/configerror.h"
#include "common/modelconfig.h"
#include "pecards/mrope.h"
#include "pecards/rope.h"

#include <QByteArray>
#include <gtest/gtest.h>

namespace {

using pecards::MropeFamily;

const pecards::LayerGroup& primary(const pecards::app::ModelConfig& config) {
    return config.positions.groups.at(static_cast<std::size_t>(config.primaryGroup));
}

TEST(MultimodalConfig, Glm41vRotatesAdjacentPairsOfHalfTheHeadInBlockedSections) {
    const QByteArray json = R"({"model_type": "glm4v",
        "text_config": {"model_type": "glm4v_text", "hidden_size": 4096, "num_attention_heads": 32,
            "num_hidden_layers": 40, "partial_rotary_factor": 0.5, "rope_theta": 10000,
            "max_position_embeddings": 65536,
            "rope_scaling": {"type": "default", "mrope_section": [8, 12, 12]}},
        "vision_config": {"spatial_merge_size": 2}})";
    const pecards::app::ModelConfig config
        = pecards::app::parseModelConfig(json, QStringLiteral("glm41v.json"));
    EXPECT_EQ(config.rope.layout, pecards::RopeLayout::Interleaved);
    EXPECT_EQ(pecards::rotaryDim(config.rope), 64);
    EXPECT_EQ(primary(config).mrope_section, (std::vector<int> {8, 12, 12}));
    EXPECT_FALSE(primary(config).mrope_interleaved);
    ASSERT_TRUE(config.multimodal.family.has_value());
    EXPECT_EQ(*config.multimodal.family, MropeFamily::Glm4V);
    EXPECT_EQ(config.multimodal.vision.spatial_merge_size, 2);
}

TEST(MultimodalConfig, Glm45vTakesItsDefaultSectionsAndTheHalfSplitLayout) {
    const QByteArray json = R"({"model_type": "glm4v_moe",
        "text_config": {"model_type": "glm4v_moe_text", "hidden_size": 4096, "num_attention_heads": 96,
            "head_dim": 128, "num_hidden_layers": 46, "partial_rotary_factor": 0.5, "rope_theta": 10000,
            "max_position_embeddings": 65536}})";
    const pecards::app::ModelConfig config
        = pecards::app::parseModelConfig(json, QStringLiteral("glm45v.json"));
    EXPECT_EQ(config.rope.layout, pecards::RopeLayout::HalfSplit);
    EXPECT_EQ(primary(config).mrope_section, (std::vector<int> {8, 12, 12}));
    EXPECT_FALSE(primary(config).mrope_interleaved);
}

TEST(MultimodalConfig, Qwen25vlReadsItsTimeScaleAndBlockedSections) {
    const QByteArray json = R"({"model_type": "qwen2_5_vl", "hidden_size": 3584, "num_attention_heads": 28,
        "num_hidden_layers": 28, "rope_theta": 1000000, "max_position_embeddings": 128000,
        "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]},
        "vision_config": {"spatial_merge_size": 2, "tokens_per_second": 2}})";
    const pecards::app::ModelConfig config
        = pecards::app::parseModelConfig(json, QStringLiteral("qwen25vl.json"));
    EXPECT_EQ(primary(config).mrope_section, (std::vector<int> {16, 24, 24}));
    EXPECT_FALSE(primary(config).mrope_interleaved);
    ASSERT_TRUE(config.multimodal.family.has_value());
    EXPECT_EQ(*config.multimodal.family, MropeFamily::Qwen25VL);
    EXPECT_EQ(config.multimodal.vision.tokens_per_second, 2.0);
}

TEST(MultimodalConfig, Qwen25vlWithoutTheKeyUsesTheVisionClassDefault) {
    const QByteArray json = R"({"model_type": "qwen2_5_vl", "hidden_size": 3584, "num_attention_heads": 28,
        "rope_theta": 1000000, "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]}})";
    const pecards::app::ModelConfig config
        = pecards::app::parseModelConfig(json, QStringLiteral("qwen25vl.json"));
    EXPECT_EQ(config.multimodal.vision.tokens_per_second, 4.0); // Qwen2_5_VLVisionConfig
    EXPECT_EQ(config.multimodal.vision.spatial_merge_size, 2);
}

TEST(MultimodalConfig, OmniTextModelIsReadFromTheThinker) {
    const QByteArray json = R"({"model_type": "qwen2_5_omni",
        "thinker_config": {"model_type": "qwen2_5_omni_thinker",
            "text_config": {"model_type": "qwen2_5_omni_text", "hidden_size": 3584, "num_attention_heads": 28,
                "num_hidden_layers": 28, "rope_theta": 1000000, "max_position_embeddings": 32768,
                "rope_scaling": {"type": "default", "mrope_section": [16, 24, 24]}}}})";
    const pecards::app::ModelConfig config
        = pecards::app::parseModelConfig(json, QStringLiteral("omni.json"));
    EXPECT_EQ(config.textConfigKey, QStringLiteral("thinker_config.text_config"));
    EXPECT_EQ(config.rope.base, 1e6);
    EXPECT_EQ(primary(config).mrope_section, (std::vector<int> {16, 24, 24}));
}

TEST(MultimodalConfig, OmniTakesItsTimeAlignmentFromTheThinker) {
    // Qwen2.5-Omni-7B's thinker_config: 25 ids per second, 2-second chunks, merge 2 in its vision tower.
    const QByteArray json = R"({"model_type": "qwen2_5_omni",
        "thinker_config": {"model_type": "qwen2_5_omni_thinker", "position_id_per_seconds": 25,
            "seconds_per_chunk": 2, "vision_config": {"spatial_merge_size": 2},
            "text_config": {"model_type": "qwen2_5_omni_text", "hidden_size": 3584, "num_attention_heads": 28,
                "num_hidden_layers": 28, "rope_theta": 1000000, "max_position_embeddings": 32768,
                "rope_scaling": {"type": "default", "mrope_section": [16, 24, 24]}}}})";
    const pecards::app::ModelConfig config
        = pecards::app::parseModelConfig(json, QStringLiteral("omni.json"));
    ASSERT_TRUE(config.multimodal.family.has_value());
    EXPECT_EQ(*config.multimodal.family, MropeFamily::Qwen25Omni);
    EXPECT_EQ(config.multimodal.vision.position_id_per_seconds, 25);
    EXPECT_EQ(config.multimodal.vision.seconds_per_chunk, 2.0);
    EXPECT_EQ(config.multimodal.vision.spatial_merge_size, 2);
    EXPECT_TRUE(config.multimodal.source.contains(QStringLiteral("thinker_config.position_id_per_seconds")))
        << config.multimodal.source.toStdString();
    // A rate of 0 is refused by its key.
    QByteArray bad = json;
    bad.replace("\"position_id_per_seconds\": 25", "\"position_id_per_seconds\": 0");
    try {
        pecards::app::parseModelConfig(bad, QStringLiteral("omni.json"));
        ADD_FAILURE() << "a rate of 0 was accepted";
    } catch (const std::exception& error) {
        EXPECT_TRUE(QString::fromUtf8(error.what()).contains(QStringLiteral("position_id_per_seconds")))
            << error.what();
    }
}

TEST(MultimodalConfig, TextOnlyModelsHaveNoPositionIdRules) {
    const QByteArray json = R"({"model_type": "qwen3", "hidden_size": 4096, "num_attention_heads": 32,
        "head_dim": 128, "rope_theta": 1000000})";
    EXPECT_FALSE(
        pecards::app::parseModelConfig(json, QStringLiteral("qwen3.json")).multimodal.family.has_value());
}

TEST(MultimodalConfig, AMergeSizeOutOfRangeIsRefusedByKey) {
    const QByteArray json = R"({"model_type": "qwen2_vl", "hidden_size": 3584, "num_attention_heads": 28,
        "rope_theta": 1000000, "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]},
        "vision_config": {"spatial_merge_size": 0}})";
    try {
        pecards::app::parseModelConfig(json, QStringLiteral("bad.json"));
        FAIL() << "accepted spatial_merge_size 0";
    } catch (const pecards::app::ConfigError& error) {
        EXPECT_NE(
            QString::fromUtf8(error.what()).indexOf(QStringLiteral("vision_config.spatial_merge_size")), -1)
            << error.what();
    }
}

} // namespace
