// Every number the app shows is right and labelled: hover read-outs
// that say "exact" carry double-precision digits even when OpenCL draws in float32; derived
// scaling values are shown next to the controls, in view titles and in figure captions; tick
// labels stay distinguishable and uncut.
#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "compute/backendprovider.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/axisticks.h"
#include "widgets/heatmapwidget.h"
#include "widgets/sliderspin.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <cmath>
#include <figure/caption.h>

using namespace pecards::gui;

namespace {

/// The number a label writes: "-0.5", "+0.0001", "10⁻⁴", "2.5 × 10⁻⁴" (labels are mathematics,
/// not printf's "2.5e-04").
double valueOf(QString label) {
    const QString superscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    for (int d = 0; d < 10; ++d)
        label.replace(superscripts[d], QChar(u'0' + d));
    label.replace(QChar(u'⁻'), QLatin1Char('-'));
    static const QRegularExpression power(QStringLiteral(R"(^([+-]?[0-9.]*)(?: × )?10(-?[0-9]+)$)"));
    const QRegularExpressionMatch match = power.match(label);
    if (!match.hasMatch())
        return label.toDouble();
    const QString mantissa = match.captured(1);
    const double scale = mantissa.isEmpty() || mantissa == QStringLiteral("+") ? 1.0
        : mantissa == QStringLiteral("-")                                      ? -1.0
                                                                               : mantissa.toDouble();
    return scale * std::pow(10.0, match.captured(2).toInt());
}

using guitest::ropeOnesScore;

HeatmapPanel* heatmapPanel(CardPage* card, int slot) {
    return qobject_cast<HeatmapPanel*>(card->viewSlots().at(slot)->view());
}

::testing::AssertionResult awaitFrame(HeatmapPanel* panel, std::int64_t length) {
    return guitest::awaitCondition(
        [panel, length] {
            const HeatmapFrame& frame = panel->heatmap()->frame();
            return !frame.isNull() && frame.fullExtent.row_end == length
                && panel->heatmap()->message().isEmpty() && !panel->controller()->isComputingInBackground();
        },
        "the final frame of the requested length (not a sampled one with the exact under way)", 120000);
}

/// The window on the default backend (the automatic device: OpenCL when there is one, for views
/// whose work outweighs its start-up and every view once it runs): pictures in float32.
class OpenClReadouts : public guitest::WindowTest<1600, 1000, guitest::Device::Automatic> {
protected:
    void SetUp() override {
        WindowTest::SetUp();
        ASSERT_TRUE(guitest::awaitCondition(
            [this] { return !m_service.backendInfo().name.isEmpty(); }, "the backend", 120000));
    }

    /// Whether the views now run on OpenCL: waits for the automatic device, which starts in the
    /// background while the first pictures come from the CPU reference, to be announced (OpenCL,
    /// or the fallback with its notice). Fails the test instead of answering false when
    /// PECARDS_REQUIRE_OPENCL=1.
    bool onOpenCl() {
        EXPECT_TRUE(guitest::awaitCondition(
            [this] { return m_service.backendInfo().isOpenCl || !m_service.backendInfo().notice.isEmpty(); },
            "the device", 120000));
        if (m_service.backendInfo().isOpenCl)
            return true;
        if (qEnvironmentVariable("PECARDS_REQUIRE_OPENCL") == QStringLiteral("1"))
            ADD_FAILURE() << "PECARDS_REQUIRE_OPENCL=1 but the app runs on "
                          << m_service.backendInfo().name.toStdString();
        return false;
    }

    /// Probes (row, col) as the hover does; returns the answered probe.
    HeatmapController::Probe probe(HeatmapPanel* panel, qint64 row, qint64 col) {
        QSignalSpy answers(panel->controller(), &HeatmapController::probeAnswered);
        panel->controller()->probe(row, col, 0, 0);
        EXPECT_TRUE(guitest::awaitSignals(answers, 1, 120000));
        return panel->controller()->lastProbe().value_or(HeatmapController::Probe {});
    }
};

TEST_F(OpenClReadouts, ExactRopeReadoutAtTwoToTheTwentyHasDoublePrecisionDigits) {
    CardPage* rope = m_window.card(QStringLiteral("rope"));
    m_window.showTab(QStringLiteral("rope"));
    rope->load();
    if (!onOpenCl())
        GTEST_SKIP() << "no OpenCL device: " << m_service.backendInfo().notice.toStdString();
    pecards::CardParams params = rope->params();
    params.length = std::int64_t {1} << 20;
    rope->setParams(params);
    HeatmapPanel* score = heatmapPanel(rope, 0);
    ASSERT_TRUE(awaitFrame(score, params.length));

    const HeatmapController::Probe answer = probe(score, 405203, 539549);
    EXPECT_EQ(answer.row, 405203);
    EXPECT_EQ(answer.col, 539549);
    EXPECT_FALSE(answer.fromGrid);
    const double expected = ropeOnesScore(10000.0, 128, 405203 - 539549); // 12.84649797...
    EXPECT_NEAR(answer.value, expected, 1e-9);
    const QString readout = score->heatmap()->readout();
    EXPECT_TRUE(readout.contains(QStringLiteral("12.84649797"))) << readout.toStdString();
    EXPECT_TRUE(readout.contains(QStringLiteral("exact, double-precision reference")))
        << readout.toStdString();
    // The picture's own value is labelled with its precision.
    EXPECT_TRUE(readout.contains(QStringLiteral("float32"))) << readout.toStdString();
}

TEST_F(OpenClReadouts, ExactHybridReadoutAtTwoToTheTwentyHasDoublePrecisionDigits) {
    CardPage* hybrid = m_window.card(QStringLiteral("hybrid"));
    m_window.showTab(QStringLiteral("hybrid"));
    hybrid->load();
    if (!onOpenCl())
        GTEST_SKIP() << "no OpenCL device: " << m_service.backendInfo().notice.toStdString();
    pecards::CardParams params = hybrid->params();
    params.length = std::int64_t {1} << 20;
    hybrid->setParams(params);
    HeatmapPanel* logits = heatmapPanel(hybrid, 0);
    ASSERT_EQ(logits->spec().quantity, pecards::Quantity::Score);
    ASSERT_TRUE(awaitFrame(logits, params.length));

    const HeatmapController::Probe answer = probe(logits, 600000, 31323);
    // Logits (R_i q).(R_j k)/sqrt(d) + ALiBi bias; default head index 4 of 8: slope 2^-5, causal.
    const std::int64_t delta = 600000 - 31323;
    const double expected = ropeOnesScore(10000.0, 128, delta) / std::sqrt(128.0)
        - std::exp2(-5.0) * static_cast<double>(delta);
    EXPECT_NEAR(answer.value, expected, 1e-9 * std::abs(expected));
    const QString digits = QString::number(expected, 'g', 10);
    EXPECT_TRUE(logits->heatmap()->readout().contains(digits))
        << logits->heatmap()->readout().toStdString() << " lacks " << digits.toStdString();
}

class DerivedValues : public guitest::WindowTest<1600, 1000> {
protected:
    void SetUp() override {
        WindowTest::SetUp();
        m_rope = showCard(QStringLiteral("rope"));
    }

    void openPreset(const char* id) {
        QSignalSpy applied(&m_window, &MainWindow::modelApplied);
        m_window.openConfig(QStringLiteral(":/presets/%1.json").arg(QLatin1String(id)));
        ASSERT_TRUE(guitest::awaitSignals(applied));
    }

    QString note() const {
        auto* label = qobject_cast<QLabel*>(m_rope->form()->control(QStringLiteral("scaling_derived")));
        return label && label->isVisibleTo(m_rope->form()) ? label->text() : QString();
    }

    CardPage* m_rope = nullptr;
};

TEST_F(DerivedValues, PhiLongropeShowsTheListInUseAndTheAttentionFactor) {
    openPreset("phi-3.5-mini");
    // longrope s = max_position_embeddings / L0 = 131072 / 4096 = 32; sqrt(1 + ln 32 / ln 4096).
    const double factor = std::sqrt(1.0 + std::log(32.0) / std::log(4096.0));
    const QString expected = QString::number(factor, 'g', 3);
    ASSERT_EQ(expected, QStringLiteral("1.19"));
    EXPECT_TRUE(note().contains(QStringLiteral("attention factor 1.19"))) << note().toStdString();
    EXPECT_TRUE(note().contains(QStringLiteral("long_factor in use (L = 131072 > L0 = 4096)")))
        << note().toStdString();
    const QString title = m_rope->viewSlots().at(0)->view()->title();
    EXPECT_TRUE(title.contains(QStringLiteral("attention factor 1.19"))) << title.toStdString();

    // At L = 4096 <= L0 the short factors are used.
    pecards::CardParams params = m_rope->params();
    params.length = 4096;
    m_rope->setParams(params);
    EXPECT_TRUE(note().contains(QStringLiteral("short_factor in use"))) << note().toStdString();

    // The figure caption carries the derived values too.
    pecards::ViewRequest request;
    request.params = m_rope->params();
    request.quantity = pecards::Quantity::Score;
    request.window = {0, 4096, 0, 4096};
    request.out_rows = request.out_cols = 64;
    const QString caption = pecards::app::formatCaption(request);
    EXPECT_TRUE(caption.contains(QStringLiteral("→ factors=short"))) << caption.toStdString();
    EXPECT_TRUE(caption.contains(QStringLiteral("→ attention_factor=1.19"))) << caption.toStdString();
}

TEST_F(DerivedValues, DeepSeekYarnShowsTheTotalLogitMultiplierAndCorrectionRange) {
    openPreset("deepseek-v2-lite");
    // DeepSeek YaRN: mscale = mscale_all_dim = 0.707, s = 40: attention factor 1, total logit
    // multiplier (0.1 * 0.707 * ln 40 + 1)^2.
    const double multiplier = std::pow(0.1 * 0.707 * std::log(40.0) + 1.0, 2.0);
    ASSERT_EQ(QString::number(multiplier, 'g', 3), QStringLiteral("1.59"));
    EXPECT_TRUE(note().contains(QStringLiteral("total logit multiplier 1.59"))) << note().toStdString();
    EXPECT_TRUE(note().contains(QStringLiteral("correction range: pairs i = "))) << note().toStdString();
}

TEST_F(DerivedValues, DynamicNtkShowsTheEffectiveBaseAtTheCurrentLength) {
    pecards::CardParams params = m_rope->params();
    params.rope.scaling.type = pecards::RopeScalingType::Dynamic;
    params.rope.scaling.factor = 4.0;
    params.rope.scaling.max_position_embeddings = 4096;
    params.length = 16384;
    m_rope->setParams(params);
    // b' = b ((s L / L0) - (s - 1))^(r / (r - 2)), r = 128.
    const double base = 10000.0 * std::pow(4.0 * 16384 / 4096 - 3.0, 128.0 / 126.0);
    const QString expected = QString::number(base, 'f', 0);
    EXPECT_TRUE(note().contains(QStringLiteral("effective base b' = %1 at L = 16384").arg(expected)))
        << note().toStdString() << " lacks " << expected.toStdString();
    params.length = 2048; // within the trained context: the base is kept
    m_rope->setParams(params);
    EXPECT_TRUE(note().contains(QStringLiteral("effective base b' = 10000: kept"))) << note().toStdString();
    params.rope.scaling.type = pecards::RopeScalingType::None;
    m_rope->setParams(params);
    EXPECT_TRUE(note().isEmpty());
}

TEST(TickLabels, DeepZoomLabelsStayDistinctAndPositionsReadLikeEngineers) {
    // Colour-bar ticks 1e-4 apart at -63822: 3 significant digits would all read "-6.38e+04".
    const std::vector<double> ticks = niceTicks(-63822.1234, -63822.1230, 4, false);
    ASSERT_GE(ticks.size(), 2U);
    const TickLabels plain = valueTickLabels(ticks, [](const QString&) { return true; });
    EXPECT_TRUE(plain.offset.isEmpty());
    for (std::size_t n = 1; n < plain.labels.size(); ++n)
        EXPECT_NE(plain.labels[n], plain.labels[n - 1]);
    EXPECT_DOUBLE_EQ(valueOf(plain.labels.front()), ticks.front());
    // When such labels do not fit, offset notation: a common value and short differences.
    const TickLabels offset = valueTickLabels(ticks, [](const QString& label) { return label.size() <= 7; });
    ASSERT_FALSE(offset.offset.isEmpty());
    for (std::size_t n = 0; n < ticks.size(); ++n) {
        EXPECT_LE(offset.labels[n].size(), 7);
        EXPECT_NEAR(valueOf(offset.offset) + valueOf(offset.labels[n]), ticks[n], 1e-9);
    }
    EXPECT_EQ(positionTickLabel(1000000), QStringLiteral("1M"));
    EXPECT_EQ(positionTickLabel(1200000), QStringLiteral("1.2M"));
    EXPECT_EQ(positionTickLabel(200000), QStringLiteral("200k"));
    EXPECT_EQ(positionTickLabel(405203), QStringLiteral("405203")); // no digit lost
    EXPECT_EQ(positionTickLabel(4095), QStringLiteral("4095"));
}

TEST_F(DerivedValues, SpinBoxesShowTheirWholeValue) {
    auto* base = qobject_cast<SliderSpin*>(m_rope->form()->control(QStringLiteral("base")));
    base->setValue(1e7);
    QDoubleSpinBox* spin = base->spinBox();
    EXPECT_EQ(spin->text(), QStringLiteral("10000000"));
    QTest::qWait(50);
    auto* edit = spin->findChild<QLineEdit*>();
    ASSERT_NE(edit, nullptr);
    EXPECT_GE(edit->width(), spin->fontMetrics().horizontalAdvance(spin->text()))
        << "the text field is narrower than \"10000000\"";
}

} // namespace
