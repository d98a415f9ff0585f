#include "views/statusmessage.h"

#include <QMainWindow>
#include <QStatusBar>

namespace pecards::gui {

void showStatusMessage(QWidget* widget, const QString& message) {
    if (auto* window = qobject_cast<QMainWindow*>(widget ? widget->window() : nullptr))
        window->statusBar()->showMessage(message, kStatusMilliseconds);
}

} // namespace pecards::gui
