// pecards-cli check: exit 0 for a matching cache, 1 with the bug named for a broken one, 2 for bad
// input; --json carries the report. Tables are written here from the formulas.

#include "clitestutil.h"
#include "support/ggufwriter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <bit>
#include <cmath>
#include <cstdint>
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

namespace {

/// Gemma 3 1B: layers 0-4 of every 6 slide with base 10000 (rope_local_base_freq), layer 5 is
/// global with base 1e6; SmolLM3 3B leaves every 4th layer (3, 7, ...) without RoPE.
TEST_F(CliCheck, LayerPicksTheGroupTheTablesAreFrom) {
    writeCache(256, 10000, 64, false); // a sliding layer's cache
    const QString gemma
        = QStringLiteral(PECARDS_SOURCE_DIR "/tests/data/configs/gemma-3-1b-it.mlc-preset.json");
    const QStringList cache {"--cos", path(QStringLiteral("cos.npy")), "--sin",
        path(QStringLiteral("sin.npy")), "--dtype", "fp64"};
    const pecards::test::CliRun sliding
        = runCli(QStringList {"check", "--config", gemma, "--layer", "0"} + cache);
    EXPECT_EQ(sliding.exitCode, 0) << sliding.out.toStdString() << sliding.err.toStdString();
    const pecards::test::CliRun global
        = runCli(QStringList {"check", "--config", gemma, "--layer", "5"} + cache);
    EXPECT_EQ(global.exitCode, 1) << global.out.toStdString() << global.err.toStdString();
    // Without --layer the model's full-attention group is the reference.
    EXPECT_EQ(runCli(QStringList {"check", "--config", gemma} + cache).exitCode, 1);
    const pecards::test::CliRun outside
        = runCli(QStringList {"check", "--config", gemma, "--layer", "26"} + cache);
    EXPECT_EQ(outside.exitCode, 2);
    EXPECT_NE(outside.err.indexOf(QStringLiteral("--layer")), -1) << outside.err.toStdString();
    EXPECT_NE(outside.err.indexOf(QStringLiteral("25")), -1) << outside.err.toStdString();

    const QString smollm = QStringLiteral(PECARDS_SOURCE_DIR "/tests/data/configs/2026/smollm3-3b.json");
    const pecards::test::CliRun nope
        = runCli(QStringList {"check", "--config", smollm, "--layer", "3"} + cache);
    EXPECT_EQ(nope.exitCode, 2);
    EXPECT_NE(nope.err.indexOf(QStringLiteral("--layer: 3 is a")), -1) << nope.err.toStdString();
    EXPECT_NE(
        nope.err.indexOf(QStringLiteral("no rotary tables: allowed: the RoPE layers 0-2, 4-6, 8-10")), -1)
        << nope.err.toStdString();
    const pecards::test::CliRun noConfig
        = runCli(QStringList {"check", "--card", "rope", "--layer", "3"} + cache);
    EXPECT_EQ(noConfig.exitCode, 2);
    EXPECT_NE(noConfig.err.indexOf(QStringLiteral("--layer: needs a --config")), -1)
        << noConfig.err.toStdString();
}

/// Qwen2.5-VL's ids for text:3, image:4x6 (merge 2), text:2, written out (transformers'
/// get_rope_index rule): t, h, w per token.
const int kIds[3][11] = {
    {0, 1, 2, 3, 3, 3, 3, 3, 3, 6, 7}, {0, 1, 2, 3, 3, 3, 4, 4, 4, 6, 7}, {0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7}};

TEST_F(CliCheck, MropeCachesAreCheckedWithTheirIds) {
    // d = 16, 8 pairs, sections [2, 3, 3] in Qwen3-VL's interleaved order: pair j follows axis j % 3.
    Eigen::MatrixXd cos(11, 16);
    Eigen::MatrixXd sin(11, 16);
    Eigen::MatrixXd ids(3, 11);
    for (int k = 0; k < 11; ++k) {
        for (int axis = 0; axis < 3; ++axis)
            ids(axis, k) = kIds[axis][k];
        for (int j = 0; j < 8; ++j) {
            const double angle = kIds[j % 3][k] * std::pow(10000.0, -2.0 * j / 16);
            cos(k, j) = cos(k, j + 8) = std::cos(angle);
            sin(k, j) = sin(k, j + 8) = std::sin(angle);
        }
    }
    pecards::test::saveNpy(path(QStringLiteral("cos.npy")), cos);
    pecards::test::saveNpy(path(QStringLiteral("sin.npy")), sin);
    pecards::test::saveNpy(path(QStringLiteral("ids.npy")), ids);
    const QStringList base {"check", "--card", "rope", "--head-dim", "16", "--cos",
        path(QStringLiteral("cos.npy")), "--sin", path(QStringLiteral("sin.npy")), "--mrope-section",
        "2,3,3"};
    const pecards::test::CliRun good = runCli(base
        + QStringList {"--mrope-layout", "interleaved", "--position-ids", path(QStringLiteral("ids.npy"))});
    EXPECT_EQ(good.exitCode, 0) << good.out.toStdString() << good.err.toStdString();
    EXPECT_NE(good.out.indexOf(QStringLiteral("11 tokens (M-RoPE ids, interleaved sections)")), -1)
        << good.out.toStdString();
    // The same ids from the segments; the model's layout blocked: the engine's is named.
    const pecards::test::CliRun blocked = runCli(
        base + QStringList {"--mrope-layout", "blocked", "--segments", "text:3,image:4x6,text:2", "--json"});
    EXPECT_EQ(blocked.exitCode, 1) << blocked.err.toStdString();
    const QJsonObject report = QJsonDocument::fromJson(blocked.out.toUtf8()).object();
    EXPECT_EQ(report[QStringLiteral("mrope_layout")].toString(), QStringLiteral("blocked"));
    EXPECT_EQ(report[QStringLiteral("first_position")].toInt(), 4); // tokens 0-3 have t = h = w
    EXPECT_EQ(
        report[QStringLiteral("diagnosis")].toArray().first().toObject()[QStringLiteral("name")].toString(),
        QStringLiteral("mrope-layout-swapped"));
    // Ids that do not fit the table, or with a first position, are refused.
    const pecards::test::CliRun shortIds = runCli(base + QStringList {"--segments", "text:3,image:4x6"});
    EXPECT_EQ(shortIds.exitCode, 2);
    EXPECT_NE(shortIds.err.indexOf(QStringLiteral("--segments: give 9 tokens, the table 11 rows")), -1)
        << shortIds.err.toStdString();
    const pecards::test::CliRun both = runCli(
        base + QStringList {"--position-ids", path(QStringLiteral("ids.npy")), "--first-position", "4"});
    EXPECT_EQ(both.exitCode, 2);
    EXPECT_NE(both.err.indexOf(QStringLiteral("--first-position")), -1) << both.err.toStdString();
}

/// A .npy of uint16 written byte by byte: numpy's header for '<u2' and shape (n,), then the bits.
void saveUint16Npy(const QString& file, const std::vector<std::uint16_t>& values) {
    QByteArray header = QStringLiteral("{'descr': '<u2', 'fortran_order': False, 'shape': (%1,), }")
                            .arg(values.size())
                            .toLatin1();
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray bytes("\x93NUMPY\x01\x00", 8);
    bytes += static_cast<char>(header.size() & 0xFF);
    bytes += static_cast<char>(header.size() >> 8);
    bytes += header;
    for (const std::uint16_t value : values) {
        bytes += static_cast<char>(value & 0xFF);
        bytes += static_cast<char>(value >> 8);
    }
    QFile out(file);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(bytes);
}

TEST_F(CliCheck, BfloatBitsInAUint16ArrayAreReadWithDtypeBf16) {
    // inv_freq of d = 32, base 10000 as torch holds it in bfloat16 (t.view(torch.int16)): the top
    // 16 bits of the float32, rounded to nearest even.
    std::vector<std::uint16_t> bits;
    for (int i = 0; i < 16; ++i) {
        const auto f = std::bit_cast<std::uint32_t>(static_cast<float>(std::pow(10000.0, -2.0 * i / 32)));
        bits.push_back(static_cast<std::uint16_t>((f + 0x7FFFu + ((f >> 16) & 1u)) >> 16));
    }
    saveUint16Npy(path(QStringLiteral("inv_freq.npy")), bits);
    const QStringList args {
        "check", "--card", "rope", "--head-dim", "32", "--inv-freq", path(QStringLiteral("inv_freq.npy"))};
    const pecards::test::CliRun bf16 = runCli(args + QStringList {"--dtype", "bf16"});
    EXPECT_EQ(bf16.exitCode, 0) << bf16.out.toStdString() << bf16.err.toStdString();
    const pecards::test::CliRun f32 = runCli(args);
    EXPECT_EQ(f32.exitCode, 2);
    EXPECT_NE(f32.err.indexOf(QStringLiteral("read only as bfloat16 bit patterns")), -1)
        << f32.err.toStdString();
}

} // namespace
