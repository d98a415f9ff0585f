// Frame building, colour maps and axis ticks: what the heatmap paints for finite, masked and
// invalid values, and the tick values of axes and colour bars.
#include "views/heatmapframe.h"
#include "widgets/axisticks.h"
#include "widgets/colormaplookup.h"
#include "widgets/heatmapwidget.h"

#include <QColor>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>

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
    scaling.sequentialIfOneSigned = true;
    const HeatmapFrame bias = makeHeatmapFrame(grid2x2(-3.0, -1.0, 0.0, -2.0), {0, 2, 0, 2}, scaling, {}, {});
    EXPECT_EQ(bias.colorMap, QStringLiteral("viridis")); // ALiBi biases are all <= 0
    EXPECT_EQ(bias.low, -3.0);
}

TEST(AxisTicks, NiceStepsForPositionsAndValues) {
    EXPECT_EQ(niceTicks(0, 4095, 5, true), (std::vector<double> {0, 1000, 2000, 3000, 4000}));
    EXPECT_EQ(niceTicks(700000, 700015, 4, true), (std::vector<double> {700000, 700005, 700010, 700015}));
    EXPECT_EQ(niceTicks(0, 3, 10, true), (std::vector<double> {0, 1, 2, 3})); // never fractional positions
    EXPECT_EQ(niceTicks(-0.25, 0.25, 4, false), (std::vector<double> {-0.2, 0, 0.2}));
    EXPECT_EQ(niceTicks(-0.25, 0.25, 5, false), (std::vector<double> {-0.2, -0.1, 0, 0.1, 0.2}));
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
