#include "window/stagescreen.h"

#include <QVariant>
#include <QWidget>

namespace pecards::gui {

namespace {

constexpr char kAskedSize[] = "pecardsAskedSize";

} // namespace

void keepAskedSize(QWidget* window) {
    window->setProperty(kAskedSize, true);
}

void showOnStage(QWidget* window) {
    if (window->property(kAskedSize).toBool())
        window->showNormal();
    else
        window->showFullScreen();
}

} // namespace pecards::gui
