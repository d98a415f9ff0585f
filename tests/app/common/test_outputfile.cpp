// Safe output and input files: a full disk (a file-size limit, which fails writes with EFBIG
// the same way, even for root) keeps the previous file; a batch is written all or none;
// targets and inputs that are not regular files are refused without blocking; size caps.

#include "common/fileerror.h"
#include "common/inputfile.h"
#include "common/outputfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <csignal>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>

namespace {

using pecards::app::checkOutputTarget;
using pecards::app::FileError;
using pecards::app::OutputBatch;
using pecards::app::readInputFile;
using pecards::app::writeOutputFile;

QByteArray contentOrMissing(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    ASSERT_EQ(file.write(bytes), bytes.size());
}

/// The message of the FileError `action` throws ("" when it throws none).
template <typename Action> std::string errorOf(Action action) {
    try {
        action();
    } catch (const FileError& error) {
        return error.what();
    }
    return {};
}

/// Limits the size of files this process writes for its lifetime (SIGXFSZ ignored: writes
/// past the limit fail with EFBIG as on a full disk).
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        getrlimit(RLIMIT_FSIZE, &m_saved);
        m_handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = m_saved;
        limited.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limited);
    }
    ~FileSizeLimit() {
        setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_handler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit m_saved {};
    void (*m_handler)(int) = nullptr;
};

TEST(OutputFile, WritesAndReplaces) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.txt"));
    writeOutputFile(path, "first");
    writeOutputFile(path, "second");
    EXPECT_EQ(contentOrMissing(path), QByteArray("second"));
}

TEST(OutputFile, FullDiskKeepsThePreviousFileAndNamesIt) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.txt"));
    writeFile(path, "previous");
    std::string error;
    {
        const FileSizeLimit limit(4096);
        error = errorOf([&] { writeOutputFile(path, QByteArray(100000, 'x')); });
    }
    EXPECT_EQ(error.rfind(path.toStdString() + ": cannot be written", 0), 0U) << error;
    EXPECT_NE(error.find("the previous file is kept"), std::string::npos) << error;
    EXPECT_EQ(contentOrMissing(path), QByteArray("previous"));
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("a.txt")});
    EXPECT_EQ(error.find("Unknown error"), std::string::npos) << error; // the system's reason
}

TEST(OutputFile, AFullDiskWithoutAnEarlierFileSaysNothingWasWritten) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("new.txt"));
    std::string error;
    {
        const FileSizeLimit limit(4096);
        error = errorOf([&] { writeOutputFile(path, QByteArray(100000, 'x')); });
    }
    EXPECT_NE(error.find("nothing was written"), std::string::npos) << error;
    EXPECT_EQ(error.find("previous file"), std::string::npos) << error;
    EXPECT_FALSE(QFileInfo::exists(path));
}

TEST(OutputFile, TargetsThatAreNotRegularFilesAreRefused) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("fifo.csv"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    for (const QString& path : {fifo, dir.path(), QStringLiteral("/dev/null")}) {
        SCOPED_TRACE(path.toStdString());
        const std::string error = errorOf([&] { writeOutputFile(path, "data"); });
        EXPECT_NE(error.find("is not a regular file"), std::string::npos) << error;
    }
    struct stat info { };
    ASSERT_EQ(::lstat(QFile::encodeName(fifo).constData(), &info), 0);
    EXPECT_TRUE(S_ISFIFO(info.st_mode));
}

// The review's reproducer (reliab/security_output_follows_symlinks.sh): a link planted in a shared
// folder must not get the file it points to replaced, nor a dangling one create the file it names.
TEST(OutputFile, SymbolicLinksAreNeverWrittenThrough) {
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("notes.txt"));
    writeFile(target, "precious notes");
    const QString toFile = dir.filePath(QStringLiteral("fig.npy"));
    ASSERT_TRUE(QFile::link(target, toFile));
    const QString dangling = dir.filePath(QStringLiteral("fig.png"));
    const QString named = dir.filePath(QStringLiteral("created-by-link.png"));
    ASSERT_TRUE(QFile::link(named, dangling));
    const QString toDevice = dir.filePath(QStringLiteral("null.npy"));
    ASSERT_TRUE(QFile::link(QStringLiteral("/dev/null"), toDevice));
    for (const QString& link : {toFile, dangling, toDevice}) {
        SCOPED_TRACE(link.toStdString());
        const std::string error = errorOf([&] { writeOutputFile(link, "data"); });
        EXPECT_EQ(error.rfind(link.toStdString() + ": is a symbolic link", 0), 0U) << error;
        EXPECT_TRUE(QFileInfo(link).isSymLink());
    }
    EXPECT_EQ(contentOrMissing(target), QByteArray("precious notes"));
    EXPECT_FALSE(QFileInfo::exists(named));
}

TEST(OutputFile, MissingFolderIsNamed) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("no/such/a.txt"));
    const std::string error = errorOf([&] { checkOutputTarget(path); });
    EXPECT_NE(error.find("does not exist"), std::string::npos) << error;
}

TEST(OutputBatch, WritesEveryFile) {
    QTemporaryDir dir;
    OutputBatch batch;
    for (int i = 0; i < 3; ++i) {
        batch.add(dir.filePath(QStringLiteral("f%1").arg(i)), QByteArray::number(i));
    }
    batch.commit();
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(contentOrMissing(dir.filePath(QStringLiteral("f%1").arg(i))), QByteArray::number(i));
    }
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 3);
}

TEST(OutputBatch, OneBadTargetWritesNothingAndKeepsEveryEarlierFile) {
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("f1")), "earlier 1");
    writeFile(dir.filePath(QStringLiteral("f2")), "earlier 2");
    ASSERT_TRUE(QDir(dir.path()).mkdir(QStringLiteral("f3")));
    OutputBatch batch;
    for (int i = 1; i <= 3; ++i) {
        batch.add(dir.filePath(QStringLiteral("f%1").arg(i)), "new");
    }
    const std::string error = errorOf([&] { batch.commit(); });
    EXPECT_NE(error.find("f3: is not a regular file"), std::string::npos) << error;
    EXPECT_EQ(contentOrMissing(dir.filePath(QStringLiteral("f1"))), QByteArray("earlier 1"));
    EXPECT_EQ(contentOrMissing(dir.filePath(QStringLiteral("f2"))), QByteArray("earlier 2"));
    EXPECT_EQ(
        QDir(dir.path()).entryList(QDir::Files), QStringList({QStringLiteral("f1"), QStringLiteral("f2")}));
}

TEST(OutputBatch, FullDiskOnTheLastFileWritesNothing) {
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("small")), "earlier small");
    writeFile(dir.filePath(QStringLiteral("big")), "earlier big");
    OutputBatch batch;
    batch.add(dir.filePath(QStringLiteral("small")), "new small");
    batch.add(dir.filePath(QStringLiteral("big")), QByteArray(100000, 'x'));
    std::string error;
    {
        const FileSizeLimit limit(4096);
        error = errorOf([&] { batch.commit(); });
    }
    EXPECT_NE(error.find("big: cannot be written"), std::string::npos) << error;
    EXPECT_EQ(contentOrMissing(dir.filePath(QStringLiteral("small"))), QByteArray("earlier small"));
    EXPECT_EQ(contentOrMissing(dir.filePath(QStringLiteral("big"))), QByteArray("earlier big"));
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 2);
}

TEST(InputFile, ReadsRegularFilesUpToTheCap) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("in.json"));
    writeFile(path, "{}");
    EXPECT_EQ(readInputFile(path, 2), QByteArray("{}"));
    const std::string error = errorOf([&] { readInputFile(path, 1); });
    EXPECT_NE(error.find("is 2 bytes, more than the 1 bytes allowed"), std::string::npos) << error;
}

TEST(InputFile, DevicesFifosAndFoldersAreRefusedWithoutBlocking) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0); // no writer: open would block
    for (const QString& path : {fifo, QStringLiteral("/dev/zero"), dir.path()}) {
        SCOPED_TRACE(path.toStdString());
        const std::string error = errorOf([&] { readInputFile(path, 1 << 20); });
        EXPECT_NE(error.find("is not a regular file"), std::string::npos) << error;
    }
    const std::string missing = errorOf([&] { readInputFile(dir.filePath(QStringLiteral("none")), 10); });
    EXPECT_NE(missing.find("cannot be read"), std::string::npos) << missing;
}

} // namespace
