#include "widgets/windowmode.h"

#include <QWidget>

namespace pecards::gui {

WindowMode WindowMode::of(const QWidget& window) {
    WindowMode mode;
    mode.m_fullScreen = window.isFullScreen();
    mode.m_maximized = window.isMaximized();
    return mode;
}

void WindowMode::restore(QWidget& window) const {
    if (m_fullScreen)
        window.showFullScreen();
    else if (m_maximized)
        window.showMaximized();
    else
        window.showNormal();
}

} // namespace pecards::gui
