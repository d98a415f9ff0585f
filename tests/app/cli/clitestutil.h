#pragma once
/// @file clitestutil.h
/// @brief Runs the built pecards-cli (PECARDS_CLI_PATH) and exchanges .npy files with it. The
/// .npy reader/writer here is a minimal one of its own (float64, C order), independent of app/common.

#include "support/golden.h"

#include <Eigen/Core>
#include <QByteArray>
#include <QProcessEnvironment>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

namespace pecards::test {

/// @brief Exit code and captured streams of one pecards-cli run.
struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

/// @brief Runs pecards-cli with `arguments` (without the program name); fails the test on timeout.
CliRun runCli(const QStringList& arguments);

/// @brief As runCli, in `environment` instead of this process's environment.
CliRun runCli(const QStringList& arguments, const QProcessEnvironment& environment);

/// @brief As runCli, with the child's file-size limit (RLIMIT_FSIZE) at `fileSizeLimit` bytes
/// (-1 = unchanged) and SIGXFSZ ignored, so writes past it fail with EFBIG as on a full disk;
/// stdout goes to the file `stdoutPath` (e.g. /dev/full) when not empty.
CliRun runCliLimited(const QStringList& arguments, qint64 fileSizeLimit, const QString& stdoutPath = {});

/// @brief Peak resident memory of one finished pecards-cli run, as /usr/bin/time -v reports it.
struct MeasuredRun {
    int exitCode = -1;
    std::int64_t peakResidentBytes = 0; ///< ru_maxrss of the child (wait4), in bytes
};

/// @brief Runs pecards-cli with `arguments`, stdout and stderr discarded, and returns its exit
/// code and peak resident set size from wait4's rusage (the figure /usr/bin/time -v prints as
/// "Maximum resident set size"). Fails the test when the program cannot be started.
MeasuredRun runCliMeasured(const QStringList& arguments);

/// @brief A float64 .npy array: shape and row-major values.
struct NpyArray {
    std::vector<std::int64_t> shape;
    std::vector<double> values;
    Eigen::MatrixXd matrix() const; ///< 2-D arrays
    Eigen::VectorXd vector() const; ///< 1-D arrays
};

/// @brief Reads a '<f8' C-order .npy file (test-side parser). Fails the test on other content.
NpyArray loadNpy(const QString& path);

/// @brief Writes `m` as a 2-D '<f8' .npy file (test-side writer).
void saveNpy(const QString& path, const Eigen::MatrixXd& m);

/// @brief "x0,x1,..." with round-trip precision, for list flags.
QString joinNumbers(const Eigen::VectorXd& values);

/// @brief `value` with round-trip precision (17 significant digits), for a number flag.
QString numberFlag(double value);

/// @brief This process's environment with no display and no platform chosen: the CLI must pick
/// "offscreen" itself.
QProcessEnvironment headlessEnvironment();

/// @brief Runs `pecards-cli render` with `arguments` in the headless environment.
CliRun runRender(const QStringList& arguments);

/// @brief Width and height of a PNG from its IHDR chunk (PNG spec 11.2.2: big-endian at bytes
/// 16..23); fails the test (and is empty) when `png` is not a PNG file.
QSize pngSize(const QByteArray& png);

/// @brief A file of tests/data/configs.
QString configPath(const char* name);

/// @brief Base fixture: a temporary directory and compute helpers that assert success.
class CliTest : public ::testing::Test {
protected:
    /// Runs `compute` with `arguments` + --out <tmp>/out.npy; ASSERT-style failure recorded when
    /// the exit code is not 0 (the returned array is then empty).
    NpyArray compute(const QStringList& arguments);
    Eigen::MatrixXd computeMatrix(const QStringList& arguments) { return compute(arguments).matrix(); }
    Eigen::VectorXd computeVector(const QStringList& arguments) { return compute(arguments).vector(); }
    QString path(const QString& name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir;
};

} // namespace pecards::test
