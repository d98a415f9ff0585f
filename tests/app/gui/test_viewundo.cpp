// Every edit of a card's view is a step in the deck's one undo history (#27): the zoom, the
// reduction, the colour map, the view chosen, and the compare tab's edits; and what the deck model keeps of
// the views (locked colour range, log scale, charts and their tools, each in its slot) is saved in a
// workspace and comes back as it was. Values are read from the deck model, the one owner of that state.
#include "cards/parameterform.h"
#include "compare/compareview.h"
#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "guitestsupport.h"
#include "session/workspacecontroller.h"
#include "views/chartpanel.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/sliderspin.h"
#include "windowtest.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <workspace/workspacefile.h>

namespace {

using namespace pecards::gui;

class ViewUndo : public guitest::WindowTest<1280, 720> {
protected:
    /// A separate undo step: later than the merge time of quick edits (a drag, wheel zoom steps).
    static void nextStep() { QTest::qWait(static_cast<int>(DeckModel::kMergeMilliseconds) + 50); }

    const pecards::app::CardView& heatmapState(const CardPage* card, int slot) const {
        return m_window.deckModel()->slot(card->cardIndex(), slot).heatmap.value();
    }
};

TEST_F(ViewUndo, ZoomReductionAndColourMapAreUndoneAndRedoneStepByStep) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    auto* score = qobject_cast<HeatmapPanel*>(rope->viewSlots().at(0)->view());
    ASSERT_NE(score, nullptr);
    const pecards::app::CardView start = heatmapState(rope, 0);
    EXPECT_EQ(start.window, pecards::fullExtent(rope->params(), pecards::Quantity::Score)); // what is shown
    QUndoStack* undo = m_window.deckModel()->undoStack();
    const int before = undo->count();

    const pecards::Window zoom {100, 356, 40, 296};
    score->controller()->setWindow(zoom); // as the widget's drag or wheel asks
    nextStep();
    score->reductionBox()->setCurrentIndex(
        score->reductionBox()->findData(static_cast<int>(pecards::Reduction::Max)));
    nextStep();
    score->controller()->setColorMap(QStringLiteral("magma"));
    ASSERT_EQ(undo->count(), before + 3);
    EXPECT_EQ(heatmapState(rope, 0).window, zoom);
    EXPECT_EQ(heatmapState(rope, 0).reduction, pecards::Reduction::Max);
    EXPECT_EQ(heatmapState(rope, 0).colormap, QStringLiteral("magma"));

    undo->undo(); // the colour map
    EXPECT_EQ(heatmapState(rope, 0).colormap, start.colormap);
    EXPECT_EQ(score->controller()->colorMap(), start.colormap);
    EXPECT_TRUE(score->controller()->isAutomaticColorMap());
    undo->undo(); // the reduction, also in its box
    EXPECT_EQ(heatmapState(rope, 0).reduction, start.reduction);
    EXPECT_EQ(score->controller()->reduction(), start.reduction);
    EXPECT_EQ(score->reductionBox()->currentData().toInt(), static_cast<int>(start.reduction));
    undo->undo(); // the zoom
    EXPECT_EQ(score->controller()->window(), start.window);
    EXPECT_EQ(heatmapState(rope, 0), start);

    for (int n = 0; n < 3; ++n)
        undo->redo();
    EXPECT_EQ(score->controller()->window(), zoom);
    EXPECT_EQ(score->controller()->reduction(), pecards::Reduction::Max);
    EXPECT_EQ(score->controller()->colorMap(), QStringLiteral("magma"));
}

TEST_F(ViewUndo, WheelZoomStepsAreOneStepAndAViewChosenIsOneToo) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    auto* score = qobject_cast<HeatmapPanel*>(rope->viewSlots().at(0)->view());
    ASSERT_NE(score, nullptr);
    QUndoStack* undo = m_window.deckModel()->undoStack();
    const int before = undo->count();
    for (const qint64 end : {2048, 1024, 512}) // quick steps, as a turning wheel makes them
        score->controller()->setWindow({0, end, 0, end});
    EXPECT_EQ(undo->count(), before + 1);
    nextStep();
    rope->viewSlots().at(2)->showView(QStringLiteral("decay")); // the user's choice
    EXPECT_EQ(m_window.deckModel()->slot(rope->cardIndex(), 2).view, QStringLiteral("decay"));
    EXPECT_EQ(rope->viewSlots().at(2)->view()->spec().id, QStringLiteral("decay"));
    undo->undo();
    EXPECT_EQ(rope->viewSlots().at(2)->view()->spec().id, QStringLiteral("polar"));
    undo->undo();
    EXPECT_EQ(score->controller()->window(), pecards::fullExtent(rope->params(), pecards::Quantity::Score));
}

TEST_F(ViewUndo, ALockedRangeTheLogScaleAndChartsAreSavedAndComeBackAsTheyWere) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    const pecards::app::Workspace defaults = workspaceOf(*m_window.deckModel());
    auto* score = qobject_cast<HeatmapPanel*>(rope->viewSlots().at(0)->view());
    auto* polar = qobject_cast<ChartPanel*>(rope->viewSlots().at(2)->view());
    ASSERT_NE(score, nullptr);
    ASSERT_NE(polar, nullptr);
    score->controller()->lockColorRange(std::make_pair(-3.5, 7.25));
    score->controller()->setLogarithmic(true);
    guitest::named<SliderSpin>(polar, QStringLiteral("position"))
        ->spinBox()
        ->setValue(37.0); // a typed position, committed
    rope->viewSlots().at(3)->showView(QStringLiteral("waves"));

    const pecards::app::Workspace edited = workspaceOf(*m_window.deckModel());
    const pecards::app::WorkspaceCard& saved = edited.cards.at(rope->cardIndex());
    ASSERT_EQ(saved.views.size(), 2);
    EXPECT_EQ(saved.views.at(0).colorRange, std::make_pair(-3.5, 7.25));
    EXPECT_EQ(saved.views.at(0).logarithmic, true);
    EXPECT_EQ(saved.views.at(0).slot, 0);
    ASSERT_EQ(saved.charts.size(), 2);
    EXPECT_EQ(saved.charts.at(0).chart, QStringLiteral("polar"));
    EXPECT_EQ(saved.charts.at(0).position, 37);
    EXPECT_EQ(saved.charts.at(0).slot, 2);
    EXPECT_EQ(saved.charts.at(1).chart, QStringLiteral("waves"));
    EXPECT_EQ(saved.charts.at(1).slot, 3);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("views.pecards.json"));
    QString error;
    ASSERT_TRUE(pecards::app::saveWorkspace(path, edited, &error)) << error.toStdString();
    const std::optional<pecards::app::Workspace> opened = pecards::app::openWorkspace(path, &error);
    ASSERT_TRUE(opened.has_value()) << error.toStdString();
    EXPECT_EQ(*opened, edited);

    EXPECT_TRUE(showWorkspace(*m_window.deckModel(), defaults).isEmpty());
    EXPECT_EQ(workspaceOf(*m_window.deckModel()), defaults);
    EXPECT_FALSE(score->controller()->isColorRangeLocked());
    EXPECT_TRUE(showWorkspace(*m_window.deckModel(), *opened).isEmpty());
    EXPECT_EQ(workspaceOf(*m_window.deckModel()), edited);
    EXPECT_EQ(score->controller()->lockedRange(), std::make_pair(-3.5, 7.25));
    EXPECT_TRUE(score->controller()->isLogarithmic());
    EXPECT_EQ(guitest::named<SliderSpin>(polar, QStringLiteral("position"))->value(), 37.0);
    EXPECT_EQ(rope->viewSlots().at(3)->view()->spec().id, QStringLiteral("waves"));
}

TEST_F(ViewUndo, AViewEditIsUnsavedWorkUntilSavedOrUndone) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    auto* score = qobject_cast<HeatmapPanel*>(rope->viewSlots().at(0)->view());
    ASSERT_NE(score, nullptr);
    EXPECT_FALSE(m_window.isWindowModified());
    score->controller()->setColorMap(QStringLiteral("magma"));
    EXPECT_TRUE(m_window.isWindowModified()); // a workspace keeps colour maps: quitting would ask
    m_window.deckModel()->undoStack()->undo();
    EXPECT_FALSE(m_window.isWindowModified());
    score->controller()->setColorMap(QStringLiteral("magma"));
    QTemporaryDir dir;
    ASSERT_TRUE(m_window.session()->saveTo(dir.filePath(QStringLiteral("colours.pecards.json"))));
    EXPECT_FALSE(m_window.isWindowModified());
    m_window.deckModel()->undoStack()->undo(); // now the saved file has magma
    EXPECT_TRUE(m_window.isWindowModified());
}

TEST_F(ViewUndo, CompareEditsAreStepsOfTheSameHistoryAndAnUndoShowsTheCompareTab) {
    m_window.showTab(QStringLiteral("compare"));
    CompareView* compare = m_window.compareView();
    QUndoStack* undo = m_window.deckModel()->undoStack();
    const int before = undo->count();
    const CompareState start = compare->state();
    ASSERT_EQ(start.b.rope.base, 500000.0); // the first comparison: RoPE base 10^4 vs 5·10^5
    EXPECT_EQ(m_window.deckModel()->compareState(), start);

    auto* base = qobject_cast<SliderSpin*>(compare->form(CompareView::B)->control(QStringLiteral("base")));
    ASSERT_NE(base, nullptr);
    base->spinBox()->setValue(20000.0); // a typed value, committed
    ASSERT_EQ(compare->params(CompareView::B).rope.base, 20000.0);
    nextStep();
    compare->viewChoice()->setCurrentIndex(compare->viewChoice()->findData(QStringLiteral("attention")));
    ASSERT_EQ(compare->viewId(), QStringLiteral("attention"));
    EXPECT_EQ(undo->count(), before + 2);
    EXPECT_EQ(m_window.deckModel()->compareState(), compare->state());

    m_window.showTab(QStringLiteral("rope"));
    undo->undo(); // the view, shown where it changes
    EXPECT_EQ(m_window.deck()->currentWidget(), compare);
    EXPECT_EQ(compare->viewId(), QStringLiteral("score"));
    undo->undo();
    EXPECT_EQ(compare->params(CompareView::B).rope.base, 500000.0);
    const auto* shownBase
        = qobject_cast<SliderSpin*>(compare->form(CompareView::B)->control(QStringLiteral("base")));
    ASSERT_NE(shownBase, nullptr);
    EXPECT_EQ(shownBase->value(), 500000.0); // the form shows it too
    EXPECT_EQ(compare->state(), start);
    undo->redo();
    undo->redo();
    EXPECT_EQ(compare->params(CompareView::B).rope.base, 20000.0);
    EXPECT_EQ(compare->viewId(), QStringLiteral("attention"));
}

} // namespace
