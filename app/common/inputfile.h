#pragma once
/// @file inputfile.h
/// @brief Opening input files safely: only regular files are read (a FIFO, a device such as
/// /dev/zero or a directory is refused without blocking or reading), and the size is checked
/// against a cap before anything is allocated.

#include <QByteArray>
#include <QFile>
#include <QString>

namespace pecards::app {

/// Largest config.json read (bytes); real configs are a few kB (workspaces and lessons:
/// kMaxDocumentBytes in workspace/jsondocument.h).
inline constexpr qint64 kMaxJsonFileBytes = qint64 {4} << 20;

/// @brief Opens `path` read-only in `file` if it is a regular file (symlinks followed) of at
/// most `maxBytes` bytes. Opening never blocks (O_NONBLOCK until the type is known).
/// @param mode QIODevice::ReadOnly, or with QIODevice::Unbuffered for readers that must see the
///        file as it is on disk at each read (no bytes served from an earlier read's buffer).
/// @return the file size in bytes.
/// @throws FileError naming the file: missing/unreadable, not a regular file, or too large
///         (the message gives the size and the cap).
qint64 openInputFile(
    QFile& file, const QString& path, qint64 maxBytes, QIODevice::OpenMode mode = QIODevice::ReadOnly);

/// @brief The whole content of a regular file of at most `maxBytes` bytes (openInputFile), or of
/// a Qt resource (":/presets/...", size-checked the same way).
/// @throws FileError as openInputFile, or when fewer bytes than the file size could be read.
QByteArray readInputFile(const QString& path, qint64 maxBytes);

} // namespace pecards::app
