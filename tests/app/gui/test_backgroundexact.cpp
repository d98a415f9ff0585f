// Views never refuse work: a view over the interactive work limit shows the sampled picture at
// once, labelled as sampled, then the exact reduction computed in the background in tiles with
// a progress strip in the view; a parameter change cancels it and starts over; Cancel leaves the
// sampled picture labelled as sampled; no budget error text ever appears.
#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/heatmapwidget.h"
#include "widgets/progressstrip.h"
#include "widgets/sliderspin.h"
#include "windowtest.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QProgressBar>
#include <QSignalSpy>
#include <QToolButton>
#include <algorithm>
#include <pecards/backend.h>

using namespace pecards::gui;

namespace {

class BackgroundExact : public guitest::WindowTest<1600, 1000> {
protected:
    void SetUp() override {
        WindowTest::SetUp();
        // Every text the content-attention view shows, to prove no budget error ever appears.
        m_alibi = showCard(QStringLiteral("alibi"));
        m_view = qobject_cast<HeatmapPanel*>(m_alibi->viewSlots().at(3)->view());
        ASSERT_NE(m_view, nullptr);
        ASSERT_EQ(m_view->spec().quantity, pecards::Quantity::ContentAttention);
        QObject::connect(m_view->controller(), &HeatmapController::frameShown, [this] { record(); });
        QObject::connect(m_view->controller(), &HeatmapController::messageShown, [this] { record(); });
    }

    void record() { m_texts << m_view->heatmap()->readout() << m_view->heatmap()->message(); }

    /// No text the view showed speaks of a budget or of a request too costly.
    ::testing::AssertionResult noBudgetText() const {
        for (const QString& text : m_texts) {
            if (text.contains(QStringLiteral("budget"), Qt::CaseInsensitive)
                || text.contains(QStringLiteral("too costly"), Qt::CaseInsensitive))
                return ::testing::AssertionFailure() << text.toStdString();
        }
        return ::testing::AssertionSuccess();
    }

    void setLength(const QString& length) {
        QDoubleSpinBox* spin
            = qobject_cast<SliderSpin*>(m_alibi->form()->control(QStringLiteral("length")))->spinBox();
        spin->selectAll();
        QTest::keyClicks(spin, length);
        QTest::keyClick(spin, Qt::Key_Return);
    }

    void setReduction(pecards::Reduction reduction) {
        QComboBox* box = m_view->reductionBox();
        box->setCurrentIndex(box->findData(static_cast<int>(reduction)));
    }

    std::optional<pecards::Reduction> shownReduction() const {
        const auto shown = m_view->controller()->shown();
        if (!shown)
            return std::nullopt;
        return shown->request.reduction;
    }

    bool shows(pecards::Reduction reduction, std::int64_t length) const {
        const auto shown = m_view->controller()->shown();
        return shown && shown->request.reduction == reduction && shown->request.params.length == length
            && m_view->heatmap()->message().isEmpty();
    }

    /// Waits until this view's background job has reported progress (it is running, not waiting).
    ::testing::AssertionResult underWay() const {
        return guitest::awaitCondition(
            [this] {
                return m_view->heatmap()->isProgressShown()
                    && m_view->heatmap()->progressStrip()->fraction() > 0.0;
            },
            "this view's background job under way");
    }

    /// Waits until the job log (`finished`, a spy on ComputeService::jobFinished) shows a job of
    /// this view's exact (or sampled) stream ended: a cancelled background job stops between two
    /// tiles, far sooner than this timeout; run to its end it would take much longer.
    ::testing::AssertionResult stopped(const QSignalSpy& finished, bool exact = true) const {
        const QString& exactTag = m_view->controller()->exactTag();
        const QString tag = exact ? exactTag : exactTag.chopped(6); // "/exact"
        return guitest::awaitCondition(
            [&] {
                return std::any_of(finished.begin(), finished.end(),
                    [&tag](const QList<QVariant>& job) { return job.at(0).toString() == tag; });
            },
            "the background job stopped", 5000);
    }

    CardPage* m_alibi = nullptr;
    HeatmapPanel* m_view = nullptr;
    QStringList m_texts;
};

} // namespace

TEST_F(BackgroundExact, OverTheLimitShowsTheSampledPictureThenTheExactOne) {
    // 2^27 operations: the sampled view of L = 2048 (~5e7) is under it, the exact one (~5e8) over.
    m_service.setInteractiveWorkLimit(std::int64_t {1} << 27);
    setReduction(pecards::Reduction::Max);
    setLength(QStringLiteral("2048"));
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return shows(pecards::Reduction::Sample, 2048); }, "the sampled picture first"));
    EXPECT_TRUE(m_view->heatmap()->readout().contains(QStringLiteral("SAMPLED")))
        << m_view->heatmap()->readout().toStdString();
    ASSERT_TRUE(m_view->controller()->isComputingInBackground());
    // The progress the view shows for its exact job (its progress callback sets the strip).
    ASSERT_TRUE(m_view->heatmap()->isProgressShown());
    ProgressStrip* strip = m_view->heatmap()->progressStrip();
    auto* bar = strip->findChild<QProgressBar*>();
    ASSERT_NE(bar, nullptr);
    std::vector<double> fractions {strip->fraction()};
    const QMetaObject::Connection recording
        = QObject::connect(bar, &QProgressBar::valueChanged, [&] { fractions.push_back(strip->fraction()); });
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return shows(pecards::Reduction::Max, 2048); }, "the exact picture replacing it"));
    EXPECT_FALSE(m_view->heatmap()->readout().contains(QStringLiteral("SAMPLED")));
    EXPECT_FALSE(m_view->heatmap()->isProgressShown());
    EXPECT_FALSE(m_view->controller()->isComputingInBackground());

    // Progress as shown: each job's is monotone, ending at 1. A re-ask (the view resized while the
    // layout settles on a loaded machine) starts a new job at 0; a fall to anything else would be
    // an older job's progress on screen.
    QObject::disconnect(recording);
    for (std::size_t i = 1; i < fractions.size(); ++i) {
        EXPECT_TRUE(fractions[i] >= fractions[i - 1] || fractions[i] == 0.0)
            << "progress fell from " << fractions[i - 1] << " to " << fractions[i];
    }
    EXPECT_EQ(fractions.back(), 1.0);

    // The picture is the exact reduction the engine computes in one piece.
    const auto shown = m_view->controller()->shown();
    ASSERT_TRUE(shown);
    EXPECT_EQ(shown->grid.values, pecards::makeCpuBackend()->compute(shown->request).values);
    EXPECT_TRUE(noBudgetText());
}

TEST_F(BackgroundExact, AnExactMeanLongerThanAFrameShowsItsSampledPictureFirst) {
    // #33: at 32 x 32 pixels the score's exact mean at L = 16384 costs 2^15 deltas x 64 + 1024
    // pixels x 64 operations (2.2e6: over the frame limit, set to 2^20 here, far under the
    // interactive one) and its sampled picture 64 x 64 + 1024 x 64 (7e4): the sampled picture is
    // shown first, then the exact mean replaces it.
    m_service.setFrameWorkLimit(std::int64_t {1} << 20);
    HeatmapPanel* score = nullptr;
    for (ViewSlot* slot : m_alibi->viewSlots()) {
        auto* panel = qobject_cast<HeatmapPanel*>(slot->view());
        if (panel && panel->spec().quantity == pecards::Quantity::Score)
            score = panel;
    }
    ASSERT_NE(score, nullptr);
    ASSERT_EQ(score->controller()->reduction(), pecards::Reduction::Mean);
    score->controller()->setOutputPixels(QSize(32, 32));
    std::vector<pecards::Reduction> shown;
    QObject::connect(score->controller(), &HeatmapController::frameShown, [&] {
        if (const auto picture = score->controller()->shown();
            picture && picture->request.params.length == 16384)
            shown.push_back(picture->request.reduction);
    });
    setLength(QStringLiteral("16384"));
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return !shown.empty() && shown.back() == pecards::Reduction::Mean; }, "the exact mean"));
    EXPECT_EQ(shown.front(), pecards::Reduction::Sample);
    const auto exact = score->controller()->shown();
    EXPECT_EQ(exact->grid.values, pecards::makeCpuBackend()->compute(exact->request).values);
}

TEST_F(BackgroundExact, AnAttentionPictureLongerThanAFrameShowsItsEstimatedSoftmaxFirst) {
    // #33: the content attention at L = 16384, 32 x 32 pixels: each sampled row's exact normaliser
    // reads all 16384 keys (3.4e7 operations, over the frame limit), the estimated one about 300
    // (normaliserestimate.h): the estimated picture is shown first, labelled, then the exact softmax.
    m_view->controller()->setOutputPixels(QSize(32, 32));
    ASSERT_EQ(m_view->controller()->reduction(), pecards::Reduction::Sample);
    std::vector<pecards::Normaliser> shown;
    QStringList readouts;
    QObject::connect(m_view->controller(), &HeatmapController::frameShown, [&] {
        if (const auto picture = m_view->controller()->shown();
            picture && picture->request.params.length == 16384) {
            shown.push_back(picture->request.normaliser);
            readouts << m_view->heatmap()->readout();
        }
    });
    setLength(QStringLiteral("16384"));
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return !shown.empty() && shown.back() == pecards::Normaliser::Exact; }, "the exact softmax"));
    ASSERT_GE(shown.size(), 2u);
    EXPECT_EQ(shown.front(), pecards::Normaliser::Estimated);
    EXPECT_TRUE(readouts.front().contains(QStringLiteral("ESTIMATED softmax")))
        << readouts.front().toStdString();
    EXPECT_FALSE(readouts.back().contains(QStringLiteral("ESTIMATED"))) << readouts.back().toStdString();
    const auto exact = m_view->controller()->shown();
    EXPECT_EQ(exact->grid.values, pecards::makeCpuBackend()->compute(exact->request).values);
    EXPECT_TRUE(noBudgetText());
}

TEST_F(BackgroundExact, AParameterChangeCancelsTheExactJobAndStartsOver) {
    // 2^29 operations: the sampled views are under it, the exact ones of L > 2048 over. The exact
    // picture awaited to the end is L = 2304's, a third of L = 4096's work (which took over 30 s
    // under the sanitizers on a busy 2-core machine).
    m_service.setInteractiveWorkLimit(std::int64_t {1} << 29);
    setReduction(pecards::Reduction::Max);
    setLength(QStringLiteral("8192")); // 2^26 entries of 2 x 64 operations: long enough to interrupt
    ASSERT_TRUE(underWay());
    EXPECT_TRUE(shows(pecards::Reduction::Sample, 8192));
    EXPECT_TRUE(m_view->heatmap()->progressStrip()->text().contains(QStringLiteral("exact")));
    QSignalSpy finished(&m_service, &ComputeService::jobFinished);
    setLength(QStringLiteral("2304"));
    ASSERT_TRUE(stopped(finished)); // the old exact job (L = 8192) did not run on
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            return shows(pecards::Reduction::Sample, 2304) && m_view->controller()->isComputingInBackground();
        },
        "the sampled picture of the new parameters, the exact one started over"));
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return shows(pecards::Reduction::Max, 2304); }, "the exact picture of the new parameters"));
    EXPECT_FALSE(m_view->heatmap()->isProgressShown());
    EXPECT_TRUE(noBudgetText());
}

TEST_F(BackgroundExact, CancelLeavesTheSampledPictureLabelledAsSampled) {
    m_service.setInteractiveWorkLimit(std::int64_t {1} << 29);
    setReduction(pecards::Reduction::Mean);
    setLength(QStringLiteral("16384"));
    ASSERT_TRUE(underWay());
    QSignalSpy finished(&m_service, &ComputeService::jobFinished);
    QTest::mouseClick(
        guitest::named<QToolButton>(m_view->heatmap()->progressStrip(), QStringLiteral("cancel")),
        Qt::LeftButton);
    EXPECT_FALSE(m_view->heatmap()->isProgressShown());
    EXPECT_FALSE(m_view->controller()->isComputingInBackground());
    ASSERT_TRUE(stopped(finished));
    QTest::qWait(200);
    EXPECT_TRUE(shows(pecards::Reduction::Sample, 16384));
    const QString readout = m_view->heatmap()->readout();
    EXPECT_TRUE(readout.contains(QStringLiteral("SAMPLED")) && readout.contains(QStringLiteral("cancelled")))
        << readout.toStdString();
    EXPECT_TRUE(noBudgetText());
}

TEST_F(BackgroundExact, AtTwoToTheTwentyTheEstimatedPictureComesAtOnceAndTheExactSoftmaxAfter) {
    // #33: the content attention at L = 2^20 with the default limits: the picture with estimated
    // normalisers is computed at once (about 400 keys per row), the exact softmax (every row's 2^20
    // keys) in the background with progress, never a budget error.
    setLength(QStringLiteral("1048576"));
    ASSERT_TRUE(underWay());
    EXPECT_TRUE(m_view->heatmap()->progressStrip()->text().contains(QStringLiteral("exact softmax")))
        << m_view->heatmap()->progressStrip()->text().toStdString();
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            const auto shown = m_view->controller()->shown();
            return shown && shown->request.params.length == 1048576;
        },
        "the estimated picture"));
    EXPECT_EQ(m_view->controller()->shown()->request.normaliser, pecards::Normaliser::Estimated);
    EXPECT_TRUE(m_view->heatmap()->readout().contains(QStringLiteral("ESTIMATED softmax")))
        << m_view->heatmap()->readout().toStdString();
    EXPECT_TRUE(m_view->heatmap()->message().isEmpty());
    QSignalSpy finished(&m_service, &ComputeService::jobFinished);
    QTest::mouseClick(
        guitest::named<QToolButton>(m_view->heatmap()->progressStrip(), QStringLiteral("cancel")),
        Qt::LeftButton);
    ASSERT_TRUE(stopped(finished, true));
    EXPECT_TRUE(m_view->heatmap()->message().isEmpty());
    EXPECT_TRUE(m_view->heatmap()->readout().contains(QStringLiteral("cancelled")));
    EXPECT_TRUE(noBudgetText());
}
