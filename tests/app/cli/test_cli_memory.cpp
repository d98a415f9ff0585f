// The CLI's memory estimate holds: for requests of every kind, the peak resident memory of the
// run (wait4's rusage, the figure /usr/bin/time -v prints) stays within 120 % of the peak memory
// `--dry-run` printed for the same flags. The estimate counts the process's resident memory when
// it is made plus the request's own allocations; an OpenCL runtime's libraries and compiler
// (loaded later, and driver-specific) are not counted: on a device, the resident memory of a
// tiny request on that device minus the same on the CPU reference is subtracted first.

#include "clitestutil.h"
#include "support/sanitizers.h"

#include <QRegularExpression>
#include <algorithm>

namespace {

using pecards::test::CliTest;
using pecards::test::MeasuredRun;
using pecards::test::runCli;
using pecards::test::runCliMeasured;

constexpr double kAllowedExcess = 1.2;
constexpr std::int64_t kMiB = std::int64_t {1} << 20;

class CliMemory : public CliTest {
protected:
    void SetUp() override {
#ifdef PECARDS_UNDER_ASAN
        GTEST_SKIP() << "the resident set includes AddressSanitizer's shadow memory";
#endif
        CliTest::SetUp();
    }

    /// The peak memory `--dry-run` prints for `arguments`, in bytes (0 after a test failure).
    static std::int64_t estimate(const QStringList& arguments) {
        const auto run = runCli(arguments + QStringList {QStringLiteral("--dry-run")});
        EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
        const QRegularExpressionMatch match = QRegularExpression(
            QStringLiteral("^peak memory: (\\d+) bytes$"), QRegularExpression::MultilineOption)
                                                  .match(run.out);
        EXPECT_TRUE(match.hasMatch()) << run.out.toStdString();
        return match.hasMatch() ? match.captured(1).toLongLong() : 0;
    }

    /// Peak resident bytes of a successful run of `arguments`.
    static std::int64_t peak(const QStringList& arguments) {
        const MeasuredRun run = runCliMeasured(arguments);
        EXPECT_EQ(run.exitCode, 0) << arguments.join(QLatin1Char(' ')).toStdString();
        return run.peakResidentBytes;
    }

    /// Resident bytes an OpenCL runtime adds on `device` (0 for the CPU reference).
    std::int64_t runtimeBytes(const QString& device) {
        if (device == QStringLiteral("cpu")) {
            return 0;
        }
        const QStringList tiny {QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
            QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--length"),
            QStringLiteral("8"), QStringLiteral("--out"), path(QStringLiteral("tiny.npy"))};
        return std::max<std::int64_t>(
            peak(tiny + QStringList {QStringLiteral("--device"), device}) - peak(tiny), 0);
    }

    /// Runs `arguments` on `device` and checks the measured peak against the estimate. The
    /// estimate must be large enough (>= 64 MiB) that the check means something.
    void expectWithinEstimate(QStringList arguments, const QString& device) {
        arguments << QStringLiteral("--device") << device;
        const std::int64_t estimated = estimate(arguments);
        ASSERT_GE(estimated, 64 * kMiB) << "request too small to test the estimate";
        const std::int64_t measured = peak(arguments) - runtimeBytes(device);
        RecordProperty("estimate_MiB", static_cast<int>(estimated / kMiB));
        RecordProperty("measured_MiB", static_cast<int>(measured / kMiB));
        EXPECT_LE(static_cast<double>(measured), kAllowedExcess * static_cast<double>(estimated))
            << arguments.join(QLatin1Char(' ')).toStdString() << ": measured " << measured / kMiB
            << " MiB, estimated " << estimated / kMiB << " MiB";
    }

    QStringList compute(const char* card, const char* quantity, int length, const char* view) const {
        return {QStringLiteral("compute"), QStringLiteral("--card"), QLatin1String(card),
            QStringLiteral("--quantity"), QLatin1String(quantity), QStringLiteral("--length"),
            QString::number(length), QStringLiteral("--view"), QLatin1String(view), QStringLiteral("--out"),
            path(QStringLiteral("out.npy"))};
    }
};

TEST_F(CliMemory, PositionalScoreAtFullOutputSize) {
    expectWithinEstimate(compute("rope", "score", 4096, "4096x4096"), QStringLiteral("cpu"));
}

TEST_F(CliMemory, ExactMaximumOverAMillionPositions) {
    expectWithinEstimate(compute("rope", "score", 1 << 20, "2048x2048")
            << QStringLiteral("--reduction") << QStringLiteral("max"),
        QStringLiteral("cpu"));
}

TEST_F(CliMemory, AttentionAndBuckets) {
    expectWithinEstimate(compute("alibi", "attention", 4096, "4096x4096"), QStringLiteral("cpu"));
    expectWithinEstimate(compute("relative", "buckets", 4096, "4096x4096"), QStringLiteral("cpu"));
}

TEST_F(CliMemory, ContentScoreWithGeneratedVectors) {
    expectWithinEstimate(compute("rope", "content-score", 8192, "2048x2048"), QStringLiteral("cpu"));
}

TEST_F(CliMemory, ContentAttentionFromNpyFiles) {
    const Eigen::MatrixXd q = Eigen::MatrixXd::Random(16384, 64);
    pecards::test::saveNpy(path(QStringLiteral("q.npy")), q);
    pecards::test::saveNpy(path(QStringLiteral("k.npy")), q.reverse());
    expectWithinEstimate(compute("alibi", "content-attention", 16384, "1024x1024")
            << QStringLiteral("--q-npy") << path(QStringLiteral("q.npy")) << QStringLiteral("--k-npy")
            << path(QStringLiteral("k.npy")),
        QStringLiteral("cpu"));
}

TEST_F(CliMemory, CsvOutput) {
    QStringList arguments = compute("rope", "score", 2048, "2048x2048");
    arguments.last() = path(QStringLiteral("out.csv"));
    expectWithinEstimate(arguments, QStringLiteral("cpu"));
}

TEST_F(CliMemory, RenderedFigureAtPrintResolution) {
    expectWithinEstimate({QStringLiteral("render"), QStringLiteral("--card"), QStringLiteral("rope"),
                             QStringLiteral("--quantity"), QStringLiteral("score"),
                             QStringLiteral("--length"), QStringLiteral("4096"), QStringLiteral("--size"),
                             QStringLiteral("10x10"), QStringLiteral("--dpi"), QStringLiteral("300"),
                             QStringLiteral("--out"), path(QStringLiteral("figure.png"))},
        QStringLiteral("cpu"));
}

TEST_F(CliMemory, OpenClDevice) { // or the CPU reference where no OpenCL device works
    expectWithinEstimate(compute("rope", "score", 1 << 20, "4096x4096")
            << QStringLiteral("--reduction") << QStringLiteral("max"),
        QStringLiteral("auto"));
    expectWithinEstimate(compute("alibi", "content-attention", 4096, "4096x4096"), QStringLiteral("auto"));
}

} // namespace
