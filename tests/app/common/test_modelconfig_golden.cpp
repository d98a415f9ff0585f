// Every cfg_* golden case: load the named Hugging Face config and derive what the case lists
// (head sizes, RoPE theta and scaled frequencies, attention factors, ALiBi slopes, T5 buckets).

#include "common/modelconfig.h"
#include "pecards/alibi.h"
#include "pecards/modelpositions.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "support/golden.h"

#include <QDir>
#include <cctype>
#include <gtest/gtest.h>

namespace {

using pecards::test::expectClose;
using pecards::test::GoldenCase;

QString configPath(const GoldenCase& golden) {
    return QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/")
        + QString::fromStdString(golden.params().at("config_file").get<std::string>());
}

Eigen::VectorXd firstLast3(const Eigen::VectorXd& v) {
    Eigen::VectorXd out(6);
    out << v.head(3), v.tail(3);
    return out;
}

Eigen::VectorXd expectFirstLast3(const nlohmann::json& object) {
    Eigen::VectorXd out(6);
    out << pecards::test::toVector(object.at("first3")), pecards::test::toVector(object.at("last3"));
    return out;
}

Eigen::VectorXd scalar(double value) {
    return Eigen::VectorXd::Constant(1, value);
}

/// Checks the per-layer groups: names, layer indices, treatment, spans and RoPE frequencies.
void checkLayerGroups(const pecards::app::ModelConfig& config, const nlohmann::json& expect,
    const pecards::test::Tolerance& tol) {
    const auto& groups = config.positions.groups;
    ASSERT_EQ(groups.size(), expect.size());
    for (std::size_t g = 0; g < groups.size(); ++g) {
        SCOPED_TRACE("layer group " + std::to_string(g));
        const pecards::LayerGroup& group = groups[g];
        const nlohmann::json& want = expect.at(g);
        EXPECT_EQ(group.name, want.at("name").get<std::string>());
        EXPECT_EQ(group.layers, want.at("layers").get<std::vector<int>>());
        EXPECT_EQ(pecards::toString(group.treatment), want.at("treatment").get<std::string>());
        EXPECT_EQ(group.sliding_window, want.at("sliding_window").get<std::int64_t>());
        EXPECT_EQ(group.attention_chunk, want.at("attention_chunk").get<std::int64_t>());
        if (want.contains("rope_theta")) {
            EXPECT_TRUE(
                expectClose(scalar(group.rope.base), scalar(want.at("rope_theta").get<double>()), tol));
            EXPECT_EQ(pecards::rotaryDim(group.rope), want.at("rotary_dim").get<int>());
            EXPECT_TRUE(expectClose(
                firstLast3(pecards::ropeScaling(group.rope, config.maxPositionEmbeddings).inv_freq),
                expectFirstLast3(want.at("inv_freq")), tol));
        }
    }
}

/// Checks one expect key of a model_config_derived case; unknown keys fail the test.
void checkKey(const GoldenCase& golden, const pecards::app::ModelConfig& config, const std::string& key) {
    const auto tol = golden.tolerance();
    const nlohmann::json& expect = golden.expect().at(key);
    const std::int64_t seqLen = config.maxPositionEmbeddings;
    if (key == "heads" || key == "num_heads") {
        EXPECT_EQ(config.heads, expect.get<int>());
    } else if (key == "head_dim" || key == "d_kv") {
        EXPECT_EQ(config.headDim, expect.get<int>());
    } else if (key == "rotary_dim") {
        EXPECT_EQ(pecards::rotaryDim(config.rope), expect.get<int>());
    } else if (key == "rope_theta") {
        EXPECT_TRUE(expectClose(scalar(config.rope.base), scalar(expect.get<double>()), tol));
    } else if (key == "rope_type") {
        EXPECT_EQ(config.ropeType.toStdString(), expect.get<std::string>());
    } else if (key == "layout") {
        EXPECT_EQ(pecards::toString(config.rope.layout), expect.get<std::string>());
    } else if (key == "inv_freq") {
        EXPECT_TRUE(expectClose(
            firstLast3(pecards::ropeScaling(config.rope, seqLen).inv_freq), expectFirstLast3(expect), tol));
    } else if (key == "inv_freq_unscaled") {
        EXPECT_TRUE(
            expectClose(firstLast3(pecards::ropeInvFreq(config.rope)), expectFirstLast3(expect), tol));
    } else if (key == "attention_factor") {
        EXPECT_TRUE(expectClose(scalar(pecards::ropeScaling(config.rope, seqLen).attention_factor),
            scalar(expect.get<double>()), tol));
    } else if (key == "correction_range") {
        const auto result = pecards::ropeScaling(config.rope, seqLen);
        Eigen::VectorXd got(2);
        got << result.correction_low, result.correction_high;
        EXPECT_TRUE(expectClose(got, pecards::test::toVector(expect), tol));
    } else if (key == "logit_scale_multiplier_total") {
        EXPECT_TRUE(expectClose(scalar(pecards::ropeScaling(config.rope, seqLen).logit_scale_total),
            scalar(expect.get<double>()), tol));
    } else if (key == "alibi_slopes") {
        EXPECT_TRUE(expectClose(pecards::alibiSlopes(config.alibi), pecards::test::toVector(expect), tol));
    } else if (key == "slopes_first3") {
        EXPECT_TRUE(
            expectClose(pecards::alibiSlopes(config.alibi).head(3), pecards::test::toVector(expect), tol));
    } else if (key == "slopes_last3") {
        EXPECT_TRUE(
            expectClose(pecards::alibiSlopes(config.alibi).tail(3), pecards::test::toVector(expect), tol));
    } else if (key == "alibi_bias_max") {
        EXPECT_EQ(config.alibi.alibi_bias_max, expect.get<double>());
    } else if (key == "num_buckets") {
        EXPECT_EQ(config.relative.num_buckets, expect.get<int>());
    } else if (key == "max_distance") {
        EXPECT_EQ(config.relative.max_distance, expect.get<int>());
    } else if (key == "positions") {
        // Inputs of the two bucket lists below.
    } else if (key == "encoder_buckets_bidirectional" || key == "decoder_buckets_unidirectional") {
        const bool bidirectional = key == "encoder_buckets_bidirectional";
        const auto positions = golden.expect().at("positions").get<std::vector<std::int64_t>>();
        const auto buckets = expect.get<std::vector<int>>();
        ASSERT_EQ(positions.size(), buckets.size());
        for (std::size_t n = 0; n < positions.size(); ++n) {
            EXPECT_EQ(pecards::t5Bucket(positions[n], bidirectional, config.relative.num_buckets,
                          config.relative.max_distance),
                buckets[n])
                << key << " at relative position " << positions[n];
        }
    } else if (key == "num_layers") {
        EXPECT_EQ(config.positions.num_layers, expect.get<int>());
    } else if (key == "max_position_embeddings") {
        EXPECT_EQ(config.maxPositionEmbeddings, expect.get<std::int64_t>());
    } else if (key == "mrope_section") {
        const auto& group = config.positions.groups.at(static_cast<std::size_t>(config.primaryGroup));
        EXPECT_EQ(group.mrope_section, expect.get<std::vector<int>>());
    } else if (key == "layer_groups") {
        checkLayerGroups(config, expect, tol);
    } else if (key == "d_model" || key == "d_head" || key == "mem_len" || key == "tgt_len"
        || key == "clamp_len" || key == "klen") {
        const pecards::app::TransformerXlConfig& txl = config.transformerXl;
        const std::int64_t got = key == "d_model" ? txl.dModel
            : key == "d_head"                     ? txl.dHead
            : key == "mem_len"                    ? txl.memLen
            : key == "tgt_len"                    ? txl.tgtLen
            : key == "clamp_len"                  ? txl.clampLen
                                                  : txl.klen();
        EXPECT_TRUE(config.usesTransformerXl);
        EXPECT_EQ(got, expect.get<std::int64_t>());
    } else {
        ADD_FAILURE() << "unhandled expect key " << key;
    }
}

class ModelConfigGolden : public ::testing::TestWithParam<const char*> { };

TEST_P(ModelConfigGolden, DerivesEveryExpectedValue) {
    const GoldenCase golden = GoldenCase::load(GetParam());
    const pecards::app::ModelConfig config = pecards::app::readModelConfig(configPath(golden));
    for (const auto& [key, value] : golden.expect().items()) {
        SCOPED_TRACE(key);
        checkKey(golden, config, key);
    }
}

INSTANTIATE_TEST_SUITE_P(CfgCases, ModelConfigGolden,
    ::testing::Values("cfg_llama-2-7b", "cfg_llama-3.1-8b", "cfg_mistral-7b-v0.1", "cfg_deepseek-v2-lite",
        "cfg_gpt-j-6b", "cfg_bloom-560m", "cfg_mpt-7b", "cfg_t5-base", "cfg_gemma-3-1b-it",
        "cfg_ministral-3-3b-2512", "cfg_qwen2.5-vl-7b-instruct", "cfg_chatglm-6b", "cfg_transfo-xl-wt103"),
    [](const auto& param) {
        std::string name = param.param;
        for (char& c : name) {
            c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
        }
        return name;
    });

TEST(ModelConfigGolden, CoversEveryCfgCase) {
    const QDir dir(QStringLiteral(PECARDS_TEST_DATA_DIR "/golden"));
    EXPECT_EQ(dir.entryList({QStringLiteral("cfg_*.json")}, QDir::Files).size(), 13);
}

} // namespace
