#pragma once
/// @file stagescreen.h
/// @brief How lessons and presentation mode take the screen: full screen, unless the window was
/// given its size at start (`--window-size`), which then stays, so a rehearsal for a 1280x720
/// projector (and its screenshot) is 1280x720 whatever screen it runs on.

class QWidget;

namespace pecards::gui {

/// @brief Remembers on `window` that its size, as it is now, was asked for at start (see
/// showOnStage).
void keepAskedSize(QWidget* window);

/// @brief Whether keepAskedSize was called for `window`.
bool keepsAskedSize(const QWidget* window);

/// @brief The width `window` may take: the asked width when kept, else its screen's available
/// width.
int stageWidth(const QWidget* window);

/// @brief Shows `window` full screen, or at its asked size when keepAskedSize was called for it.
void showOnStage(QWidget* window);

} // namespace pecards::gui
