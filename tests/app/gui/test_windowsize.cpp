// The window on small screens and by keyboard: it opens and works at 1280 x 720 and can be made
// as small as 1024 x 640 on every card (also after the Relative card and after presentation
// mode), every slider keeps room to be aimed at 1280 x 720, the view grid reflows to one column when narrow,
// Ctrl+F flips the card through the Card menu's action (the menu and Help > Keyboard shortcuts show it), and
// the status bar names views in the user's words.
#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "compare/compareview.h"
#include "compare/differencepanel.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "lessons/lessoncontroller.h"
#include "lessons/lessonplayer.h"
#include "presentation/presentationcontroller.h"
#include "views/heatmappanel.h"
#include "views/pitfallview.h"
#include "views/quantitystyle.h"
#include "views/viewgrid.h"
#include "views/viewslot.h"
#include "widgets/heatmapframe.h"
#include "widgets/heatmapwidget.h"
#include "widgets/sliderspin.h"
#include "window/devicestatus.h"
#include "window/mainwindow.h"
#include "window/shortcutlist.h"
#include "window/stagescreen.h"
#include "windowtest.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QLabel>
#include <QLayout>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QStatusBar>
#include <algorithm>
#include <array>

using namespace pecards::gui;

namespace {

class WindowSize : public guitest::WindowTest<1280, 720> {
protected:
    void SetUp() override {
        WindowTest::SetUp();
        ASSERT_TRUE(activate());
    }

    /// The smallest size the window's layout allows now.
    QSize minimumSize() {
        QCoreApplication::processEvents();
        m_window.layout()->activate();
        return m_window.minimumSizeHint().expandedTo(m_window.minimumSize());
    }

    ::testing::AssertionResult fitsSmallScreen(const char* when) {
        const QSize size = minimumSize();
        if (size.width() <= 1024 && size.height() <= 640)
            return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure()
            << when << ": minimum size " << size.width() << " x " << size.height() << " exceeds 1024 x 640";
    }
};

QAction* findAction(const QMenuBar* bar, const QString& text) {
    for (QAction* action : bar->findChildren<QAction*>()) {
        if (action->text().remove(QLatin1Char('&')) == text)
            return action;
    }
    return nullptr;
}

} // namespace

TEST_F(WindowSize, EveryCardFitsOneThousandTwentyFourBySixHundredForty) {
    for (CardPage* card : m_window.cards()) {
        m_window.showTab(card->entry().id);
        card->load();
        EXPECT_TRUE(fitsSmallScreen(card->entry().id.toUtf8().constData()));
    }
    m_window.showTab(QStringLiteral("compare"));
    EXPECT_TRUE(fitsSmallScreen("compare tab"));
    m_window.showTab(QStringLiteral("relative")); // it used to widen the window to 1930 px
    m_window.showTab(QStringLiteral("rope"));
    EXPECT_TRUE(fitsSmallScreen("after the Relative card"));
    m_window.presentation()->setActive(true);
    m_window.presentation()->setActive(false);
    EXPECT_TRUE(fitsSmallScreen("after presentation mode"));

    // Made that small, the controls are on screen: the parameter pane lies inside the window.
    m_window.resize(1024, 640);
    QTest::qWait(50);
    CardPage* rope = m_window.card(QStringLiteral("rope"));
    QWidget* pane = rope->form()->parentWidget()->parentWidget(); // viewport -> scroll area
    ASSERT_NE(qobject_cast<QScrollArea*>(pane), nullptr);
    const QRect inWindow(pane->mapTo(&m_window, QPoint(0, 0)), pane->size());
    EXPECT_LE(inWindow.right(), m_window.width());
    EXPECT_GE(inWindow.width(), CardPage::kControlsMinimumWidth - 1);
}

TEST_F(WindowSize, EverySliderCanBeAimedAtOneThousandTwoHundredEighty) {
    // Wide spin boxes (max length L holds 16,777,216) used to squeeze their slider to a stub; such a
    // row now wraps under its label and the slider keeps at least ten average characters.
    int sliders = 0;
    for (CardPage* card : m_window.cards()) {
        m_window.showTab(card->entry().id);
        card->load();
        QTest::qWait(20);
        for (const SliderSpin* control : card->form()->findChildren<SliderSpin*>()) {
            if (!control->isVisible())
                continue;
            const int least = control->slider()->fontMetrics().averageCharWidth() * 10;
            EXPECT_GE(control->slider()->width(), least)
                << card->entry().id.toStdString() << " / " << control->objectName().toStdString();
            ++sliders;
        }
    }
    EXPECT_GE(sliders, 30);
}

TEST_F(WindowSize, ViewGridReflowsToOneColumnWhenNarrow) {
    CardPage* rope = m_window.card(QStringLiteral("rope"));
    m_window.showTab(QStringLiteral("rope"));
    auto* grid = rope->findChild<ViewGrid*>();
    ASSERT_NE(grid, nullptr);
    m_window.resize(1600, 1000);
    const ViewSlot* first = rope->viewSlots().at(0);
    const ViewSlot* second = rope->viewSlots().at(1);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return grid->columns() == 2 && first->y() == second->y() && second->x() > first->x(); },
        "two columns, side by side, when wide"));
    grid->resize(ViewGrid::kSlotMinimumWidth + 40, grid->height());
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return grid->columns() == 1 && second->y() > first->y() && second->x() == first->x(); },
        "one column, one slot under the other, when narrow"));
}

TEST_F(WindowSize, CtrlFFlipsTheCardThroughTheCardMenu) {
    m_window.showTab(QStringLiteral("rope"));
    CardPage* rope = m_window.card(QStringLiteral("rope"));
    rope->load();
    QAction* flip = findAction(m_window.menuBar(), QStringLiteral("Flip current card"));
    ASSERT_NE(flip, nullptr);
    EXPECT_EQ(flip->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_F)); // the menu shows it
    ASSERT_EQ(rope->side(), CardSide::Front);
    QTest::keyClick(&m_window, Qt::Key_F, Qt::ControlModifier);
    EXPECT_EQ(rope->side(), CardSide::Back);
    QTest::keyClick(&m_window, Qt::Key_F, Qt::ControlModifier);
    EXPECT_EQ(rope->side(), CardSide::Front);
    // Another card, loaded before, still flips on its own tab (no ambiguous shortcut).
    m_window.showTab(QStringLiteral("alibi"));
    CardPage* alibi = m_window.card(QStringLiteral("alibi"));
    QTest::keyClick(&m_window, Qt::Key_F, Qt::ControlModifier);
    EXPECT_EQ(alibi->side(), CardSide::Back);
    EXPECT_EQ(rope->side(), CardSide::Front);

    // Help > Keyboard shortcuts lists the window's real actions: Flip and Presentation are among them.
    const QString flipKeys = QKeySequence(Qt::CTRL | Qt::Key_F).toString(QKeySequence::NativeText);
    bool flipListed = false;
    bool presentationListed = false;
    for (const ShortcutEntry& entry : collectShortcuts(m_window)) {
        flipListed = flipListed
            || (entry.command == QStringLiteral("Card > Flip current card") && entry.keys.contains(flipKeys));
        presentationListed = presentationListed
            || (entry.command == QStringLiteral("View > Presentation")
                && entry.keys.contains(QStringLiteral("F5")));
    }
    EXPECT_TRUE(flipListed);
    EXPECT_TRUE(presentationListed);
    EXPECT_NE(findAction(m_window.menuBar(), QStringLiteral("Keyboard shortcuts")), nullptr);
}

TEST(DeviceStatusText, ViewsAreNamedInTheUsersWords) {
    EXPECT_EQ(DeviceStatus::viewName(QStringLiteral("rope/slot3/spectrum")),
        QStringLiteral("RoPE, view 4: Spectrum (chart)"));
    EXPECT_EQ(DeviceStatus::viewName(QStringLiteral("alibi/slot0/score/probe"))
                  .contains(QStringLiteral("ALiBi, view 1")),
        true);
    EXPECT_TRUE(DeviceStatus::viewName(QStringLiteral("alibi/slot0/score/probe"))
                    .endsWith(QStringLiteral("one entry")));
    EXPECT_EQ(DeviceStatus::viewName(QStringLiteral("compare")), QStringLiteral("Compare A | B"));
}

// A window given its size at start (--window-size 1280x720) keeps it in a lesson and in
// presentation mode; it went full screen, 800x800 on the offscreen platform the checker uses.
TEST_F(WindowSize, AnAskedSizeIsKeptByPresentationMode) {
    keepAskedSize(&m_window);
    m_window.presentation()->setActive(true);
    QCoreApplication::processEvents();
    EXPECT_FALSE(m_window.isFullScreen());
    EXPECT_EQ(m_window.size(), QSize(1280, 720));
    m_window.presentation()->setActive(false);
}

// The lesson player at an asked 1280x720 (a projector), started from another card than the one
// shown first: its panel docks inside the window, and leaving gives the window back at its size.
// The RoPE card, shown at start and then hidden behind another tab, kept the minimum width of its
// visible text pane after the player hid it, so the window grew to 1329 and the panel's Leave
// button was off screen (now only the page on screen sizes the deck, and a lesson hides the
// parameter panes as presentation does).
TEST_F(WindowSize, TheLessonPanelNeverWidensTheWindowWhateverTheCardsMinimum) {
    // #31, seen live under X11 at 1280x720: a card page behind another tab kept the minimum width
    // of its last layout (text pane shown, 1008 px) until a step brought it to the front, and the
    // window grew to that plus the panel (1348 px) and stayed so. Offscreen the stale minimum does
    // not arise, so the cards' minimum is made that wide here: the stage's width decides, not it.
    keepAskedSize(&m_window);
    m_window.showTab(QStringLiteral("alibi"));
    QCoreApplication::processEvents();
    for (CardPage* card : m_window.findChildren<CardPage*>())
        card->setMinimumWidth(1008);
    m_window.lessons()->play();
    QCoreApplication::processEvents();
    ASSERT_TRUE(m_window.lessons()->player()->isActive());
    EXPECT_EQ(m_window.size(), QSize(1280, 720));
    m_window.lessons()->player()->next();
    QCoreApplication::processEvents();
    EXPECT_EQ(m_window.size(), QSize(1280, 720));
    m_window.lessons()->player()->stop();
    QCoreApplication::processEvents();
    EXPECT_EQ(m_window.size(), QSize(1280, 720));
}

TEST_F(WindowSize, TheLessonEditorNeverWidensTheWindow) {
    // T-B4: Lessons > Add current state as step docked the lesson panel at the right and the
    // window grew to 1330 px at 1280x720, its right edge (the panel's buttons) off the screen.
    keepAskedSize(&m_window);
    m_window.showTab(QStringLiteral("rope"));
    QCoreApplication::processEvents();
    // The card's minimum at 1280x720 with its text pane, as seen live (offscreen it is smaller).
    for (CardPage* card : m_window.findChildren<CardPage*>())
        card->setMinimumWidth(1008);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    m_window.lessons()->addCurrentState();
    QCoreApplication::processEvents();
    QDockWidget* dock = m_window.lessons()->editorDock();
    ASSERT_TRUE(dock->isVisible());
    EXPECT_EQ(m_window.size(), QSize(1280, 720));
    if (dock->isFloating()) { // beside the deck it did not fit: it floats inside the window's area
        EXPECT_TRUE(m_window.geometry().contains(dock->geometry())) << "dock " << dock->geometry().width();
    } else {
        EXPECT_LE(dock->geometry().right(), m_window.width() - 1);
    }
    // The user cannot drag it back into a dock that would widen the window.
    EXPECT_TRUE(dock->isFloating());
    EXPECT_EQ(dock->allowedAreas(), Qt::NoDockWidgetArea);
}

TEST_F(WindowSize, AnAskedSizeIsKeptByTheLessonPlayer) {
    keepAskedSize(&m_window);
    m_window.showTab(QStringLiteral("alibi"));
    QCoreApplication::processEvents();
    const double normal = QApplication::font().pointSizeF();
    m_window.lessons()->play();
    QCoreApplication::processEvents();
    ASSERT_TRUE(m_window.lessons()->player()->isActive());
    EXPECT_EQ(m_window.size(), QSize(1280, 720));
    // T-U1: the lesson is read from the back of the room, in a larger font; it ends with the lesson.
    EXPECT_DOUBLE_EQ(QApplication::font().pointSizeF(), normal * 1.25);
    // The step's state is fixed: its parameter pane gives its room to the views.
    EXPECT_FALSE(m_window.currentCard()->form()->isVisibleTo(&m_window));
    m_window.lessons()->player()->stop();
    QCoreApplication::processEvents();
    EXPECT_EQ(m_window.size(), QSize(1280, 720));
    EXPECT_TRUE(m_window.currentCard()->form()->isVisibleTo(&m_window));
    EXPECT_DOUBLE_EQ(QApplication::font().pointSizeF(), normal);
}

// The teacher's T-B3 (review-teacher-author-2026-12.md): at 1280x720 the compare tab in
// presentation drew A, B and A - B at about 112 px with a single "0" on each colour bar, because
// the maps kept room for 7-digit positions and 11-character values at the large font. Each map is
// now at least 240 px wide with a scale of at least three ticks, and computed at the size drawn.
TEST_F(WindowSize, TheCompareTabInPresentationGivesEveryMapRoomAndAScale) {
    MainWindow& window = m_window;
    keepAskedSize(&window);
    window.showTab(QStringLiteral("compare"));
    window.presentation()->setActive(true);
    CompareView* compare = window.compareView();
    ASSERT_NE(compare->heatmapPanel(CompareView::A), nullptr);
    const std::array<HeatmapWidget*, 3> maps {compare->heatmapPanel(CompareView::A)->heatmap(),
        compare->heatmapPanel(CompareView::B)->heatmap(), compare->differencePanel()->heatmap()};
    // A and B are computed at the smaller of their plots (CompareView::shareOutputPixels); A - B
    // is their difference.
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            const int common = std::min(maps[0]->plotPixels().width(), maps[1]->plotPixels().width());
            return std::all_of(maps.begin(), maps.end(),
                       [](const HeatmapWidget* map) { return !map->frame().isNull(); })
                && maps[0]->frame().grid.cols == common && maps[1]->frame().grid.cols == common;
        },
        "A and B computed at the size they are drawn, and A - B"));
    EXPECT_EQ(window.size(), QSize(1280, 720));
    for (const HeatmapWidget* map : maps) {
        EXPECT_GE(map->plotRect().width(), 240) << map->objectName().toStdString();
        EXPECT_GE(map->plotRect().height(), 240);
        EXPECT_GE(map->colorBarTickValues().size(), 3U);
        EXPECT_LE(map->geometry().right(), map->parentWidget()->width());
    }
    window.presentation()->setActive(false);
}

// The teacher's T-U4: at 1280x720 the RoPE card drew its 4096 x 4096 score 165 x 330 px, so the
// diagonal was not at 45 degrees. Every position x position map of every card is square; tables
// and phase maps (positions x dimensions) fill their slot.
TEST_F(WindowSize, PositionByPositionMapsAreSquareOnEveryCard) {
    keepAskedSize(&m_window);
    for (CardPage* card : m_window.cards()) {
        showCard(card->entry().id);
        QCoreApplication::processEvents();
        for (const ViewSlot* slot : card->viewSlots()) {
            const auto* panel = qobject_cast<const HeatmapPanel*>(slot->view());
            if (!panel || !slot->isVisible())
                continue;
            const QRect plot = panel->heatmap()->plotRect();
            const bool positions = quantityStyle(panel->spec().quantity).square;
            EXPECT_EQ(panel->heatmap()->isSquarePlot(), positions) << card->entry().id.toStdString();
            if (positions) {
                EXPECT_EQ(plot.width(), plot.height())
                    << card->entry().id.toStdString() << " " << pecards::toString(panel->spec().quantity);
            }
        }
    }
}

// #31 item 1: presentation on every card at 1280x720, in English and Chinese. The teacher enters
// it on the first card and moves with the arrows (Right: next card, Down: next view); each heatmap
// is drawn at least 240 px wide and high with at least three colour-bar ticks, and the window
// stays the size of the screen.
TEST_F(WindowSize, PresentationGivesEveryHeatmapOfEveryCardRoomAndAScale) {
    keepAskedSize(&m_window);
    PresentationController* presentation = m_window.presentation();
    int maps = 0;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(m_window.setLanguage(language));
        showCard(m_window.cards().front()->entry().id);
        presentation->setActive(true);
        for (CardPage* card : m_window.cards()) {
            ASSERT_EQ(m_window.currentCard(), card);
            for (int view = 0; view < card->viewSlots().size(); ++view) {
                const ViewSlot* slot = card->viewSlots().at(presentation->viewIndex());
                if (const auto* panel = qobject_cast<const HeatmapPanel*>(slot->view())) {
                    const HeatmapWidget* map = panel->heatmap();
                    const std::string what = language.toStdString() + " " + card->entry().id.toStdString()
                        + " " + pecards::toString(panel->spec().quantity);
                    ASSERT_TRUE(guitest::awaitCondition(
                        [&] {
                            const HeatmapFrame& frame = map->frame();
                            return !frame.isNull()
                                && frame.grid.cols
                                == std::min<qint64>(map->plotPixels().width(), frame.grid.window.cols());
                        },
                        "the view computed at the size it is drawn"))
                        << what;
                    EXPECT_GE(map->plotRect().width(), 240) << what;
                    EXPECT_GE(map->plotRect().height(), 240) << what;
                    EXPECT_GE(map->colorBarTickValues().size(), 3U) << what;
                    ++maps;
                }
                QTest::keyClick(&m_window, Qt::Key_Down);
            }
            EXPECT_EQ(m_window.size(), QSize(1280, 720)) << card->entry().id.toStdString();
            QTest::keyClick(&m_window, Qt::Key_Right);
        }
        presentation->setActive(false);
    }
    ASSERT_TRUE(m_window.setLanguage(QStringLiteral("en")));
    EXPECT_GE(maps, 2 * 10); // every card has a heatmap; most have two or three
}

namespace {

/// The three maps of the card's Pitfalls view, once both sides are shown at the size they are
/// drawn: each at least `minimum` px wide and high with three or more colour-bar ticks, none
/// overlapping another or the text beside them.
void expectRoomyPitfallMaps(const CardPage* card, int minimum, const std::string& what) {
    const PitfallView* view = card->pitfallView();
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            return view->isAnswered()
                && std::ranges::all_of(
                    std::array {"correctMap", "buggyMap", "differenceMap"}, [&](const char* name) {
                        const auto* map = view->findChild<HeatmapWidget*>(QString::fromLatin1(name));
                        return map && !map->frame().isNull();
                    });
        },
        "the three pitfall maps"))
        << what;
    const auto* text = view->findChild<QWidget*>(QStringLiteral("pitfallText"));
    ASSERT_NE(text, nullptr);
    QList<QRect> taken {QRect(text->mapTo(view, QPoint(0, 0)), text->size())};
    for (const char* name : {"correctMap", "buggyMap", "differenceMap"}) {
        const auto* map = view->findChild<HeatmapWidget*>(QString::fromLatin1(name));
        EXPECT_GE(map->plotRect().width(), minimum) << what << " " << name;
        EXPECT_GE(map->plotRect().height(), minimum) << what << " " << name;
        EXPECT_GE(map->colorBarTickValues().size(), 3U) << what << " " << name;
        const QRect cell(map->mapTo(view, QPoint(0, 0)), map->size());
        for (const QRect& other : taken)
            EXPECT_FALSE(cell.intersects(other)) << what << " " << name;
        taken.push_back(cell);
    }
}

} // namespace

// #31 item 1 and the review's T-B2: the Pitfalls view at 1280x720, in the window (card text and
// parameters beside it) and in a lesson's pitfall step (the lesson panel beside it), in English
// and Chinese. Three maps in a row drew 95 px (window) and 180 px (lesson) squares over an empty
// band; two by two with the text in the fourth cell they draw 220 and 240 px and more.
TEST_F(WindowSize, ThePitfallsViewDrawsReadableMapsInTheWindowAndInALesson) {
    keepAskedSize(&m_window);
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(m_window.setLanguage(language));
        showCard(QStringLiteral("alibi"));
        CardPage* alibi = m_window.currentCard();
        alibi->showPitfalls(pecards::Pitfall::AlibiFlippedSlope);
        expectRoomyPitfallMaps(alibi, 220, language.toStdString() + " window");
        EXPECT_EQ(alibi->pitfallView()->arrangement(), PitfallView::Arrangement::Grid);
        // The invariants' names wrap in their cell: the table no longer scrolls sideways.
        const auto* invariants = alibi->pitfallView()->findChild<QLabel*>(QStringLiteral("invariants"));
        ASSERT_NE(invariants, nullptr);
        const auto* table = qobject_cast<const QScrollArea*>(invariants->parentWidget()->parentWidget());
        ASSERT_NE(table, nullptr);
        QCoreApplication::processEvents();
        EXPECT_EQ(table->horizontalScrollBar()->maximum(), 0) << language.toStdString();
        alibi->showViews();

        const QStringList lessons = m_window.lessons()->builtInLessons();
        const auto pitfalls = std::ranges::find_if(lessons,
            [](const QString& path) { return path.contains(QStringLiteral("06-pitfalls-absolute")); });
        ASSERT_NE(pitfalls, lessons.end());
        ASSERT_TRUE(m_window.lessons()->playBuiltIn(*pitfalls));
        m_window.lessons()->player()->next(); // step 2: a pitfall of the sinusoidal card
        QCoreApplication::processEvents();
        ASSERT_TRUE(m_window.currentCard()->pitfallsShown());
        expectRoomyPitfallMaps(m_window.currentCard(), 240, language.toStdString() + " lesson");
        EXPECT_EQ(m_window.size(), QSize(1280, 720));
        m_window.lessons()->player()->stop();
        QCoreApplication::processEvents();
    }
    ASSERT_TRUE(m_window.setLanguage(QStringLiteral("en")));
}

// #31: the Pitfalls view in presentation at 1280x720 drew 195 px maps beside the card's text,
// which it does not need (it carries its own diagnosis). While presenting, the Pitfalls view takes
// the text side's room; the text comes back with the views and after presentation.
TEST_F(WindowSize, ThePitfallsViewInPresentationTakesTheCardTextsRoom) {
    keepAskedSize(&m_window);
    showCard(QStringLiteral("alibi"));
    CardPage* alibi = m_window.currentCard();
    const auto* text = alibi->findChild<QWidget*>(QStringLiteral("textPane"));
    ASSERT_NE(text, nullptr);
    m_window.presentation()->setActive(true);
    alibi->showPitfalls(pecards::Pitfall::AlibiFlippedSlope);
    EXPECT_TRUE(text->isHidden());
    expectRoomyPitfallMaps(alibi, 205, "presentation");
    EXPECT_EQ(m_window.size(), QSize(1280, 720));
    alibi->showViews();
    EXPECT_FALSE(text->isHidden()); // the card's views keep the text beside them
    alibi->showPitfalls(pecards::Pitfall::AlibiFlippedSlope);
    m_window.presentation()->setActive(false);
    EXPECT_FALSE(text->isHidden()); // the window shows it again
    alibi->showViews();
}
