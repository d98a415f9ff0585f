#pragma once
/// @file outputfile.h
/// @brief Safe output files: every file PE Cards writes appears complete or not at all, the
/// previous file survives any failure (full disk, file-size limit, I/O error), and targets that
/// are not regular files (a device, a FIFO, a directory, a symlink to one) are refused instead
/// of being replaced by a regular file.

#include <QByteArray>
#include <QString>
#include <memory>
#include <vector>

class QSaveFile;

namespace pecards::app {

/// @brief Throws FileError naming `path` unless it is absent (its folder must exist) or a
/// regular file. A symbolic link is refused, dangling or not: writing through it would replace or
/// create the file it points to (QSaveFile renames over the target). Call before any expensive work.
void checkOutputTarget(const QString& path);

/// @brief Writes `bytes` to `path` atomically (QSaveFile, unbuffered so that a short write is
/// seen by write() itself, then commit = flush + rename).
/// @throws FileError naming the file and the system's reason; the previous file is untouched.
void writeOutputFile(const QString& path, const QByteArray& bytes);

/// @brief Several output files written all or none (e.g. fig-01.png, fig-02.png, ...).
///
/// add() only collects; commit() checks every target, writes every file to a temporary file
/// next to it, and only when all are complete renames them into place. If a rename fails part
/// way, the files already committed are restored from hard-link (or copy) backups, so a failed
/// batch leaves every pre-existing file as it was.
class OutputBatch {
public:
    OutputBatch();
    ~OutputBatch();
    OutputBatch(const OutputBatch&) = delete;
    OutputBatch& operator=(const OutputBatch&) = delete;

    /// @brief Queues `bytes` for `path` (nothing is written yet).
    void add(const QString& path, QByteArray bytes);

    /// @brief Writes every queued file or none. @throws FileError naming the failing file.
    void commit();

private:
    struct Entry {
        QString path;
        QByteArray bytes;
    };
    std::vector<Entry> m_entries;
};

} // namespace pecards::app
