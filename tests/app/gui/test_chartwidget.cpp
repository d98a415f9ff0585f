// A chart's hover read-out (widgets/chartwidget.h, #32, the engineer's review C9): the point under the
// pointer, named by its series, with the values the curve holds; nothing when no point is near.
#include "widgets/chartwidget.h"

#include <QAbstractAxis>
#include <QCategoryAxis>
#include <QChart>
#include <QTest>
#include <cmath>
#include <figure/curves.h>
#include <figure/mathtext.h>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

using namespace pecards::gui;

namespace {

/// Where `widget` draws point `index` of curve `curve` (viewport pixels).
QPoint drawnAt(const ChartWidget& widget, std::size_t curve, std::size_t index) {
    const pecards::app::CurveSet& set = widget.curves();
    const QList<QAbstractSeries*> series = widget.chart()->series();
    QAbstractSeries* one = series.at(static_cast<qsizetype>(set.regions.size() + curve));
    QPointF value = set.curves[curve].points[index];
    if (set.yLog) // a log axis is drawn in decades
        value.setY(std::log10(value.y()));
    const QPointF inChart = widget.chart()->mapToPosition(value, one);
    return widget.mapFromScene(widget.chart()->mapToScene(inChart));
}

/// A chart of `curves` titled `x` and `y`, on screen at 500 x 400 in `widget`.
::testing::AssertionResult showCurves(
    ChartWidget& widget, const QString& x, const QString& y, const std::vector<pecards::app::Curve>& curves) {
    widget.resize(500, 400);
    pecards::app::CurveSet set;
    set.xTitle = x;
    set.yTitle = y;
    set.curves = curves;
    widget.setCurves(set);
    widget.show();
    return QTest::qWaitForWindowExposed(&widget) ? ::testing::AssertionSuccess()
                                                 : ::testing::AssertionFailure() << "the chart was not shown";
}

} // namespace

TEST(ChartWidget, TheHoverReadOutNamesTheNearestPointsSeriesAndValues) {
    ChartWidget widget;
    ASSERT_TRUE(showCurves(widget, QStringLiteral("pair i"), QStringLiteral("ratio"),
        {{QStringLiteral("linear"), {QPointF(0, 0.25), QPointF(10, 0.25), QPointF(20, 0.25)}},
            {QStringLiteral("yarn"), {QPointF(0, 1.0), QPointF(10, 0.6180339887), QPointF(20, 0.25)}}}));
    EXPECT_EQ(widget.pointReadout(drawnAt(widget, 1, 1)), QStringLiteral("yarn: x = 10, y = 0.6180339887"));
    EXPECT_EQ(widget.pointReadout(drawnAt(widget, 0, 1) + QPoint(3, -2)),
        QStringLiteral("linear: x = 10, y = 0.25"));
    // Halfway between x = 0 and x = 10 and between the two curves' first points: no point is near.
    const QPoint far = QPoint((drawnAt(widget, 0, 0).x() + drawnAt(widget, 0, 1).x()) / 2,
        (drawnAt(widget, 0, 0).y() + drawnAt(widget, 1, 0).y()) / 2);
    EXPECT_EQ(widget.pointReadout(far), QString())
        << "no point within " << ChartWidget::kHoverPixels << " px";
}

// The teacher's T-U3: the axes grew to whole label steps past the data (pairs 0-63 ran to 80, the
// T5 index chart's offsets +-300 ran to +-400 with the end label cut). They end at the data now,
// with labels only on steps inside it; y keeps a small margin so no curve runs along the frame.
TEST(ChartWidget, AxesEndAtTheData) {
    ChartWidget widget;
    ASSERT_TRUE(showCurves(widget, QStringLiteral("relative position n"), QStringLiteral("T5 bucket"),
        {{QStringLiteral("bucket"), {QPointF(-310, 0), QPointF(0, 16), QPointF(310, 31)}}}));
    auto* x = qobject_cast<QCategoryAxis*>(widget.chart()->axes(Qt::Horizontal).value(0));
    auto* y = qobject_cast<QCategoryAxis*>(widget.chart()->axes(Qt::Vertical).value(0));
    ASSERT_TRUE(x && y);
    EXPECT_DOUBLE_EQ(x->min(), -310.0); // not a whole step below
    EXPECT_DOUBLE_EQ(x->max(), 310.0);
    EXPECT_GT(y->min(), -2.0); // 4 % of 31 below 0, not -10
    EXPECT_LT(y->max(), 33.0); // not 40
    for (const QString& label : x->categoriesLabels()) {
        const double at = x->endValue(label);
        EXPECT_GE(at, -310.0) << label.toStdString();
        EXPECT_LE(at, 310.0) << label.toStdString();
    }
}

// The teacher's T-U2: the polar chart's axis title read "angle of each pair (degrees, count…" in
// presentation at 1280x720 and in the window: Qt elides an angular axis's title to the circle.
// The title is the chart's now, whole wherever the chart is wide enough for it: the chart's own
// title (which T-C7 made say where the angle starts) at the polar panel's 360 px of the 1280x720
// window.
TEST(ChartWidget, ThePolarChartsAngleTitleIsWhole) {
    ChartWidget widget;
    widget.resize(360, 300);
    pecards::app::CurveRequest request;
    request.params = pecards::startParams(pecards::Card::Rope);
    request.kind = pecards::app::CurveKind::RopePolar;
    request.channels = {0, 8, 16, 63};
    request.position = 10;
    const pecards::app::CurveSet set = pecards::app::computeCurves(request);
    ASSERT_TRUE(set.polar);
    widget.setCurves(set);
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    EXPECT_EQ(widget.chart()->title(), set.xTitle);
    const int needed = QFontMetrics(widget.chart()->titleFont()).horizontalAdvance(set.xTitle);
    EXPECT_LT(needed, widget.width() - 40) << "the test's chart is wide enough for the whole title";
    for (const QAbstractAxis* axis : widget.chart()->axes())
        EXPECT_TRUE(axis->titleText().isEmpty()) << axis->titleText().toStdString(); // not elided by Qt
}

// The teacher's T-U5 and the author's A-U2 on screen: a log axis read "1e+02" ... "1e+07" (Qt's
// log axis labels only in printf formats). Its labels are powers of ten written as mathematics,
// all in one format, and the hover read-out still gives the point's own values.
TEST(ChartWidget, LogAxesAreLabelledInPowersOfTenAndReadOutInValues) {
    ChartWidget widget;
    std::vector<QPointF> wavelengths;
    for (int i = 0; i < 64; ++i)
        wavelengths.emplace_back(
            i, 2 * 3.14159265358979 * std::pow(500000.0, 2.0 * i / 128)); // 6.28 ... 1.5e7
    widget.resize(500, 400);
    pecards::app::CurveSet set;
    set.xTitle = QStringLiteral("pair i");
    set.yTitle = QStringLiteral("wavelength 2π/θᵢ (positions)");
    set.yLog = true;
    set.curves = {{QStringLiteral("base 500000"), wavelengths}};
    widget.setCurves(set);
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    auto* y = qobject_cast<QCategoryAxis*>(widget.chart()->axes(Qt::Vertical).value(0));
    ASSERT_NE(y, nullptr);
    const QStringList labels = y->categoriesLabels();
    ASSERT_GE(labels.size(), 3);
    for (const QString& label : labels) {
        EXPECT_TRUE(label.startsWith(QStringLiteral("10"))) << label.toStdString();
        EXPECT_FALSE(label.contains(QLatin1Char('e')) || label.contains(QLatin1Char('^')))
            << label.toStdString();
    }
    EXPECT_TRUE(labels.contains(QStringLiteral("10⁴")) || labels.contains(QStringLiteral("10⁵")))
        << labels.join(u' ').toStdString();
    // Decades 0 (1) to 8 (above 1.5e7): every point inside.
    EXPECT_LE(y->min(), std::log10(wavelengths.front().y()));
    EXPECT_GE(y->max(), std::log10(wavelengths.back().y()));
    EXPECT_EQ(widget.pointReadout(drawnAt(widget, 0, 40)),
        QStringLiteral("base 500000: x = 40, y = %1")
            .arg(pecards::app::displayNumber(wavelengths[40].y(), 10)));
}

// A log axis with nothing to place (NoPE: every wavelength infinite) or a flat curve widened to
// zero: an empty decade or one below the curve, never log10(0) cast to an integer (undefined
// behaviour that UBSan stops on).
TEST(ChartWidget, ALogAxisWithoutAPositiveValueIsAnEmptyDecade) {
    for (const double y : {std::numeric_limits<double>::infinity(), 0.3}) {
        ChartWidget widget;
        widget.resize(500, 400);
        pecards::app::CurveSet set;
        set.xTitle = QStringLiteral("pair i");
        set.yTitle = QStringLiteral("wavelength");
        set.yLog = true;
        set.curves = {{QStringLiteral("NoPE"), {QPointF(0, y), QPointF(1, y)}}};
        widget.setCurves(set);
        auto* axis = qobject_cast<QCategoryAxis*>(widget.chart()->axes(Qt::Vertical).value(0));
        ASSERT_NE(axis, nullptr);
        EXPECT_LT(axis->min(), axis->max());
        if (std::isfinite(y)) {
            EXPECT_LE(axis->min(), std::log10(y));
            EXPECT_GE(axis->max(), std::log10(y));
        }
    }
}
