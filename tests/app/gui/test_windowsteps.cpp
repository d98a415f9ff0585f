// Zoom and pan steps (views/windowsteps.h): a wheel notch halves or doubles the window around the
// cursor, clamped to the full extent; quick notches add up in the view, whose controller applies
// each to the window it asked for last, not to the picture still on screen (#32, the engineer's
// review C8: forty fast notches went from 16.8M to 10.7M positions).
#include "cards/cardpage.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "views/windowsteps.h"
#include "widgets/heatmapwidget.h"
#include "windowtest.h"

#include <QTest>

using namespace pecards::gui;
using pecards::Window;

TEST(WindowSteps, ANotchHalvesOrDoublesAroundTheCursorInsideTheFullExtent) {
    const Window full {0, 1 << 24, 0, 1 << 24};
    // Around the centre: the middle half.
    EXPECT_EQ(zoomedWindow(full, full, 0.5, 0.5, 0.5), (Window {1 << 22, 3 << 22, 1 << 22, 3 << 22}));
    // Around the top-left corner: the entry under the cursor stays put.
    EXPECT_EQ(zoomedWindow(full, full, 0.5, 0.0, 0.0), (Window {0, 1 << 23, 0, 1 << 23}));
    // Zooming out never leaves the full extent, and stops at it.
    const Window corner {0, 1000, (1 << 24) - 1000, 1 << 24};
    EXPECT_EQ(zoomedWindow(corner, full, 2.0, 0.5, 0.5), (Window {0, 2000, (1 << 24) - 2000, 1 << 24}));
    EXPECT_EQ(zoomedWindow(full, full, 2.0, 0.3, 0.7), full);
    // Single positions are reachable: 24 notches from 2^24, and a window of one entry stays one.
    Window w = full;
    for (int notch = 0; notch < 24; ++notch)
        w = zoomedWindow(w, full, HeatmapWidget::kWheelZoom, 0.5, 0.5);
    EXPECT_EQ(w.rows(), 1);
    EXPECT_EQ(zoomedWindow(w, full, 0.5, 0.5, 0.5), w);
    // A zoom in by less than an entry still drops one.
    EXPECT_EQ(zoomedWindow(Window {0, 3, 0, 3}, full, 0.9, 0.0, 0.0), (Window {0, 2, 0, 2}));
}

TEST(WindowSteps, APanMovesByAFractionAndAtLeastOneEntry) {
    const Window full {0, 100, 0, 100};
    EXPECT_EQ(pannedWindow(Window {10, 30, 10, 30}, full, 0.1, -0.1), (Window {12, 32, 8, 28}));
    EXPECT_EQ(pannedWindow(Window {10, 13, 10, 13}, full, 0.1, 0.0), (Window {11, 14, 10, 13}));
    EXPECT_EQ(pannedWindow(Window {90, 100, 0, 10}, full, 0.5, -0.5), (Window {90, 100, 0, 10}));
}

namespace {

class WheelNotches : public guitest::WindowTest<1280, 720> { };

} // namespace

TEST_F(WheelNotches, QuickNotchesAddUpBeforeThePictureArrives) {
    CardPage* card = showCard(QStringLiteral("rope"));
    QCoreApplication::processEvents();
    auto* panel = qobject_cast<HeatmapPanel*>(card->viewSlots().front()->view());
    ASSERT_NE(panel, nullptr);
    HeatmapController* controller = panel->controller();
    const Window full = controller->window();
    ASSERT_EQ(full.rows(), 4096);
    // Three notches (+ keys), no event processed between them: no picture of the first arrives.
    for (int notch = 0; notch < 3; ++notch)
        QTest::keyClick(panel->heatmap(), Qt::Key_Plus);
    EXPECT_EQ(controller->window().rows(), 512);
    EXPECT_EQ(controller->window().cols(), 512);
    QTest::keyClick(panel->heatmap(), Qt::Key_Right);
    EXPECT_EQ(controller->window().col_begin, 1792 + 51);
}
