// GUI monkey test (the December reliability review's "monkey 2 seeds x 1,500 events", made part
// of the test command): 400 random user events with a fixed seed on the window at 1280x720 --
// left clicks anywhere (menus, tabs, sliders, buttons, views), wheel turns, and keys (arrows,
// Tab, Space, Return, Esc, F5, digits; Ctrl with Z, Y, O, S, E, C) -- with every modal dialog a click opens
// (file dialogs, questions, warnings) dismissed as a user would. Nothing crashes or hangs, the
// window comes back, and the session's state is still one the app can save and read again.
// ctest runs it once more under Xvfb on the xcb platform when xvfb-run is installed.
#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "guitestsupport.h"
#include "windowtest.h"

#include <QApplication>
#include <QDialog>
#include <QMenu>
#include <QSet>
#include <QTimer>
#include <random>
#include <workspace/workspacefile.h>

namespace {

constexpr int kEvents = 400;
constexpr unsigned kSeed = 20261203;

class Monkey : public guitest::WindowTest<1280, 720> { };

/// Closes whatever modal dialog is open (a file dialog, a question, a warning), as Esc would;
/// true when there was one.
bool dismissModalDialogs() {
    auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
    if (dialog)
        dialog->reject();
    return dialog != nullptr;
}

} // namespace

TEST_F(Monkey, FourHundredRandomEventsLeaveAWorkingWindow) {
    std::mt19937 random(kSeed);
    const auto uniform = [&random](int n) { return std::uniform_int_distribution<int>(0, n - 1)(random); };
    // A modal dialog runs its own event loop inside the click that opened it: a timer in that loop
    // dismisses it.
    QTimer watchdog;
    watchdog.setInterval(20);
    int dismissed = 0;
    QObject::connect(
        &watchdog, &QTimer::timeout, [&dismissed] { dismissed += dismissModalDialogs() ? 1 : 0; });
    watchdog.start();
    QSet<QString> widgetsHit;
    QSet<CardPage*> cardsShown;
    const QList<Qt::Key> keys {Qt::Key_Left, Qt::Key_Right, Qt::Key_Up, Qt::Key_Down, Qt::Key_Tab,
        Qt::Key_Space, Qt::Key_Return, Qt::Key_Escape, Qt::Key_F5, Qt::Key_PageUp, Qt::Key_PageDown,
        Qt::Key_Plus, Qt::Key_Minus, Qt::Key_1, Qt::Key_5, Qt::Key_0};
    // Undo, redo, and the shortcuts that open dialogs: open, save, export card, copy figure.
    const QList<Qt::Key> ctrlKeys {Qt::Key_Z, Qt::Key_Y, Qt::Key_O, Qt::Key_S, Qt::Key_E, Qt::Key_C};
    for (int event = 0; event < kEvents; ++event) {
        if (!m_window.isVisible())
            m_window.show(); // File > Quit closed it: the user starts again
        if (!m_window.isActiveWindow() && !QApplication::activePopupWidget()
            && !QApplication::activeModalWidget())
            m_window.activateWindow(); // the user clicks back into it (keys and shortcuts go there)
        // An open menu takes the next event, as on screen.
        QWidget* surface = QApplication::activePopupWidget() ? QApplication::activePopupWidget() : &m_window;
        const QPoint at(uniform(std::max(1, surface->width())), uniform(std::max(1, surface->height())));
        QWidget* target = surface->childAt(at) ? surface->childAt(at) : surface;
        const QPoint local = target->mapFrom(surface, at);
        widgetsHit.insert(QString::fromLatin1(target->metaObject()->className()));
        cardsShown.insert(m_window.currentCard());
        const int kind = uniform(10);
        if (kind < 7) {
            QTest::mouseClick(target, Qt::LeftButton, Qt::NoModifier, local);
        } else if (kind < 8) {
            QWheelEvent wheel(QPointF(local), QPointF(target->mapToGlobal(local)), QPoint(),
                QPoint(0, uniform(2) == 0 ? 120 : -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                false);
            QApplication::sendEvent(target, &wheel);
        } else if (uniform(5) == 0) {
            QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &m_window,
                ctrlKeys.at(uniform(static_cast<int>(ctrlKeys.size()))), Qt::ControlModifier);
        } else {
            QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &m_window,
                keys.at(uniform(static_cast<int>(keys.size()))));
        }
        QCoreApplication::processEvents();
    }
    watchdog.stop();
    // The run reached the app, not only its frame: dialogs, several cards, many kinds of control.
    EXPECT_GE(dismissed, 1) << QStringList(widgetsHit.values()).join(u' ').toStdString();
    EXPECT_GE(cardsShown.size(), 3);
    EXPECT_GE(widgetsHit.size(), 12) << QStringList(widgetsHit.values()).join(u' ').toStdString();
    for (QWidget* popup = QApplication::activePopupWidget(); popup; popup = QApplication::activePopupWidget())
        popup->close();
    dismissModalDialogs();
    m_window.show();
    ASSERT_TRUE(guitest::awaitCondition([this] { return m_service.isIdle(); }, "the views settled"));
    // What the monkey left is a session the app can save and open again unchanged.
    const pecards::app::Workspace state = pecards::gui::workspaceOf(*m_window.deckModel());
    const QByteArray json = pecards::app::workspaceToJson(state);
    EXPECT_EQ(pecards::app::workspaceToJson(pecards::app::workspaceFromJson(json)), json);
}
