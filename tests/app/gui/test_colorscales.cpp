// Colour scales a scientist can trust: one colour map per quantity whatever the parameters,
// zoom or preset; a colour-range lock; one shared range for a card's views of one quantity; a log
// scale for attention; distinct colours for bucket indices; sampled periodic tables that alias
// are marked as such (the columns whose wavelength is under twice the sampling step).
#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/heatmapwidget.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <cmath>
#include <numbers>

using namespace pecards::gui;

namespace {

class ColorScales : public guitest::WindowTest<1600, 1000> {
protected:
    static HeatmapPanel* panel(CardPage* card, int slot) {
        return qobject_cast<HeatmapPanel*>(card->viewSlots().at(slot)->view());
    }

    /// Waits for a frame of `panel` computed with exactly the card's parameters.
    ::testing::AssertionResult awaitCurrent(HeatmapPanel* view, const CardPage* card) {
        return guitest::awaitCondition(
            [this, view, card] {
                return m_service.isIdle() && view->controller()->hasResult()
                    && !view->heatmap()->frame().isNull()
                    && view->controller()->shown()->request.params == card->params();
            },
            "the frame of the current parameters");
    }
};

} // namespace

TEST_F(ColorScales, RopeScoreKeepsOneColourMapAcrossBasesZoomAndPresets) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    HeatmapPanel* score = panel(rope, 0);
    ASSERT_TRUE(awaitCurrent(score, rope));
    EXPECT_EQ(score->heatmap()->frame().colorMap, QStringLiteral("diverging"));
    pecards::CardParams params = rope->params();
    params.rope.base = 7.5e6; // scores of one sign over most of the map: used to switch to viridis
    params.length = 64;
    rope->setParams(params);
    ASSERT_TRUE(awaitCurrent(score, rope));
    EXPECT_EQ(score->heatmap()->frame().colorMap, QStringLiteral("diverging"));
    EXPECT_DOUBLE_EQ(score->heatmap()->frame().low, -score->heatmap()->frame().high); // centred at 0
    score->controller()->setWindow({0, 8, 0, 8});
    ASSERT_TRUE(guitest::awaitCondition(
        [score] { return score->heatmap()->frame().grid.window.rows() == 8; }, "the zoomed frame"));
    EXPECT_EQ(score->heatmap()->frame().colorMap, QStringLiteral("diverging"));
    QSignalSpy applied(&m_window, &MainWindow::modelApplied);
    m_window.openConfig(QStringLiteral(":/presets/llama-3.1-8b.json"));
    ASSERT_TRUE(guitest::awaitSignals(applied));
    ASSERT_TRUE(awaitCurrent(score, rope));
    EXPECT_EQ(score->heatmap()->frame().colorMap, QStringLiteral("diverging"));
}

TEST_F(ColorScales, LockedRangeSurvivesZoomAndSharedRangeSpansTheCardsViews) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    pecards::CardParams params = rope->params();
    params.length = 256;
    rope->setParams(params);
    HeatmapPanel* score = panel(rope, 0);
    ASSERT_TRUE(awaitCurrent(score, rope));
    score->controller()->setColorRangeLocked(true);
    const double low = score->heatmap()->frame().low;
    const double high = score->heatmap()->frame().high;
    score->controller()->setWindow({100, 140, 10, 50}); // a window with a smaller spread of values
    ASSERT_TRUE(guitest::awaitCondition(
        [score] { return score->heatmap()->frame().grid.window.row_begin == 100; }, "the zoomed frame"));
    EXPECT_EQ(score->heatmap()->frame().low, low);
    EXPECT_EQ(score->heatmap()->frame().high, high);
    score->controller()->setColorRangeLocked(false);
    EXPECT_LT(score->heatmap()->frame().high, high); // its own, smaller range again
    score->controller()->resetWindow();
    ASSERT_TRUE(awaitCurrent(score, rope));

    // A second score view zoomed near the diagonal: both views show one range, the union.
    rope->viewSlots().at(1)->showView(QStringLiteral("score"));
    HeatmapPanel* second = panel(rope, 1);
    ASSERT_TRUE(awaitCurrent(second, rope));
    second->controller()->setWindow({200, 256, 0, 40});
    ASSERT_TRUE(guitest::awaitCondition(
        [second] { return second->heatmap()->frame().grid.window.row_begin == 200; }, "the second frame"));
    const auto a = *score->controller()->naturalRange();
    const auto b = *second->controller()->naturalRange();
    EXPECT_NE(a, b);
    for (const HeatmapPanel* view : {score, second}) {
        EXPECT_DOUBLE_EQ(view->heatmap()->frame().low, std::min(a.first, b.first));
        EXPECT_DOUBLE_EQ(view->heatmap()->frame().high, std::max(a.second, b.second));
    }
}

TEST_F(ColorScales, AttentionIsLogarithmicAndBucketsAreQualitative) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    rope->viewSlots().at(1)->showView(QStringLiteral("attention"));
    HeatmapPanel* attention = panel(rope, 1);
    ASSERT_TRUE(awaitCurrent(attention, rope));
    const HeatmapFrame& frame = attention->heatmap()->frame();
    EXPECT_TRUE(frame.logarithmic);
    EXPECT_GT(frame.low, 0.0);
    EXPECT_LE(frame.low, frame.high);
    attention->controller()->setLogarithmic(false); // the user's choice wins
    EXPECT_FALSE(attention->heatmap()->frame().logarithmic);

    CardPage* relative = showCard(QStringLiteral("relative"));
    HeatmapPanel* buckets = panel(relative, 0);
    ASSERT_EQ(buckets->spec().quantity, pecards::Quantity::Buckets);
    ASSERT_TRUE(awaitCurrent(buckets, relative));
    EXPECT_TRUE(buckets->heatmap()->frame().qualitative);
}

TEST_F(ColorScales, SampledPhaseTableMarksExactlyTheColumnsBeyondNyquist) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    HeatmapPanel* phase = panel(rope, 1);
    ASSERT_EQ(phase->spec().quantity, pecards::Quantity::Phase);
    ASSERT_TRUE(awaitCurrent(phase, rope));
    const HeatmapFrame& frame = phase->heatmap()->frame();
    ASSERT_EQ(phase->controller()->lastRequest().reduction, pecards::Reduction::Sample);
    ASSERT_EQ(frame.grid.window.cols(), 64); // one grid column per pair at this width
    ASSERT_EQ(frame.grid.cols, 64);
    const double step = 4096.0 / frame.grid.rows;
    ASSERT_GT(step, 2.0);
    int aliased = 0;
    for (int pair = 0; pair < 64; ++pair) {
        // theta_i = 10000^(-2i/128): the sample every `step` rows aliases when theta_i step > pi.
        const double theta = std::pow(10000.0, -2.0 * pair / 128.0);
        EXPECT_EQ(frame.aliasedColumns.at(static_cast<std::size_t>(pair)), theta * step > std::numbers::pi)
            << "pair " << pair;
        aliased += frame.aliasedColumns.at(static_cast<std::size_t>(pair)) ? 1 : 0;
    }
    EXPECT_GT(aliased, 0);
    EXPECT_TRUE(phase->heatmap()->readout().contains(QStringLiteral("ALIASED")));

    // One row per pixel: exact, nothing aliased.
    phase->controller()->setWindow({0, frame.grid.rows, 0, 64});
    ASSERT_TRUE(guitest::awaitCondition(
        [phase] {
            return phase->heatmap()->frame().grid.window.rows() == phase->heatmap()->frame().grid.rows;
        },
        "one row per pixel"));
    for (const bool column : phase->heatmap()->frame().aliasedColumns)
        EXPECT_FALSE(column);
}
