// The progress strip over a narrow heatmap (widgets/heatmapwidget.h): as wide as its label, bar and
// Cancel need when the widget has the room, inside the widget (#33's finding at 1280x720: a plot of
// 165 px cut "exact max" to "exact m…").
#include "widgets/heatmapframe.h"
#include "widgets/heatmapwidget.h"
#include "widgets/progressstrip.h"

#include <QTest>
#include <gtest/gtest.h>
#include <vector>

using namespace pecards::gui;

namespace {

/// A `rows` x `cols` grid over entries [0, rows) x [0, cols), one pixel per entry.
pecards::Grid gridOf(int rows, int cols, std::vector<double> values) {
    pecards::Grid grid;
    grid.rows = rows;
    grid.cols = cols;
    grid.window = {0, rows, 0, cols};
    grid.values = std::move(values);
    return grid;
}

} // namespace

TEST(HeatmapWidget, TheProgressStripIsAsWideAsItsTextNeedsInsideTheWidget) {
    HeatmapWidget widget;
    widget.resize(320, 300);
    const pecards::Grid grid = gridOf(2, 2, {0.0, 1.0, 2.0, 3.0});
    ColorScaling scaling;
    widget.setFrame(makeHeatmapFrame(
        grid, grid.window, scaling, QStringLiteral("query position i"), QStringLiteral("key position j")));
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    widget.setProgress(0.0, QStringLiteral("exact maximum"));
    const ProgressStrip* strip = widget.progressStrip();
    ASSERT_NE(strip, nullptr);
    const QRect placed = strip->geometry();
    EXPECT_GE(placed.width(), std::min(strip->sizeHint().width(), widget.width())) << "not cut to the plot";
    EXPECT_GE(placed.left(), 0);
    EXPECT_LE(placed.right(), widget.width() - 1);
    // A wide widget: the strip spans the plot, no less.
    widget.resize(1200, 800);
    QCoreApplication::processEvents();
    EXPECT_GE(strip->geometry().width(), strip->sizeHint().width());
}

// The author's A-U2 on the colour bar: a log bar's powers of ten are written in one format, as
// the charts' log axes: 10⁰ .. 10⁻⁶ for an attention map (it read 1, 0.1, 0.01, 0.001, 10⁻⁴ ..),
// and 1 .. 0.001 where every decade reads as a short number.
TEST(HeatmapWidget, ALogColourBarWritesItsPowersOfTenInOneFormat) {
    const auto labelsFor = [](double low, double high) {
        HeatmapWidget widget;
        widget.resize(420, 600);
        const pecards::Grid grid = gridOf(1, 2, {low, high});
        ColorScaling scaling;
        scaling.logarithmic = true;
        widget.setFrame(
            makeHeatmapFrame(grid, grid.window, scaling, QStringLiteral("i"), QStringLiteral("j")));
        return widget.colorBarTickLabels().labels;
    };
    const std::vector<QString> deep = labelsFor(1e-6, 1.0);
    ASSERT_GE(deep.size(), 3U);
    for (const QString& label : deep)
        EXPECT_TRUE(label.startsWith(QStringLiteral("10"))) << label.toStdString();
    EXPECT_NE(std::find(deep.begin(), deep.end(), QStringLiteral("10⁻⁶")), deep.end());
    const std::vector<QString> shallow = labelsFor(1e-3, 1.0);
    ASSERT_GE(shallow.size(), 3U);
    EXPECT_NE(std::find(shallow.begin(), shallow.end(), QStringLiteral("0.001")), shallow.end());
    for (const QString& label : shallow)
        EXPECT_FALSE(label.contains(QChar(0x2070)) || label.contains(QChar(0x207B))) << label.toStdString();
}

// T-U6: the swept line of presentation mode carried no label; it says which position it is.
TEST(HeatmapWidget, TheSweptLineSaysWhichPositionItIs) {
    HeatmapWidget widget;
    widget.resize(500, 500);
    const pecards::Grid grid
        = gridOf(64, 64, std::vector<double>(64 * 64, 1.0)); // the label's box is all that is dark
    ColorScaling scaling;
    widget.setFrame(makeHeatmapFrame(grid, grid.window, scaling, QStringLiteral("i"), QStringLiteral("j")));
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    EXPECT_EQ(widget.markerLabel(), QString());
    widget.setMarker(37, true);
    EXPECT_EQ(widget.markerLabel(), QStringLiteral("position m = 37 (row and column)"));
    widget.setMarker(37, false);
    EXPECT_EQ(widget.markerLabel(), QStringLiteral("position m = 37 (row)"));
    const QImage drawn = widget.grab().toImage();
    const QRect plot = widget.plotRect();
    const int y = plot.top() + static_cast<int>((37 + 0.5) / 64 * plot.height());
    int dark = 0; // the label's box, just above the line at its left end
    for (int x = plot.left() + 4; x < plot.left() + 40; ++x) {
        const QColor pixel = drawn.pixelColor(x, y - 8);
        dark += pixel.lightness() < 100 ? 1 : 0;
    }
    EXPECT_GT(dark, 10);
    widget.setMarker(std::nullopt, false);
    EXPECT_EQ(widget.markerLabel(), QString());
}
