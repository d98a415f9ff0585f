#pragma once
/// @file filebytes.h
/// @brief The whole content of a file the test made or expects, for byte comparisons, and the
/// big-endian fields of binary formats (PNG).

#include <QByteArray>
#include <QFile>
#include <QString>

namespace pecards::testsupport {

/// @brief The bytes of the file at `path`; empty when it cannot be opened (a comparison with the
/// expected content then fails and shows the empty value).
inline QByteArray fileBytes(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// @brief The unsigned 32-bit big-endian number at byte `at` of `bytes` (PNG lengths and sizes).
inline quint32 bigEndian32(const QByteArray& bytes, qsizetype at) {
    quint32 v = 0;
    for (int k = 0; k < 4; ++k) {
        v = (v << 8) | static_cast<quint8>(bytes[at + k]);
    }
    return v;
}

} // namespace pecards::testsupport
