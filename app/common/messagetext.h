#pragma once
/// @file messagetext.h
/// @brief Messages that quote what a file holds stay one readable line: a value of 100,000
/// characters or a list of 20,000 unknown keys is cut in the middle, with the count left out named,
/// and control characters are shown, not sent to the terminal.

#include <QString>

namespace pecards::app {

/// @brief Longest message kept whole, in characters.
inline constexpr qsizetype kMaxMessageChars = 600;

/// @brief `text` with its control characters written out, "\r", "\t" or "\xHH" (a line break
/// stays): a carriage return quoted from a file can no longer make a message line overwrite
/// itself on a terminal, nor an escape sequence change it.
QString visibleControls(const QString& text);

/// @brief visibleControls(`text`) when it has at most `max` characters; else its start and end
/// around " ... (N characters left out) ... ", at most about `max` characters in all.
QString elidedMessage(const QString& text, qsizetype max = kMaxMessageChars);

} // namespace pecards::app
