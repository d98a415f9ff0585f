// compute writes every position with --full, refuses --full past 4096 a side, and says on stderr
// when a view is written at fewer values than its window has positions.

#include "clitestutil.h"

#include <cmath>
#include <gtest/gtest.h>

namespace {

using pecards::test::CliTest;
using pecards::test::runCli;

TEST_F(CliTest, FullWritesOneValuePerPositionOfTheWindow) {
    const QString out = path(QStringLiteral("full.npy"));
    const pecards::test::CliRun run = runCli({"compute", "--card", "rope", "--quantity", "score", "--length",
        "1500", "--head-dim", "8", "--base", "100", "--full", "--out", out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.err.isEmpty()) << run.err.toStdString();
    const Eigen::MatrixXd score = pecards::test::loadNpy(out).matrix();
    ASSERT_EQ(score.rows(), 1500);
    ASSERT_EQ(score.cols(), 1500);
    // All-ones probe: S(i, j) = sum_p 2 cos((i - j) 100^(-2p/8)).
    for (const auto& [i, j] : {std::pair {1499, 0}, std::pair {7, 1201}, std::pair {1024, 1023}}) {
        double expected = 0;
        for (int p = 0; p < 4; ++p)
            expected += 2 * std::cos((i - j) * std::pow(100.0, -2.0 * p / 8));
        EXPECT_NEAR(score(i, j), expected, 1e-12) << i << "," << j;
    }
}

TEST_F(CliTest, ASmallerOutputThanTheWindowIsNamedOnStderr) {
    const pecards::test::CliRun run = runCli({"compute", "--card", "rope", "--quantity", "score", "--length",
        "1500", "--out", path(QStringLiteral("s.npy"))});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_NE(run.err.indexOf(QStringLiteral("the 1500 x 1500 window is written as 1024 x 1024 values")), -1)
        << run.err.toStdString();
}

TEST_F(CliTest, FullPastTheLargestOutputIsRefused) {
    const pecards::test::CliRun run = runCli({"compute", "--card", "rope", "--quantity", "score", "--length",
        "5000", "--full", "--out", path(QStringLiteral("f.npy"))});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.indexOf(QStringLiteral("--full: the window is 5000 x 5000 positions")), -1)
        << run.err.toStdString();
    const pecards::test::CliRun both = runCli({"compute", "--card", "rope", "--quantity", "score", "--length",
        "64", "--full", "--view", "8x8", "--out", path(QStringLiteral("f.npy"))});
    EXPECT_EQ(both.exitCode, 2);
}

} // namespace
