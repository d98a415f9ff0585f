// The compare tab in a real window (offscreen): A and B are card heatmaps with the cards' view
// machinery (square plots, exact hover, export), A − B is their difference checked against the
// RoPE score written out by hand, values of different units are not subtracted, and a chart
// view overlays A's and B's curves on one chart.
#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "cards/parameterform.h"
#include "compare/comparegrid.h"
#include "compare/compareview.h"
#include "compare/differencepanel.h"
#include "deck/deckmodel.h"
#include "guitestsupport.h"
#include "views/chartpanel.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "widgets/heatmapwidget.h"
#include "widgets/sliderspin.h"
#include "windowtest.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFileInfo>
#include <QImage>
#include <QInputDialog>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <cmath>

using namespace pecards::gui;

namespace {

using guitest::ropeOnesScore;

template <int Width, int Height> class CompareTabAt : public guitest::WindowTest<Width, Height> {
protected:
    CompareView* compare() { return this->m_window.compareView(); }

    /// RoPE base 10^4 (A) against 5·10^5 (B) at L = `length`, the score heatmaps answered.
    void showRopeBases(int length) {
        this->m_window.showTab(QStringLiteral("compare"));
        compare()->showPreset(QStringLiteral("rope-base"));
        for (const auto side : {CompareView::A, CompareView::B})
            qobject_cast<SliderSpin*>(compare()->form(side)->control(QStringLiteral("length")))
                ->spinBox()
                ->setValue(length);
        ASSERT_TRUE(guitest::awaitCondition(
            [&] {
                const HeatmapWidget* difference = compare()->differencePanel()->heatmap();
                return difference->frame().grid.window.rows() == length && this->m_service.isIdle()
                    && difference->message().isEmpty();
            },
            "the difference at the new length"));
    }
};

using CompareTab = CompareTabAt<1600, 1000>;
using CompareTabSmall = CompareTabAt<1280, 720>;

TEST_F(CompareTab, TheDifferenceIsAMinusBOfTheTwoCardHeatmaps) {
    showRopeBases(32);
    const pecards::Grid& a = compare()->heatmapPanel(CompareView::A)->heatmap()->frame().grid;
    const pecards::Grid& b = compare()->heatmapPanel(CompareView::B)->heatmap()->frame().grid;
    const HeatmapFrame& difference = compare()->differencePanel()->heatmap()->frame();
    ASSERT_EQ(difference.grid.rows, a.rows);
    const double rowsPerPixel = 32.0 / a.rows;
    for (int r = 0; r < a.rows; r += 7) {
        for (int c = 0; c < a.cols; c += 5) {
            // One entry per pixel on this size? Only then is the formula the pixel's value.
            if (rowsPerPixel != 1.0)
                break;
            EXPECT_NEAR(a.at(r, c), ropeOnesScore(1e4, 128, r - c), 1e-9);
            EXPECT_NEAR(b.at(r, c), ropeOnesScore(5e5, 128, r - c), 1e-9);
        }
    }
    for (std::size_t n = 0; n < difference.grid.values.size(); n += 97)
        EXPECT_NEAR(difference.grid.values[n], a.values[n] - b.values[n], 1e-12);
    EXPECT_EQ(difference.colorMap, QStringLiteral("diverging"));
    EXPECT_DOUBLE_EQ(difference.low, -difference.high); // centred at 0
    // A and B share one colour range: equal colours mean equal values.
    const HeatmapFrame& frameA = compare()->heatmapPanel(CompareView::A)->heatmap()->frame();
    const HeatmapFrame& frameB = compare()->heatmapPanel(CompareView::B)->heatmap()->frame();
    EXPECT_DOUBLE_EQ(frameA.low, frameB.low);
    EXPECT_DOUBLE_EQ(frameA.high, frameB.high);
}

// Issue: square matrices were drawn about 140 x 720 px. Each L x L plot is square, A and B are
// of one size (computed at the same pixels, so they subtract entry by entry), and at 1280x720
// the plots are still large.
TEST_F(CompareTabSmall, SquareMatricesKeepTheirAspectRatio) {
    showRopeBases(64);
    QRect plots[3] = {compare()->heatmapPanel(CompareView::A)->heatmap()->plotRect(),
        compare()->heatmapPanel(CompareView::B)->heatmap()->plotRect(),
        compare()->differencePanel()->heatmap()->plotRect()};
    for (const QRect& plot : plots)
        EXPECT_EQ(plot.width(), plot.height());
    EXPECT_EQ(plots[1].size(), plots[0].size());
    EXPECT_GE(plots[0].width(), 120) << "the grid chose " << compare()->grid()->columns() << " columns";
    // A table (L x d) is no square matrix: its plot fills the cell.
    ASSERT_TRUE(compare()->showView(QStringLiteral("table")));
    EXPECT_FALSE(compare()->heatmapPanel(CompareView::A)->heatmap()->isSquarePlot());
}

// Hovering any of the three maps reads the same entry everywhere: A's and B's exact values from
// their controllers (the double-precision reference) and their difference.
TEST_F(CompareTab, HoverReadsExactValuesOfABAndTheDifference) {
    showRopeBases(32);
    HeatmapWidget* difference = compare()->differencePanel()->heatmap();
    const QRect plot = difference->plotRect();
    // The centre of the plot's entry (i, j) = (20, 9).
    const QPoint point(plot.left() + static_cast<int>((9 + 0.5) * plot.width() / 32.0),
        plot.top() + static_cast<int>((20 + 0.5) * plot.height() / 32.0));
    QTest::mouseMove(difference, point);
    HeatmapController* a = compare()->heatmapPanel(CompareView::A)->controller();
    HeatmapController* b = compare()->heatmapPanel(CompareView::B)->controller();
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            return a->lastProbe() && b->lastProbe()
                && difference->readout().contains(QStringLiteral("exact"));
        },
        "both exact values"));
    EXPECT_EQ(a->lastProbe()->row, 20);
    EXPECT_EQ(a->lastProbe()->col, 9);
    const double exactA = ropeOnesScore(1e4, 128, 11);
    const double exactB = ropeOnesScore(5e5, 128, 11);
    EXPECT_NEAR(a->lastProbe()->value, exactA, 1e-9);
    EXPECT_NEAR(b->lastProbe()->value, exactB, 1e-9);
    EXPECT_TRUE(difference->readout().contains(
        QString::number(a->lastProbe()->value - b->lastProbe()->value, 'g', 10)))
        << difference->readout().toStdString();
    EXPECT_TRUE(
        compare()->heatmapPanel(CompareView::B)->heatmap()->readout().contains(QStringLiteral("exact")));
}

// Save…: the A − B figure (titled as such, with both captions) and A's figure are written.
TEST_F(CompareTab, ExportWritesTheDifferenceAndTheSides) {
    showRopeBases(32);
    const std::optional<pecards::app::FigureSpec> figure = compare()->differencePanel()->figure();
    ASSERT_TRUE(figure.has_value());
    EXPECT_TRUE(figure->title.startsWith(QStringLiteral("A − B: "))) << figure->title.toStdString();
    EXPECT_TRUE(figure->caption.contains(QStringLiteral("base=500000"))) << figure->caption.toStdString();
    QTemporaryDir folder;
    QString error;
    const QString differencePath = folder.filePath(QStringLiteral("difference.png"));
    ASSERT_TRUE(saveFigures({*figure}, differencePath, pecards::app::FigureExportOptions {}, &error))
        << error.toStdString();
    EXPECT_FALSE(QImage(differencePath).isNull());
    const std::optional<ShownHeatmap> shownA = compare()->heatmapPanel(CompareView::A)->controller()->shown();
    ASSERT_TRUE(shownA.has_value());
    const QString pathA = folder.filePath(QStringLiteral("a.npy"));
    ASSERT_TRUE(saveHeatmapFigure(*shownA, pathA, kDefaultDpi, &error)) << error.toStdString();
    EXPECT_GT(QFileInfo(pathA).size(), 32 * 32 * 8);
}

// Issue: the tab silently subtracted the sinusoidal similarity from the ALiBi bias. Both sides
// are drawn; A − B shows the message naming both units and no picture.
TEST_F(CompareTab, UnitsThatDifferAreRefusedWithAMessageAndNoPicture) {
    m_window.showTab(QStringLiteral("compare"));
    pecards::CardParams sinusoidal = findCardEntry(QStringLiteral("sinusoidal"))->defaults();
    pecards::CardParams alibi = findCardEntry(QStringLiteral("alibi"))->defaults();
    sinusoidal.length = alibi.length = 64;
    compare()->compare(
        QStringLiteral("sinusoidal"), sinusoidal, QStringLiteral("alibi"), alibi, pecards::Quantity::Score);
    HeatmapWidget* difference = compare()->differencePanel()->heatmap();
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return m_service.isIdle() && !difference->message().isEmpty(); }, "the refusal"));
    EXPECT_TRUE(difference->frame().isNull());
    EXPECT_TRUE(difference->message().contains(QStringLiteral("B unit")))
        << difference->message().toStdString();
    EXPECT_TRUE(difference->message().contains(QStringLiteral("similarity")))
        << difference->message().toStdString();
    EXPECT_TRUE(difference->message().contains(QStringLiteral("logit")))
        << difference->message().toStdString();
    EXPECT_FALSE(compare()->differencePanel()->figure().has_value()); // nothing to save either
    EXPECT_FALSE(compare()->heatmapPanel(CompareView::A)->heatmap()->frame().isNull());
    EXPECT_FALSE(compare()->heatmapPanel(CompareView::B)->heatmap()->frame().isNull());
    // Two units: each side keeps its own colour range.
    EXPECT_NE(compare()->heatmapPanel(CompareView::A)->heatmap()->frame().high,
        compare()->heatmapPanel(CompareView::B)->heatmap()->frame().high);
}

// Every view both cards offer, charts included (not four quantities); a chart overlays A's and
// B's curves on one chart.
TEST_F(CompareTab, ChartViewsOverlayTheCurvesOfAAndB) {
    showRopeBases(64);
    QStringList offered;
    for (int n = 0; n < compare()->viewChoice()->count(); ++n)
        offered << compare()->viewChoice()->itemData(n).toString();
    for (const QString& id : {QStringLiteral("score"), QStringLiteral("attention"), QStringLiteral("table"),
             QStringLiteral("phase"), QStringLiteral("spectrum"), QStringLiteral("decay")})
        EXPECT_TRUE(offered.contains(id))
            << id.toStdString() << " not in " << offered.join(u' ').toStdString();
    ASSERT_TRUE(compare()->showView(QStringLiteral("decay")));
    ChartPanel* chart = compare()->chartPanel();
    ASSERT_NE(chart, nullptr);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return m_service.isIdle() && chart->shownView().has_value(); }, "the overlaid decay"));
    const ShownChart shown = std::get<ShownChart>(*chart->shownView());
    ASSERT_EQ(shown.curves.curves.size(), 2U);
    EXPECT_TRUE(shown.curves.curves[0].name.startsWith(QStringLiteral("A: ")));
    EXPECT_TRUE(shown.curves.curves[1].name.startsWith(QStringLiteral("B: ")));
    EXPECT_NE(shown.curves.curves[0].points, shown.curves.curves[1].points); // base 10^4 vs 5·10^5
    ASSERT_TRUE(shown.overlay.has_value());
    EXPECT_EQ(shown.overlay->params.rope.base, 500000.0);
    const pecards::app::ChartSpec spec = chartFigureSpec(shown);
    EXPECT_EQ(spec.series.size(), 2);
    EXPECT_TRUE(spec.caption.contains(QStringLiteral("base=500000"))) << spec.caption.toStdString();
}

} // namespace

namespace {

// Titles of different lengths leave A's and B's plots of different sizes; both are computed at
// one output size so that every ready-made comparison has its difference.
TEST_F(CompareTab, EveryPresetHasItsDifference) {
    m_window.showTab(QStringLiteral("compare"));
    for (const QString& preset :
        {QStringLiteral("alibi-hybrid"), QStringLiteral("alibi-forms"), QStringLiteral("rope-base")}) {
        ASSERT_TRUE(compare()->showPreset(preset));
        const HeatmapWidget* difference = compare()->differencePanel()->heatmap();
        ASSERT_TRUE(guitest::awaitCondition(
            [&] { return m_service.isIdle() && compare()->hasResult() && !difference->frame().isNull(); },
            "the difference"))
            << preset.toStdString() << ": " << difference->message().toStdString();
        EXPECT_TRUE(difference->message().isEmpty())
            << preset.toStdString() << ": " << difference->message().toStdString();
        EXPECT_EQ(compare()->heatmapPanel(CompareView::A)->controller()->lastRequest().out_rows,
            compare()->heatmapPanel(CompareView::B)->controller()->lastRequest().out_rows);
    }
}

} // namespace

TEST_F(CompareTab, CompareMyModelWithTwoScalingsInThreeClicks) {
    // #32, the engineer's review C2: Compare A | B ignored the loaded model. With the model on the
    // RoPE card (Llama-2's base and L = 16384 here), Compare > "Current card against a scaling…",
    // "yarn", OK: A is the card as it is, B the same with YaRN; the compare state (kept in workspaces)
    // holds both.
    CardPage* rope = showCard(QStringLiteral("rope"));
    pecards::CardParams model = rope->params();
    model.length = 16384;
    model.rope.base = 10000.0;
    model.rope.scaling.original_max_position_embeddings = 4096;
    rope->setParams(model);
    QTimer::singleShot(0, [] { // the scaling question: choose yarn, OK
        for (QWidget* widget : QApplication::topLevelWidgets()) {
            if (auto* dialog = qobject_cast<QInputDialog*>(widget); dialog && dialog->isVisible()) {
                dialog->setTextValue(QStringLiteral("yarn"));
                dialog->accept();
            }
        }
    });
    m_window.findChild<QAction*>(QStringLiteral("compareScalings"))->trigger();
    EXPECT_EQ(m_window.deck()->currentWidget(), compare());
    EXPECT_EQ(compare()->params(CompareView::A), rope->params());
    const pecards::CardParams& b = compare()->params(CompareView::B);
    EXPECT_EQ(b.rope.scaling.type, pecards::RopeScalingType::Yarn);
    EXPECT_EQ(b.rope.scaling.original_max_position_embeddings, 4096);
    EXPECT_EQ(b.length, 16384);
    EXPECT_EQ(m_window.deckModel()->compareState().b, b);
    // A = current card keeps B: the card on screen again, the other scaling stays on B.
    showCard(QStringLiteral("rope"));
    pecards::CardParams other = model;
    other.rope.base = 500000.0;
    rope->setParams(other);
    m_window.findChild<QAction*>(QStringLiteral("compareCurrentA"))->trigger();
    EXPECT_EQ(compare()->params(CompareView::A).rope.base, 500000.0);
    EXPECT_EQ(compare()->params(CompareView::B).rope.scaling.type, pecards::RopeScalingType::Yarn);
}

TEST_F(CompareTab, APresetChosenOnTheCompareTabFillsTheFocusedSide) {
    // #32: choosing a preset on the compare tab left the tab; it now goes to the side with the
    // focus, and the deck keeps its cards.
    m_window.showTab(QStringLiteral("compare"));
    compare()->showPreset(QStringLiteral("rope-base"));
    const pecards::CardParams a = compare()->params(CompareView::A);
    const pecards::CardParams deckRope = m_window.card(QStringLiteral("rope"))->params();
    compare()->form(CompareView::B)->control(QStringLiteral("length"))->setFocus();
    QApplication::processEvents();
    ASSERT_EQ(compare()->focusedSide(), CompareView::B);
    ASSERT_EQ(m_window.presetTarget(), MainWindow::ConfigTarget::CompareB);
    QSignalSpy applied(&m_window, &MainWindow::modelApplied);
    m_window.openConfig(QStringLiteral(":/presets/llama-3.1-8b.json"), m_window.presetTarget());
    ASSERT_TRUE(guitest::awaitSignals(applied));
    EXPECT_EQ(m_window.deck()->currentWidget(), compare());
    const pecards::CardParams& b = compare()->params(CompareView::B);
    EXPECT_EQ(b.rope.base, 500000.0); // Llama 3.1: rope_theta 5e5, llama3 x8 from 8192
    EXPECT_EQ(b.rope.scaling.type, pecards::RopeScalingType::Llama3);
    EXPECT_EQ(b.rope.scaling.original_max_position_embeddings, 8192);
    EXPECT_EQ(compare()->params(CompareView::A), a);
    EXPECT_EQ(m_window.card(QStringLiteral("rope"))->params(), deckRope);
    EXPECT_EQ(m_window.deckModel()->compareState().b, b);
    // Load config into A: the same path, the other side; on a card tab a preset goes to the deck.
    m_window.openConfig(QStringLiteral(":/presets/llama-3.1-8b.json"), MainWindow::ConfigTarget::CompareA);
    ASSERT_TRUE(guitest::awaitSignals(applied, 2));
    EXPECT_EQ(compare()->params(CompareView::A), b);
    showCard(QStringLiteral("rope"));
    EXPECT_EQ(m_window.presetTarget(), MainWindow::ConfigTarget::Deck);
}
