// --device auto chooses per request by cost (#35): a request below the device's start-up cost runs
// on the CPU reference and never starts OpenCL (a broken OpenCL runtime says nothing then), one
// above it starts the device; --dry-run names the backend and why; a named device answers every
// request within float32 tolerance of the golden values.

#include "clitestutil.h"

#include <gtest/gtest.h>

namespace pecards::test {
namespace {

/// The environment with the OpenCL ICD loader pointed at an empty vendor list: starting OpenCL
/// finds no platform, and a started device falls back with a notice on stderr.
QProcessEnvironment withoutOpenCl() {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("OCL_ICD_VENDORS"), QStringLiteral("/nonexistent-pecards-vendors"));
    return environment;
}

QStringList scoreRequest(const QString& length, const QString& view, const QString& device,
    const QString& out, const QString& reduction = QStringLiteral("sample")) {
    return {QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--length"), length,
        QStringLiteral("--view"), view, QStringLiteral("--reduction"), reduction, QStringLiteral("--device"),
        device, QStringLiteral("--out"), out};
}

const QString kFallback = QStringLiteral("OpenCL unavailable (no OpenCL platform");

TEST_F(CliTest, ASmallAutoRequestRunsOnTheReferenceAndNeverStartsOpenCl) {
    const QString autoOut = path(QStringLiteral("auto.npy"));
    const CliRun run
        = runCli(scoreRequest(QStringLiteral("16"), QStringLiteral("16x16"), QStringLiteral("auto"), autoOut),
            withoutOpenCl());
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.err.isEmpty()) << "OpenCL was started for a 16 x 16 view: " << run.err.toStdString();
    const QString cpuOut = path(QStringLiteral("cpu.npy"));
    ASSERT_EQ(
        runCli(scoreRequest(QStringLiteral("16"), QStringLiteral("16x16"), QStringLiteral("cpu"), cpuOut))
            .exitCode,
        0);
    EXPECT_EQ(loadNpy(autoOut).values, loadNpy(cpuOut).values); // the reference's doubles, bit for bit
}

TEST_F(CliTest, ALargeAutoRequestStartsTheDevice) {
    // L = 2^20, exact mean: the score profile alone is 2^21 deltas x 128 operations, above the
    // start-up cost.
    const CliRun run
        = runCli(scoreRequest(QStringLiteral("1048576"), QStringLiteral("4x4"), QStringLiteral("auto"),
                     path(QStringLiteral("l.npy")), QStringLiteral("mean")),
            withoutOpenCl());
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(kFallback)) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("; using CPU reference"))) << run.err.toStdString();
}

TEST_F(CliTest, DryRunNamesTheBackendAndWhy) {
    const auto dryRun = [](const QStringList& arguments) {
        const CliRun run = runCli(arguments + QStringList {QStringLiteral("--dry-run")});
        EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
        const QStringList lines = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        return lines.isEmpty() ? QString() : lines.last();
    };
    const QString out = path(QStringLiteral("x.npy"));
    // 16 x 16 sampled score: 16 + 16 phasor rows of 128, plus 256 pixels x 128 (cost.h).
    EXPECT_EQ(
        dryRun(scoreRequest(QStringLiteral("16"), QStringLiteral("16x16"), QStringLiteral("auto"), out)),
        QStringLiteral("backend: CPU reference (3.69e+04 operations (~3.7e-05 s on one core) cost less than "
                       "starting the device (~0.1 s); --device auto)"));
    // 4 x 4 exact mean at 2^20: the profile of 2^21 deltas x 128, plus 16 pixels x 64.
    EXPECT_EQ(dryRun(scoreRequest(QStringLiteral("1048576"), QStringLiteral("4x4"), QStringLiteral("auto"),
                  out, QStringLiteral("mean"))),
        QStringLiteral("backend: the best OpenCL device (the CPU reference when none works), started for it "
                       "(2.68e+08 operations (~0.27 s on one core) outweigh starting the device (~0.1 s); "
                       "--device auto)"));
    EXPECT_EQ(dryRun(scoreRequest(QStringLiteral("16"), QStringLiteral("16x16"), QStringLiteral("cpu"), out)),
        QStringLiteral("backend: CPU reference (--device cpu)"));
    EXPECT_EQ(dryRun({QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
                  QStringLiteral("--quantity"), QStringLiteral("inv-freq"), QStringLiteral("--device"),
                  QStringLiteral("auto"), QStringLiteral("--out"), out}),
        QStringLiteral("backend: CPU reference (curves and tables are computed on the CPU)"));
}

TEST_F(CliTest, ANamedDeviceAnswersSmallRequestsWithinFloat32Tolerance) {
    const CliRun devices = runCli({QStringLiteral("devices")});
    const QString first = devices.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts).value(0);
    if (devices.exitCode != 0 || first.isEmpty()) {
        if (qEnvironmentVariable("PECARDS_REQUIRE_OPENCL") == QStringLiteral("1")) {
            FAIL() << "no OpenCL device: " << devices.err.toStdString();
        }
        GTEST_SKIP() << "no OpenCL device";
    }
    // The golden 6 x 6 score (rope_scores_half_d8_base10000_L6) on the named device: float32 keeps
    // its O(1) entries, sums of 4 pairs, to ~1e-6.
    const GoldenCase golden = GoldenCase::load("rope_scores_half_d8_base10000_L6");
    const QString out = path(QStringLiteral("device.npy"));
    const CliRun run = runCli({QStringLiteral("compute"), QStringLiteral("--card"), QStringLiteral("rope"),
        QStringLiteral("--head-dim"), QStringLiteral("8"), QStringLiteral("--layout"),
        QStringLiteral("half-split"), QStringLiteral("--length"), QStringLiteral("6"), QStringLiteral("--q"),
        joinNumbers(golden.paramVector("q")), QStringLiteral("--k"), joinNumbers(golden.paramVector("k")),
        QStringLiteral("--quantity"), QStringLiteral("score"), QStringLiteral("--device"),
        first.section(QStringLiteral(" / "), -1), QStringLiteral("--out"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(expectClose(loadNpy(out).matrix(), golden.expectMatrix("S"), Tolerance {1e-5, 1e-5}));
}

} // namespace
} // namespace pecards::test
