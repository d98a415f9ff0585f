// A chart's hover read-out (widgets/chartwidget.h, #32, the engineer's review C9): the point under the
// pointer, named by its series, with the values the curve holds; nothing when no point is near.
#include "widgets/chartwidget.h"

#include <QChart>
#include <QTest>
#include <gtest/gtest.h>

using namespace pecards::gui;

namespace {

/// Where `widget` draws point `index` of curve `curve` (viewport pixels).
QPoint drawnAt(const ChartWidget& widget, std::size_t curve, std::size_t index) {
    const pecards::app::CurveSet& set = widget.curves();
    const QList<QAbstractSeries*> series = widget.chart()->series();
    QAbstractSeries* one = series.at(static_cast<qsizetype>(set.regions.size() + curve));
    const QPointF inChart = widget.chart()->mapToPosition(set.curves[curve].points[index], one);
    return widget.mapFromScene(widget.chart()->mapToScene(inChart));
}

} // namespace

TEST(ChartWidget, TheHoverReadOutNamesTheNearestPointsSeriesAndValues) {
    ChartWidget widget;
    widget.resize(500, 400);
    pecards::app::CurveSet set;
    set.xTitle = QStringLiteral("pair i");
    set.yTitle = QStringLiteral("ratio");
    set.curves.push_back(
        {QStringLiteral("linear"), {QPointF(0, 0.25), QPointF(10, 0.25), QPointF(20, 0.25)}});
    set.curves.push_back(
        {QStringLiteral("yarn"), {QPointF(0, 1.0), QPointF(10, 0.6180339887), QPointF(20, 0.25)}});
    widget.setCurves(set);
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    EXPECT_EQ(widget.pointReadout(drawnAt(widget, 1, 1)), QStringLiteral("yarn: x = 10, y = 0.6180339887"));
    EXPECT_EQ(widget.pointReadout(drawnAt(widget, 0, 1) + QPoint(3, -2)),
        QStringLiteral("linear: x = 10, y = 0.25"));
    // Halfway between x = 0 and x = 10 and between the two curves' first points: no point is near.
    const QPoint far = QPoint((drawnAt(widget, 0, 0).x() + drawnAt(widget, 0, 1).x()) / 2,
        (drawnAt(widget, 0, 0).y() + drawnAt(widget, 1, 0).y()) / 2);
    EXPECT_EQ(widget.pointReadout(far), QString())
        << "no point within " << ChartWidget::kHoverPixels << " px";
}
