#pragma once
/// @file messagebox.h
/// @brief Where a view paints a message (an engine error, "computing…") over its drawing: the
/// text wraps inside the box at spaces, and a word wider than the box (an HF key such as
/// rope_scaling.original_max_position_embeddings) wraps anywhere, so no text is cut at a side.

#include <QRect>
#include <QString>

class QFontMetrics;

namespace pecards::gui {

/// @brief Text flags for `text` in `box`: centred, word-wrapped, and wrapped anywhere when
/// one word does not fit the box's width.
int messageTextFlags(const QFontMetrics& metrics, const QRect& box, const QString& text);

/// @brief The rectangle the wrapped `text` takes inside `box` (its width never exceeds the box's).
QRect messageTextRect(const QFontMetrics& metrics, const QRect& box, const QString& text);

} // namespace pecards::gui
