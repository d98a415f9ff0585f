// A chart's numbers as CSV (figure/chartdata.h): every point of every curve, in long form, with the
// axes' titles in the header, quoted as RFC 4180 asks, numbers that read back to the same doubles.
#include "figure/chartdata.h"
#include "figure/curves.h"

#include <QList>
#include <gtest/gtest.h>
#include <numbers>

using namespace pecards::app;

TEST(ChartData, EveryPointOfEveryCurveInLongForm) {
    CurveSet set;
    set.xTitle = QStringLiteral("pair i");
    set.yTitle = QStringLiteral("ratio, \"scaled\"");
    set.curves.push_back({QStringLiteral("linear"), {QPointF(0, 0.25), QPointF(1, 0.1)}});
    set.curves.push_back({QStringLiteral("yarn, s = 4"), {QPointF(0, 1.0 / 3.0)}});
    const QList<QByteArray> lines = chartCsv(set).split('\n');
    ASSERT_EQ(lines.size(), 5); // header, three points, the final newline's empty tail
    EXPECT_EQ(lines[0], QByteArray(R"(series,"pair i","ratio, ""scaled""")"));
    EXPECT_EQ(lines[1], QByteArray(R"("linear",0,0.25)"));
    EXPECT_EQ(lines[2], QByteArray(R"("linear",1,0.10000000000000001)"));
    EXPECT_TRUE(lines[3].startsWith(R"("yarn, s = 4",0,)"));
    EXPECT_EQ(lines[3].split(',').back().toDouble(), 1.0 / 3.0) << "%.17g reads back to the same double";
    EXPECT_TRUE(lines[4].isEmpty());
}

TEST(ChartData, TheSpectrumChartWritesEveryPairsWavelength) {
    CurveRequest request;
    request.params.card = pecards::Card::Rope;
    request.kind = CurveKind::Spectrum;
    const CurveSet set = computeCurves(request);
    ASSERT_FALSE(set.curves.empty());
    const QList<QByteArray> lines = chartCsv(set).trimmed().split('\n');
    std::size_t points = 0;
    for (const Curve& curve : set.curves)
        points += curve.points.size();
    ASSERT_EQ(static_cast<std::size_t>(lines.size()), points + 1);
    // Pair 0 turns by theta_0 = 1 rad per position: wavelength 2 pi.
    const QList<QByteArray> first = lines[1].split(',');
    EXPECT_EQ(first[first.size() - 2].toDouble(), 0.0);
    EXPECT_NEAR(first.back().toDouble(), 2.0 * std::numbers::pi, 1e-12);
}
