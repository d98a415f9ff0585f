// Every file in tests/data/configs either loads with the values its source states
// (tests/data/configs/sources.md) or is rejected with the key that makes it unusable.

#include "common/configerror.h"
#include "common/modelconfig.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"

#include <QDir>
#include <cmath>
#include <gtest/gtest.h>
#include <map>

namespace {

using pecards::Card;
using pecards::app::ConfigError;
using pecards::app::ModelConfig;
using pecards::app::readModelConfig;

QString configFile(const char* name) {
    return QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/") + QString::fromLatin1(name);
}

/// The files that are not Hugging Face configs, and the key the loader must name.
const std::map<std::string, std::string> kRejected {
    {"bloom-176b.extracted.json", "_extracted_from"},
    {"bloom-560m.extracted.json", "_extracted_from"},
    {"gpt-neox-20b.extracted.json", "_extracted_from"},
    {"mpt-7b.extracted.json", "_extracted_from"},
    {"transfo-xl-wt103.extracted.json", "_extracted_from"},
};

const std::vector<std::string> kLoaded {"bloom-560m.hf-reconstructed.json",
    "bloom-176b.hf-reconstructed.json", "gemma-3-1b-it.mlc-preset.json",
    "ministral-3-3b-2512.mlc-preset.json", "qwen2.5-vl-7b-instruct.json", "chatglm-6b.mlc-preset.json",
    "transfo-xl-wt103.hf-reconstructed.json", "deepseek-v2-lite.mlc-preset.json", "gpt-j-6b.config.json",
    "gpt-neox-20b.hf-reconstructed.json", "llama-2-7b-hf.config.json", "llama-3.1-8b.mlc-preset.json",
    "mistral-7b-v0.1.mlc-preset.json", "mpt-7b.hf-reconstructed.json",
    "phi-3.5-mini-instruct.mlc-preset.json", "qwen2-7b.mlc-preset.json", "t5-base.config.json",
    "llama-4-scout-style.hf-reconstructed.json"};

TEST(ModelConfigFiles, EveryFileIsClassified) {
    const QDir dir(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs"));
    for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        const std::string name = file.toStdString();
        const bool known
            = kRejected.count(name) == 1 || std::find(kLoaded.begin(), kLoaded.end(), name) != kLoaded.end();
        EXPECT_TRUE(known) << name << " is neither in kLoaded nor in kRejected";
    }
}

TEST(ModelConfigFiles, ExtractedFilesAreRejectedNamingTheMarker) {
    for (const auto& [file, key] : kRejected) {
        SCOPED_TRACE(file);
        try {
            readModelConfig(configFile(file.c_str()));
            ADD_FAILURE() << "accepted a non-HF file";
        } catch (const ConfigError& error) {
            EXPECT_EQ(error.key().toStdString(), key);
            EXPECT_NE(std::string(error.what()).find(file), std::string::npos) << error.what();
            EXPECT_NE(std::string(error.what()).find("not a Hugging Face config.json"), std::string::npos);
        }
    }
}

TEST(ModelConfigFiles, EveryHuggingFaceFileLoads) {
    for (const std::string& file : kLoaded) {
        SCOPED_TRACE(file);
        EXPECT_NO_THROW(readModelConfig(configFile(file.c_str())));
    }
}

TEST(ModelConfigFiles, GptNeoX20bUsesAQuarterOfTheHead) {
    const ModelConfig config = readModelConfig(configFile("gpt-neox-20b.hf-reconstructed.json"));
    EXPECT_EQ(config.cards(), std::vector<Card> {Card::Rope});
    EXPECT_EQ(config.headDim, 6144 / 64);
    EXPECT_EQ(pecards::rotaryDim(config.rope), 24); // int(96 * 0.25)
    EXPECT_EQ(config.rope.base, 10000.0); // rotary_emb_base
    EXPECT_EQ(config.rope.layout, pecards::RopeLayout::HalfSplit);
    EXPECT_EQ(config.ropeType, QStringLiteral("default"));
}

TEST(ModelConfigFiles, Phi35IsLongRopeWithTopLevelContext) {
    const ModelConfig config = readModelConfig(configFile("phi-3.5-mini-instruct.mlc-preset.json"));
    const pecards::RopeScaling& s = config.rope.scaling;
    EXPECT_EQ(config.ropeType, QStringLiteral("longrope")); // legacy `type` key
    EXPECT_EQ(s.type, pecards::RopeScalingType::LongRope);
    EXPECT_EQ(config.headDim, 3072 / 32);
    EXPECT_EQ(s.original_max_position_embeddings, 4096);
    EXPECT_EQ(s.max_position_embeddings, 131072);
    ASSERT_EQ(s.short_factor.size(), 48u);
    EXPECT_EQ(s.short_factor.front(), 1.0);
    EXPECT_EQ(s.long_factor.back(), 64.83999633789062);
    // LongRoPE attention factor sqrt(1 + ln(s)/ln(L0)) with s = 131072 / 4096 = 32.
    const double expected = std::sqrt(1.0 + std::log(32.0) / std::log(4096.0));
    EXPECT_NEAR(pecards::ropeScaling(config.rope, 131072).attention_factor, expected, 1e-12);
    EXPECT_TRUE(pecards::ropeScaling(config.rope, 131072).long_factor_selected);
    EXPECT_FALSE(pecards::ropeScaling(config.rope, 4096).long_factor_selected);
}

TEST(ModelConfigFiles, Qwen2IsDefaultRopeWithItsTheta) {
    const ModelConfig config = readModelConfig(configFile("qwen2-7b.mlc-preset.json"));
    EXPECT_EQ(config.headDim, 3584 / 28);
    EXPECT_EQ(config.rope.base, 1000000.0);
    EXPECT_EQ(config.rope.scaling.type, pecards::RopeScalingType::None);
    EXPECT_EQ(config.maxPositionEmbeddings, 32768);
}

TEST(ModelConfigFiles, NamesComeFromNameOrPathThenFileName) {
    EXPECT_EQ(readModelConfig(configFile("llama-2-7b-hf.config.json")).name,
        QStringLiteral("meta-llama/Llama-2-7b-hf"));
    // No _name_or_path: the file's name (the model_type would name a family, not the model).
    EXPECT_EQ(readModelConfig(configFile("gpt-j-6b.config.json")).name, QStringLiteral("gpt-j-6b.config"));
}

TEST(ModelConfigFiles, FamiliesPickTheirCards) {
    EXPECT_EQ(readModelConfig(configFile("bloom-560m.hf-reconstructed.json")).cards(),
        std::vector<Card> {Card::Alibi});
    EXPECT_EQ(
        readModelConfig(configFile("mpt-7b.hf-reconstructed.json")).cards(), std::vector<Card> {Card::Alibi});
    EXPECT_EQ(readModelConfig(configFile("t5-base.config.json")).cards(), std::vector<Card> {Card::Relative});
    EXPECT_EQ(readModelConfig(configFile("mistral-7b-v0.1.mlc-preset.json")).cards(),
        std::vector<Card> {Card::Rope});
    const ModelConfig t5 = readModelConfig(configFile("t5-base.config.json"));
    EXPECT_EQ(t5.relative.variant, pecards::RelativeVariant::T5);
    EXPECT_EQ(t5.relative.d_model, 64);
    EXPECT_TRUE(t5.relative.bidirectional);
    EXPECT_EQ(t5.maxPositionEmbeddings, 512); // n_positions
}

} // namespace
