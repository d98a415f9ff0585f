// pecards-cli extrapolation figures (critical-dimension, base-bound, pi-fit, partial-rope) against
// independent formulas coded here: Liu et al.'s d_extra by counting pairs, Men et al.'s B(m) summed
// with std::cos, Chen et al.'s a(s) summed with std::complex from a refit, p-RoPE's mean cosine.
// These curves are computed in double in the engine (core), the same for --device cpu and OpenCL.

#include "clitestutil.h"

#include <cmath>
#include <complex>
#include <numbers>
#include <random>

namespace {

using pecards::test::CliTest;
using pecards::test::runCli;

constexpr double kTwoPi = 2.0 * std::numbers::pi;

TEST_F(CliTest, CriticalDimensionOfLlama2) {
    const Eigen::MatrixXd c
        = computeMatrix({"--card", "rope", "--quantity", "critical-dimension", "--head-dim", "128", "--base",
            "10000", "--original-max-pos", "4096", "--length", "8192", "--points", "3"});
    ASSERT_EQ(c.rows(), 3);
    ASSERT_EQ(c.cols(), 3);
    int pairs = 0;
    for (int i = 0; i < 64; ++i)
        pairs += kTwoPi * std::pow(10000.0, 2.0 * i / 128) < 4096.0 ? 1 : 0;
    EXPECT_EQ(pairs, 46);
    EXPECT_EQ(c(0, 0), 10000.0);
    EXPECT_EQ(c(0, 1), 92.0);
    EXPECT_NEAR(c(0, 2), kTwoPi * std::pow(10000.0, 92.0 / 128.0), 1e-9); // 4711.72
    EXPECT_NEAR(c(1, 0), 1e6, 1e-6); // beta steps 1e4, 1e6, 1e8
    EXPECT_NEAR(c(1, 2), kTwoPi * std::pow(1e6, 92.0 / 128.0), 1e-6);
    EXPECT_NEAR(c(2, 0), 1e8, 1e-4);
}

TEST_F(CliTest, BaseBoundScanMatchesBruteForce) {
    const Eigen::MatrixXd b = computeMatrix(
        {"--card", "rope", "--quantity", "base-bound", "--head-dim", "16", "--length", "300"});
    ASSERT_EQ(b.rows(), 57);
    ASSERT_EQ(b.cols(), 4);
    EXPECT_DOUBLE_EQ(b(0, 0), 3.0); // max(2, 300 / 100)
    bool smallestSeen = false;
    for (Eigen::Index k = 0; k < b.rows(); ++k) {
        std::int64_t first = -1;
        for (int m = 0; m <= 300 && first < 0; ++m) {
            double sum = 0.0;
            for (int i = 0; i < 8; ++i)
                sum += std::cos(m * std::pow(b(k, 0), -2.0 * i / 16));
            first = sum < 0.0 ? m : -1;
        }
        EXPECT_EQ(b(k, 1), static_cast<double>(first)) << b(k, 0);
        EXPECT_EQ(b(k, 3), first < 0 ? 1.0 : 0.0);
        if (!smallestSeen && first < 0) {
            smallestSeen = true;
            EXPECT_NEAR(b(k, 0), 3.0 * std::pow(10.0, 31.0 / 8.0), 1e-6); // 22497
        }
    }
    EXPECT_TRUE(smallestSeen);
}

TEST_F(CliTest, PositionInterpolationFitSolvesTheLeastSquaresAndBlowsUpBeyondL0) {
    const Eigen::MatrixXd a = computeMatrix({"--card", "rope", "--quantity", "pi-fit", "--head-dim", "8",
        "--base", "100", "--original-max-pos", "7", "--length", "28", "--points", "29", "--seed", "5"});
    ASSERT_EQ(a.rows(), 29);
    ASSERT_EQ(a.cols(), 3);
    // r = 8: 8 real unknowns and 8 points s = 0..7: a interpolates the seeded targets exactly.
    std::mt19937_64 g(5);
    for (int s = 0; s <= 7; ++s) {
        EXPECT_EQ(a(s, 0), s);
        EXPECT_NEAR(a(s, 1), 2.0 * std::ldexp(static_cast<double>(g() >> 11), -53) - 1.0, 1e-7) << s;
    }
    // Interpolated column: a at s L0 / L = s / 4, so row 4 k equals the extrapolated row k.
    for (int k = 0; k <= 7; ++k)
        EXPECT_NEAR(a(4 * k, 2), a(k, 1), 1e-9);
    // Chen et al. Fig. 2 at d = 128: bounded on [0, L0], far larger beyond.
    const Eigen::MatrixXd big = computeMatrix({"--card", "rope", "--quantity", "pi-fit", "--head-dim", "128",
        "--original-max-pos", "512", "--length", "2048", "--points", "2049"});
    const double inside = big.col(1).head(513).cwiseAbs().maxCoeff();
    EXPECT_LT(inside, 3.0);
    EXPECT_GT(big.col(1).tail(1536).cwiseAbs().maxCoeff(), 20.0 * inside);
    EXPECT_LT(big.col(2).cwiseAbs().maxCoeff(), 3.0);
}

TEST_F(CliTest, PartialRopeIsTheMeanCosineOfTheKeptFrequencies) {
    const Eigen::MatrixXd p = computeMatrix({"--card", "rope", "--quantity", "partial-rope", "--head-dim",
        "16", "--base", "10000", "--length", "1001", "--points", "3"});
    ASSERT_EQ(p.rows(), 3);
    ASSERT_EQ(p.cols(), 6);
    const double fractions[] = {1.0, 0.75, 0.5, 0.25, 0.0};
    for (int n = 0; n < 3; ++n) {
        const double delta = p(n, 0);
        EXPECT_EQ(delta, 500.0 * n);
        for (int f = 0; f < 5; ++f) {
            const int kept = static_cast<int>(fractions[f] * 16) / 2;
            double sum = 0.0;
            for (int i = 0; i < 8; ++i)
                sum += i < kept ? std::cos(delta * std::pow(10000.0, -2.0 * i / 16)) : 1.0;
            EXPECT_NEAR(p(n, f + 1), sum / 8, 1e-12) << n << " " << f;
        }
    }
}

TEST(CliExtrapolation, BadInputNamesTheFlag) {
    const pecards::test::CliRun missing = runCli(
        {"compute", "--card", "rope", "--quantity", "critical-dimension", "--out", "/tmp/never.npy"});
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_TRUE(missing.err.contains(QStringLiteral("--original-max-pos"))) << missing.err.toStdString();
    const pecards::test::CliRun tooLong = runCli({"compute", "--card", "rope", "--quantity", "pi-fit",
        "--original-max-pos", "70000", "--length", "140000", "--out", "/tmp/never.npy"});
    EXPECT_NE(tooLong.exitCode, 0);
    EXPECT_TRUE(tooLong.err.contains(QStringLiteral("65536"))) << tooLong.err.toStdString();
    const pecards::test::CliRun wrongCard
        = runCli({"compute", "--card", "alibi", "--quantity", "base-bound", "--out", "/tmp/never.npy"});
    EXPECT_EQ(wrongCard.exitCode, 2);
}

} // namespace
