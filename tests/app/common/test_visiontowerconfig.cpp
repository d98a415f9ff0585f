// Vision towers' 2-D RoPE read from vision_config: Devstral Small 2's Pixtral tower and Gemma 4's,
// the class defaults of a sparse file (transformers v5 PixtralVisionConfig, Gemma4VisionConfig,
// written out here), Pixtral's head_dim taken from hidden_size // num_attention_heads whatever the
// file says, and the refusals that name the key.

#include "common/configerror.h"
#include "common/modelconfig.h"
#include "pecards/visionrope.h"

#include <QByteArray>
#include <gtest/gtest.h>

namespace {

using pecards::VisionRopeFamily;

pecards::app::ModelConfig read2026(const char* name) {
    return pecards::app::readModelConfig(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/2026/") + name);
}

/// A Mistral 3 model whose vision_config is `vision` (a JSON object's text).
pecards::app::ModelConfig mistral3With(const char* vision) {
    const QByteArray json = QByteArray(R"({"model_type": "mistral3",
        "text_config": {"model_type": "mistral", "hidden_size": 4096, "num_attention_heads": 32,
            "num_hidden_layers": 4, "rope_theta": 1000000, "max_position_embeddings": 32768},
        "vision_config": )")
        + vision + "}";
    return pecards::app::parseModelConfig(json, QStringLiteral("mistral3.json"));
}

TEST(VisionTowerConfig, DevstralHasPixtralsTowerOf110PatchesASide) {
    const pecards::app::ModelConfig config = read2026("devstral-small-2-24b-instruct.json");
    ASSERT_TRUE(config.visionTower.has_value());
    EXPECT_EQ(config.visionTower->rope, (pecards::VisionRope {VisionRopeFamily::Pixtral, 64, 10000.0, 110}));
    EXPECT_TRUE(config.visionTower->source.contains(QStringLiteral("vision_config.model_type = pixtral")))
        << config.visionTower->source.toStdString();
    EXPECT_TRUE(
        config.visionTower->source.contains(QStringLiteral("vision_config.rope_parameters.rope_theta")));
}

TEST(VisionTowerConfig, Gemma4HasATowerOfHeadDim72AndTheta100) {
    const pecards::app::ModelConfig config = read2026("gemma-4-31b-it.json");
    ASSERT_TRUE(config.visionTower.has_value());
    EXPECT_EQ(config.visionTower->rope, (pecards::VisionRope {VisionRopeFamily::Gemma4, 72, 100.0, 0}));
}

TEST(VisionTowerConfig, TextModelsAndOtherTowersHaveNone) {
    EXPECT_FALSE(read2026("qwen3-8b.json").visionTower.has_value());
    // Qwen3-VL's tower has a 2-D RoPE of its own, not read yet: none rather than a wrong one.
    EXPECT_FALSE(read2026("qwen3-vl-235b-a22b-thinking.json").visionTower.has_value());
}

TEST(VisionTowerConfig, ASparsePixtralFileTakesTheClassDefaults) {
    const pecards::app::ModelConfig sparse = mistral3With(R"({"model_type": "pixtral"})");
    ASSERT_TRUE(sparse.visionTower.has_value());
    // 1024 // 16 heads, theta 1e4, 1024 / 16 patches a side.
    EXPECT_EQ(sparse.visionTower->rope, (pecards::VisionRope {VisionRopeFamily::Pixtral, 64, 10000.0, 64}));
    // head_dim is recomputed by PixtralVisionConfig.__init__; a v4 rope_theta at the top is read.
    const pecards::app::ModelConfig v4 = mistral3With(
        R"({"model_type": "pixtral", "hidden_size": 1280, "num_attention_heads": 16, "head_dim": 128,
            "rope_theta": 20000.0, "image_size": 1024, "patch_size": 14})");
    EXPECT_EQ(v4.visionTower->rope, (pecards::VisionRope {VisionRopeFamily::Pixtral, 80, 20000.0, 73}));
}

TEST(VisionTowerConfig, ATowerOutsideItsRangesIsRefusedNamingTheKey) {
    const auto refusal = [](const char* vision) -> std::string {
        try {
            mistral3With(vision);
        } catch (const pecards::app::ConfigError& error) {
            return error.key().toStdString() + " | " + error.what();
        }
        return "accepted";
    };
    const std::string oddHead
        = refusal(R"({"model_type": "pixtral", "hidden_size": 1000, "num_attention_heads": 8})");
    EXPECT_EQ(oddHead.substr(0, oddHead.find(' ')), "vision_config.hidden_size") << oddHead;
    EXPECT_NE(oddHead.find("num_attention_heads = 125 is invalid"), std::string::npos) << oddHead;
    const std::string theta
        = refusal(R"({"model_type": "gemma4_vision", "rope_parameters": {"rope_theta": 0.5}})");
    EXPECT_EQ(theta.substr(0, theta.find(' ')), "vision_config.rope_parameters.rope_theta") << theta;
    EXPECT_NE(theta.find("= 0.5 is invalid: allowed [1, 1e12]"), std::string::npos) << theta;
    const std::string gemmaHead = refusal(R"({"model_type": "gemma4_vision", "head_dim": 70})");
    EXPECT_NE(gemmaHead.find("head_dim = 70 is invalid: allowed a multiple of 4"), std::string::npos)
        << gemmaHead;
    const std::string image = refusal(R"({"model_type": "pixtral", "image_size": 8, "patch_size": 16})");
    EXPECT_EQ(image.substr(0, image.find(' ')), "vision_config.image_size") << image;
}

} // namespace
