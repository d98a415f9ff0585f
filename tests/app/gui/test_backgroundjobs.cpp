// Background jobs of the compute worker (TiledRequest): they run after the jobs computed at
// once, which run between their tiles; a newer job of the same stream or UI_cancel stops them
// between two tiles; progress is reported and reaches 1.
#include "compute/backendprovider.h"
#include "compute/computeservice.h"
#include "compute/pendingqueue.h"
#include "guitestsupport.h"
#include "replyrecorder.h"
#include "support/requests.h"
#include "views/heatmapcontroller.h"
#include "widgets/heatmapwidget.h"

#include <QElapsedTimer>
#include <QThread>
#include <algorithm>
#include <atomic>
#include <functional>
#include <pecards/backend.h>
#include <pecards/cost.h>
#include <pecards/errors.h>

using namespace pecards::gui;

namespace {

/// ALiBi content attention over L x L, exact max: L = 3000 is ~1e9 operations, many tiles.
pecards::ViewRequest contentAttention(std::int64_t length, pecards::Reduction reduction) {
    return pecards::test::viewRequest(pecards::test::cardParams(pecards::Card::Alibi, length),
        pecards::Quantity::ContentAttention, pecards::test::squareWindow(length), 64, 64, reduction);
}

/// A device with a work budget of its own below the cost model's limit: compute() refuses every
/// exact reduction, computeTiled() (no budget) computes it on the CPU reference.
/// `refusals` counts the refusals (the worker's thread writes it).
class BudgetedDevice : public pecards::Backend {
public:
    explicit BudgetedDevice(std::shared_ptr<std::atomic<int>> refusals = std::make_shared<std::atomic<int>>())
        : m_refusals(std::move(refusals)) { }
    std::string name() const override { return "budgeted device"; }
    pecards::Grid compute(const pecards::ViewRequest& request) override {
        if (request.reduction != pecards::Reduction::Sample) {
            ++*m_refusals;
            throw pecards::ComputeLimitExceeded("request too costly for the device: exceeds the budget");
        }
        return m_inner->compute(request);
    }
    pecards::Grid computeTiled(
        const pecards::ViewRequest& request, pecards::ProgressSink& progress) override {
        return m_inner->computeTiled(request, progress);
    }

private:
    std::shared_ptr<std::atomic<int>> m_refusals;
    std::unique_ptr<pecards::Backend> m_inner = pecards::makeCpuBackend();
};

/// The CPU reference, except that a request of length `held` waits in compute() until `open` is
/// set (the test holds a job of older parameters running while it cancels the newer ones).
class GatedDevice : public pecards::Backend {
public:
    GatedDevice(
        std::int64_t held, std::shared_ptr<std::atomic<bool>> open, std::shared_ptr<std::atomic<int>> entered)
        : m_held(held)
        , m_open(std::move(open))
        , m_entered(std::move(entered)) { }
    std::string name() const override { return "gated device"; }
    pecards::Grid compute(const pecards::ViewRequest& request) override {
        if (request.params.length == m_held) {
            ++*m_entered;
            while (!m_open->load())
                QThread::msleep(1);
        }
        return m_inner->compute(request);
    }

private:
    std::int64_t m_held;
    std::shared_ptr<std::atomic<bool>> m_open;
    std::shared_ptr<std::atomic<int>> m_entered;
    std::unique_ptr<pecards::Backend> m_inner = pecards::makeCpuBackend();
};

/// A content-attention view with the exact max reduction (its widget shown, its controller) on a
/// service whose backend `make` builds on the worker thread.
struct ViewRig {
    explicit ViewRig(const std::function<std::unique_ptr<pecards::Backend>()>& make)
        : service([make] {
            ProvidedBackend provided;
            provided.backend = make();
            provided.info.name = QString::fromStdString(provided.backend->name());
            return provided;
        }) {
        widget.resize(400, 300);
        widget.show();
        controller.setReduction(pecards::Reduction::Max);
    }
    ComputeService service;
    HeatmapWidget widget;
    HeatmapController controller {
        &service, &widget, QStringLiteral("t"), pecards::Quantity::ContentAttention};
};

/// Waits, without handling events, until `counter` reaches `value` (another thread counts).
bool awaitCount(const std::atomic<int>& counter, int value) {
    QElapsedTimer timer;
    timer.start();
    while (counter.load() < value) {
        if (timer.elapsed() > 10000)
            return false;
        QThread::msleep(1);
    }
    return true;
}

} // namespace

TEST(BackgroundJobs, ABackendBudgetRefusalIsComputedInTheBackgroundNotShown) {
    ViewRig rig([] { return std::make_unique<BudgetedDevice>(); });
    QSignalSpy messages(&rig.controller, &HeatmapController::messageShown);
    rig.controller.setParams(contentAttention(256, pecards::Reduction::Max).params);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            return rig.controller.shown()
                && rig.controller.shown()->request.reduction == pecards::Reduction::Max;
        },
        "the exact picture"));
    EXPECT_TRUE(messages.isEmpty());
    EXPECT_TRUE(rig.widget.message().isEmpty());
    EXPECT_EQ(rig.controller.shown()->grid.values,
        pecards::makeCpuBackend()->compute(rig.controller.shown()->request).values);
}

TEST(BackgroundJobs, AnOlderPicturesBudgetRefusalDoesNotReplaceTheNewerParameters) {
    // Parameters P1 are computed at once and the device's budget refuses them; before the refusal
    // reaches the view, parameters P2 arrive whose first picture is itself over the interactive
    // limit (computed in tiles). The refusal of P1 must not send P1 to the background in place of
    // P2: the view once showed P1's picture with P2 on the card (the soak test's stale frame).
    const auto refusals = std::make_shared<std::atomic<int>>(0);
    ViewRig rig([refusals] { return std::make_unique<BudgetedDevice>(refusals); });
    const pecards::CardParams p1 = contentAttention(64, pecards::Reduction::Max).params;
    const pecards::CardParams p2 = contentAttention(4096, pecards::Reduction::Max).params;
    rig.controller.setParams(p1); // a first answer, so that the refusal below is not the first one
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return rig.controller.shown() && rig.service.isIdle(); }, "P1's picture"));
    // The limit admits P1's exact picture at once and sends P2's first picture to the background.
    const qint64 p1Work = pecards::estimateCost(rig.controller.lastRequest()).work;
    rig.service.setInteractiveWorkLimit(p1Work);
    QSignalSpy messages(&rig.controller, &HeatmapController::messageShown);
    std::vector<std::int64_t> shownLengths;
    QObject::connect(&rig.controller, &HeatmapController::frameShown, &rig.controller,
        [&] { shownLengths.push_back(rig.controller.shown()->request.params.length); });
    const int refusedBefore = refusals->load();
    rig.controller.setParams(p1); // at once; the device refuses it
    ASSERT_TRUE(awaitCount(*refusals, refusedBefore + 1)) << "the device did not refuse P1";
    rig.controller.setParams(p2); // before that refusal is delivered (no event handled meanwhile)
    pecards::ViewRequest p2First = rig.controller.lastRequest();
    p2First.reduction = pecards::Reduction::Sample;
    ASSERT_GT(pecards::estimateCost(p2First).work, p1Work) << "P2's first picture must be over the limit";
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return rig.controller.shown() && rig.controller.shown()->request.params == p2; },
        "P2's picture"));
    ASSERT_FALSE(shownLengths.empty());
    EXPECT_EQ(shownLengths.front(), 4096) << "P1's picture was shown after P2 was asked for";
    EXPECT_TRUE(messages.isEmpty()) << messages.front().front().toString().toStdString();
}

TEST(BackgroundJobs, AfterCancelAnOlderJobsAnswerDoesNotReplaceThePictureNorItsMessage) {
    // P1's picture is computed at once and still running when P2 asks for a first picture in tiles,
    // which the user cancels. P1's answer then arrives: it must not be shown as P2's picture nor
    // clear the message that says the picture is of previous parameters (the soak test's stale
    // frame on CI: ALiBi content attention at L = 524288 shown for L = 32768, no message).
    const auto open = std::make_shared<std::atomic<bool>>(false);
    const auto entered = std::make_shared<std::atomic<int>>(0);
    ViewRig rig([open, entered] { return std::make_unique<GatedDevice>(96, open, entered); });
    const pecards::CardParams p0 = contentAttention(64, pecards::Reduction::Max).params;
    const pecards::CardParams p1 = contentAttention(96, pecards::Reduction::Max).params;
    const pecards::CardParams p2 = contentAttention(4096, pecards::Reduction::Max).params;
    rig.controller.setParams(p0);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return rig.controller.shown() && rig.service.isIdle(); }, "P0's picture"));
    rig.controller.setParams(p1); // at once; held running
    ASSERT_TRUE(awaitCount(*entered, 1)) << "P1's job did not start";
    rig.service.setInteractiveWorkLimit(pecards::estimateCost(rig.controller.lastRequest()).work);
    rig.controller.setParams(p2); // its first picture in tiles, waiting behind P1's
    ASSERT_TRUE(rig.controller.isComputingInBackground());
    rig.controller.cancelBackground(); // the user's Cancel
    const QString cancelled = rig.widget.message();
    EXPECT_FALSE(cancelled.isEmpty());
    open->store(true);
    ASSERT_TRUE(guitest::awaitCondition([&] { return rig.service.isIdle(); }, "P1's answer delivered"));
    ASSERT_TRUE(rig.controller.shown());
    EXPECT_EQ(rig.controller.shown()->request.params.length, p0.length)
        << "an older job's picture replaced the one shown";
    EXPECT_EQ(rig.widget.message().toStdString(), cancelled.toStdString());
}

TEST(PendingQueue, JobsAtOnceFirstThenSampledPicturesThenExactReductions) {
    PendingQueue queue;
    const pecards::ViewRequest exact = contentAttention(64, pecards::Reduction::Max);
    const pecards::ViewRequest sampled = contentAttention(64, pecards::Reduction::Sample);
    queue.push(ComputeJob {QStringLiteral("a/exact"), 1, TiledRequest {exact}});
    queue.push(ComputeJob {QStringLiteral("b"), 2, TiledRequest {sampled}});
    queue.push(ComputeJob {QStringLiteral("c"), 3, sampled});
    std::vector<quint64> order;
    while (const std::optional<ComputeJob> job = queue.take())
        order.push_back(job->id);
    // A job computed at once holds the background jobs until the UI has shown its answer (#33).
    EXPECT_EQ(order, (std::vector<quint64> {3}));
    EXPECT_TRUE(queue.releaseBackground()); // background jobs wait, the worker is idle: wake it
    EXPECT_FALSE(queue.releaseBackground()); // once
    while (const std::optional<ComputeJob> job = queue.take())
        order.push_back(job->id);
    EXPECT_EQ(order, (std::vector<quint64> {3, 2, 1}));

    queue.push(ComputeJob {QStringLiteral("a/exact"), 4, TiledRequest {exact}});
    EXPECT_FALSE(queue.takeForeground()); // only background jobs wait
    const std::optional<ComputeJob> running = queue.take();
    ASSERT_TRUE(running);
    const auto cancel = queue.startBackground(*running);
    EXPECT_FALSE(cancel->load());
    queue.push(ComputeJob {QStringLiteral("a/exact"), 5, TiledRequest {exact}}); // a newer one stops it
    EXPECT_TRUE(cancel->load());
    queue.finishBackground();
    EXPECT_EQ(
        queue.cancel(nullptr, QStringLiteral("a/exact")), std::optional<quint64>(5)); // pending: dropped
    EXPECT_EQ(queue.size(), 0);

    // The stream is the requester and the tag: another requester's job of the same tag stays.
    QObject first;
    QObject second;
    queue.push(ComputeJob {QStringLiteral("view"), 6, sampled, &first});
    EXPECT_FALSE(queue.push(ComputeJob {QStringLiteral("view"), 7, sampled, &second}).replacedId);
    EXPECT_EQ(queue.push(ComputeJob {QStringLiteral("view"), 8, sampled, &first}).replacedId,
        std::optional<quint64>(6));
    const auto dropped = queue.cancelAll(&first);
    ASSERT_EQ(dropped.size(), 1U);
    EXPECT_EQ(dropped.front().second, 8U);
    EXPECT_EQ(queue.size(), 1);
    EXPECT_EQ(queue.take()->id, 7U);
}

TEST(PendingQueue, JobsAtOnceRunCheapestFirstChartsBeforeACostlyView) {
    // A slider step submits its views in slot order: the costly score view first, then a small view
    // and a chart. The worker answers the chart and the small view while the costly one computes,
    // so they are painted meanwhile (#33); equal costs keep their order.
    PendingQueue queue;
    const pecards::ViewRequest costly = contentAttention(1024, pecards::Reduction::Max);
    const pecards::ViewRequest small = contentAttention(64, pecards::Reduction::Max);
    ASSERT_GT(pecards::estimateCost(costly).work, pecards::estimateCost(small).work);
    queue.push(ComputeJob {QStringLiteral("score"), 1, costly});
    queue.push(ComputeJob {QStringLiteral("phase"), 2, small});
    queue.push(ComputeJob {QStringLiteral("spectrum"), 3, pecards::app::CurveRequest {}});
    queue.push(ComputeJob {QStringLiteral("polar"), 4, pecards::app::CurveRequest {}});
    queue.push(ComputeJob {QStringLiteral("exact"), 5, TiledRequest {costly}});
    std::vector<quint64> order;
    while (const std::optional<ComputeJob> job = queue.takeForeground())
        order.push_back(job->id);
    EXPECT_EQ(order, (std::vector<quint64> {3, 4, 2, 1})); // the background job waits
    EXPECT_EQ(queue.size(), 1);
}

TEST(BackgroundJobs, JobsAtOnceRunBetweenTheTilesAndTheExactGridEqualsTheOneShot) {
    ComputeService service(cpuBackendFactory());
    guitest::ReplyRecorder view;
    const pecards::ViewRequest exact = contentAttention(3000, pecards::Reduction::Max);
    const quint64 background
        = service.UI_submit(&view, QStringLiteral("bg"), TiledRequest {exact}, view.replies());
    ASSERT_TRUE(guitest::awaitCondition([&] { return !view.progress.empty(); }, "progress"));
    const quint64 foreground = service.UI_submit(
        &view, QStringLiteral("fg"), contentAttention(64, pecards::Reduction::Sample), view.replies());
    ASSERT_TRUE(guitest::awaitCondition([&] { return service.isIdle(); }, "both answered"));
    // The job computed at once came back first, while the background job was still running.
    EXPECT_EQ(view.gridIds(), (std::vector<quint64> {foreground, background}));
    ASSERT_EQ(view.grids.size(), 2U);
    const GridResult& result = view.grids.at(1);
    std::vector<double> fractions;
    for (const auto& [id, fraction] : view.progress) {
        EXPECT_EQ(id, background);
        fractions.push_back(fraction);
    }
    EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
    EXPECT_EQ(fractions.back(), 1.0);
    EXPECT_GT(fractions.size(), 2U);
    EXPECT_EQ(result.grid.values, pecards::makeCpuBackend()->compute(exact).values);
}

TEST(BackgroundJobs, ANewerJobOfTheTagOrUiCancelStopsTheRunningOne) {
    ComputeService service(cpuBackendFactory());
    guitest::ReplyRecorder view;
    QSignalSpy dropped(&service, &ComputeService::jobDropped);
    const quint64 first = service.UI_submit(&view, QStringLiteral("bg"),
        TiledRequest {contentAttention(3000, pecards::Reduction::Max)}, view.replies());
    ASSERT_TRUE(guitest::awaitCondition([&] { return !view.progress.empty(); }, "progress"));
    const quint64 second = service.UI_submit(&view, QStringLiteral("bg"),
        TiledRequest {contentAttention(128, pecards::Reduction::Max)}, view.replies());
    ASSERT_TRUE(guitest::awaitCondition([&] { return service.isIdle(); }, "the newer job answered"));
    EXPECT_EQ(view.cancelled, (std::vector<quint64> {first}));
    EXPECT_EQ(view.gridIds(), (std::vector<quint64> {second}));

    // UI_cancel: the running job stops, a waiting one is dropped; neither answers.
    guitest::ReplyRecorder other;
    const quint64 running = service.UI_submit(&other, QStringLiteral("a"),
        TiledRequest {contentAttention(3000, pecards::Reduction::Mean)}, other.replies());
    const quint64 waiting = service.UI_submit(&other, QStringLiteral("b"),
        TiledRequest {contentAttention(3000, pecards::Reduction::Min)}, other.replies());
    ASSERT_TRUE(guitest::awaitCondition([&] { return !other.progress.empty(); }, "progress"));
    service.UI_cancel(&view, QStringLiteral("a")); // another requester's stream: nothing happens
    EXPECT_EQ(dropped.count(), 0);
    service.UI_cancel(&other, QStringLiteral("b"));
    service.UI_cancel(&other, QStringLiteral("a"));
    ASSERT_TRUE(guitest::awaitCondition([&] { return service.isIdle(); }, "idle after cancelling"));
    EXPECT_EQ(view.cancelled, (std::vector<quint64> {first})); // the other requester's job only
    EXPECT_EQ(other.cancelled, (std::vector<quint64> {running}));
    ASSERT_GE(dropped.count(), 1);
    EXPECT_EQ(dropped.at(dropped.count() - 1).at(1).value<quint64>(), waiting);
    EXPECT_TRUE(other.grids.empty());
}
