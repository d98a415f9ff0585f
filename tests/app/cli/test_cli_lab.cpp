// pecards-cli lab quantities (scaling-ratio, unseen-angles, score-vs-distance, dynamic-base,
// attention-entropy) reproduce reference numbers computed independently from HF's formulas.

#include "clitestutil.h"

#include <cmath>

namespace {

using pecards::test::CliTest;
using pecards::test::runCli;

TEST_F(CliTest, LabDynamicNtkBaseAndPairOne) {
    const QStringList lab {"--card", "rope", "--head-dim", "128", "--base", "10000", "--factor", "2",
        "--original-max-pos", "2048", "--length", "4096"};
    // dynamic-base: lengths 1..4096 at 3 points -> 1, 2048, 4096
    const Eigen::MatrixXd base
        = computeMatrix(lab + QStringList {"--quantity", "dynamic-base", "--points", "3"});
    ASSERT_EQ(base.rows(), 3);
    EXPECT_EQ(base(0, 0), 1.0);
    EXPECT_EQ(base(1, 0), 2048.0);
    EXPECT_EQ(base(1, 1), 10000.0);
    EXPECT_EQ(base(2, 0), 4096.0);
    EXPECT_NEAR(base(2, 1), 30527.736749, 1e-6);
    // scaling-ratio: columns i, theta, lambda/L0, lambda/L, then ratio, lambda'/L, a per scaling
    const Eigen::MatrixXd ratio
        = computeMatrix(lab + QStringList {"--quantity", "scaling-ratio", "--scalings", "dynamic"});
    ASSERT_EQ(ratio.rows(), 64);
    ASSERT_EQ(ratio.cols(), 7);
    EXPECT_NEAR(ratio(1, 1) * ratio(1, 4), 0.8509942913, 1e-10);
    EXPECT_NEAR(ratio(1, 2), 2 * M_PI / std::pow(10000.0, -2.0 / 128) / 2048, 1e-12);
    EXPECT_EQ(ratio(1, 6), 1.0);
}

TEST_F(CliTest, LabYarnD8) {
    const Eigen::MatrixXd ratio = computeMatrix(
        {"--card", "rope", "--quantity", "scaling-ratio", "--scalings", "linear,yarn", "--head-dim", "8",
            "--base", "10000", "--factor", "4", "--original-max-pos", "4096", "--length", "16384"});
    ASSERT_EQ(ratio.rows(), 4);
    ASSERT_EQ(ratio.cols(), 10);
    const double expected[] = {1.0, 0.1, 0.00625, 0.00025};
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(ratio(i, 1) * ratio(i, 7), expected[i], 1e-13 * expected[i]) << "pair " << i;
        EXPECT_NEAR(ratio(i, 4), 0.25, 1e-15); // linear
    }
    EXPECT_NEAR(ratio(0, 9), 1.138629, 1e-6);
}

TEST_F(CliTest, LabFactorIsTheGivenOneElseLengthOverTrainingLength) {
    // compute and render agree (review A-W1): --factor 8 compares at 8; no factor at L / L0 = 16.
    const QStringList model {"--card", "rope", "--quantity", "scaling-ratio", "--scalings", "linear",
        "--head-dim", "8", "--original-max-pos", "8192", "--length", "131072"};
    const Eigen::MatrixXd given = computeMatrix(model + QStringList {"--factor", "8"});
    const Eigen::MatrixXd unscaled = computeMatrix(model);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(given(i, 4), 1.0 / 8) << "pair " << i; // linear: theta' / theta = 1 / s
        EXPECT_EQ(unscaled(i, 4), 1.0 / 16) << "pair " << i;
    }
}

TEST_F(CliTest, LabLlama3Pair32) {
    const Eigen::MatrixXd ratio
        = computeMatrix({"--card", "rope", "--quantity", "scaling-ratio", "--scalings", "llama3",
            "--head-dim", "128", "--base", "500000", "--factor", "8", "--original-max-pos", "8192",
            "--length", "131072", "--low-freq-factor", "1", "--high-freq-factor", "4"});
    EXPECT_NEAR(ratio(32, 1), 0.001414213562, 1e-12);
    EXPECT_NEAR(ratio(32, 1) * ratio(32, 4), 0.000524846161, 1e-12);
}

TEST_F(CliTest, LabUnseenAnglesPerScaling) {
    // d = 8, base 10000, L0 = 64, L = 256: pairs 2 and 3 (wavelengths 628, 6283) are partial.
    const pecards::test::NpyArray maps
        = compute({"--card", "rope", "--quantity", "unseen-angles", "--scalings", "none,linear", "--head-dim",
            "8", "--base", "10000", "--factor", "4", "--original-max-pos", "64", "--length", "256"});
    ASSERT_EQ(maps.shape, (std::vector<std::int64_t> {2, 256, 4}));
    const auto at
        = [&](int s, int m, int i) { return maps.values[(static_cast<std::size_t>(s) * 256 + m) * 4 + i]; };
    for (int m = 0; m < 256; ++m) {
        for (int i = 0; i < 4; ++i) {
            const long double theta = std::pow(10000.0L, -2.0L * i / 8);
            const bool partial = 2 * M_PI / theta > 64;
            const long double limit = 63 * theta + 2 * std::acos(-1.0L) * 0x1p-40L; // seen within 2^-40 turn
            const long double twoPi = 2 * std::acos(-1.0L);
            EXPECT_EQ(at(0, m, i), partial && std::fmod(m * theta, twoPi) > limit ? 1.0 : 0.0)
                << m << " " << i;
            EXPECT_EQ(at(1, m, i), partial && std::fmod(m * theta / 4, twoPi) > limit ? 1.0 : 0.0)
                << m << " " << i;
        }
    }
    // Pooled: unscaled pair 3 is unseen for m >= 64 (angles up to 255 * 0.001 < 2 pi): 192/256.
    const Eigen::MatrixXd pooled = computeMatrix(
        {"--card", "rope", "--quantity", "unseen-angles", "--head-dim", "8", "--original-max-pos", "64",
            "--length", "256", "--view", "1x4", "--reduction", "mean", "--device", "auto"});
    EXPECT_NEAR(pooled(0, 3), 192.0 / 256.0, 1e-7);
    EXPECT_EQ(pooled(0, 0), 0.0);
}

TEST_F(CliTest, LabScoreVsDistanceAndEntropy) {
    const Eigen::MatrixXd s = computeMatrix(
        {"--card", "rope", "--quantity", "score-vs-distance", "--scalings", "none,yarn", "--head-dim", "16",
            "--factor", "4", "--original-max-pos", "256", "--length", "1024", "--points", "5"});
    ASSERT_EQ(s.rows(), 5);
    ASSERT_EQ(s.cols(), 7);
    EXPECT_EQ(s(4, 0), 1023.0);
    EXPECT_NEAR(s(0, 1), 16.0, 1e-12); // ones at distance 0: d
    EXPECT_NEAR(s(0, 2), 1.0, 1e-12); // E|q|^2 = 1
    const double a = 0.1 * std::log(4.0) + 1.0;
    EXPECT_NEAR(s(0, 4), 16.0 * a * a, 1e-12);
    long double sum = 0;
    for (int i = 0; i < 8; ++i) {
        sum += std::cos(1023.0L * std::pow(10000.0L, -2.0L * i / 16));
    }
    EXPECT_NEAR(s(4, 1), static_cast<double>(2 * sum), 1e-11);
    const Eigen::MatrixXd h = computeMatrix({"--card", "rope", "--quantity", "attention-entropy",
        "--scalings", "none", "--head-dim", "16", "--original-max-pos", "32", "--length", "64"});
    ASSERT_EQ(h.rows(), 64);
    EXPECT_NEAR(h(0, 2), 0.0, 1e-15);
    EXPECT_LE(h(63, 2), h(63, 1) + 1e-12);
}

TEST(CliLab, MissingTrainingLengthNamesTheFlag) {
    const pecards::test::CliRun run
        = runCli({"compute", "--card", "rope", "--quantity", "scaling-ratio", "--out", "/tmp/never.npy"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--original-max-pos"))) << run.err.toStdString();
    const pecards::test::CliRun longer = runCli({"compute", "--card", "rope", "--quantity", "scaling-ratio",
        "--original-max-pos", "8192", "--length", "4096", "--out", "/tmp/never.npy"});
    EXPECT_EQ(longer.exitCode, 2);
    EXPECT_TRUE(longer.err.contains(QStringLiteral("--original-max-pos"))) << longer.err.toStdString();
    const pecards::test::CliRun unknown = runCli({"compute", "--card", "rope", "--quantity", "scaling-ratio",
        "--scalings", "ntk", "--original-max-pos", "64", "--out", "/tmp/never.npy"});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_TRUE(unknown.err.contains(QStringLiteral("--scalings"))) << unknown.err.toStdString();
}

TEST_F(CliTest, LabTrainingLengthOfAConfigWithoutRopeScaling) {
    // Llama 2 ("rope_scaling": null, max_position_embeddings 4096): L0 = 4096, as --max-pos gives it.
    const Eigen::MatrixXd ratio
        = computeMatrix({"--config", pecards::test::configPath("llama-2-7b-hf.config.json"), "--quantity",
            "scaling-ratio", "--scalings", "linear", "--factor", "4", "--length", "16384"});
    ASSERT_EQ(ratio.rows(), 64);
    for (int i = 0; i < 64; ++i) {
        const double wavelength = 2 * M_PI / std::pow(10000.0, -2.0 * i / 128);
        EXPECT_NEAR(ratio(i, 2), wavelength / 4096, 1e-12 * wavelength) << "pair " << i;
        EXPECT_NEAR(ratio(i, 3), wavelength / 16384, 1e-12 * wavelength) << "pair " << i;
    }
    // unseen-angles without a scaling: pair 63 (wavelength 2 pi 10000^(126/128) > 4096) is seen at
    // positions m < 4096 only.
    const Eigen::MatrixXd unseen
        = computeMatrix({"--config", pecards::test::configPath("llama-2-7b-hf.config.json"), "--quantity",
            "unseen-angles", "--length", "8192", "--rows", "4095:4097", "--cols", "63:64"});
    ASSERT_EQ(unseen.rows(), 2);
    EXPECT_EQ(unseen(0, 0), 0.0);
    EXPECT_EQ(unseen(1, 0), 1.0);
}

TEST(CliLab, TheWorkBudgetOfAttentionEntropyIsDocumentedWhereExitThreeIs) {
    // L^2 d / 2 = 2^38 > 2^32: exit 3 at once, although the help said "Long requests are not
    // refused" under EXIT STATUS and "there is no work limit" for --dry-run.
    const pecards::test::CliRun run = runCli({"compute", "--card", "rope", "--quantity", "attention-entropy",
        "--original-max-pos", "64", "--length", "65536", "--out", "/tmp/never.npy"});
    EXPECT_EQ(run.exitCode, 3) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("exceeds the budget of 4294967296")))
        << run.err.toStdString();
    const pecards::test::CliRun help = runCli({"--help"});
    const qsizetype at = help.out.indexOf(QStringLiteral("\nEXIT STATUS\n"));
    ASSERT_GE(at, 0);
    const QString exitStatus = help.out.mid(at, help.out.indexOf(QStringLiteral("\nPROGRESS\n"), at) - at);
    EXPECT_TRUE(exitStatus.contains(QStringLiteral("attention-entropy, base-bound")))
        << exitStatus.toStdString();
}

TEST(CliLab, InvalidLongRequestPrintsOnlyTheErrorToAPipe) {
    // pi-fit's estimate at L0 = 128000 (Qwen2.5-VL) is above a second of work: the "working"
    // notice is for a terminal; a script reading stderr sees the one error line only.
    const pecards::test::CliRun run
        = runCli({"compute", "--config", pecards::test::configPath("qwen2.5-vl-7b-instruct.json"),
            "--quantity", "pi-fit", "--length", "256", "--out", "/tmp/never.npy"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err.count(u'\n'), 1) << run.err.toStdString();
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: --original-max-pos: ")))
        << run.err.toStdString();
}

} // namespace
