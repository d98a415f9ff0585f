// What a config loader does not read must be said (the engineer's review C1): a misspelt
// position key, an unknown model_type read with generic rules, and DeepSeek-V3's rope_interleave,
// which transformers reads (v4.57 modeling_deepseek_v3.py: interleaved pairs unless it is false).

#include "common/modelconfig.h"
#include "common/unreadkeys.h"
#include "pecards/params.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <gtest/gtest.h>
#include <map>

namespace {

using pecards::RopeLayout;
using pecards::app::ModelConfig;
using pecards::app::parseModelConfig;
using pecards::app::readModelConfig;

ModelConfig load(const char* json) {
    return parseModelConfig(QByteArray(json), QStringLiteral("c.json"));
}

QString warningWith(const ModelConfig& config, const char* phrase) {
    for (const QString& warning : config.warnings) {
        if (warning.contains(QString::fromLatin1(phrase))) {
            return warning;
        }
    }
    return {};
}

TEST(UnreadKeys, AMisspeltRopeScalingIsNamedAndNotApplied) {
    const ModelConfig config = load(R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
        "max_position_embeddings": 4096, "rope_scalling": {"type": "linear", "factor": 4.0}})");
    EXPECT_EQ(config.rope.scaling.type, pecards::RopeScalingType::None);
    const QString warning = warningWith(config, "not read by PE Cards");
    EXPECT_TRUE(warning.contains(QStringLiteral("rope_scalling"))) << warning.toStdString();
    EXPECT_FALSE(warning.contains(QStringLiteral("max_position_embeddings"))) << warning.toStdString();
}

TEST(UnreadKeys, AnUnknownModelTypeIsSaidAndItsOwnKeysNamed) {
    const ModelConfig config = load(R"({"model_type": "my_new_arch", "hidden_size": 4096,
        "num_attention_heads": 32, "rope_theta": 500000, "rope_interleave": true})");
    EXPECT_FALSE(warningWith(config, "model_type \"my_new_arch\" is not a family PE Cards knows").isEmpty());
    EXPECT_TRUE(warningWith(config, "not read by PE Cards").contains(QStringLiteral("rope_interleave")));
    EXPECT_EQ(config.rope.layout, RopeLayout::HalfSplit);
    EXPECT_EQ(config.rope.base, 500000.0);
}

TEST(UnreadKeys, DeepSeekV3ReadsRopeInterleave) {
    const char* head = R"({"model_type": "deepseek_v3", "hidden_size": 7168, "num_attention_heads": 128,
        "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "head_dim": 64, "rope_theta": 10000)";
    const ModelConfig plain = load((std::string(head) + "}").c_str());
    EXPECT_EQ(plain.rope.layout, RopeLayout::Interleaved); // the class default: true
    const ModelConfig half = load((std::string(head) + R"(, "rope_interleave": false})").c_str());
    EXPECT_EQ(half.rope.layout, RopeLayout::HalfSplit);
    EXPECT_TRUE(warningWith(half, "not read by PE Cards").isEmpty());
    const ModelConfig kimi = load(R"({"model_type": "kimi_k2", "hidden_size": 7168, "num_attention_heads": 64,
        "qk_rope_head_dim": 64, "head_dim": 64, "rope_theta": 50000, "rope_interleave": false})");
    EXPECT_EQ(kimi.rope.layout, RopeLayout::HalfSplit);
}

/// Every config of the test data loads with no position key left unread but the ones named here:
/// the loader reads each key of the families it claims (a new rule that forgets one shows up).
/// MLC's Mistral preset names the window and the sinks in MLC's words, which transformers ignores.
TEST(UnreadKeys, EveryTestConfigIsReadWhole) {
    // ktransformers' Llama 4 Maverick copy repeats text keys at the top level (Llama4Config reads
    // them from text_config) and writes nope_layer_interval (Llama4TextConfig's key is
    // no_rope_layer_interval): transformers ignores all of them too.
    const std::map<QString, QString> expected {
        {QStringLiteral("mistral-7b-v0.1.mlc-preset.json"),
            QStringLiteral("not read by PE Cards: attention_sink_size, sliding_window_size (")},
        {QStringLiteral("2026/llama-4-maverick.ktransformers-doc.json"),
            QStringLiteral(
                "not read by PE Cards: attention_chunk_size, max_position_embeddings, nope_layer_interval, "
                "rope_theta, text_config.nope_layer_interval (")}};
    const QDir dir(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs"));
    int loaded = 0;
    QStringList names = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
    for (const QString& name :
        QDir(dir.filePath(QStringLiteral("2026"))).entryList({QStringLiteral("*.json")}, QDir::Files))
        names.append(QStringLiteral("2026/") + name);
    for (const QString& name : names) {
        ModelConfig config;
        try {
            config = readModelConfig(dir.filePath(name));
        } catch (const std::exception&) {
            continue; // the refused files: test_modelconfig_files.cpp
        }
        ++loaded;
        const QString unread = warningWith(config, "not read by PE Cards");
        if (expected.contains(name)) {
            EXPECT_TRUE(unread.startsWith(expected.at(name)))
                << name.toStdString() << ": " << unread.toStdString();
        } else {
            EXPECT_TRUE(unread.isEmpty()) << name.toStdString() << ": " << unread.toStdString();
        }
        EXPECT_TRUE(warningWith(config, "is not a family PE Cards knows").isEmpty()) << name.toStdString();
    }
    EXPECT_GE(loaded, 28);
}

/// The presets the app offers are the publishers' config.json files, read whole. Mistral 7B's was
/// MLC's copy, whose sliding_window_size transformers ignores: the preset opened with full
/// attention instead of Mistral-7B-v0.1's window of 4096 keys.
TEST(UnreadKeys, EveryBuiltInPresetIsReadWholeAndMistralHasItsWindow) {
    const QDir dir(QStringLiteral(PECARDS_SOURCE_DIR "/resources/presets"));
    const QStringList names = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
    ASSERT_GE(names.size(), 8);
    for (const QString& name : names) {
        const ModelConfig config = readModelConfig(dir.filePath(name));
        EXPECT_TRUE(warningWith(config, "not read by PE Cards").isEmpty())
            << name.toStdString() << ": " << warningWith(config, "not read by PE Cards").toStdString();
    }
    const ModelConfig mistral = readModelConfig(dir.filePath(QStringLiteral("mistral-7b.json")));
    ASSERT_EQ(mistral.positions.groups.size(), 1U);
    EXPECT_EQ(mistral.positions.groups.front().sliding_window, 4096);
    EXPECT_EQ(mistral.positions.num_layers, 32);
}

TEST(UnreadKeys, PositionalNames) {
    EXPECT_TRUE(pecards::app::soundsPositional(QStringLiteral("rope_scalling")));
    EXPECT_TRUE(pecards::app::soundsPositional(QStringLiteral("sliding_window")));
    EXPECT_TRUE(pecards::app::soundsPositional(QStringLiteral("max_position_embeddings")));
    EXPECT_FALSE(pecards::app::soundsPositional(QStringLiteral("vocab_size")));
    EXPECT_FALSE(pecards::app::soundsPositional(QStringLiteral("hidden_act")));
}

} // namespace
