// pecards-cli encoding-choice: the comparison table of encodingchoice.h for the flags' target,
// checked against published model sizes (T5-small, GPT-2) and RoPE's pairs beyond L0.

#include "clitestutil.h"

#include <QFile>
#include <QRegularExpression>
#include <cmath>
#include <numbers>

namespace {

using pecards::test::CliTest;
using pecards::test::runCli;

TEST_F(CliTest, EncodingChoiceT5SmallAndGpt2) {
    // T5-small: 8 heads x 64, 6 layers, fp32, trained at 512 tokens.
    const Eigen::MatrixXd t5
        = computeMatrix({"--quantity", "encoding-choice", "--length", "512", "--head-dim", "64", "--heads",
            "8", "--layers", "6", "--dtype-bytes", "4", "--original-max-pos", "512"});
    ASSERT_EQ(t5.rows(), 14);
    ASSERT_EQ(t5.cols(), 13);
    EXPECT_EQ(t5(3, 0), 3.0); // family t5
    EXPECT_EQ(t5(3, 1), 256.0); // 32 buckets x 8 heads, shared by the layers
    EXPECT_EQ(t5(3, 2), 1024.0);
    EXPECT_EQ(t5(3, 8), 2.0); // score-time bias
    // GPT-2: 1024 positions x 768 = 12 x 64.
    const Eigen::MatrixXd gpt2 = computeMatrix({"--quantity", "encoding-choice", "--length", "1024",
        "--head-dim", "64", "--heads", "12", "--original-max-pos", "1024"});
    EXPECT_EQ(gpt2(1, 1), 786432.0);
    EXPECT_EQ(gpt2(1, 6), 0.0);
    // The rescaled rows (8 PI, 9 YaRN, 10 llama3) at twice L0: s = 2 (column 9) and the slow pairs
    // end (L - 1)/s - (L0 - 1) = 0.5 positions past their trained angles (column 10).
    const Eigen::MatrixXd twice = computeMatrix({"--quantity", "encoding-choice", "--length", "8192",
        "--head-dim", "128", "--original-max-pos", "4096"});
    for (const int row : {7, 8, 9}) {
        EXPECT_EQ(twice(row, 0), 1.0 + row);
        EXPECT_EQ(twice(row, 5), 6.0); // rescaled
        EXPECT_EQ(twice(row, 9), 2.0);
        EXPECT_NEAR(twice(row, 10), 8191.0 / 2.0 - 4095.0, 1e-9);
    }
    EXPECT_EQ(twice(12, 0), 13.0); // NoPE: no layer carries an encoding
    EXPECT_EQ(twice(12, 12), 0.0);
}

TEST_F(CliTest, EncodingChoiceRopePairsBeyondTrainingLength) {
    const Eigen::MatrixXd table = computeMatrix({"--quantity", "encoding-choice", "--length", "8192",
        "--head-dim", "128", "--heads", "32", "--base", "10000", "--original-max-pos", "4096"});
    EXPECT_EQ(table(6, 1), 0.0); // no learned parameters
    EXPECT_EQ(table(6, 5), 0.0); // unseen angles
    EXPECT_EQ(table(6, 6), 18.0); // pairs 46..63: 2 pi 10000^(i/64) > 4096
    EXPECT_EQ(table(6, 7), 64.0);
    EXPECT_EQ(table(6, 4), 32.0 * 32 * 2 * 2 * 128); // layers x heads x (q, k) x 2 head_dim
}

TEST_F(CliTest, EncodingChoiceRejectsBadTarget) {
    const auto run = runCli({"compute", "--quantity", "encoding-choice", "--dtype-bytes", "16", "--out",
        path(QStringLiteral("x.csv"))});
    EXPECT_NE(run.exitCode, 0);
    EXPECT_TRUE(run.err.contains(QStringLiteral("dtype_bytes = 16 is invalid")));
}

TEST_F(CliTest, ChoosingDocShowsTheComputedTable) {
    // The command docs/choosing.md names; its table rows carry columns 1-4 and 6-7 of the output.
    const Eigen::MatrixXd table
        = computeMatrix({"--quantity", "encoding-choice", "--length", "8192", "--head-dim", "128", "--heads",
            "32", "--layers", "32", "--dtype-bytes", "2", "--base", "10000", "--original-max-pos", "4096"});
    QFile doc(QStringLiteral(PECARDS_CHOOSING_MD));
    ASSERT_TRUE(doc.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(doc.readAll()).split(u'\n');
    // NoPE's Beyond-L0 cell counts nothing (0 of 0) and says so in words.
    const QRegularExpression row(
        QStringLiteral(R"(^\| [^|]+ \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (?:[^|]*?(\d+) of (\d+) )?)"));
    int n = 0;
    for (const QString& line : lines) {
        const QRegularExpressionMatch match = row.match(line);
        if (!match.hasMatch())
            continue;
        ASSERT_LT(n, table.rows());
        for (const auto& [group, column] : {std::pair {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 6}, {6, 7}})
            EXPECT_EQ(match.captured(group).toDouble(), table(n, column)) // "" reads as 0
                << "row " << n << ": " << line.toStdString();
        ++n;
    }
    EXPECT_EQ(n, table.rows());
    // The paragraph on the rescaled rows quotes PI's overshoot at this target's s = 2 (row 8,
    // column 10) and the first pair YaRN interpolates fully, ceil(d ln(L0/(2 pi)) / (2 ln b)).
    const QString text = lines.join(u' ');
    EXPECT_EQ(table(7, 9), 2.0);
    EXPECT_TRUE(text.contains(QStringLiteral("(%1 at `s = 2`)").arg(table(7, 10), 0, 'g', 3)));
    const double pair = std::ceil(128 * std::log(4096 / (2 * std::numbers::pi)) / (2 * std::log(10000.0)));
    EXPECT_TRUE(text.contains(QStringLiteral("ends at pair %1").arg(pair)));
}

} // namespace
