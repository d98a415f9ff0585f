#pragma once
/// @file qstringprinter.h
/// @brief Lets GoogleTest print QString values in failure messages (as UTF-8).

#include <QString>
#include <ostream>

QT_BEGIN_NAMESPACE
inline void PrintTo(const QString& value, std::ostream* os) {
    *os << '"' << value.toStdString() << '"';
}
QT_END_NAMESPACE
