// The tricks' chart views (trickcurves.h) answering in a real window (offscreen) through the
// compute worker, with the data against the engine formulas: the distillation error and the
// gated attention at alpha = 1 against the plain sinusoidal attention.
#include "cards/cardpage.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/chartpanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "window/mainwindow.h"

#include <cmath>
#include <pecards/tricks.h>

using namespace pecards::gui;

namespace {

ChartWidget* chartOf(CardPage* card, int slot) {
    auto* panel = qobject_cast<ChartPanel*>(card->viewSlots().at(slot)->view());
    return panel == nullptr ? nullptr : panel->findChild<ChartWidget*>();
}

TEST(TrickViews, SinusoidalCardShowsTheTricksComputedOnTheWorker) {
    ComputeService service {cpuBackendFactory()};
    MainWindow window {&service};
    window.resize(1600, 1000);
    window.show();
    window.showTab(QStringLiteral("sinusoidal"));
    CardPage* card = window.card(QStringLiteral("sinusoidal"));
    card->load();
    pecards::CardParams params = card->params();
    params.length = 64;
    params.sinusoidal.d_model = 16;
    params.tricks.alpha = 1.0;
    // What is checked is the chart against the engine, not the fit (4000 steps took 8 s).
    params.tricks.epochs = 200;
    card->setParams(params);
    card->viewSlots().at(0)->showView(QStringLiteral("trick-domain-aware"));
    card->viewSlots().at(1)->showView(QStringLiteral("trick-gated-attention"));
    card->viewSlots().at(2)->showView(QStringLiteral("trick-distillation"));
    ChartWidget* domain = chartOf(card, 0);
    ChartWidget* gated = chartOf(card, 1);
    ChartWidget* distillation = chartOf(card, 2);
    ASSERT_NE(domain, nullptr);
    ASSERT_NE(gated, nullptr);
    ASSERT_NE(distillation, nullptr);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            return domain->curves().curves.size() == 4 && gated->curves().curves.size() == 2
                && distillation->curves().curves.size() == 1 && domain->message().isEmpty()
                && gated->message().isEmpty() && distillation->message().isEmpty();
        },
        "the three trick charts"));
    // Gated at alpha = 1 is the plain attention row of query L/2 = 32: softmax(sum cos / sqrt(d)).
    const auto& plain = gated->curves().curves[0].points;
    const auto& alphaOne = gated->curves().curves[1].points;
    ASSERT_EQ(alphaOne.size(), 64U);
    double norm = 0.0;
    const auto similarity = [](int i, int j) {
        double sum = 0.0;
        for (int k = 0; k < 8; ++k)
            sum += std::cos((i - j) * std::pow(10000.0, -2.0 * k / 16));
        return sum;
    };
    for (int j = 0; j < 64; ++j)
        norm += std::exp(similarity(32, j) / 4.0);
    for (int j = 0; j < 64; ++j) {
        EXPECT_NEAR(alphaOne[j].y(), std::exp(similarity(32, j) / 4.0) / norm, 1e-14);
        EXPECT_NEAR(plain[j].y(), alphaOne[j].y(), 1e-15);
    }
    // The distillation chart draws the engine's error per position.
    const pecards::DistillationResult result = pecards::distillPositions(10000.0, params.tricks);
    const auto& error = distillation->curves().curves[0].points;
    ASSERT_EQ(error.size(), static_cast<std::size_t>(result.error.size()));
    EXPECT_EQ(error[40].y(), result.error(40));
    // An over-long dense map is refused with the engine's message, not computed.
    params.length = 8192;
    card->setParams(params);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return domain->message().contains(QStringLiteral("4096")); }, "the length refusal"));
}

} // namespace
