#pragma once
/// @file messagetext.h
/// @brief Messages that quote what a file holds stay one readable line: a value of 100,000
/// characters or a list of 20,000 unknown keys is cut in the middle, with the count left out named.

#include <QString>

namespace pecards::app {

/// @brief Longest message kept whole, in characters.
inline constexpr qsizetype kMaxMessageChars = 600;

/// @brief `text` when it has at most `max` characters; else its start and end around
/// " ... (N characters left out) ... ", at most about `max` characters in all.
QString elidedMessage(const QString& text, qsizetype max = kMaxMessageChars);

} // namespace pecards::app
