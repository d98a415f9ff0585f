// A heatmap's numbers are the double-precision reference's (views/heatmapdataexport.h; #32, the
// engineer's review C4: Save… → .npy wrote the screen's pixels in float32): the file equals the CPU
// reference's grid of the view's request, at the view's pixels or every entry of the window, with the
// exact softmax normaliser even where the picture shows an estimated one.
#include "cards/cardpage.h"
#include "common/npyfile.h"
#include "guitestsupport.h"
#include "views/heatmapcontroller.h"
#include "views/heatmapdataexport.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "windowtest.h"

#include <QTemporaryDir>
#include <pecards/backend.h>

using namespace pecards::gui;

namespace {

class HeatmapDataExport : public guitest::WindowTest<1280, 720> {
protected:
    /// Saves the shown picture of `panel` as `name` with `extent` and reads the file back.
    Eigen::MatrixXd saveAndRead(HeatmapPanel* panel, const QString& name, DataExtent extent) {
        const std::optional<ShownHeatmap> shown = panel->controller()->shown();
        EXPECT_TRUE(shown.has_value());
        const QString path = m_dir.filePath(name);
        saveHeatmapData(*shown, path, extent, &m_service, panel);
        EXPECT_TRUE(guitest::awaitCondition([&] { return QFileInfo::exists(path); }, "the data file"));
        return pecards::app::readNpyMatrix(path);
    }

    static void expectReference(const Eigen::MatrixXd& file, const pecards::ViewRequest& request) {
        const pecards::Grid want = pecards::makeCpuBackend()->compute(request);
        ASSERT_EQ(file.rows(), want.rows);
        ASSERT_EQ(file.cols(), want.cols);
        for (int r = 0; r < want.rows; ++r)
            for (int c = 0; c < want.cols; ++c)
                ASSERT_EQ(file(r, c), want.at(r, c)) << "(" << r << ", " << c << ")";
    }

    QTemporaryDir m_dir;
};

} // namespace

TEST(DataRequest, ExactNormaliserAtThePixelsOrEveryEntryOfASmallEnoughWindow) {
    pecards::ViewRequest shown;
    shown.params.card = pecards::Card::Rope;
    shown.params.length = 8192;
    shown.quantity = pecards::Quantity::Attention;
    shown.window = {0, 8192, 100, 300};
    shown.out_rows = 300;
    shown.out_cols = 200;
    shown.normaliser = pecards::Normaliser::Estimated;
    const std::optional<pecards::ViewRequest> pixels = dataRequest(shown, DataExtent::Pixels);
    ASSERT_TRUE(pixels);
    EXPECT_EQ(pixels->normaliser, pecards::Normaliser::Exact);
    EXPECT_EQ(pixels->out_rows, 300);
    EXPECT_FALSE(dataRequest(shown, DataExtent::Entries)) << "8192 rows: over 4096 a side";
    shown.window = {1000, 1100, 100, 300};
    const std::optional<pecards::ViewRequest> entries = dataRequest(shown, DataExtent::Entries);
    ASSERT_TRUE(entries);
    EXPECT_EQ(entries->out_rows, 100);
    EXPECT_EQ(entries->out_cols, 200);
}

TEST_F(HeatmapDataExport, TheFileHoldsTheReferenceValuesAtThePixelsOrEveryEntry) {
    CardPage* card = showCard(QStringLiteral("rope"));
    auto* score = qobject_cast<HeatmapPanel*>(card->viewSlots().front()->view());
    ASSERT_NE(score, nullptr);
    ASSERT_TRUE(
        guitest::awaitCondition([&] { return score->controller()->shown().has_value(); }, "the score"));
    const pecards::ViewRequest shown = score->controller()->shown()->request;
    expectReference(saveAndRead(score, QStringLiteral("pixels.npy"), DataExtent::Pixels), shown);
    score->controller()->setWindow({1000, 1050, 2000, 2070});
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return score->controller()->shown()->request.window.row_begin == 1000; }, "the zoomed score"));
    const Eigen::MatrixXd entries = saveAndRead(score, QStringLiteral("entries.npy"), DataExtent::Entries);
    EXPECT_EQ(entries.rows(), 50);
    EXPECT_EQ(entries.cols(), 70);
    expectReference(entries, *dataRequest(score->controller()->shown()->request, DataExtent::Entries));
}

TEST_F(HeatmapDataExport, AnEstimatedSoftmaxIsWrittenWithTheExactNormaliser) {
    CardPage* card = showCard(QStringLiteral("rope"));
    card->viewSlots().front()->showView(QStringLiteral("attention"));
    auto* attention = qobject_cast<HeatmapPanel*>(card->viewSlots().front()->view());
    ASSERT_NE(attention, nullptr);
    pecards::CardParams params = card->params();
    params.length = 1 << 20; // the exact normaliser costs more than a frame: the estimate comes first
    card->setParams(params);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            const auto shown = attention->controller()->shown();
            return shown && shown->request.params.length == (1 << 20)
                && shown->request.normaliser == pecards::Normaliser::Estimated;
        },
        "the estimated picture"));
    const std::optional<ShownHeatmap> shown = attention->controller()->shown();
    const Eigen::MatrixXd file = saveAndRead(attention, QStringLiteral("attention.npy"), DataExtent::Pixels);
    expectReference(file, *dataRequest(shown->request, DataExtent::Pixels));
}
