#include "widgets/wheelguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QScrollBar>
#include <QWheelEvent>
#include <QWidget>

namespace pecards::gui {

namespace {

/// The value control `widget` is or belongs to (a spin box's line edit belongs to its spin box); a
/// scroll bar is not one (it scrolls).
QWidget* valueControl(QWidget* widget) {
    for (QWidget* w = widget; w != nullptr && !w->isWindow(); w = w->parentWidget()) {
        if ((qobject_cast<QAbstractSlider*>(w) && !qobject_cast<QScrollBar*>(w))
            || qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w))
            return w;
        if (w != widget) // only the control itself or a direct part of it
            break;
    }
    return nullptr;
}

/// The nearest scroll area `widget` is inside, or nullptr.
QAbstractScrollArea* scrollAreaOf(const QWidget* widget) {
    for (QWidget* w = widget->parentWidget(); w != nullptr; w = w->parentWidget()) {
        if (auto* area = qobject_cast<QAbstractScrollArea*>(w))
            return area;
    }
    return nullptr;
}

} // namespace

WheelGuard::WheelGuard(QObject* parent)
    : QObject(parent) {
    qApp->installEventFilter(this);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
    const QEvent::Type type = event->type();
    if ((type != QEvent::Wheel && type != QEvent::Polish) || !watched->isWidgetType())
        return false;
    auto* widget = static_cast<QWidget*>(watched);
    if (type == QEvent::Polish) {
        if (widget == valueControl(widget) && widget->focusPolicy() == Qt::WheelFocus
            && scrollAreaOf(widget) != nullptr)
            widget->setFocusPolicy(Qt::StrongFocus);
        return false;
    }
    QWidget* control = valueControl(widget);
    QAbstractScrollArea* area = control ? scrollAreaOf(control) : nullptr;
    if (area == nullptr || control->hasFocus())
        return false; // a focused control takes the wheel
    // The scroll area's viewport gets the wheel instead (Qt passes an ignored event on to the parents
    // only when it came from the window system; this also holds for synthesized ones).
    const auto* wheel = static_cast<QWheelEvent*>(event);
    QWheelEvent forwarded(area->viewport()->mapFromGlobal(wheel->globalPosition()), wheel->globalPosition(),
        wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(), wheel->modifiers(), wheel->phase(),
        wheel->inverted(), wheel->source());
    QCoreApplication::sendEvent(area->viewport(), &forwarded);
    return true;
}

} // namespace pecards::gui
