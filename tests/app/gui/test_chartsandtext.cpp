// Charts and card text that read right: every series of a chart has a colour of its own (eight
// ALiBi heads, eight colours; sixteen heads, a ramp in head order) and the legend wraps under the
// chart instead of being cut; the RoPE polar chart turns counter-clockwise from the x axis; the
// card back's tables scroll sideways in a narrow pane instead of breaking words into letters.
#include "cards/cardpage.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/chartpanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QLabel>
#include <QScreen>
#include <QScrollBar>
#include <QSet>
#include <QSplitter>
#include <QTextBrowser>
#include <cmath>

using namespace pecards::gui;

using pecards::app::Curve;
using pecards::app::CurveKind;
using pecards::app::CurveSet;

namespace {

class ChartsAndText : public guitest::WindowTest<1280, 720> {
protected:
    static ChartPanel* chartOf(CardPage* card, CurveKind kind) {
        for (const ViewSlot* slot : card->viewSlots()) {
            if (auto* chart = qobject_cast<ChartPanel*>(slot->view()); chart && chart->spec().curve == kind)
                return chart;
        }
        return nullptr;
    }
};

CurveSet polarPoint(double degrees) {
    CurveSet set {QStringLiteral("angle"), QStringLiteral("radius"), false, false, true, {}};
    set.curves.push_back(
        Curve {QStringLiteral("arm"), {QPointF(degrees, 0.0), QPointF(degrees, 1.0)}, false, true});
    return set;
}

} // namespace

TEST_F(ChartsAndText, AlibiHeadsEachGetTheirOwnColourAndTheLegendWraps) {
    CardPage* alibi = showCard(QStringLiteral("alibi"));
    ChartPanel* heads = chartOf(alibi, CurveKind::AlibiHeads);
    ASSERT_NE(heads, nullptr);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return m_service.isIdle() && heads->chart()->legend().size() == 8; }, "eight heads"));
    QSet<QRgb> colors;
    for (const ChartWidget::LegendEntry& entry : heads->chart()->legend())
        colors.insert(entry.color.rgb());
    EXPECT_EQ(colors.size(), 8); // h1 and h6 used to share a colour
    EXPECT_TRUE(guitest::named<QLabel>(heads, QStringLiteral("legend"))->wordWrap());
    for (const ChartWidget::LegendEntry& entry : heads->chart()->legend())
        EXPECT_TRUE(
            guitest::named<QLabel>(heads, QStringLiteral("legend"))
                ->text()
                .contains(entry.name.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;"))));

    pecards::CardParams params = alibi->params();
    params.alibi.heads = 16; // BLOOM: the legend used to disappear
    alibi->setParams(params);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return m_service.isIdle() && heads->chart()->legend().size() == 16; }, "sixteen heads"));
    colors.clear();
    for (const ChartWidget::LegendEntry& entry : heads->chart()->legend())
        colors.insert(entry.color.rgb());
    EXPECT_EQ(colors.size(), 16);
    const QString legend = guitest::named<QLabel>(heads, QStringLiteral("legend"))->text();
    EXPECT_FALSE(legend.isEmpty());
    EXPECT_TRUE(legend.contains(heads->chart()->legend().front().name));
    EXPECT_TRUE(legend.contains(heads->chart()->legend().back().name));
    EXPECT_TRUE(guitest::named<QLabel>(heads, QStringLiteral("legend"))->isVisible());
}

TEST_F(ChartsAndText, PolarChartTurnsCounterClockwiseFromTheXAxis) {
    ChartWidget chart;
    chart.resize(400, 400);
    chart.show();
    const auto direction = [&chart](double degrees) {
        chart.setCurves(polarPoint(degrees));
        QTest::qWait(50); // the new chart lays out its plot area
        auto* series = chart.chart()->series().front();
        const QPointF tip
            = chart.chart()->mapToPosition(QPointF(ChartWidget::polarChartAngle(degrees), 1.0), series);
        const QPointF centre = chart.chart()->mapToPosition(QPointF(0.0, 0.0), series);
        return QPointF(tip.x() - centre.x(), centre.y() - tip.y()); // y up, as in the maths
    };
    const QPointF east = direction(0.0);
    EXPECT_GT(east.x(), 0.0);
    EXPECT_NEAR(east.y(), 0.0, 1.0);
    const QPointF north = direction(90.0);
    EXPECT_GT(north.y(), 0.0);
    EXPECT_NEAR(north.x(), 0.0, 1.0);
    const QPointF northWest = direction(135.0); // counter-clockwise: up and to the left
    EXPECT_LT(northWest.x(), 0.0);
    EXPECT_GT(northWest.y(), 0.0);
}

/// Two curves (the second a trail in the first's colour), a scatter, a shaded range and a marker;
/// `scale` stretches the y values (a slider step: same series, new points and range).
CurveSet steppedCurves(double scale, bool yLog) {
    CurveSet set {QStringLiteral("pair i"), QStringLiteral("value"), false, yLog, false, {}};
    Curve wave {QStringLiteral("wave"), {}, false, false, false};
    Curve trail {QStringLiteral("trail"), {}, false, false, true};
    Curve dots {QStringLiteral("dots"), {}, true, false, false};
    for (int i = 0; i < 64; ++i) {
        const double x = i;
        wave.points.emplace_back(x, yLog ? std::pow(scale, x / 16.0) : scale * std::sin(x / 8.0));
        trail.points.emplace_back(
            x, yLog ? 2.0 * std::pow(scale, x / 16.0) : 0.5 * scale * std::cos(x / 8.0));
        if (i % 8 == 0)
            dots.points.emplace_back(x, yLog ? 3.0 * std::pow(scale, x / 16.0) : -0.25 * scale);
    }
    set.curves = {wave, trail, dots};
    set.regions = {{QStringLiteral("ramp"), 10.0, 20.0}, {QStringLiteral("L0"), 40.0, 40.0}};
    return set;
}

/// A chart widget as the views show one, without the focus ring.
void showChart(ChartWidget& chart) {
    chart.resize(480, 360);
    chart.setFocusPolicy(Qt::NoFocus);
    chart.show();
}

/// What the window system shows of `widget` (the offscreen platform's copy of its window): the
/// pixels painted so far, unlike grab(), which paints the widget anew.
QImage onScreen(const QWidget& widget) {
    return widget.screen()->grabWindow(widget.winId()).toImage();
}

TEST_F(ChartsAndText, AChartStepDrawsWhatANewChartDraws) {
    for (const bool yLog : {false, true}) {
        ChartWidget stepped;
        showChart(stepped);
        stepped.setCurves(steppedCurves(2.0, yLog));
        QTest::qWait(20);
        // The first steps keep the ticks (the same range), the last needs new ones.
        for (const double scale : {2.001, 2.3, yLog ? 40.0 : 37.0}) {
            stepped.setCurves(steppedCurves(scale, yLog));
            ChartWidget fresh; // a new widget: its first curves build a new chart
            showChart(fresh);
            fresh.setCurves(steppedCurves(scale, yLog));
            QTest::qWait(50);
            EXPECT_EQ(stepped.legend().size(), fresh.legend().size());
            EXPECT_EQ(stepped.legendHtml(), fresh.legendHtml());
            EXPECT_EQ(stepped.grab().toImage(), fresh.grab().toImage())
                << "log " << yLog << " scale " << scale;
            // A step in place repaints only what the scene changed (#33: no full repaint per
            // notch); what is on screen must still be the new chart, whole. A stale region is never
            // repainted, so this waits (for the new widget's first paint, slow under ASan) and
            // then fails.
            ASSERT_FALSE(onScreen(stepped).isNull()) << "the platform can grab a window";
            EXPECT_TRUE(guitest::awaitCondition(
                [&] {
                    const QImage shown = onScreen(fresh);
                    return !shown.isNull() && onScreen(stepped) == shown;
                },
                "the stepped chart on screen equals a new one"))
                << "on screen, log " << yLog << " scale " << scale;
        }
    }
}

TEST_F(ChartsAndText, CardBackTablesScrollSidewaysInANarrowPane) {
    CardPage* relative = showCard(QStringLiteral("relative"));
    relative->flip();
    auto* text = relative->findChild<QTextBrowser*>();
    ASSERT_NE(text, nullptr);
    auto* splitter = relative->findChild<QSplitter*>();
    ASSERT_NE(splitter, nullptr);
    splitter->setSizes({CardPage::kTextMinimumWidth, 800, 260});
    QTest::qWait(50);
    ASSERT_LE(text->viewport()->width(), CardPage::kTextMinimumWidth);
    // The bucket table keeps its cells' words whole: wider than the pane, it scrolls.
    EXPECT_GT(text->document()->idealWidth(), text->viewport()->width());
    EXPECT_GT(text->horizontalScrollBar()->maximum(), 0);
}
