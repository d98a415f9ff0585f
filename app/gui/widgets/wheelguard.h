#pragma once
/// @file wheelguard.h
/// @brief The mouse wheel scrolls a pane instead of changing the control that passes under the
/// cursor (#32: two wheel notches over the parameter pane took RoPE's base from 10000 to 5620).

#include <QObject>

namespace pecards::gui {

/// @brief An application event filter: a slider, spin box or combo box inside a scroll area takes
/// the wheel only when it has keyboard focus (a click or Tab gives it); otherwise the wheel goes on
/// to the scroll area. Such controls are polished with Qt::StrongFocus instead of Qt::WheelFocus, so
/// the wheel does not give them focus either. Controls outside scroll areas keep Qt's behaviour.
class WheelGuard : public QObject {
    Q_OBJECT
public:
    /// Installs itself on qApp; removed when destroyed.
    explicit WheelGuard(QObject* parent = nullptr);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace pecards::gui
