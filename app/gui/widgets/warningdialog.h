#pragma once
/// @file warningdialog.h
/// @brief How the app tells a failure that needs a reply (a file that cannot be opened or saved,
/// a config or checkpoint refused): one warning box, modal to its window, that does not block the
/// event loop (views keep computing, tests keep running) and deletes itself when closed.

#include <QString>

class QWidget;

namespace pecards::gui {

/// @brief Opens a window-modal warning with `title`, `message` (plain text, never rendered as
/// HTML) and OK over `parent` (may be null: application-modal); returns at once.
void openWarning(QWidget* parent, const QString& title, const QString& message);

} // namespace pecards::gui
