// pecards-cli on the model_config_derived golden cases: the `config` summary of every cfg_*
// case, and `compute --config` reproducing the config's frequencies and T5 buckets.

#include "clitestutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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
    if (key == "d_kv") {
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
        if (expect.is_string()) {
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
        "cfg_gpt-j-6b", "cfg_bloom-560m", "cfg_mpt-7b", "cfg_t5-base"),
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

} // namespace
