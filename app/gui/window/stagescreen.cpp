#include "window/stagescreen.h"

#include <QScreen>
#include <QSize>
#include <QVariant>
#include <QWidget>

namespace pecards::gui {

namespace {

constexpr char kAskedSize[] = "pecardsAskedSize";

} // namespace

void keepAskedSize(QWidget* window) {
    window->setProperty(kAskedSize, window->size());
}

bool keepsAskedSize(const QWidget* window) {
    return window->property(kAskedSize).isValid();
}

int stageWidth(const QWidget* window) {
    if (keepsAskedSize(window))
        return window->property(kAskedSize).toSize().width();
    const QScreen* screen = window->screen();
    return screen ? screen->availableGeometry().width() : window->width();
}

void showOnStage(QWidget* window) {
    if (keepsAskedSize(window))
        window->showNormal();
    else
        window->showFullScreen();
}

} // namespace pecards::gui
