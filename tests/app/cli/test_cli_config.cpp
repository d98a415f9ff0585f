// pecards-cli on the model_config_derived golden cases: the `config` summary of every cfg_*
// case, and `compute --config` reproducing the config's frequencies and T5 buckets.

#include "clitestutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <map>

namespace {

using pecards::test::CliTest;
using pecards::test::expectClose;
using pecards::test::GoldenCase;

Eigen::VectorXd toVector(const QJsonValue& value) {
    const QJsonArray array = value.toArray();
    Eigen::VectorXd v(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        v(i) = array.at(i).toDouble();
    }
    return v;
}

Eigen::VectorXd firstLast3(const Eigen::VectorXd& v) {
    Eigen::VectorXd out(6);
    out << v.head(3), v.tail(3);
    return out;
}

Eigen::VectorXd scalar(double value) {
    return Eigen::VectorXd::Constant(1, value);
}

/// The summary key holding a golden key; empty = computed through `compute` below.
QString summaryKey(const std::string& key) {
    if (key == "num_heads") {
        return QStringLiteral("heads");
    }
    if (key == "d_kv" || key == "d_head") {
        return QStringLiteral("head_dim");
    }
    if (key == "slopes_first3" || key == "slopes_last3") {
        return QStringLiteral("alibi_slopes");
    }
    if (key == "positions" || key == "encoder_buckets_bidirectional"
        || key == "decoder_buckets_unidirectional") {
        return {};
    }
    return QString::fromStdString(key);
}

/// The summary's layer_groups against the golden groups (layers, treatment, spans, frequencies).
void checkLayerGroups(
    const QJsonArray& got, const nlohmann::json& expect, const pecards::test::Tolerance& tol) {
    ASSERT_EQ(static_cast<std::size_t>(got.size()), expect.size());
    for (std::size_t g = 0; g < expect.size(); ++g) {
        SCOPED_TRACE("layer group " + std::to_string(g));
        const QJsonObject group = got.at(static_cast<qsizetype>(g)).toObject();
        const nlohmann::json& want = expect.at(g);
        EXPECT_EQ(
            group.value(QStringLiteral("name")).toString().toStdString(), want.at("name").get<std::string>());
        EXPECT_EQ(group.value(QStringLiteral("treatment")).toString().toStdString(),
            want.at("treatment").get<std::string>());
        EXPECT_TRUE(expectClose(toVector(group.value(QStringLiteral("layers"))),
            pecards::test::toVector(want.at("layers")), tol));
        EXPECT_EQ(group.value(QStringLiteral("sliding_window")).toInteger(),
            want.at("sliding_window").get<qint64>());
        if (want.contains("rope_theta")) {
            EXPECT_EQ(
                group.value(QStringLiteral("rope_theta")).toDouble(), want.at("rope_theta").get<double>());
            const Eigen::VectorXd inv = toVector(group.value(QStringLiteral("inv_freq")));
            Eigen::VectorXd expected(6);
            expected << pecards::test::toVector(want.at("inv_freq").at("first3")),
                pecards::test::toVector(want.at("inv_freq").at("last3"));
            EXPECT_TRUE(expectClose(firstLast3(inv), expected, tol));
        }
    }
}

class ConfigSummary : public CliTest, public ::testing::WithParamInterface<const char*> { };

TEST_P(ConfigSummary, MatchesGolden) {
    const GoldenCase golden = GoldenCase::load(GetParam());
    const QString configFile
        = pecards::test::configPath(golden.params().at("config_file").get<std::string>().c_str());
    const QString out = path(QStringLiteral("summary.json"));
    const pecards::test::CliRun run = pecards::test::runCli({"config", configFile, "--out", out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QFile file(out);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject summary = QJsonDocument::fromJson(file.readAll()).object();
    const auto tol = golden.tolerance();
    for (const auto& [key, expect] : golden.expect().items()) {
        SCOPED_TRACE(key);
        const QString name = summaryKey(key);
        if (name.isEmpty()) {
            continue;
        }
        ASSERT_TRUE(summary.contains(name)) << name.toStdString();
        const QJsonValue got = summary.value(name);
        if (key == "layer_groups") {
            checkLayerGroups(got.toArray(), expect, tol);
        } else if (expect.is_string()) {
            EXPECT_EQ(got.toString().toStdString(), expect.get<std::string>());
        } else if (expect.is_object()) {
            EXPECT_TRUE(expectClose(firstLast3(toVector(got)),
                firstLast3((Eigen::VectorXd(6) << pecards::test::toVector(expect.at("first3")),
                    pecards::test::toVector(expect.at("last3")))
                               .finished()),
                tol));
        } else if (expect.is_array()) {
            Eigen::VectorXd values = toVector(got);
            if (key == "slopes_first3") {
                values = Eigen::VectorXd(values.head(3));
            } else if (key == "slopes_last3") {
                values = Eigen::VectorXd(values.tail(3));
            }
            EXPECT_TRUE(expectClose(values, pecards::test::toVector(expect), tol));
        } else {
            EXPECT_TRUE(expectClose(scalar(got.toDouble()), scalar(expect.get<double>()), tol));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(CfgCases, ConfigSummary,
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

TEST_F(CliTest, ComputeWithConfigGivesTheScaledFrequencies) {
    const GoldenCase golden = GoldenCase::load("cfg_llama-3.1-8b");
    const Eigen::VectorXd invFreq
        = computeVector({"--config", pecards::test::configPath("llama-3.1-8b.mlc-preset.json"), "--quantity",
            "inv-freq", "--seq-len", "131072"});
    const auto& expect = golden.expect().at("inv_freq");
    Eigen::VectorXd expected(6);
    expected << pecards::test::toVector(expect.at("first3")), pecards::test::toVector(expect.at("last3"));
    EXPECT_TRUE(expectClose(firstLast3(invFreq), expected, golden.tolerance()));
}

TEST_F(CliTest, ComputeWithT5ConfigGivesEncoderAndDecoderBuckets) {
    const GoldenCase golden = GoldenCase::load("cfg_t5-base");
    const QStringList flags {"--config", pecards::test::configPath("t5-base.config.json"), "--quantity",
        "buckets-vs-offset", "--offsets", pecards::test::joinNumbers(golden.expectVector("positions"))};
    EXPECT_TRUE(expectClose(
        computeVector(flags), golden.expectVector("encoder_buckets_bidirectional"), golden.tolerance()));
    EXPECT_TRUE(expectClose(computeVector(flags + QStringList {"--unidirectional"}),
        golden.expectVector("decoder_buckets_unidirectional"), golden.tolerance()));
}

/// Runs `config` on JSON text written to a temporary file; returns the summary (exit 0 asserted).
QJsonObject summaryOf(const QString& dir, const QByteArray& json, QString* err = nullptr) {
    const QString file = dir + QStringLiteral("/model.json");
    QFile out(file);
    EXPECT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(json);
    out.close();
    const pecards::test::CliRun run = pecards::test::runCli({"config", file});
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    if (err) {
        *err = run.err;
    }
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

TEST_F(CliTest, ConfigPrintsLayerGroupsOfALlama4LikeModel) {
    QString err;
    const QJsonObject summary = summaryOf(m_dir.path(), QByteArray(R"({"model_type": "llama4_text",
        "hidden_size": 5120, "num_attention_heads": 40, "head_dim": 128, "num_hidden_layers": 12,
        "max_position_embeddings": 10485760, "rope_theta": 500000.0, "attention_chunk_size": 8192})"),
        &err);
    const QJsonArray groups = summary.value(QStringLiteral("layer_groups")).toArray();
    ASSERT_EQ(groups.size(), 2);
    const QJsonObject rope = groups.at(0).toObject();
    const QJsonObject nope = groups.at(1).toObject();
    EXPECT_EQ(rope.value(QStringLiteral("treatment")).toString(), QStringLiteral("rope"));
    EXPECT_EQ(rope.value(QStringLiteral("name")).toString(), QStringLiteral("chunked_attention"));
    EXPECT_EQ(rope.value(QStringLiteral("attention_chunk")).toInteger(), 8192);
    EXPECT_EQ(rope.value(QStringLiteral("layers")).toArray().size(), 9);
    // theta_1 = 500000^(-2/128) for the RoPE layers (no scaling in this config).
    EXPECT_NEAR(rope.value(QStringLiteral("inv_freq")).toArray().at(1).toDouble(),
        std::pow(500000.0, -2.0 / 128), 1e-15);
    EXPECT_EQ(nope.value(QStringLiteral("treatment")).toString(), QStringLiteral("nope"));
    EXPECT_EQ(nope.value(QStringLiteral("layers")).toArray(), (QJsonArray {3, 7, 11}));
    EXPECT_FALSE(nope.contains(QStringLiteral("inv_freq")));
    // attn_temperature_tuning (Llama4TextConfig default on) is noted on the NoPE group only.
    const QJsonObject temperature = nope.value(QStringLiteral("attn_temperature_tuning")).toObject();
    EXPECT_EQ(temperature.value(QStringLiteral("floor_scale")).toDouble(), 8192.0);
    EXPECT_EQ(temperature.value(QStringLiteral("attn_scale")).toDouble(), 0.1);
    EXPECT_EQ(temperature.value(QStringLiteral("query_scale")).toString(),
        QStringLiteral("log(floor((p + 1) / floor_scale) + 1) * attn_scale + 1"));
    EXPECT_FALSE(rope.contains(QStringLiteral("attn_temperature_tuning")));
    // max_position_embeddings 10485760 is within the length limit 2^24: the default seq_len is
    // the full context, and nothing warns.
    EXPECT_EQ(summary.value(QStringLiteral("max_position_embeddings")).toInteger(), 10485760);
    EXPECT_EQ(summary.value(QStringLiteral("seq_len")).toInteger(), 10485760);
    EXPECT_FALSE(err.contains(QStringLiteral("above 2^"))) << err.toStdString();
}

TEST_F(CliTest, ConfigPrintsTheTimeAlignmentOfAnOmniModel) {
    QString err;
    const QJsonObject summary = summaryOf(m_dir.path(), QByteArray(R"({"model_type": "qwen2_5_omni",
        "thinker_config": {"model_type": "qwen2_5_omni_thinker", "position_id_per_seconds": 25,
            "seconds_per_chunk": 2, "vision_config": {"spatial_merge_size": 2},
            "text_config": {"model_type": "qwen2_5_omni_text", "hidden_size": 3584, "num_attention_heads": 28,
                "num_hidden_layers": 28, "rope_theta": 1000000, "max_position_embeddings": 32768,
                "rope_scaling": {"type": "default", "mrope_section": [16, 24, 24]}}}})"),
        &err);
    const QJsonObject ids = summary.value(QStringLiteral("mrope_position_ids")).toObject();
    EXPECT_EQ(ids.value(QStringLiteral("rules")).toString(), QStringLiteral("qwen2.5-omni"));
    EXPECT_EQ(ids.value(QStringLiteral("position_id_per_seconds")).toInt(), 25);
    EXPECT_EQ(ids.value(QStringLiteral("seconds_per_chunk")).toDouble(), 2.0);
    EXPECT_EQ(summary.value(QStringLiteral("mrope_section")).toArray(), (QJsonArray {16, 24, 24}));
}

// The logit-scale curves of `config`: Ministral 3's llama_4_scaling_beta (x1.0693147 from
// p = 8192, x1.3871201 at p = 393215) and Llama 4's NoPE temperature (x1.0693147 from p = 8191).
TEST_F(CliTest, ConfigPrintsTheLogitScalesOfMinistral3AndLlama4) {
    const auto pointsOf = [](const char* file, const char* factor) {
        const pecards::test::CliRun run = pecards::test::runCli({"config", pecards::test::configPath(file)});
        EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
        for (const QJsonValue scale : QJsonDocument::fromJson(run.out.toUtf8())
                                          .object()
                                          .value(QStringLiteral("logit_scales"))
                                          .toArray()) {
            if (scale.toObject().value(QStringLiteral("factor")).toString() == QLatin1String(factor)) {
                std::map<qint64, double> points;
                for (const QJsonValue point : scale.toObject().value(QStringLiteral("points")).toArray()) {
                    points[point.toArray().at(0).toInteger()] = point.toArray().at(1).toDouble();
                }
                return points;
            }
        }
        ADD_FAILURE() << file << " has no " << factor;
        return std::map<qint64, double> {};
    };
    auto ministral = pointsOf("2026/devstral-small-2-24b-instruct.json", "llama_4_scaling_beta");
    EXPECT_EQ(ministral[8191], 1.0);
    EXPECT_NEAR(ministral[8192], 1.0693147180559945, 1e-15);
    EXPECT_NEAR(ministral[393215], 1.3871201010907891, 1e-15);
    auto llama4 = pointsOf("2026/llama-4-maverick.ktransformers-doc.json", "attn_temperature_tuning");
    EXPECT_EQ(llama4[8190], 1.0);
    EXPECT_NEAR(llama4[8191], 1.0693147180559945, 1e-15);
}

TEST_F(CliTest, ConfigPrintsGemma3LocalAndGlobalBases) {
    const pecards::test::CliRun run
        = pecards::test::runCli({"config", pecards::test::configPath("gemma-3-1b-it.mlc-preset.json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonArray groups
        = QJsonDocument::fromJson(run.out.toUtf8()).object().value(QStringLiteral("layer_groups")).toArray();
    ASSERT_EQ(groups.size(), 2);
    EXPECT_EQ(groups.at(0).toObject().value(QStringLiteral("layers")).toArray().size(), 22);
    EXPECT_EQ(groups.at(0).toObject().value(QStringLiteral("rope_theta")).toDouble(), 10000.0);
    EXPECT_EQ(groups.at(0).toObject().value(QStringLiteral("sliding_window")).toInteger(), 512);
    EXPECT_EQ(
        groups.at(1).toObject().value(QStringLiteral("layers")).toArray(), (QJsonArray {5, 11, 17, 23}));
    EXPECT_EQ(groups.at(1).toObject().value(QStringLiteral("rope_theta")).toDouble(), 1000000.0);
}

TEST_F(CliTest, ConfigRefusesFlagsItDoesNotUse) {
    const pecards::test::CliRun run = pecards::test::runCli(
        {"config", pecards::test::configPath("llama-2-7b-hf.config.json"), "--head-dim", "64"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--head-dim"))) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("is not used by config"))) << run.err.toStdString();
}

TEST_F(CliTest, ComputeWithConfigRefusesACardTheModelDoesNotUse) {
    const pecards::test::CliRun run = pecards::test::runCli(
        {"compute", "--config", pecards::test::configPath("llama-2-7b-hf.config.json"), "--card", "alibi",
            "--quantity", "slopes", "--out", path(QStringLiteral("x.npy"))});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--card"))) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("its positional encoding is on card rope")))
        << run.err.toStdString();
}

TEST_F(CliTest, ConfigAndComputeUseOneSequenceLengthRule) {
    // Phi-3.5: max_position_embeddings 131072 > L0 4096, so both pick the long factors by default,
    // and --seq-len 0 means the same default.
    const QString phi = pecards::test::configPath("phi-3.5-mini-instruct.mlc-preset.json");
    for (const QStringList& extra : {QStringList {}, QStringList {"--seq-len", "0"}}) {
        const pecards::test::CliRun run = pecards::test::runCli(QStringList {"config", phi} + extra);
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
        const QJsonObject summary = QJsonDocument::fromJson(run.out.toUtf8()).object();
        EXPECT_EQ(summary.value(QStringLiteral("factor_list")).toString(), QStringLiteral("long"));
        const Eigen::VectorXd fromConfig = toVector(summary.value(QStringLiteral("inv_freq")));
        const Eigen::VectorXd fromCompute
            = computeVector(QStringList {"--config", phi, "--quantity", "inv-freq"} + extra);
        EXPECT_TRUE(expectClose(fromCompute, fromConfig, {0.0, 0.0}));
    }
    const pecards::test::CliRun shortRun = pecards::test::runCli({"config", phi, "--seq-len", "4096"});
    EXPECT_EQ(QJsonDocument::fromJson(shortRun.out.toUtf8())
                  .object()
                  .value(QStringLiteral("factor_list"))
                  .toString(),
        QStringLiteral("short"));
}

TEST_F(CliTest, DynamicNtkWithAConfigScalesForTheLengthAsWithout) {
    // #32, the engineer's review W4: with --config, dynamic NTK ignored --length (the sequence length
    // was max_position_embeddings, 4096, so nothing scaled); the app scales for L. Hugging Face's
    // _compute_dynamic_ntk_parameters at n = 16384, s = 4, L0 = 4096, d = 128:
    // b' = 10000 (s n / L0 - (s - 1))^(d / (d - 2)) = 10000 * 13^(128/126), theta_i = b'^(-2i/d).
    const double scaled = 10000.0 * std::pow(13.0, 128.0 / 126.0);
    const QStringList flags {
        "--quantity", "inv-freq", "--scaling", "dynamic", "--factor", "4", "--length", "16384"};
    const Eigen::VectorXd withConfig = computeVector(
        QStringList {"--config", pecards::test::configPath("llama-2-7b-hf.config.json")} + flags);
    const Eigen::VectorXd without = computeVector(
        QStringList {"--card", "rope", "--head-dim", "128", "--original-max-pos", "4096"} + flags);
    ASSERT_EQ(withConfig.size(), 64);
    for (Eigen::Index i = 0; i < 64; ++i) {
        const double want = std::pow(scaled, -2.0 * static_cast<double>(i) / 128.0);
        EXPECT_NEAR(withConfig[i], want, 1e-12 * want) << "pair " << i;
        EXPECT_NEAR(without[i], want, 1e-12 * want) << "pair " << i;
    }
}

} // namespace

// The author's A-C5: the app opens a model with --preset NAME, the CLI had only --config FILE (and
// its --preset is a figure size). --model-preset NAME reads the app's embedded preset, the same
// config as resources/presets/NAME.json.
TEST_F(CliTest, AModelPresetIsTheAppsPresetConfig) {
    for (const char* name : {"llama-3.1-8b", "phi-3.5-mini", "deepseek-v2-lite"}) {
        const QString file
            = QStringLiteral(PECARDS_SOURCE_DIR "/resources/presets/%1.json").arg(QLatin1String(name));
        const Eigen::VectorXd fromFile = computeVector(
            {QStringLiteral("--config"), file, QStringLiteral("--quantity"), QStringLiteral("inv-freq")});
        const Eigen::VectorXd fromPreset = computeVector({QStringLiteral("--model-preset"),
            QLatin1String(name), QStringLiteral("--quantity"), QStringLiteral("inv-freq")});
        ASSERT_GT(fromFile.size(), 0) << name;
        EXPECT_EQ(fromPreset, fromFile) << name;
    }
    const pecards::test::CliRun unknown = pecards::test::runCli({QStringLiteral("compute"),
        QStringLiteral("--model-preset"), QStringLiteral("llama-9"), QStringLiteral("--quantity"),
        QStringLiteral("inv-freq"), QStringLiteral("--out"), path(QStringLiteral("x.npy"))});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_TRUE(
        unknown.err.contains(QStringLiteral("--model-preset: \"llama-9\" is not a model preset: allowed: "
                                            "bloom-560m, deepseek-v2-lite, llama-2-7b, "
                                            "llama-3.1-8b, mistral-7b, mpt-7b, phi-3.5-mini, t5-base")))
        << unknown.err.toStdString();
    const pecards::test::CliRun both = pecards::test::runCli({QStringLiteral("compute"),
        QStringLiteral("--model-preset"), QStringLiteral("llama-3.1-8b"), QStringLiteral("--config"),
        QStringLiteral(PECARDS_SOURCE_DIR "/resources/presets/llama-3.1-8b.json"),
        QStringLiteral("--quantity"), QStringLiteral("inv-freq"), QStringLiteral("--out"),
        path(QStringLiteral("y.npy"))});
    EXPECT_EQ(both.exitCode, 2);
    EXPECT_TRUE(both.err.contains(QStringLiteral("--model-preset: names the model instead of --config")))
        << both.err.toStdString();
}
