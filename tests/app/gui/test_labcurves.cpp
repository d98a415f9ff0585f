// The context-extension lab charts: data against reference numbers (HF formulas), shaded
// YaRN ramp and Llama 3 band, L0 markers, and the lab views answering in a real window (offscreen)
// through the compute worker.
#include "cards/cardpage.h"
#include "compute/computeservice.h"
#include "figure/labcurves.h"
#include "guitestsupport.h"
#include "views/chartpanel.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "widgets/heatmapwidget.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <cmath>
#include <pecards/errors.h>
#include <pecards/rope_scaling.h>

using namespace pecards::gui;

using namespace pecards::app; // Curve, CurveSet, ChartRegion, CurveKind, labCurves

namespace {

pecards::CardParams llama31() {
    pecards::CardParams params;
    params.card = pecards::Card::Rope;
    params.length = 131072;
    params.rope.head_dim = 128;
    params.rope.base = 500000.0;
    params.rope.scaling.type = pecards::RopeScalingType::Llama3;
    params.rope.scaling.factor = 8.0;
    params.rope.scaling.original_max_position_embeddings = 8192;
    return params;
}

/// The lab views in a real window (offscreen) on the CPU reference.
class LabViews : public guitest::WindowTest<1600, 1000> { };

const Curve& named(const CurveSet& set, const QString& name) {
    for (const Curve& curve : set.curves)
        if (curve.name == name)
            return curve;
    throw std::runtime_error("no curve " + name.toStdString());
}

} // namespace

TEST(LabCurves, ScalingRatioOfLlama31HasEveryScalingAndTheBands) {
    const CurveSet set = computeCurves({llama31(), CurveKind::ScalingRatio, {}, 0, 0});
    ASSERT_EQ(set.curves.size(), 6u);
    EXPECT_TRUE(set.yLog);
    // Llama 3 pair 32: 0.001414213562 -> 0.000524846161. The card's own scaling is the thick
    // curve and says so (A-C2: YaRN was thick whatever the card's scaling).
    const Curve& own = named(set, QStringLiteral("llama3 (this card)"));
    EXPECT_NEAR(own.points[32].y(), 0.000524846161 / 0.001414213562, 1e-9);
    for (const Curve& curve : set.curves)
        EXPECT_EQ(curve.emphasised, &curve == &own) << curve.name.toStdString();
    EXPECT_NEAR(named(set, QStringLiteral("linear")).points[5].y(), 1.0 / 8.0, 1e-15);
    EXPECT_EQ(named(set, QStringLiteral("unscaled")).points[63].y(), 1.0);
    bool ramp = false;
    bool band = false;
    bool l0 = false;
    for (const ChartRegion& region : set.regions) {
        ramp = ramp || (region.name.startsWith(QStringLiteral("YaRN ramp")) && region.x0 < region.x1);
        band = band || region.name.startsWith(QStringLiteral("Llama 3 smoothed band"));
        l0 = l0 || (region.name.startsWith(QStringLiteral("wavelength > L0")) && region.x0 == region.x1);
    }
    EXPECT_TRUE(ramp);
    EXPECT_TRUE(band);
    EXPECT_TRUE(l0);
}

TEST(LabCurves, DynamicBaseAtTheSliderLength) {
    pecards::CardParams params;
    params.card = pecards::Card::Rope;
    params.length = 4096;
    params.rope.head_dim = 128;
    params.rope.scaling.type = pecards::RopeScalingType::Dynamic;
    params.rope.scaling.factor = 2.0;
    params.rope.scaling.max_position_embeddings = 2048;
    params.rope.scaling.original_max_position_embeddings = 2048;
    const CurveSet set = computeCurves({params, CurveKind::DynamicBase, {}, 4096, 0});
    ASSERT_EQ(set.curves.size(), 3u); // b'(n), the current n, L0
    EXPECT_NEAR(set.curves[0].points.back().y(), 30527.736749, 1e-6);
    EXPECT_EQ(set.curves[0].points.front().y(), 10000.0);
    EXPECT_NEAR(set.curves[1].points.front().y(), 30527.736749, 1e-6);
    EXPECT_TRUE(set.curves[1].name.contains(QStringLiteral("0.850994")));
    EXPECT_DOUBLE_EQ(set.curves[2].points.front().x(), 2048.0);
}

TEST(LabCurves, ScoreVsDistanceStartsAtTheSquaredAttentionFactor) {
    pecards::CardParams params = llama31();
    params.length = 32768;
    params.rope.scaling.type = pecards::RopeScalingType::Yarn;
    params.rope.scaling.factor = 4.0;
    const CurveSet set = computeCurves({params, CurveKind::ScoreVsDistance, {}, 0, 0});
    EXPECT_TRUE(set.xLog);
    const double a = 0.1 * std::log(4.0) + 1.0;
    // The first log-spaced distance is 1: a^2 (2/d) sum_i cos(theta'_i) with YaRN's frequencies.
    pecards::RopeParams yarn = params.rope;
    yarn.scaling.beta_fast = 32.0;
    yarn.scaling.beta_slow = 1.0;
    const Eigen::VectorXd theta = pecards::ropeScaling(yarn, params.length).inv_freq;
    double sum = 0.0;
    for (Eigen::Index i = 0; i < theta.size(); ++i)
        sum += std::cos(theta(i));
    const Curve& scaled = named(set, QStringLiteral("yarn (this card)"));
    EXPECT_TRUE(scaled.emphasised);
    EXPECT_DOUBLE_EQ(scaled.points.front().x(), 1.0);
    EXPECT_NEAR(scaled.points.front().y(), a * a * 2.0 / 128.0 * sum, 1e-12);
    double plain = 0.0;
    for (int i = 0; i < 64; ++i)
        plain += std::cos(std::pow(500000.0, -2.0 * i / 128.0));
    EXPECT_NEAR(named(set, QStringLiteral("unscaled")).points.front().y(), 2.0 / 128.0 * plain, 1e-12);
    EXPECT_DOUBLE_EQ(named(set, QStringLiteral("L0 = 8192")).points.front().x(), 8192.0);
}

TEST(LabCurves, WithoutATrainingLengthTheLabShowsAQuarterOfTheCardsLength) {
    // #32 (the engineer's review C10): the RoPE card's defaults give no L0. The lab used to take L0 = L,
    // so the common factor was 1 and every curve lay on 1; it now takes the demonstration L0 = L / 4
    // (labParams), so the linear scaling divides every frequency by L / L0 = 4.
    pecards::CardParams params;
    params.card = pecards::Card::Rope;
    ASSERT_EQ(params.length, 4096);
    EXPECT_EQ(labDemonstrationL0(params), 1024);
    const CurveSet set = computeCurves({params, CurveKind::ScalingRatio, {}, 0, 0});
    const Curve& linear = named(set, QStringLiteral("linear"));
    ASSERT_EQ(linear.points.size(), 64u);
    for (const QPointF& point : linear.points)
        EXPECT_EQ(point.y(), 0.25);
    // A card that gives L0 keeps it.
    params.rope.scaling.original_max_position_embeddings = 4096;
    EXPECT_EQ(labDemonstrationL0(params), 0);
    EXPECT_EQ(labParams(params), params);
}

TEST_F(LabViews, APlainRopeCardShowsTheUnseenAnglesAndSaysWhichL0) {
    // #32 (the engineer's review B3): on the default card the map refused ("original max positions L0
    // ... = 0 (missing) is invalid"). Pairs with wavelength 2 pi b^(2i/d) > L0 = 1024 turn less than
    // once in training: from pair i = ceil(64 log(1024 / 2 pi) / log(10^4)) = 36 on, their angles at
    // p = 4095 were never seen.
    CardPage* card = showCard(QStringLiteral("rope"));
    card->viewSlots().at(1)->showView(QStringLiteral("unseen-angles"));
    auto* heatmap = qobject_cast<HeatmapPanel*>(card->viewSlots().at(1)->view());
    ASSERT_NE(heatmap, nullptr);
    ASSERT_TRUE(guitest::awaitCondition(
        [heatmap] {
            return !heatmap->heatmap()->frame().isNull() && heatmap->heatmap()->message().isEmpty();
        },
        "the unseen-angles map"));
    EXPECT_TRUE(heatmap->title().contains(QStringLiteral("L0 = L/4 = 1024")))
        << heatmap->title().toStdString();
    const int first = static_cast<int>(std::ceil(64.0 * std::log(1024.0 / (2.0 * M_PI)) / std::log(1e4)));
    ASSERT_EQ(first, 36);
    const pecards::Grid& grid = heatmap->heatmap()->frame().grid;
    ASSERT_EQ(grid.cols, 64);
    EXPECT_EQ(grid.at(grid.rows - 1, first - 1), 0.0);
    EXPECT_EQ(grid.at(grid.rows - 1, 63), 1.0);
}

TEST_F(LabViews, RopeCardShowsTheLabChartsAndTheUnseenAngles) {
    CardPage* card = showCard(QStringLiteral("rope"));
    pecards::CardParams params = llama31();
    params.length = 65536;
    card->setParams(params);
    card->viewSlots().at(0)->showView(QStringLiteral("lab-ratio"));
    card->viewSlots().at(1)->showView(QStringLiteral("unseen-angles"));
    auto* chart = qobject_cast<ChartPanel*>(card->viewSlots().at(0)->view());
    auto* heatmap = qobject_cast<HeatmapPanel*>(card->viewSlots().at(1)->view());
    ASSERT_NE(chart, nullptr);
    ASSERT_NE(heatmap, nullptr);
    auto* chartWidget = chart->findChild<ChartWidget*>();
    ASSERT_NE(chartWidget, nullptr);
    ASSERT_TRUE(guitest::awaitCondition(
        [chartWidget] {
            return chartWidget->curves().curves.size() == 6 && chartWidget->message().isEmpty();
        },
        "the six scaling curves"));
    ASSERT_TRUE(guitest::awaitCondition(
        [heatmap] {
            const HeatmapFrame& frame = heatmap->heatmap()->frame();
            return !frame.isNull() && frame.fullExtent.row_end == 65536
                && heatmap->heatmap()->message().isEmpty();
        },
        "the unseen-angles map at L = 65536"));
    // The lowest pairs turned many times in training: never unseen; the longest wavelengths are.
    const pecards::Grid& grid = heatmap->heatmap()->frame().grid;
    EXPECT_EQ(grid.at(grid.rows - 1, 0), 0.0);
}

TEST_F(LabViews, PaperFiguresAnswerInTheRopeAndHybridCards) {
    for (const QString& id : {QStringLiteral("rope"), QStringLiteral("hybrid")}) {
        CardPage* card = showCard(id);
        pecards::CardParams params = llama31();
        params.card = id == QStringLiteral("rope") ? pecards::Card::Rope : pecards::Card::Hybrid;
        params.length = 16384;
        card->setParams(params);
        const QString views[] = {QStringLiteral("lab-critical"), QStringLiteral("lab-base-bound"),
            QStringLiteral("lab-pi-fit"), QStringLiteral("lab-partial")};
        for (int slot = 0; slot < 4; ++slot)
            card->viewSlots().at(slot)->showView(views[slot]);
        for (int slot = 0; slot < 4; ++slot) {
            auto* chart = qobject_cast<ChartPanel*>(card->viewSlots().at(slot)->view());
            ASSERT_NE(chart, nullptr) << views[slot].toStdString();
            auto* widget = chart->findChild<ChartWidget*>();
            ASSERT_NE(widget, nullptr);
            ASSERT_TRUE(guitest::awaitCondition(
                [widget] { return !widget->curves().curves.empty() && widget->message().isEmpty(); },
                (id + QStringLiteral(" ") + views[slot]).toStdString().c_str()));
        }
        // Llama 3.1 (r = 128, base 500000, L0 = 8192): d_extra = 2 ceil(64 log_500000(8192 / 2 pi)) = 70.
        const auto* critical
            = qobject_cast<ChartPanel*>(card->viewSlots().at(0)->view())->findChild<ChartWidget*>();
        EXPECT_TRUE(critical->curves().curves.front().name.contains(QStringLiteral("70")))
            << id.toStdString();
    }
}
