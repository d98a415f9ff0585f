#pragma once
/// @file statusmessage.h
/// @brief The exports' confirmations in the main window's status bar ("Saved score.png").

#include <QString>

class QWidget;

namespace pecards::gui {

/// How long an export's message stays in the status bar.
inline constexpr int kStatusMilliseconds = 10000;

/// @brief Shows `message` for kStatusMilliseconds in the status bar of `widget`'s main window;
/// nothing when `widget` is null or not inside a QMainWindow.
void showStatusMessage(QWidget* widget, const QString& message);

} // namespace pecards::gui
