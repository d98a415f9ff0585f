#include "clitestutil.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace pecards::test {

CliRun runCli(const QStringList& arguments) {
    return runCli(arguments, QProcessEnvironment::systemEnvironment());
}

namespace {

CliRun finish(QProcess& process, const QStringList& arguments) {
    CliRun run;
    if (!process.waitForFinished(300000)) {
        ADD_FAILURE() << "pecards-cli did not finish: " << arguments.join(QLatin1Char(' ')).toStdString();
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace

CliRun runCli(const QStringList& arguments, const QProcessEnvironment& environment) {
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(PECARDS_CLI_PATH), arguments);
    return finish(process, arguments);
}

CliRun runCliLimited(const QStringList& arguments, qint64 fileSizeLimit, const QString& stdoutPath) {
    QProcess process;
    if (!stdoutPath.isEmpty()) {
        process.setStandardOutputFile(stdoutPath);
    }
    process.setChildProcessModifier([fileSizeLimit] {
        // In the child between fork and exec: only async-signal-safe calls.
        if (fileSizeLimit >= 0) {
            std::signal(SIGXFSZ, SIG_IGN); // a write past the limit fails with EFBIG instead
            rlimit limit {};
            limit.rlim_cur = static_cast<rlim_t>(fileSizeLimit);
            limit.rlim_max = static_cast<rlim_t>(fileSizeLimit);
            ::setrlimit(RLIMIT_FSIZE, &limit);
        }
    });
    process.start(QStringLiteral(PECARDS_CLI_PATH), arguments);
    return finish(process, arguments);
}

MeasuredRun runCliMeasured(const QStringList& arguments) {
    std::vector<QByteArray> storage;
    storage.push_back(QByteArrayLiteral(PECARDS_CLI_PATH));
    for (const QString& argument : arguments) {
        storage.push_back(argument.toLocal8Bit());
    }
    std::vector<char*> argv;
    for (QByteArray& argument : storage) {
        argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t child = 0;
    const int spawned = posix_spawn(&child, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    MeasuredRun run;
    if (spawned != 0) {
        ADD_FAILURE() << "cannot start " << PECARDS_CLI_PATH << ": " << std::strerror(spawned);
        return run;
    }
    int status = 0;
    rusage usage {};
    if (::wait4(child, &status, 0, &usage) != child) {
        ADD_FAILURE() << "wait4 failed: " << std::strerror(errno);
        return run;
    }
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.peakResidentBytes = static_cast<std::int64_t>(usage.ru_maxrss) * 1024; // ru_maxrss is in KiB on Linux
    return run;
}

Eigen::MatrixXd NpyArray::matrix() const {
    if (shape.size() != 2) {
        ADD_FAILURE() << "expected a 2-D array, got " << shape.size() << " axes";
        return {};
    }
    Eigen::MatrixXd m(shape[0], shape[1]);
    for (std::int64_t r = 0; r < shape[0]; ++r) {
        for (std::int64_t c = 0; c < shape[1]; ++c) {
            m(r, c) = values[static_cast<std::size_t>(r * shape[1] + c)];
        }
    }
    return m;
}

Eigen::VectorXd NpyArray::vector() const {
    if (shape.size() != 1) {
        ADD_FAILURE() << "expected a 1-D array, got " << shape.size() << " axes";
        return {};
    }
    return Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
}

NpyArray loadNpy(const QString& path) {
    QFile file(path);
    NpyArray array;
    if (!file.open(QIODevice::ReadOnly)) {
        ADD_FAILURE() << "cannot open " << path.toStdString();
        return array;
    }
    const QByteArray bytes = file.readAll();
    if (!bytes.startsWith(QByteArray("\x93NUMPY\x01\x00", 8))) {
        ADD_FAILURE() << path.toStdString() << " is not a version 1.0 .npy file";
        return array;
    }
    const int headerLength
        = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    const QString header = QString::fromLatin1(bytes.mid(10, headerLength));
    EXPECT_EQ((10 + headerLength) % 64, 0) << "header not 64-byte aligned";
    EXPECT_TRUE(header.contains(QStringLiteral("'descr': '<f8'"))) << header.toStdString();
    EXPECT_TRUE(header.contains(QStringLiteral("'fortran_order': False"))) << header.toStdString();
    const QRegularExpressionMatch shape
        = QRegularExpression(QStringLiteral("'shape': \\(([^)]*)\\)")).match(header);
    EXPECT_TRUE(shape.hasMatch()) << header.toStdString();
    std::int64_t count = 1;
    for (const QString& extent : shape.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        array.shape.push_back(extent.trimmed().toLongLong());
        count *= array.shape.back();
    }
    const qsizetype dataStart = 10 + headerLength;
    EXPECT_EQ(bytes.size() - dataStart, count * 8) << "data size";
    array.values.resize(static_cast<std::size_t>(count));
    std::memcpy(array.values.data(), bytes.constData() + dataStart,
        std::min<std::size_t>(array.values.size() * 8, static_cast<std::size_t>(bytes.size() - dataStart)));
    return array;
}

void saveNpy(const QString& path, const Eigen::MatrixXd& m) {
    QByteArray header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + QByteArray::number(m.rows())
        + ", " + QByteArray::number(m.cols()) + "), }";
    header += QByteArray((64 - (10 + header.size() + 1) % 64) % 64, ' ') + '\n';
    QByteArray bytes("\x93NUMPY\x01\x00", 8);
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
    bytes += header;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            const double value = m(r, c);
            bytes.append(reinterpret_cast<const char*>(&value), sizeof value);
        }
    }
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

QString joinNumbers(const Eigen::VectorXd& values) {
    QStringList parts;
    for (const double value : values) {
        parts << QString::number(value, 'g', 17);
    }
    return parts.join(QLatin1Char(','));
}

QString numberFlag(double value) {
    return QString::number(value, 'g', 17);
}

QProcessEnvironment headlessEnvironment() {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}) {
        environment.remove(QString::fromLatin1(name));
    }
    return environment;
}

CliRun runRender(const QStringList& arguments) {
    return runCli(QStringList {QStringLiteral("render")} + arguments, headlessEnvironment());
}

QSize pngSize(const QByteArray& png) {
    if (png.size() < 24 || !png.startsWith("\x89PNG\r\n\x1a\n") || png.mid(12, 4) != "IHDR") {
        ADD_FAILURE() << "not a PNG file";
        return {};
    }
    const auto be32 = [&](int offset) {
        int value = 0;
        for (int i = 0; i < 4; ++i) {
            value = (value << 8) | static_cast<unsigned char>(png[offset + i]);
        }
        return value;
    };
    return {be32(16), be32(20)};
}

QString configPath(const char* name) {
    return QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/") + QString::fromLatin1(name);
}

NpyArray CliTest::compute(const QStringList& arguments) {
    const QString out = path(QStringLiteral("out.npy"));
    QFile::remove(out);
    const CliRun run = runCli(
        QStringList {QStringLiteral("compute")} + arguments + QStringList {QStringLiteral("--out"), out});
    EXPECT_EQ(run.exitCode, 0) << "pecards-cli " << arguments.join(QLatin1Char(' ')).toStdString() << "\n"
                               << run.err.toStdString();
    if (run.exitCode != 0) {
        return {};
    }
    return loadNpy(out);
}

} // namespace pecards::test
