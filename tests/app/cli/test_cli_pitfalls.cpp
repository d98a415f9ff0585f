// pecards-cli --pitfall: the numbers of the public reports reproduced headless, the `pitfalls`
// listing, and errors naming the flag.

#include "clitestutil.h"

#include <cmath>
#include <numbers>

namespace {

using pecards::test::CliTest;
using pecards::test::runCli;

TEST_F(CliTest, RotateOnHalfSplitTableScoresAndNorm) {
    const QStringList rope {"--card", "rope", "--head-dim", "4", "--length", "8", "--q", "1,2,3,4", "--k",
        "0.5,-1,2,1", "--pitfall", "rotate-on-half-split-table"};
    const Eigen::MatrixXd score = computeMatrix(rope + QStringList {"--quantity", "score"});
    EXPECT_NEAR(score(1, 0), -2.041374, 5e-7);
    EXPECT_NEAR(score(5, 4), -2.497332, 5e-7);
    const Eigen::MatrixXd fixed
        = computeMatrix(rope + QStringList {"--quantity", "score", "--pitfall-fixed"});
    EXPECT_NEAR(fixed(1, 0), 7.456105, 5e-7);
    EXPECT_NEAR(fixed(5, 4), 7.456105, 5e-7);
    const Eigen::MatrixXd table = computeMatrix(rope + QStringList {"--quantity", "table", "--rows", "1:2"});
    EXPECT_NEAR(table.row(0).norm(), 4.962817, 5e-7);
    const Eigen::MatrixXd correct
        = computeMatrix(rope + QStringList {"--quantity", "table", "--rows", "1:2", "--pitfall-fixed"});
    EXPECT_NEAR(correct.row(0).norm(), 5.477226, 5e-7);
}

TEST_F(CliTest, Bf16PositionsAndInvFreq) {
    const QStringList positions {"--card", "rope", "--head-dim", "2", "--length", "512", "--q", "1,0", "--k",
        "1,0", "--quantity", "table", "--rows", "257:258", "--pitfall", "positions-low-precision"};
    EXPECT_NEAR(computeMatrix(positions)(0, 1), -0.999208, 5e-7); // sin 256
    EXPECT_NEAR(computeMatrix(positions + QStringList {"--pitfall-fixed"})(0, 1), -0.573357, 5e-7);
    QStringList e1(128, "0");
    e1[1] = "1";
    const QStringList inv_freq {"--card", "rope", "--head-dim", "128", "--length", "4096", "--q",
        e1.join(u','), "--quantity", "table", "--rows", "4095:4096", "--pitfall", "inv-freq-low-precision"};
    const Eigen::MatrixXd buggy = computeMatrix(inv_freq);
    EXPECT_NEAR(
        std::atan2(buggy(0, 65), buggy(0, 1)), std::remainder(3551.132813, 2 * std::numbers::pi), 1e-6);
    const Eigen::MatrixXd exact = computeMatrix(inv_freq + QStringList {"--pitfall-fixed"});
    EXPECT_NEAR(
        std::atan2(exact(0, 65), exact(0, 1)), std::remainder(3546.123904, 2 * std::numbers::pi), 1e-6);
}

TEST_F(CliTest, PitfallsListsEveryPitfallOnOneLine) {
    const auto run = runCli({"pitfalls"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QStringList lines = run.out.split(u'\n', Qt::SkipEmptyParts);
    EXPECT_EQ(lines.size(), 18);
    EXPECT_TRUE(run.out.contains(u"alibi-flipped-slope"));
    EXPECT_TRUE(run.out.contains(u"layout-mismatch"));
    EXPECT_TRUE(lines.front().startsWith(u"sinusoidal"));
}

TEST_F(CliTest, PitfallErrorsNameTheFlag) {
    auto run = runCli({"compute", "--card", "rope", "--quantity", "score", "--pitfall", "alibi-flipped-slope",
        "--out", path("x.npy")});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: --pitfall: "))) << run.err.toStdString();
    run = runCli({"compute", "--card", "rope", "--quantity", "score", "--pitfall", "layout-mismatch",
        "--length", "8192", "--out", path("x.npy")});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: --length: "))) << run.err.toStdString();
    run = runCli({"compute", "--card", "sinusoidal", "--d-model", "7", "--quantity", "table", "--pitfall",
        "odd-d-model", "--pitfall-fixed", "--length", "16", "--out", path("x.npy")});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("d_model = 7 is invalid: allowed: even, in [2, 1024]")))
        << run.err.toStdString();
    run = runCli({"compute", "--card", "sinusoidal", "--d-model", "7", "--quantity", "table", "--pitfall",
        "odd-d-model", "--length", "16", "--out", path("odd.npy")});
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    // An even d_model shows nothing of the bug: refused, naming the flag and an odd value.
    run = runCli({"render", "--card", "sinusoidal", "--quantity", "score", "--pitfall", "odd-d-model",
        "--length", "16", "--out", path("even/")});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral(
        "--d-model: d_model = 128 is even: the odd-d-model pitfall needs an odd d_model, e.g. 127")))
        << run.err.toStdString();
}

} // namespace
