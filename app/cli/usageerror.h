#pragma once
/// @file usageerror.h
/// @brief The error for a bad command line: it names the flag at fault.

#include <QString>
#include <stdexcept>

namespace pecards::cli {

/// @brief A command-line value is missing, malformed or out of range. pecards-cli prints it as
/// one line "pecards-cli: <flag>: <message>" and exits with code 2.
class UsageError : public std::invalid_argument {
public:
    /// @param flag the flag at fault with its dashes ("--length"), or the command word.
    /// @param message what is wrong and what is allowed.
    UsageError(QString flag, const QString& message)
        : std::invalid_argument(message.toStdString())
        , m_flag(std::move(flag)) { }

    const QString& flag() const noexcept { return m_flag; }

private:
    QString m_flag;
};

} // namespace pecards::cli
