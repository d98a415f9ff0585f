// Heatmaps at print resolution: the grid the engine is asked for has exactly the exported
// plot's pixel size (request log), the heatmap is drawn one grid pixel per image pixel, the
// caption states the reduction and the entries per pixel, and small windows are not upsampled.
#include "app/qstringprinter.h"
#include "figure/printfigure.h"
#include "offscreenguiapp.h"
#include "pecards/backend.h"
#include "pecards/errors.h"
#include "support/requests.h"

#include <gtest/gtest.h>

using namespace pecards;
using namespace pecards::app;

namespace {

ViewRequest ropeScore(std::int64_t length, Reduction reduction) {
    CardParams params = test::cardParams(Card::Rope, length);
    params.rope.head_dim = 32;
    // A screen-sized grid, which the export must not reuse.
    return test::viewRequest(params, Quantity::Score, test::squareWindow(length), 300, 317, reduction);
}

/// A GridSource that computes with the CPU reference and logs every request.
struct LoggingSource {
    std::vector<ViewRequest> log;
    std::unique_ptr<Backend> backend = makeCpuBackend();
    GridSource source() {
        return [this](const ViewRequest& request) {
            log.push_back(request);
            return backend->compute(request);
        };
    }
};

} // namespace

TEST(PrintFigure, AnExportAt1800PxWideIsComputedAtItsPlotsPixelSize) {
    FigureExportOptions options; // 6 x 4.5 in at 300 dpi: 1800 x 1350 px
    const FigureExporter exporter(options);
    ASSERT_EQ(exporter.pixelSize(), QSize(1800, 1350));
    LoggingSource grids;
    const PrintFigure figure = printResolutionFigure(
        ropeScore(4096, Reduction::Max), "diverging", std::nullopt, options, grids.source());
    ASSERT_FALSE(grids.log.empty());
    EXPECT_LE(grids.log.size(), 3u);
    EXPECT_EQ(figure.computations, static_cast<int>(grids.log.size()));
    const ViewRequest& asked = grids.log.back();
    EXPECT_EQ(asked, figure.request);
    EXPECT_EQ(asked.reduction, Reduction::Max); // the view's own exact reduction
    const QSize plot = exporter.heatmapPixels(figure.spec);
    EXPECT_GT(
        plot.width(), 900); // the square plot of 1800 x 1350 px, far more than the 317-pixel screen grid
    EXPECT_EQ(asked.out_cols, plot.width());
    EXPECT_EQ(asked.out_rows, plot.height());
    EXPECT_EQ(figure.spec.heatmap.size(), plot); // one grid pixel per image pixel
    const QString entries = QStringLiteral("%1×%2 px, max, ").arg(plot.height()).arg(plot.width());
    EXPECT_TRUE(figure.spec.caption.contains(entries)) << figure.spec.caption.toStdString();
    EXPECT_TRUE(figure.spec.caption.endsWith(QStringLiteral(" entries per pixel")))
        << figure.spec.caption.toStdString();
}

TEST(PrintFigure, APosterGetsAFinerGridThanAColumn) {
    const auto widthFor = [](const char* preset) {
        FigureExportOptions options;
        options.sizeInches
            = QString::fromLatin1(preset) == u"column" ? QSizeF(3.5, 2.625) : QSizeF(10.0, 7.5);
        options.dpi = 150;
        LoggingSource grids;
        printResolutionFigure(
            ropeScore(4096, Reduction::Mean), "viridis", std::nullopt, options, grids.source());
        return grids.log.back().out_cols;
    };
    const int column = widthFor("column");
    const int large = widthFor("large");
    EXPECT_GT(large, 2 * column);
}

TEST(PrintFigure, SmallWindowsAreComputedEntryForEntry) {
    LoggingSource grids;
    const PrintFigure figure = printResolutionFigure(
        ropeScore(96, Reduction::Sample), "viridis", std::nullopt, {}, grids.source());
    ASSERT_EQ(grids.log.size(), 1u); // the window (96) is below the plot size: one grid suffices
    EXPECT_EQ(figure.request.out_rows, 96);
    EXPECT_EQ(figure.request.out_cols, 96);
    EXPECT_TRUE(figure.spec.caption.endsWith(QStringLiteral("96×96 px, sample, 1×1 entries per pixel")))
        << figure.spec.caption.toStdString();
}

TEST(PrintFigure, EngineErrorsPassThrough) {
    ViewRequest view = ropeScore(4096, Reduction::Max);
    view.params.rope.head_dim = 3; // odd: invalid
    LoggingSource grids;
    EXPECT_THROW(printResolutionFigure(view, "viridis", std::nullopt, {}, grids.source()), InvalidParameter);
    EXPECT_THROW(
        printResolutionFigure(ropeScore(64, Reduction::Max), "jet", std::nullopt, {}, grids.source()),
        InvalidParameter);
}
