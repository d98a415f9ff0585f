// Presentation mode: F5 enters full screen with large fonts and one view at a time; Right/Left
// move through the cards, Up/Down through the views, Space flips the card; the sweep timer moves
// position m (the RoPE polar chart follows) at the chosen speed, P pauses it, Esc leaves.
#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "compare/compareview.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "presentation/presentationcontroller.h"
#include "views/chartpanel.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "widgets/heatmapwidget.h"
#include "widgets/sliderspin.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QAbstractAxis>
#include <QChart>
#include <QComboBox>
#include <QLabel>
#include <QLegend>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>

using namespace pecards::gui;

namespace {

class Presentation : public guitest::WindowTest<1600, 1000> {
protected:
    void SetUp() override {
        WindowTest::SetUp();
        m_window.showTab(QStringLiteral("rope"));
        ASSERT_TRUE(activate()); // shortcuts (F5) need the active window
        QTest::keyClick(&m_window, Qt::Key_F5);
        ASSERT_TRUE(presentation()->isActive());
    }

    void TearDown() override { presentation()->setActive(false); }

    PresentationController* presentation() const { return m_window.presentation(); }
};

} // namespace

TEST_F(Presentation, FullScreenLargeFontsAndOneViewAtATime) {
    EXPECT_TRUE(m_window.windowState().testFlag(Qt::WindowFullScreen));
    const double large = QApplication::font().pointSizeF();
    CardPage* rope = m_window.currentCard();
    ASSERT_EQ(rope, m_window.card(QStringLiteral("rope")));
    int visible = 0;
    for (const ViewSlot* slot : rope->viewSlots())
        visible += slot->isVisible() ? 1 : 0;
    EXPECT_EQ(visible, 1);
    // It starts on the animated view: the polar chart of the rotating pairs.
    const auto* chart = qobject_cast<ChartPanel*>(rope->viewSlots().at(presentation()->viewIndex())->view());
    ASSERT_NE(chart, nullptr);
    EXPECT_EQ(chart->spec().curve, pecards::app::CurveKind::RopePolar);
    // The parameter controls give their room to the view (a 1280x720 projector), and come back.
    EXPECT_FALSE(rope->form()->isVisible());

    QTest::keyClick(&m_window, Qt::Key_Escape);
    EXPECT_TRUE(rope->form()->isVisible());
    EXPECT_FALSE(presentation()->isActive());
    EXPECT_FALSE(m_window.windowState().testFlag(Qt::WindowFullScreen));
    EXPECT_NEAR(large, QApplication::font().pointSizeF() * PresentationController::kFontScale, 0.01);
    for (const ViewSlot* slot : rope->viewSlots())
        EXPECT_TRUE(slot->isVisible());
}

TEST_F(Presentation, ArrowsMoveThroughCardsAndViewsAndSpaceFlips) {
    const QList<CardPage*> cards = m_window.cards();
    const auto rope = cards.indexOf(m_window.card(QStringLiteral("rope")));
    QTest::keyClick(&m_window, Qt::Key_Right);
    EXPECT_EQ(m_window.currentCard(), cards.at((rope + 1) % cards.size()));
    QTest::keyClick(&m_window, Qt::Key_Left);
    QTest::keyClick(&m_window, Qt::Key_Left);
    EXPECT_EQ(m_window.currentCard(), cards.at(rope - 1));

    CardPage* card = m_window.currentCard();
    const int views = static_cast<int>(card->viewSlots().size());
    ASSERT_GE(views, 2);
    EXPECT_EQ(presentation()->viewIndex(), 0);
    QTest::keyClick(&m_window, Qt::Key_Down);
    EXPECT_EQ(presentation()->viewIndex(), 1);
    QCoreApplication::processEvents(); // a card built on its first show shows its parts queued
    EXPECT_TRUE(card->viewSlots().at(1)->isVisible());
    EXPECT_FALSE(card->viewSlots().at(0)->isVisible());
    QTest::keyClick(&m_window, Qt::Key_Up);
    QTest::keyClick(&m_window, Qt::Key_Up);
    EXPECT_EQ(presentation()->viewIndex(), views - 1); // wraps

    EXPECT_EQ(card->side(), CardSide::Front);
    QTest::keyClick(&m_window, Qt::Key_Space);
    EXPECT_EQ(card->side(), CardSide::Back);
    QTest::keyClick(&m_window, Qt::Key_Space);
    EXPECT_EQ(card->side(), CardSide::Front);
}

TEST_F(Presentation, TheSweepAdvancesPositionMAndPPausesIt) {
    CardPage* rope = m_window.currentCard();
    auto* polar = qobject_cast<ChartPanel*>(rope->viewSlots().at(presentation()->viewIndex())->view());
    ASSERT_NE(polar, nullptr);
    presentation()->setSpeed(PresentationController::kMaxSpeed);
    QSignalSpy steps(presentation(), &PresentationController::positionChanged);
    ASSERT_TRUE(guitest::awaitSignals(steps, 5));
    const int m = presentation()->position();
    EXPECT_GE(m, 5);
    // The polar chart shows position m: its control and its next request follow the sweep.
    EXPECT_EQ(static_cast<int>(guitest::named<SliderSpin>(polar, QStringLiteral("position"))->value()), m);
    ASSERT_TRUE(guitest::awaitCondition(
        [polar] { return polar->lastRequest().position >= 5; }, "a polar request at the swept m"));

    QTest::keyClick(&m_window, Qt::Key_P);
    EXPECT_TRUE(presentation()->isPaused());
    const int paused = presentation()->position();
    QTest::qWait(300); // 18 ticks at 60 positions per second, were it running
    EXPECT_EQ(presentation()->position(), paused);

    QTest::keyClick(&m_window, Qt::Key_Minus);
    EXPECT_LT(presentation()->speed(), PresentationController::kMaxSpeed);
    QTest::keyClick(&m_window, Qt::Key_P);
    EXPECT_FALSE(presentation()->isPaused());
    steps.clear();
    ASSERT_TRUE(guitest::awaitSignals(steps, 1));
    EXPECT_EQ(presentation()->position(), (paused + 1) % presentation()->sweepEnd());
}

TEST_F(Presentation, TheScreenIsForTheViewsAndLeavingRestoresTheSweptCharts) {
    EXPECT_FALSE(m_window.menuBar()->isVisible());
    EXPECT_FALSE(m_window.statusBar()->isVisible());
    CardPage* rope = m_window.currentCard();
    auto* polar = qobject_cast<ChartPanel*>(rope->viewSlots().at(presentation()->viewIndex())->view());
    ASSERT_NE(polar, nullptr);
    presentation()->setPosition(200);
    EXPECT_EQ(static_cast<int>(guitest::named<SliderSpin>(polar, QStringLiteral("position"))->value()), 200);

    // Right from the last card reaches the compare tab, and the card after it.
    m_window.showTab(m_window.cards().back()->entry().id);
    QTest::keyClick(&m_window, Qt::Key_Right);
    EXPECT_EQ(m_window.deck()->currentWidget(), m_window.compareView());
    QTest::keyClick(&m_window, Qt::Key_Right);
    EXPECT_EQ(m_window.currentCard(), m_window.cards().front());

    QTest::keyClick(&m_window, Qt::Key_Escape);
    EXPECT_TRUE(m_window.menuBar()->isVisible());
    EXPECT_TRUE(m_window.statusBar()->isVisible());
    EXPECT_EQ(static_cast<int>(guitest::named<SliderSpin>(polar, QStringLiteral("position"))->value()),
        static_cast<int>(pecards::app::kDefaultPolarPosition));
}

TEST_F(Presentation, TheSweepMarksPositionMOnAHeatmapAndLeavingRemovesTheMark) {
    CardPage* rope = m_window.currentCard();
    ASSERT_TRUE(guitest::awaitCondition([&] { return rope->allViewsAnswered(); }, "views"));
    int heatmapSlot = -1;
    for (int n = 0; n < rope->viewSlots().size(); ++n) {
        if (qobject_cast<HeatmapPanel*>(rope->viewSlots().at(n)->view())) {
            heatmapSlot = n;
            break;
        }
    }
    ASSERT_GE(heatmapSlot, 0);
    while (presentation()->viewIndex() != heatmapSlot)
        presentation()->stepView(1);
    auto* heatmap = qobject_cast<HeatmapPanel*>(rope->viewSlots().at(heatmapSlot)->view());
    // A view hidden by the presentation computes when it is shown: wait for its picture.
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return !heatmap->heatmap()->frame().isNull(); }, "the heatmap's picture"));
    presentation()->setPaused(true);
    heatmap->setSweepPosition(-1);
    const QImage before = heatmap->heatmap()->grab().toImage();
    presentation()->setPosition(300);
    ASSERT_TRUE(heatmap->heatmap()->marker().has_value());
    EXPECT_EQ(*heatmap->heatmap()->marker(), 300);
    // The marker is drawn on row 300 (light, where the picture differed) and nowhere far from it.
    const QImage after = heatmap->heatmap()->grab().toImage();
    const QRect plot = heatmap->heatmap()->plotRect();
    const pecards::Window& w = heatmap->heatmap()->frame().grid.window;
    const int y = plot.top()
        + static_cast<int>(
            (300.0 - static_cast<double>(w.row_begin) + 0.5) / static_cast<double>(w.rows()) * plot.height());
    const int x = plot.left() + plot.width() / 3;
    EXPECT_GT(QColor(after.pixel(x, y)).lightness(), 200);
    EXPECT_NE(before.pixel(x, y), after.pixel(x, y));
    // Away from the line and from its label (at the line's left end; T-U6) nothing changed.
    const int far = plot.right() - plot.width() / 8;
    EXPECT_EQ(before.pixel(far, y + 20), after.pixel(far, y + 20));
    EXPECT_EQ(heatmap->heatmap()->markerLabel(), QStringLiteral("position m = 300 (row and column)"));

    QTest::keyClick(&m_window, Qt::Key_Escape);
    EXPECT_FALSE(heatmap->heatmap()->marker().has_value());
}

// Issue: charts entered with F5 kept the small fonts. Every chart of the card (the one shown
// and those reached with Down) draws its axes, title and legend in the presentation's font.
TEST_F(Presentation, ChartsEnteredWithF5TakeThePresentationFont) {
    const double large = QApplication::font().pointSizeF();
    CardPage* rope = m_window.currentCard();
    const int views = static_cast<int>(rope->viewSlots().size());
    int charts = 0;
    for (int step = 0; step < views; ++step) {
        QCoreApplication::processEvents();
        auto* panel = qobject_cast<ChartPanel*>(rope->viewSlots().at(presentation()->viewIndex())->view());
        if (panel) {
            ASSERT_TRUE(guitest::awaitCondition(
                [&] { return m_service.isIdle() && !panel->chart()->chart()->axes().isEmpty(); },
                "the chart"));
            ++charts;
            const QChart* chart = panel->chart()->chart();
            EXPECT_NEAR(chart->titleFont().pointSizeF(), large, 0.01) << panel->spec().id.toStdString();
            EXPECT_NEAR(chart->legend()->font().pointSizeF(), large, 0.01) << panel->spec().id.toStdString();
            for (const QAbstractAxis* axis : chart->axes()) {
                EXPECT_NEAR(axis->labelsFont().pointSizeF(), large, 0.01) << panel->spec().id.toStdString();
                EXPECT_NEAR(axis->titleFont().pointSizeF(), large, 0.01) << panel->spec().id.toStdString();
            }
            EXPECT_NEAR(
                guitest::named<QLabel>(panel, QStringLiteral("legend"))->font().pointSizeF(), large, 0.01);
        }
        QTest::keyClick(&m_window, Qt::Key_Down);
    }
    EXPECT_GE(charts, 2);
}

// Left and Right step through every tab, the compare tab included, both ways.
TEST_F(Presentation, LeftAndRightStepThroughTheCompareTabBothWays) {
    QTabWidget* deck = m_window.deck();
    m_window.showTab(m_window.cards().front()->entry().id);
    QTest::keyClick(&m_window, Qt::Key_Left);
    EXPECT_EQ(deck->currentWidget(), m_window.compareView());
    EXPECT_TRUE(m_window.compareView()->isVisible());
    QTest::keyClick(&m_window, Qt::Key_Left);
    EXPECT_EQ(m_window.currentCard(), m_window.cards().back());
    QTest::keyClick(&m_window, Qt::Key_Right);
    EXPECT_EQ(deck->currentWidget(), m_window.compareView());
    // Keys typed while a control of the compare tab has the focus still step.
    m_window.compareView()->viewChoice()->setFocus();
    QTest::keyClick(m_window.compareView()->viewChoice(), Qt::Key_Right);
    EXPECT_EQ(m_window.currentCard(), m_window.cards().front());
}

// Presenting from the compare tab stays on it (it used to jump to the first card); Up/Down step
// through the views both cards offer.
TEST(PresentationFromCompare, StartsOnTheCompareTabAndUpDownStepItsViews) {
    ComputeService service {cpuBackendFactory()};
    MainWindow window {&service};
    window.resize(1280, 720);
    window.show();
    window.showTab(QStringLiteral("compare"));
    window.presentation()->setActive(true);
    EXPECT_EQ(window.deck()->currentWidget(), window.compareView());
    EXPECT_FALSE(window.compareView()->form(CompareView::A)->isVisible()); // the room is the views'
    QComboBox* views = window.compareView()->viewChoice();
    const int first = views->currentIndex();
    ASSERT_GE(views->count(), 2);
    QTest::keyClick(&window, Qt::Key_Down);
    EXPECT_EQ(views->currentIndex(), (first + 1) % views->count());
    EXPECT_EQ(window.compareView()->viewId(), views->currentData().toString());
    QTest::keyClick(&window, Qt::Key_Up);
    EXPECT_EQ(views->currentIndex(), first);
    window.presentation()->setActive(false);
    EXPECT_TRUE(window.compareView()->form(CompareView::A)->isVisible());
}

// F5 typed while a chart has the keyboard focus enters presentation as the menu does: the
// chart's axes in the presentation's font.
TEST_F(Presentation, F5FromAFocusedChartGivesItThePresentationFont) {
    CardPage* rope = m_window.currentCard();
    auto* polar = qobject_cast<ChartPanel*>(rope->viewSlots().at(presentation()->viewIndex())->view());
    ASSERT_NE(polar, nullptr);
    QTest::keyClick(&m_window, Qt::Key_Escape);
    ASSERT_FALSE(presentation()->isActive());
    const double normal = QApplication::font().pointSizeF();
    polar->chart()->setFocus();
    QTest::keyClick(polar->chart(), Qt::Key_F5);
    ASSERT_TRUE(presentation()->isActive());
    const double large = QApplication::font().pointSizeF();
    EXPECT_NEAR(large, normal * PresentationController::kFontScale, 0.01);
    ASSERT_TRUE(guitest::awaitCondition([&] { return m_service.isIdle(); }, "the chart"));
    QCoreApplication::processEvents();
    for (const QAbstractAxis* axis : polar->chart()->chart()->axes())
        EXPECT_NEAR(axis->labelsFont().pointSizeF(), large, 0.01);
    EXPECT_NEAR(polar->chart()->chart()->titleFont().pointSizeF(), large, 0.01);
}
