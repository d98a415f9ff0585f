// Frame building, colour maps and axis ticks: what the heatmap paints for finite, masked and
// invalid values, and the tick values of axes and colour bars.
#include "widgets/axisticks.h"
#include "widgets/colormaplookup.h"
#include "widgets/heatmapframe.h"
#include "widgets/heatmapwidget.h"

#include <QColor>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <set>

using namespace pecards::gui;

namespace {

pecards::Grid grid2x2(double a, double b, double c, double d) {
    pecards::Grid grid;
    grid.rows = 2;
    grid.cols = 2;
    grid.window = {0, 2, 0, 2};
    grid.values = {a, b, c, d};
    return grid;
}

} // namespace

TEST(HeatmapFrame, MapsFiniteMaskedAndInvalidValues) {
    const double inf = std::numeric_limits<double>::infinity();
    ColorScaling scaling;
    scaling.colorMap = QStringLiteral("viridis");
    const HeatmapFrame frame
        = makeHeatmapFrame(grid2x2(-1.0, -inf, 3.0, std::nan("")), {0, 2, 0, 2}, scaling, {}, {});
    EXPECT_EQ(frame.low, -1.0);
    EXPECT_EQ(frame.high, 3.0);
    EXPECT_EQ(frame.maskedCount, 1);
    EXPECT_EQ(frame.invalidCount, 1);
    // matplotlib's viridis table: entry 0 = (0.267004, 0.004874, 0.329415), entry 255 =
    // (0.993248, 0.906157, 0.143936), times 255 and rounded.
    EXPECT_EQ(frame.image.pixel(0, 0), QColor(0x44, 0x01, 0x54).rgb()); // viridis(0)
    EXPECT_EQ(frame.image.pixel(0, 1), QColor(0xfd, 0xe7, 0x25).rgb()); // viridis(1): (row 1, col 0) = 3
    EXPECT_EQ(frame.image.pixel(1, 0), maskedColor());
    EXPECT_EQ(frame.image.pixel(1, 1), invalidColor());
}

TEST(HeatmapFrame, SymmetricRangeCentresTheDivergingMapAtZero) {
    ColorScaling scaling;
    scaling.colorMap = QStringLiteral("diverging");
    scaling.symmetric = true;
    const HeatmapFrame frame = makeHeatmapFrame(grid2x2(-0.5, 2.0, 0.0, 1.0), {0, 2, 0, 2}, scaling, {}, {});
    EXPECT_EQ(frame.low, -2.0);
    EXPECT_EQ(frame.high, 2.0);
    // Value 0 sits at t = 0.5: entry round(0.5 * 255) = 128 of the shared table.
    EXPECT_EQ(frame.image.pixel(0, 1), heatmapColormapTable(QStringLiteral("diverging")).at(128));
    // One map per quantity: values of one sign keep the diverging map (no switch to viridis).
    const HeatmapFrame positive
        = makeHeatmapFrame(grid2x2(1.0, 3.0, 2.0, 4.0), {0, 2, 0, 2}, scaling, {}, {});
    EXPECT_EQ(positive.colorMap, QStringLiteral("diverging"));
    EXPECT_EQ(positive.low, -4.0);
}

TEST(HeatmapFrame, LogScaleSpreadsSmallProbabilitiesOverTheMap) {
    ColorScaling scaling;
    scaling.colorMap = QStringLiteral("magma");
    scaling.logarithmic = true;
    // An attention row: 0.9 on the diagonal, 1e-3 and 1e-4 elsewhere, an exact 0 (underflow).
    const HeatmapFrame frame = makeHeatmapFrame(grid2x2(0.9, 1e-3, 1e-4, 0.0), {0, 2, 0, 2}, scaling, {}, {});
    EXPECT_TRUE(frame.logarithmic);
    EXPECT_DOUBLE_EQ(frame.high, 0.9);
    EXPECT_DOUBLE_EQ(frame.low, 1e-4); // the smallest positive value (above 0.9e-6)
    // 1e-3 sits at log10(1e-3 / 1e-4) / log10(0.9 / 1e-4) of the way up: ~0.253, not ~0.001.
    const double expected = 1.0 / std::log10(0.9 / 1e-4);
    EXPECT_NEAR(frame.fraction(1e-3), expected, 1e-12);
    const auto& table = heatmapColormapTable(QStringLiteral("magma"));
    EXPECT_EQ(frame.image.pixel(1, 0), table.at(static_cast<qsizetype>(std::lround(expected * 255))));
    EXPECT_EQ(frame.image.pixel(1, 1), table.front()); // 0 is the bottom of the scale
    EXPECT_EQ(frame.image.pixel(0, 0), table.back());
}

TEST(HeatmapFrame, BucketIndicesGetDistinctQualitativeColours) {
    ColorScaling scaling;
    scaling.qualitative = true;
    scaling.fixedLow = 0.0;
    scaling.fixedHigh = 32.0; // Shaw k = 16: 33 indices
    const HeatmapFrame frame
        = makeHeatmapFrame(grid2x2(0.0, 12.0, 20.0, 32.0), {0, 2, 0, 2}, scaling, {}, {});
    EXPECT_EQ(frame.image.pixel(0, 0), qualitativeColor(0, 0, 32));
    EXPECT_EQ(frame.image.pixel(1, 0), qualitativeColor(12, 0, 32));
    // T-C10: with tab20 cycled, 12 and 32 shared a light green, 0 and 20 a blue.
    EXPECT_NE(frame.image.pixel(1, 0), frame.image.pixel(1, 1));
    EXPECT_NE(frame.image.pixel(0, 0), frame.image.pixel(0, 1));
    EXPECT_EQ(qualitativeColor(3, 0, 19), 0xffd62728U); // up to 20 indices: tab20 as before
}

TEST(QualitativeColours, NoIndexSharesAColourAndNeighboursLookApart) {
    const auto distance = [](QRgb a, QRgb b) {
        return std::hypot(qRed(a) - qRed(b), qGreen(a) - qGreen(b), qBlue(a) - qBlue(b));
    };
    for (const long long last : {1LL, 19LL, 20LL, 31LL, 32LL, 64LL, 256LL, 1024LL}) {
        std::set<QRgb> colours;
        for (long long i = 0; i <= last; ++i)
            colours.insert(qualitativeColor(i, 0, last));
        EXPECT_EQ(static_cast<long long>(colours.size()), last + 1) << "indices 0.." << last;
    }
    for (const long long last : {31LL, 32LL}) { // T5's 32 buckets, Shaw k = 16
        double nearest = 1e9;
        for (long long i = 0; i <= last; ++i) {
            if (i < last) { // neighbouring indices are far apart
                EXPECT_GT(distance(qualitativeColor(i, 0, last), qualitativeColor(i + 1, 0, last)), 60.0)
                    << i;
            }
            for (long long j = i + 1; j <= last; ++j)
                nearest
                    = std::min(nearest, distance(qualitativeColor(i, 0, last), qualitativeColor(j, 0, last)));
        }
        EXPECT_GT(nearest, 30.0) << "indices 0.." << last;
    }
}

TEST(AxisTicks, DecadesForLogarithmicColourBars) {
    const auto expectTicks = [](const std::vector<double>& ticks, const std::vector<double>& expected) {
        ASSERT_EQ(ticks.size(), expected.size());
        for (std::size_t n = 0; n < ticks.size(); ++n)
            EXPECT_DOUBLE_EQ(ticks[n], expected[n]);
    };
    expectTicks(decadeTicks(1e-4, 0.9, 10), {1e-4, 1e-3, 1e-2, 1e-1});
    expectTicks(decadeTicks(1e-6, 1.0, 3), {1e-6, 1e-3, 1.0});
    // Fewer than three decades (#31: a bidirectional T5 attention bar showed two ticks in
    // presentation): 1, 2, 5 x 10^k, else nice linear values.
    expectTicks(decadeTicks(4e-4, 6e-3, 5), {5e-4, 1e-3, 2e-3, 5e-3});
    expectTicks(decadeTicks(0.2, 0.9, 5), {0.2, 0.4, 0.6, 0.8});
    expectTicks(decadeTicks(1e-3, 0.1, 2), {1e-3, 1e-1}); // at most two asked: every other decade
    EXPECT_TRUE(decadeTicks(0.0, 1.0, 5).empty());
}

TEST(AxisTicks, NiceStepsForPositionsAndValues) {
    EXPECT_EQ(niceTicks(0, 4095, 5, true), (std::vector<double> {0, 1000, 2000, 3000, 4000}));
    EXPECT_EQ(niceTicks(700000, 700015, 4, true), (std::vector<double> {700000, 700005, 700010, 700015}));
    EXPECT_EQ(niceTicks(0, 3, 10, true), (std::vector<double> {0, 1, 2, 3})); // never fractional positions
    EXPECT_EQ(niceTicks(-0.25, 0.25, 4, false), (std::vector<double> {-0.2, 0, 0.2}));
    EXPECT_EQ(niceTicks(-0.25, 0.25, 5, false), (std::vector<double> {-0.2, -0.1, 0, 0.1, 0.2}));
    // Bounded for any finite range: no overflow of high - low, no endless or huge tick lists.
    EXPECT_LE(niceTicks(-1e308, 1e308, 5, false).size(), 11U);
    EXPECT_LE(niceTicks(1e17, 1e17 + 64, 5, true).size(), 11U);
    EXPECT_LE(niceTicks(1e300, 1.0000001e300, 5, false).size(), 11U);
    EXPECT_EQ(tickLabel(1048576), QStringLiteral("1048576"));
    EXPECT_EQ(tickLabel(-0.125), QStringLiteral("-0.125"));
}

TEST(HeatmapWidget, MapsThePointerToEntriesOfTheWindow) {
    HeatmapWidget widget;
    const QMargins margins = widget.plotMargins();
    widget.resize(400 + margins.left() + margins.right(), 400 + margins.top() + margins.bottom());
    pecards::Grid grid;
    grid.rows = 4;
    grid.cols = 4;
    grid.window = {1000, 1400, 0, 400}; // 100 x 100 entries per pixel
    grid.values.assign(16, 0.0);
    widget.setFrame(makeHeatmapFrame(grid, {0, 4096, 0, 4096}, {}, {}, {}));
    const QRect plot = widget.plotRect();
    ASSERT_EQ(plot.size(), QSize(400, 400));
    const auto entry = widget.entryAt(plot.topLeft() + QPoint(250, 130));
    ASSERT_TRUE(entry.has_value());
    EXPECT_EQ(entry->first, 1130);
    EXPECT_EQ(entry->second, 250);
    EXPECT_EQ(*widget.pixelAt(plot.topLeft() + QPoint(250, 130)), std::make_pair(1, 2));
    EXPECT_FALSE(widget.entryAt(QPoint(2, 2)).has_value());
    widget.setMessage(QStringLiteral("head_dim = 7 is invalid"));
    EXPECT_FALSE(widget.frame().isNull()); // the frame stays under the message
}
