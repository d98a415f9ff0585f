#pragma once
/// @file fileerror.h
/// @brief The error raised by the array file readers and writers (.npy, .csv).

#include <QString>
#include <stdexcept>

namespace pecards::app {

/// @brief A file cannot be read or written, or its content is not in a supported format.
/// The message names the file and what is wrong (e.g. "q.npy: dtype '>f8' is not supported:
/// expected little-endian float32 '<f4' or float64 '<f8'").
class FileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// @brief Throws a FileError whose message is "<path>: <problem>".
[[noreturn]] inline void throwFileError(const QString& path, const QString& problem) {
    throw FileError((path + QStringLiteral(": ") + problem).toStdString());
}

} // namespace pecards::app
