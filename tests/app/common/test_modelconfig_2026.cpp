// Every 2025-2026 config of tests/data/configs/2026 against tests/data/golden/layers_<name>.json:
// each layer's treatment, each RoPE group's parameters and frequencies, and the position-dependent
// query scales. The expected values come from scripts/golden_layers_2026.py, which recomputes them
// from the transformers formulas with the standard library only (not from PE Cards' code).

#include "common/modelconfig.h"
#include "pecards/modelpositions.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

namespace {

const std::vector<std::string> kConfigs {"deepseek-v3", "devstral-small-2-24b-instruct", "exaone-4.0-32b",
    "gemma-3-27b-it", "gemma-4-31b-it", "gpt-oss-120b", "llama-4-maverick.ktransformers-doc", "minimax-m2",
    "olmo-3.1-32b-instruct", "qwen3-8b", "qwen3-next-80b-a3b-thinking", "qwen3-vl-235b-a22b-thinking",
    "smollm3-3b"};

nlohmann::json golden(const std::string& name) {
    std::ifstream in(PECARDS_TEST_DATA_DIR "/golden/layers_" + name + ".json");
    if (!in) {
        throw std::runtime_error("cannot read golden/layers_" + name + ".json");
    }
    return nlohmann::json::parse(in);
}

/// The golden file's treatment names: rope, nope, none (no attention).
std::string treatmentName(pecards::LayerTreatment treatment) {
    return treatment == pecards::LayerTreatment::NoAttention ? "none" : pecards::toString(treatment);
}

/// HF's rope_type of a group: "proportional", "default" (no scaling) or the scaling type.
std::string ropeType(const pecards::RopeParams& rope) {
    if (rope.partial == pecards::RopePartial::Proportional) {
        return "proportional";
    }
    return rope.scaling.type == pecards::RopeScalingType::None ? "default"
                                                               : pecards::toString(rope.scaling.type);
}

bool close(double got, double want) {
    return std::abs(got - want) <= 1e-12 + 1e-12 * std::abs(want);
}

const pecards::LayerGroup* findGroup(const pecards::ModelPositions& positions, const std::string& key) {
    for (const pecards::LayerGroup& group : positions.groups) {
        if (group.name + ":" + treatmentName(group.treatment) == key) {
            return &group;
        }
    }
    return nullptr;
}

class Config2026 : public testing::TestWithParam<std::string> { };

TEST_P(Config2026, EveryLayerAsTransformersComputesIt) {
    const nlohmann::json want = golden(GetParam());
    const pecards::app::ModelConfig config
        = pecards::app::readModelConfig(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/")
            + QString::fromStdString(want.at("config_file").get<std::string>()));
    EXPECT_EQ(config.modelType.toStdString(), want.at("model_type").get<std::string>());
    EXPECT_EQ(config.maxPositionEmbeddings, want.at("max_position_embeddings").get<std::int64_t>());
    const pecards::ModelPositions& positions = config.positions;
    ASSERT_EQ(positions.num_layers, want.at("num_layers").get<int>());

    const auto layers = want.at("layers").get<std::vector<std::string>>();
    for (int layer = 0; layer < positions.num_layers; ++layer) {
        const pecards::LayerGroup& group = positions.groupOf(layer);
        EXPECT_EQ(
            group.name + ":" + treatmentName(group.treatment), layers.at(static_cast<std::size_t>(layer)))
            << "layer " << layer;
    }

    const nlohmann::json& groups = want.at("groups");
    ASSERT_EQ(positions.groups.size(), groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const nlohmann::json& w = groups.at(g);
        const pecards::LayerGroup& group = positions.groups[g];
        SCOPED_TRACE(
            "group " + w.at("layer_type").get<std::string>() + ":" + w.at("treatment").get<std::string>());
        EXPECT_EQ(group.name, w.at("layer_type").get<std::string>());
        EXPECT_EQ(treatmentName(group.treatment), w.at("treatment").get<std::string>());
        EXPECT_EQ(group.layers, w.at("layers").get<std::vector<int>>());
        if (w.contains("sliding_window")) {
            EXPECT_EQ(group.sliding_window, w.at("sliding_window").get<std::int64_t>());
            EXPECT_EQ(group.attention_chunk, w.at("attention_chunk").get<std::int64_t>());
        }
        if (group.treatment != pecards::LayerTreatment::Rope) {
            continue;
        }
        const pecards::RopeParams& rope = group.rope;
        EXPECT_EQ(rope.head_dim, w.at("head_dim").get<int>());
        EXPECT_EQ(pecards::rotaryDim(rope), w.at("rotary_dim").get<int>());
        EXPECT_EQ(pecards::toString(rope.layout), w.at("pairing").get<std::string>());
        EXPECT_EQ(rope.partial == pecards::RopePartial::Proportional, w.at("proportional").get<bool>());
        EXPECT_EQ(ropeType(rope), w.at("rope_type").get<std::string>());
        EXPECT_TRUE(close(rope.base, w.at("base").get<double>())) << rope.base;
        EXPECT_EQ(group.mrope_section, w.at("mrope_section").get<std::vector<int>>());
        EXPECT_EQ(group.mrope_interleaved, w.at("mrope_interleaved").get<bool>());
        const pecards::RopeScalingResult scaled = pecards::ropeScaling(rope, 0);
        EXPECT_TRUE(close(scaled.attention_factor, w.at("attention_factor").get<double>()))
            << scaled.attention_factor;
        const auto invFreq = w.at("inv_freq").get<std::vector<double>>();
        ASSERT_EQ(scaled.inv_freq.size(), static_cast<Eigen::Index>(invFreq.size()));
        for (std::size_t i = 0; i < invFreq.size(); ++i) {
            EXPECT_TRUE(close(scaled.inv_freq[static_cast<Eigen::Index>(i)], invFreq[i]))
                << "inv_freq[" << i << "] = " << scaled.inv_freq[static_cast<Eigen::Index>(i)] << ", want "
                << invFreq[i];
        }
    }

    for (const nlohmann::json& scale : want.at("query_scales")) {
        const std::string kind = scale.at("kind").get<std::string>();
        SCOPED_TRACE(kind);
        for (const std::string& key : scale.at("applies_to").get<std::vector<std::string>>()) {
            const pecards::LayerGroup* group = findGroup(positions, key);
            ASSERT_NE(group, nullptr) << key;
            for (const nlohmann::json& point : scale.at("points")) {
                const auto position = point.at(0).get<std::int64_t>();
                const double value = point.at(1).get<double>();
                if (kind == "deepseek_softmax_mscale2") {
                    // A constant logit multiplier on top of attention_factor^2 (README conv. 11).
                    const pecards::RopeScalingResult scaled = pecards::ropeScaling(group->rope, 0);
                    EXPECT_TRUE(
                        close(scaled.logit_scale_total / (scaled.attention_factor * scaled.attention_factor),
                            value));
                } else {
                    EXPECT_TRUE(close(pecards::queryScale(group->attn_temperature, position), value))
                        << "p = " << position << ": "
                        << pecards::queryScale(group->attn_temperature, position) << ", want " << value;
                }
            }
        }
    }
    // Every group without a listed query scale has none.
    for (const pecards::LayerGroup& group : positions.groups) {
        bool listed = false;
        for (const nlohmann::json& scale : want.at("query_scales")) {
            const auto keys = scale.at("applies_to").get<std::vector<std::string>>();
            listed = listed
                || (scale.at("kind") != "deepseek_softmax_mscale2"
                    && std::find(keys.begin(), keys.end(), group.name + ":" + treatmentName(group.treatment))
                        != keys.end());
        }
        EXPECT_EQ(group.attn_temperature.enabled, listed) << group.name;
    }
}

INSTANTIATE_TEST_SUITE_P(Layers2026, Config2026, testing::ValuesIn(kConfigs),
    [](const testing::TestParamInfo<std::string>& param) {
        std::string name;
        for (const char c : param.param) {
            name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
        }
        return name;
    });

// Gemma 4's full layers: the longest rotating wavelength is about 188 tokens (proportional),
// where the classic partial reading of the same keys would give about 5.06 million.
TEST(Gemma4Proportional, LongestRotatingWavelengthIs188TokensNotMillions) {
    const nlohmann::json want = golden("gemma-4-31b-it");
    const pecards::app::ModelConfig config = pecards::app::readModelConfig(
        QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/2026/gemma-4-31b-it.json"));
    const pecards::LayerGroup& full = config.positions.groupOf(5);
    ASSERT_EQ(full.rope.partial, pecards::RopePartial::Proportional);
    const Eigen::VectorXd theta = pecards::ropeInvFreq(full.rope);
    const int rotating = pecards::rotatingPairs(full.rope);
    EXPECT_EQ(rotating, want.at("checks").at("rope_angles").get<int>());
    EXPECT_TRUE(close(2 * std::numbers::pi / theta[rotating - 1],
        want.at("checks").at("longest_wavelength_tokens").get<double>()));
    EXPECT_EQ(
        theta.tail(theta.size() - rotating).cwiseAbs().maxCoeff(), 0.0); // the other pairs do not rotate
    pecards::RopeParams classic = full.rope;
    classic.partial = pecards::RopePartial::Classic;
    const Eigen::VectorXd wrong = pecards::ropeInvFreq(classic);
    EXPECT_TRUE(close(2 * std::numbers::pi / wrong[wrong.size() - 1],
        want.at("checks").at("classic_partial_longest_wavelength_tokens").get<double>()));
}

std::string readText(const std::string& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The numbers the texts state about Gemma 4's global layers are the engine's: the RoPE card's
// back (en, zh_CN), docs/encodings.md and the README say 188 tokens, and 5.06 million (506 万) for the
// classic reading.
TEST(Gemma4Proportional, TextsStateTheEnginesWavelengths) {
    const pecards::app::ModelConfig config = pecards::app::readModelConfig(
        QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/2026/gemma-4-31b-it.json"));
    pecards::RopeParams rope = config.positions.groupOf(5).rope;
    const Eigen::VectorXd theta = pecards::ropeInvFreq(rope);
    const double proportional = 2 * std::numbers::pi / theta[pecards::rotatingPairs(rope) - 1];
    rope.partial = pecards::RopePartial::Classic;
    const Eigen::VectorXd classicTheta = pecards::ropeInvFreq(rope);
    const double classic = 2 * std::numbers::pi / classicTheta[classicTheta.size() - 1];
    const std::string tokens = std::to_string(std::lround(proportional)); // "188"
    char millions[16];
    std::snprintf(millions, sizeof millions, "%.2f million", classic / 1e6); // "5.06 million"
    const std::string wan = std::to_string(std::lround(classic / 1e4)) + " 万"; // "506 万"
    const std::string root = PECARDS_TEST_DATA_DIR "/../../";
    for (const auto& [file, phrases] : std::vector<std::pair<std::string, std::vector<std::string>>> {
             {"resources/cards/rope/back.en.html", {"from " + tokens + " to " + millions}},
             {"docs/encodings.md", {"= " + tokens + "` tokens", "would give " + std::string(millions)}},
             {"README.md", {std::string(millions) + " tokens instead of " + tokens}}}) {
        const std::string text = readText(root + file);
        for (const std::string& phrase : phrases) {
            EXPECT_NE(text.find(phrase), std::string::npos) << file << " should say: " << phrase;
        }
    }
    // The pair map paragraph of docs/encodings.md, from ropePairing.
    pecards::RopeParams proportionalRope = config.positions.groupOf(5).rope;
    const std::vector<pecards::RopeDimension> pairs = pecards::ropePairing(proportionalRope);
    const int turning = pecards::rotatingPairs(proportionalRope); // 64
    const int half = pairs.front().partner; // 256
    const std::vector<pecards::RopeDimension> classicPairs = pecards::ropePairing(rope);
    const auto passing = std::count_if(classicPairs.begin(), classicPairs.end(),
        [](const pecards::RopeDimension& dim) { return dim.pair < 0; }); // 384
    std::string encodings = readText(root + "docs/encodings.md");
    std::replace(encodings.begin(), encodings.end(), '\n', ' '); // phrases may wrap
    for (const std::string& phrase : {"`k` with `k + " + std::to_string(half) + "`",
             "dims 0–" + std::to_string(turning - 1) + " and " + std::to_string(half) + "–"
                 + std::to_string(half + turning - 1) + " turn",
             "pairs `k` with `k + " + std::to_string(classicPairs.front().partner) + "`",
             "the other " + std::to_string(passing) + " pass through"}) {
        EXPECT_NE(encodings.find(phrase), std::string::npos) << "docs/encodings.md should say: " << phrase;
    }
    const std::string readmePairMap = "rotates with k + " + std::to_string(half) + "; dims 0–"
        + std::to_string(turning - 1) + " and " + std::to_string(half) + "–"
        + std::to_string(half + turning - 1) + " turn"; // the pair map screenshot's caption
    EXPECT_NE(readText(root + "README.md").find(readmePairMap), std::string::npos) << readmePairMap;
    const std::string zh = readText(root + "resources/cards/rope/back.zh_CN.html");
    EXPECT_NE(zh.find("从 " + tokens + " 个词元变成 " + wan), std::string::npos) << tokens << ", " << wan;
}

} // namespace
