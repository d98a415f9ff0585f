// The wheel scrolls the parameter pane instead of changing the control under the cursor (#32, the
// engineer's review C7: two notches over "base" took it from 10000 to 5620 while scrolling); a
// control the user clicked or tabbed to takes the wheel as before.
#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "widgets/sliderspin.h"
#include "windowtest.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QWheelEvent>

using namespace pecards::gui;

namespace {

class WheelGuardTest : public guitest::WindowTest<1280, 720> {
protected:
    void SetUp() override {
        WindowTest::SetUp();
        ASSERT_TRUE(activate());
        m_card = showCard(QStringLiteral("rope"));
        QCoreApplication::processEvents();
        m_base = qobject_cast<SliderSpin*>(m_card->form()->control(QStringLiteral("base")));
        ASSERT_NE(m_base, nullptr);
        for (QWidget* w = m_base; w != nullptr && m_pane == nullptr; w = w->parentWidget())
            m_pane = qobject_cast<QScrollArea*>(w);
        ASSERT_NE(m_pane, nullptr);
        ASSERT_GT(m_pane->verticalScrollBar()->maximum(), 0) << "the pane scrolls at 1280x720";
    }

    /// One notch down over the middle of `widget`, as the mouse sends it.
    static void wheelDown(QWidget* widget) {
        const QPointF at(widget->width() / 2.0, widget->height() / 2.0);
        QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
            Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(widget, &event);
    }

    CardPage* m_card = nullptr;
    SliderSpin* m_base = nullptr;
    QScrollArea* m_pane = nullptr;
};

} // namespace

TEST_F(WheelGuardTest, TheWheelOverAnUnfocusedControlScrollsThePane) {
    const double base = m_base->spinBox()->value();
    QScrollBar* bar = m_pane->verticalScrollBar();
    for (QWidget* control :
        {static_cast<QWidget*>(m_base->slider()), static_cast<QWidget*>(m_base->spinBox())}) {
        bar->setValue(0);
        wheelDown(control);
        EXPECT_EQ(m_base->spinBox()->value(), base) << control->metaObject()->className();
        EXPECT_GT(bar->value(), 0) << control->metaObject()->className() << ": the pane scrolled";
    }
    // Every value control in the pane is polished not to take focus from the wheel.
    for (QWidget* control : m_pane->widget()->findChildren<QWidget*>()) {
        const bool value = qobject_cast<QAbstractSlider*>(control) || qobject_cast<QAbstractSpinBox*>(control)
            || qobject_cast<QComboBox*>(control);
        if (value) {
            EXPECT_NE(control->focusPolicy(), Qt::WheelFocus) << control->objectName().toStdString();
        }
    }
}

TEST_F(WheelGuardTest, AFocusedControlTakesTheWheel) {
    const double base = m_base->spinBox()->value();
    m_base->slider()->setFocus(Qt::MouseFocusReason);
    ASSERT_TRUE(m_base->slider()->hasFocus());
    wheelDown(m_base->slider());
    EXPECT_NE(m_base->spinBox()->value(), base);
}
