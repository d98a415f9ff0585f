#include "presentation/teachingoverlay.h"

#include "widgets/teachingink.h"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMouseEvent>
#include <QPainter>

namespace pecards::gui {

TeachingOverlay::TeachingOverlay(QMainWindow* window)
    : QWidget(window)
    , m_window(window) {
    setObjectName(QStringLiteral("teachingOverlay"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
    window->installEventFilter(this);

    const auto makeAction = [this, window](Qt::Key key, bool checkable) {
        auto* action = new QAction(this);
        action->setShortcut(QKeySequence(key));
        action->setCheckable(checkable);
        action->setEnabled(false);
        window->addAction(action); // its key works while the menu bar is hidden (presentation)
        return action;
    };
    m_penAction = makeAction(Qt::Key_D, true);
    connect(m_penAction, &QAction::toggled, this, &TeachingOverlay::setPen);
    m_pointerAction = makeAction(Qt::Key_L, true);
    connect(m_pointerAction, &QAction::toggled, this, &TeachingOverlay::setPointer);
    m_blankAction = makeAction(Qt::Key_B, true);
    connect(m_blankAction, &QAction::toggled, this, &TeachingOverlay::setBlank);
    m_eraseAction = makeAction(Qt::Key_E, false);
    connect(m_eraseAction, &QAction::triggered, this, &TeachingOverlay::erase);
    retranslate();
}

void TeachingOverlay::retranslate() {
    m_penAction->setText(tr("&Pen"));
    m_penAction->setStatusTip(
        tr("Presentation and lessons: draw on the picture with the mouse; E or Esc erases"));
    m_pointerAction->setText(tr("Poin&ter"));
    m_pointerAction->setStatusTip(tr("Presentation and lessons: a large red dot where the mouse is"));
    m_blankAction->setText(tr("&Blank screen"));
    m_blankAction->setStatusTip(
        tr("Presentation and lessons: a black screen; B or Esc brings the picture back"));
    m_eraseAction->setText(tr("&Erase drawing"));
    m_eraseAction->setStatusTip(tr("Presentation and lessons: erase the pen's strokes"));
}

void TeachingOverlay::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

QColor TeachingOverlay::penColor() {
    return teachingInk();
}

void TeachingOverlay::setAvailable(bool available) {
    if (available == m_available)
        return;
    m_available = available;
    for (QAction* action : {m_penAction, m_pointerAction, m_blankAction, m_eraseAction})
        action->setEnabled(available);
    if (available) {
        // Installed after presentation's and the lesson player's filters, so it sees Esc first.
        qApp->installEventFilter(this);
    } else {
        qApp->removeEventFilter(this);
        m_strokes.clear();
        setPen(false);
        setPointer(false);
        setBlank(false);
    }
    refresh();
}

void TeachingOverlay::turn(bool& mode, QAction* action, bool on) {
    mode = on && m_available;
    if (action->isChecked() != mode)
        action->setChecked(mode); // the menu shows it (its toggled signal comes back here, unchanged)
    refresh();
}

void TeachingOverlay::setPen(bool on) {
    turn(m_pen, m_penAction, on);
}

void TeachingOverlay::setPointer(bool on) {
    if (!on)
        m_pointerAt.reset();
    turn(m_pointer, m_pointerAction, on);
}

void TeachingOverlay::setBlank(bool on) {
    turn(m_blank, m_blankAction, on);
}

void TeachingOverlay::erase() {
    m_strokes.clear();
    refresh();
}

void TeachingOverlay::refresh() {
    const bool shown = m_available && (m_pen || m_pointer || m_blank || !m_strokes.isEmpty());
    setAttribute(Qt::WA_TransparentForMouseEvents, !(m_pen || m_blank));
    if (shown) {
        setGeometry(m_window->rect());
        show();
        raise();
    } else {
        hide();
    }
    update();
}

qreal TeachingOverlay::penWidth() const {
    return std::max(3.0, 0.3 * fontMetrics().height());
}

void TeachingOverlay::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    if (m_blank) {
        painter.fillRect(rect(), Qt::black);
        return;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(penColor(), penWidth(), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.setBrush(Qt::NoBrush);
    for (const QPainterPath& stroke : m_strokes)
        painter.drawPath(stroke);
    if (m_pointer && m_pointerAt) {
        const qreal radius = 1.2 * fontMetrics().height() / 2;
        painter.setPen(Qt::NoPen);
        painter.setBrush(QColor(255, 0, 0, 70)); // a halo, then the dot
        painter.drawEllipse(*m_pointerAt, 2 * radius, 2 * radius);
        painter.setBrush(QColor(255, 20, 20));
        painter.drawEllipse(*m_pointerAt, radius, radius);
    }
}

void TeachingOverlay::mousePressEvent(QMouseEvent* event) {
    if (!m_pen || event->button() != Qt::LeftButton)
        return;
    QPainterPath stroke(event->position());
    stroke.lineTo(event->position() + QPointF(0.01, 0.0)); // a click leaves a dot
    m_strokes.push_back(stroke);
    update();
}

void TeachingOverlay::mouseMoveEvent(QMouseEvent* event) {
    if (!m_pen || !(event->buttons() & Qt::LeftButton) || m_strokes.isEmpty())
        return;
    m_strokes.back().lineTo(event->position());
    update();
}

bool TeachingOverlay::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window && event->type() == QEvent::Resize && isVisible())
        setGeometry(m_window->rect());
    if (!m_available)
        return QWidget::eventFilter(watched, event);
    if (event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Escape && m_blank) { // the picture comes back first
            setBlank(false);
            return true;
        }
        if (key->key() == Qt::Key_Escape && !m_strokes.isEmpty()) { // then the drawing; the next Esc leaves
            erase();
            return true;
        }
        // A key press that reaches here is one a focused field took from the shortcut (the speed
        // box, a spin box): the teacher's keys work whatever has the focus, as presentation's do.
        if (key->modifiers() == Qt::NoModifier) {
            for (QAction* action : {m_penAction, m_pointerAction, m_blankAction, m_eraseAction}) {
                if (action->shortcut() == QKeySequence(key->key())) {
                    action->trigger();
                    return true;
                }
            }
        }
    }
    if (m_pointer && event->type() == QEvent::MouseMove) {
        m_pointerAt = QPointF(mapFromGlobal(QCursor::pos()));
        update();
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace pecards::gui
