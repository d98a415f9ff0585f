// pecards-cli check: exit 0 for a matching cache, 1 with the bug named for a broken one, 2 for bad
// input; --json carries the report. Tables are written here from the formulas.

#include "clitestutil.h"
#include "support/ggufwriter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <gtest/gtest.h>

namespace {

using pecards::test::CliTest;
using pecards::test::runCli;

class CliCheck : public CliTest {
protected:
    /// cos/sin of positions 0..n-1 for theta_i = base^(-2i/d), half-split (HF cat(freqs, freqs)),
    /// positions optionally rounded to bfloat16 first.
    void writeCache(int d, double base, int n, bool bf16Positions) {
        Eigen::MatrixXd cos(n, d);
        Eigen::MatrixXd sin(n, d);
        for (int m = 0; m < n; ++m) {
            double position = m;
            if (bf16Positions) { // 8 significant bits, ties to even
                const int shift = std::max(0, static_cast<int>(std::floor(std::log2(std::max(1, m)))) - 7);
                position = std::nearbyint(m / std::ldexp(1.0, shift)) * std::ldexp(1.0, shift);
            }
            for (int i = 0; i < d / 2; ++i) {
                const double angle = position * std::pow(base, -2.0 * i / d);
                cos(m, i) = cos(m, i + d / 2) = std::cos(angle);
                sin(m, i) = sin(m, i + d / 2) = std::sin(angle);
            }
        }
        pecards::test::saveNpy(path(QStringLiteral("cos.npy")), cos);
        pecards::test::saveNpy(path(QStringLiteral("sin.npy")), sin);
    }

    pecards::test::CliRun check(const QStringList& extra) {
        return runCli(QStringList {"check", "--card", "rope", "--head-dim", "32", "--base", "10000", "--cos",
                          path(QStringLiteral("cos.npy")), "--sin", path(QStringLiteral("sin.npy"))}
            + extra);
    }
};

TEST_F(CliCheck, AMatchingCacheExitsZero) {
    writeCache(32, 10000, 600, false);
    const pecards::test::CliRun run = check({"--dtype", "fp64"});
    EXPECT_EQ(run.exitCode, 0) << run.out.toStdString() << run.err.toStdString();
    EXPECT_NE(run.out.indexOf(QStringLiteral("matches the reference")), -1) << run.out.toStdString();
}

TEST_F(CliCheck, BfloatPositionsAreDiagnosedInTheJsonReport) {
    writeCache(32, 10000, 600, true);
    const pecards::test::CliRun run = check({"--json"});
    EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
    EXPECT_FALSE(report[QStringLiteral("matches")].toBool());
    EXPECT_EQ(report[QStringLiteral("first_position")].toInt(), 257);
    const QJsonObject best = report[QStringLiteral("diagnosis")].toArray().first().toObject();
    EXPECT_EQ(best[QStringLiteral("name")].toString(), QStringLiteral("positions-bf16"));
    EXPECT_TRUE(best[QStringLiteral("fits")].toBool());
}

TEST_F(CliCheck, BadInputExitsTwoNamingTheFlag) {
    writeCache(32, 10000, 10, false);
    const auto fails = [&](const QStringList& arguments, const char* flag) {
        const pecards::test::CliRun run = runCli(arguments);
        EXPECT_EQ(run.exitCode, 2) << run.err.toStdString();
        EXPECT_NE(run.err.indexOf(QLatin1String(flag)), -1) << run.err.toStdString();
    };
    fails({"check", "--card", "rope"}, "--inv-freq: is missing");
    fails({"check", "--card", "rope", "--cos", path(QStringLiteral("cos.npy"))}, "--sin: is missing");
    fails(
        {"check", "--card", "rope", "--rotated", path(QStringLiteral("cos.npy"))}, "--unrotated: is missing");
    fails({"check", "--card", "rope", "--inv-freq", path(QStringLiteral("cos.npy")), "--gguf",
              path(QStringLiteral("cos.npy"))},
        "--gguf: and another table given");
    fails({"check", "--card", "rope", "--head-dim", "32", "--cos", path(QStringLiteral("cos.npy")), "--sin",
              path(QStringLiteral("sin.npy")), "--dtype", "int8"},
        "--dtype");
    fails({"check", "--card", "rope", "--inv-freq", path(QStringLiteral("missing.npy"))}, "--inv-freq");
    fails({"check", "--card", "rope", "--head-dim", "16", "--cos", path(QStringLiteral("cos.npy")), "--sin",
              path(QStringLiteral("sin.npy"))},
        "cos");
    fails({"check", "--card", "alibi", "--inv-freq", path(QStringLiteral("cos.npy"))}, "--card");
}

} // namespace

namespace {

/// docs/check.md shows a run on a cache whose positions were held in bfloat16: its report lines
/// are this run's.
TEST_F(CliCheck, TheGuidesTranscriptIsARealRun) {
    writeCache(128, 500000, 4096, true);
    const pecards::test::CliRun run
        = runCli({"check", "--card", "rope", "--head-dim", "128", "--base", "500000", "--cos",
            path(QStringLiteral("cos.npy")), "--sin", path(QStringLiteral("sin.npy")), "--dtype", "fp32"});
    EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
    QFile guide(QStringLiteral(PECARDS_SOURCE_DIR "/docs/check.md"));
    ASSERT_TRUE(guide.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(guide.readAll());
    const QStringList lines = run.out.split(u'\n');
    ASSERT_GE(lines.size(), 4);
    for (int i = 0; i < 3; ++i)
        EXPECT_NE(text.indexOf(lines[i]), -1) << "docs/check.md should show: " << lines[i].toStdString();
    EXPECT_TRUE(lines[3].startsWith(QStringLiteral("  1. positions-bf16             fits")))
        << lines[3].toStdString();
    EXPECT_NE(text.indexOf(lines[3].left(40)), -1);
}

} // namespace

namespace {

/// Llama 3's scaled frequency (Meta's apply_scaling, factor 8, bands 1 and 4, L0 8192) written out.
double llama3Theta(int i) {
    const double theta = std::pow(500000.0, -2.0 * i / 128);
    const double wavelength = 2 * 3.141592653589793 / theta;
    if (wavelength < 8192.0 / 4)
        return theta;
    if (wavelength > 8192.0)
        return theta / 8;
    const double smooth = (8192.0 / wavelength - 1) / (4 - 1);
    return (1 - smooth) * theta / 8 + smooth * theta;
}

TEST_F(CliCheck, AGgufWithLlama3FactorsMatchesAndWithoutThemTheScalingIsMissing) {
    const auto write = [&](bool factors) {
        pecards::test::GgufWriter gguf;
        gguf.string(QStringLiteral("general.architecture"), QStringLiteral("llama"));
        gguf.f32(QStringLiteral("llama.rope.freq_base"), 500000.0f);
        gguf.u32(QStringLiteral("llama.rope.dimension_count"), 128);
        if (factors) {
            std::vector<float> f;
            for (int i = 0; i < 64; ++i)
                f.push_back(static_cast<float>(std::pow(500000.0, -2.0 * i / 128) / llama3Theta(i)));
            gguf.tensor(QStringLiteral("rope_freqs.weight"), f);
        }
        QFile file(path(QStringLiteral("model.gguf")));
        EXPECT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(gguf.bytes());
    };
    const QStringList llama3 {"check", "--card", "rope", "--head-dim", "128", "--base", "500000", "--scaling",
        "llama3", "--factor", "8", "--original-max-pos", "8192", "--gguf",
        path(QStringLiteral("model.gguf"))};
    write(true);
    const pecards::test::CliRun good = runCli(llama3);
    EXPECT_EQ(good.exitCode, 0) << good.out.toStdString() << good.err.toStdString();
    EXPECT_NE(good.out.indexOf(QStringLiteral("rope_freqs.weight (64 factors)")), -1)
        << good.out.toStdString();
    write(false);
    const pecards::test::CliRun bad = runCli(llama3 + QStringList {"--json"});
    EXPECT_EQ(bad.exitCode, 1) << bad.err.toStdString();
    const QJsonObject report = QJsonDocument::fromJson(bad.out.toUtf8()).object();
    EXPECT_EQ(
        report[QStringLiteral("diagnosis")].toArray().first().toObject()[QStringLiteral("name")].toString(),
        QStringLiteral("scaling-ignored"));
    const pecards::test::CliRun lying
        = runCli({"check", "--card", "rope", "--gguf", path(QStringLiteral("cos.npy"))});
    EXPECT_EQ(lying.exitCode, 2);
    EXPECT_NE(lying.err.indexOf(QStringLiteral("--gguf")), -1) << lying.err.toStdString();
}

} // namespace
