// pecards-cli computes any view whose memory fits (no work limit), with a progress line on
// stderr when stderr is a terminal and the computation runs longer than a second.

#include "clitestutil.h"
#include "progressline.h"
#include "support/sanitizers.h"

#include <QTextStream>
#include <chrono>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <pecards/backend.h>
#include <pecards/errors.h>
#include <utility>

namespace pecards::test {
namespace {

using cli::ProgressLine;
using namespace std::chrono_literals;

TEST(CliProgressLine, RewritesOneLineAtEachWholePercentAndEndsIt) {
    QString text;
    {
        QTextStream err(&text);
        ProgressLine line(err, QStringLiteral("exact max of content-attention over 4 x 4"), true, 0ms);
        for (const double fraction : {0.001, 0.004, 0.37, 0.371, 1.0}) {
            line.progress(fraction);
        }
    }
    const QString prefix = QStringLiteral("\rpecards-cli: exact max of content-attention over 4 x 4: ");
    EXPECT_EQ(text,
        prefix + QStringLiteral("0%") + prefix + QStringLiteral("37%") + prefix + QStringLiteral("100%\n"));
}

TEST(CliProgressLine, SilentWhenNotATerminalOrFasterThanTheDelay) {
    QString text;
    {
        QTextStream err(&text);
        ProgressLine notTerminal(err, QStringLiteral("x"), false, 0ms);
        notTerminal.progress(0.5);
        notTerminal.progress(1.0);
        ProgressLine quick(err, QStringLiteral("x"), true, std::chrono::hours(1));
        quick.progress(0.5);
        quick.progress(1.0);
    }
    EXPECT_TRUE(text.isEmpty()) << text.toStdString();
}

TEST(CliProgressLine, AnInterruptedLineIsEndedAndTheRequestDescribed) {
    QString text;
    {
        QTextStream err(&text);
        ProgressLine line(err, QStringLiteral("x"), true, 0ms);
        line.progress(0.25);
    }
    EXPECT_EQ(text, QStringLiteral("\rpecards-cli: x: 25%\n"));
    ViewRequest r;
    r.params.card = Card::Alibi;
    r.params.length = 1048576;
    r.quantity = Quantity::ContentAttention;
    r.window = fullExtent(r.params, r.quantity);
    r.reduction = Reduction::Max;
    EXPECT_EQ(
        ProgressLine::describe(r), QStringLiteral("exact max of content-attention over 1048576 x 1048576"));
    r.reduction = Reduction::Sample;
    EXPECT_EQ(
        ProgressLine::describe(r), QStringLiteral("sample of content-attention over 1048576 x 1048576"));
}

class CliNoWorkLimit : public CliTest { };

TEST_F(CliNoWorkLimit, ARequestOverTheFormerWorkLimitIsComputed) {
    // Exact content scores of 2049 x 2049 entries at head_dim 1024: 4.3e9 multiply-adds, over the
    // 2^32 operations the CLI used to refuse; the memory fits, so it is computed. Under ASan the
    // same path at head_dim 64 (sanitizers.h): the CPU reference took 45 s there for 4.3e9.
    const int headDim = testsupport::kUnderAsan ? 64 : 1024;
    ViewRequest r;
    r.params = startParams(Card::Alibi); // --card alibi starts as the app's card
    r.params.length = 2049;
    r.params.alibi.head_dim = headDim;
    r.quantity = Quantity::ContentScore;
    r.window = fullExtent(r.params, r.quantity);
    r.out_rows = 16;
    r.out_cols = 16;
    r.reduction = Reduction::Max;
    const auto backend = makeCpuBackend();
    if (!testsupport::kUnderAsan) {
        ASSERT_THROW(backend->compute(r), ComputeLimitExceeded);
    }
    const CliRun run = runCli({QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("alibi"),
        QStringLiteral("--head-dim"), QString::number(headDim), QStringLiteral("--length"),
        QStringLiteral("2049"), QStringLiteral("--quantity"), QStringLiteral("content-score"),
        QStringLiteral("--reduction"), QStringLiteral("max"), QStringLiteral("--view"),
        QStringLiteral("16x16"), QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--out"),
        path(QStringLiteral("x.npy"))});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_FALSE(run.err.contains(QStringLiteral("budget"))) << run.err.toStdString();
    EXPECT_FALSE(run.err.contains(QStringLiteral("%"))) << "stderr is not a terminal: no progress line";
    const NpyArray array = loadNpy(path(QStringLiteral("x.npy")));
    ASSERT_EQ(array.shape, (std::vector<std::int64_t> {16, 16}));
    // Three pixels against one-shot computations of the blocks they cover (view.h: pixel p of n
    // positions on 16 pixels covers [floor(p n / 16), floor((p + 1) n / 16))); the whole grid again
    // would double the test's 4.3e9 multiply-adds. Sums of 1024 products in another blocking may
    // differ in the last bits.
    const std::int64_t n = r.params.length;
    const auto blockBegin = [n](std::int64_t pixel) { return pixel * n / 16; };
    // Pixel (7, 11) lies above the diagonal: every entry masked, -inf.
    for (const auto& [row, col] :
        {std::pair {0, 0}, std::pair {11, 7}, std::pair {7, 11}, std::pair {15, 15}}) {
        ViewRequest block = r;
        block.window = Window {blockBegin(row), blockBegin(row + 1), blockBegin(col), blockBegin(col + 1)};
        block.out_rows = 1;
        block.out_cols = 1;
        const double expected = backend->compute(block).values.at(0);
        const double actual = array.values.at(static_cast<std::size_t>(row * 16 + col));
        if (std::isinf(expected)) {
            EXPECT_EQ(actual, expected) << "pixel " << row << ", " << col;
        } else {
            EXPECT_NEAR(actual, expected, 1e-12 * std::abs(expected)) << "pixel " << row << ", " << col;
        }
    }
    EXPECT_EQ(array.values.at(7 * 16 + 11), -std::numeric_limits<double>::infinity());
}

} // namespace
} // namespace pecards::test
