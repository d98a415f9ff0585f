#include "common/outputfile.h"

#include "common/fileerror.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

QString systemError(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

/// The file holding the previous content of `target` while a batch commits (same folder, so a
/// rename restores it atomically).
QString backupPath(const QString& target, std::size_t index) {
    return target + u".pecards-backup-"_s + QString::number(::getpid()) + u'-' + QString::number(index);
}

/// A hard link keeps the old content under a second name at no cost; where the file system has
/// no hard links, a copy does the same.
bool makeBackup(const QString& target, const QString& backup) {
    const QByteArray from = QFile::encodeName(target);
    const QByteArray to = QFile::encodeName(backup);
    return ::link(from.constData(), to.constData()) == 0 || QFile::copy(target, backup);
}

/// What went wrong: Qt's text, or the system's when Qt only says "Unknown error" (a full disk
/// reported by write() leaves Qt without a reason; errno still has it).
QString problemOf(const QFileDevice& file, int error) {
    const QString text = file.errorString();
    return (text.isEmpty() || text == u"Unknown error"_s) && error != 0 ? systemError(error) : text;
}

/// What the user still has: the previous file, or nothing when there was none.
QString keptOf(const QString& path) {
    return QFileInfo::exists(path) ? u"the previous file is kept"_s : u"nothing was written"_s;
}

std::unique_ptr<QSaveFile> writeTemporary(const QString& path, const QByteArray& bytes) {
    auto file = std::make_unique<QSaveFile>(path);
    // Unbuffered: a short write (disk full, file-size limit) is seen by write() itself; a
    // buffered QSaveFile can lose it in the final flush and commit a truncated file.
    if (!file->open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        throwFileError(path, u"cannot be written ("_s + file->errorString() + u')');
    }
    errno = 0;
    if (file->write(bytes) != bytes.size()) {
        const int error = errno;
        throwFileError(path, u"cannot be written ("_s + problemOf(*file, error) + u"); "_s + keptOf(path));
    }
    return file;
}

} // namespace

void checkOutputTarget(const QString& path) {
    if (path.isEmpty()) {
        throwFileError(u"\"\""_s, u"an output file name is empty"_s);
    }
    struct stat info { };
    const QByteArray name = QFile::encodeName(path);
    // A link is never followed: QSaveFile would replace the file it points to (or create the one a
    // dangling link names), which in a shared folder may be another user's file.
    if (::lstat(name.constData(), &info) == 0 && S_ISLNK(info.st_mode)) {
        throwFileError(path,
            u"is a symbolic link: refusing to write through it (it would replace or create the file it "
            "points to); remove the link or choose another name"_s);
    }
    if (::stat(name.constData(), &info) != 0) {
        if (errno != ENOENT) {
            throwFileError(path, u"cannot be written ("_s + systemError(errno) + u')');
        }
        const QFileInfo parent(QFileInfo(path).absolutePath());
        if (!parent.isDir()) {
            throwFileError(
                path, u"cannot be written (the folder "_s + parent.filePath() + u" does not exist)"_s);
        }
        return;
    }
    if (!S_ISREG(info.st_mode)) {
        throwFileError(path,
            u"is not a regular file (a directory, device, FIFO or socket, or a link to one): refusing to "
            "replace it"_s);
    }
}

void writeOutputFile(const QString& path, const QByteArray& bytes) {
    checkOutputTarget(path);
    const std::unique_ptr<QSaveFile> file = writeTemporary(path, bytes);
    errno = 0;
    if (!file->commit()) {
        const int error = errno;
        throwFileError(path, u"cannot be written ("_s + problemOf(*file, error) + u"); "_s + keptOf(path));
    }
}

OutputBatch::OutputBatch() = default;
OutputBatch::~OutputBatch() = default;

void OutputBatch::add(const QString& path, QByteArray bytes) {
    m_entries.push_back({path, std::move(bytes)});
}

void OutputBatch::commit() {
    for (const Entry& entry : m_entries) {
        checkOutputTarget(entry.path);
    }
    // Every temporary file complete before anything is replaced; a throw here discards them all.
    std::vector<std::unique_ptr<QSaveFile>> files;
    for (const Entry& entry : m_entries) {
        files.push_back(writeTemporary(entry.path, entry.bytes));
    }
    // Backups of the files about to be replaced, so a failing rename can be undone.
    std::vector<QString> targets;
    std::vector<QString> backups;
    const auto removeBackups = [&backups] {
        for (const QString& backup : backups) {
            if (!backup.isEmpty()) {
                QFile::remove(backup);
            }
        }
    };
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const QFileInfo info(m_entries[i].path);
        targets.push_back(info.exists() ? info.canonicalFilePath() : info.absoluteFilePath());
        backups.emplace_back();
        if (m_entries.size() > 1 && info.exists()) {
            const QString backup = backupPath(targets.back(), i);
            if (!makeBackup(targets.back(), backup)) {
                removeBackups();
                throwFileError(
                    m_entries[i].path, u"cannot keep a backup of the existing file, so nothing is written"_s);
            }
            backups.back() = backup;
        }
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (files[i]->commit()) {
            continue;
        }
        const QString problem = problemOf(*files[i], errno);
        for (std::size_t j = 0; j < i; ++j) { // undo the files already renamed into place
            if (backups[j].isEmpty()) {
                QFile::remove(targets[j]);
            } else {
                // Should this rename fail too, the backup stays (under its own name) for the user.
                std::rename(
                    QFile::encodeName(backups[j]).constData(), QFile::encodeName(targets[j]).constData());
                backups[j].clear();
            }
        }
        removeBackups();
        throwFileError(m_entries[i].path,
            u"cannot be written ("_s + problem + u"); no file of this batch was written"_s);
    }
    removeBackups();
}

} // namespace pecards::app
