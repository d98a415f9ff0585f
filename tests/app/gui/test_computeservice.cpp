// The compute worker: latest request per tag wins, stale ones are dropped; results and
// failures cross the thread as values; values match an independent formula.
#include "compute/computeservice.h"
#include "compute/metatypes.h"
#include "guitestsupport.h"

#include <QSemaphore>
#include <atomic>
#include <cmath>
#include <numbers>
#include <pecards/backend.h>

namespace {

/// Wraps the CPU reference and holds every compute() until the test releases it.
class GatedBackend : public pecards::Backend {
public:
    GatedBackend(QSemaphore& entered, QSemaphore& release)
        : m_inner(pecards::makeCpuBackend())
        , m_entered(entered)
        , m_release(release) { }
    std::string name() const override { return "gated CPU reference"; }
    pecards::Grid compute(const pecards::ViewRequest& request) override {
        m_entered.release();
        m_release.acquire();
        return m_inner->compute(request);
    }

private:
    std::unique_ptr<pecards::Backend> m_inner;
    QSemaphore& m_entered;
    QSemaphore& m_release;
};

pecards::ViewRequest ropeScore(std::int64_t length) {
    pecards::ViewRequest request;
    request.params.card = pecards::Card::Rope;
    request.params.length = length;
    request.params.rope.head_dim = 16;
    request.quantity = pecards::Quantity::Score;
    request.window = {0, length, 0, length};
    request.out_rows = static_cast<int>(length);
    request.out_cols = static_cast<int>(length);
    return request;
}

} // namespace

TEST(ComputeService, StaleRequestsOfOneTagAreDroppedAndTheLatestWins) {
    QSemaphore entered;
    QSemaphore release;
    ComputeService service([&] {
        ProvidedBackend provided;
        provided.backend = std::make_unique<GatedBackend>(entered, release);
        provided.info.name = QStringLiteral("gated");
        return provided;
    });
    QSignalSpy grids(&service, &ComputeService::gridReady);
    QSignalSpy dropped(&service, &ComputeService::jobDropped);

    const quint64 first = service.UI_submit(QStringLiteral("slider"), ropeScore(8));
    ASSERT_TRUE(entered.tryAcquire(1, guitest::kTimeoutMs)); // the worker is busy with the first job
    quint64 last = 0;
    for (std::int64_t length = 9; length <= 16; ++length)
        last = service.UI_submit(QStringLiteral("slider"), ropeScore(length));
    const quint64 other = service.UI_submit(QStringLiteral("other view"), ropeScore(4));
    EXPECT_EQ(service.droppedCount(), 7u); // lengths 9..15 were replaced by 16
    EXPECT_EQ(dropped.count(), 7);
    EXPECT_FALSE(service.isIdle());

    release.release(3); // the first job, the latest "slider" job and the other tag's job
    ASSERT_TRUE(guitest::awaitSignals(grids, 3));
    QTest::qWait(100);
    ASSERT_EQ(grids.count(), 3);
    std::vector<quint64> ids;
    for (const QList<QVariant>& args : grids)
        ids.push_back(args.at(0).value<GridResult>().id);
    EXPECT_EQ(ids, (std::vector<quint64> {first, last, other}));
    const GridResult latest = grids.at(1).at(0).value<GridResult>();
    EXPECT_EQ(latest.request.params.length, 16);
    EXPECT_EQ(latest.grid.rows, 16);
    EXPECT_TRUE(service.isIdle());
}

TEST(ComputeService, InvalidParameterBecomesAFailureSignalWithTheEngineMessage) {
    ComputeService service(cpuBackendFactory());
    QSignalSpy failures(&service, &ComputeService::failed);
    pecards::ViewRequest request = ropeScore(32);
    request.params.rope.head_dim = 7;
    service.UI_submit(QStringLiteral("bad"), request);
    ASSERT_TRUE(guitest::awaitSignals(failures));
    const ComputeFailure failure = failures.at(0).at(0).value<ComputeFailure>();
    EXPECT_EQ(failure.kind, FailureKind::InvalidParameter);
    EXPECT_TRUE(failure.message.contains(QStringLiteral("head_dim = 7"))) << failure.message.toStdString();
    EXPECT_EQ(failure.tag, QStringLiteral("bad"));
}

TEST(ComputeService, RopeScoreMatchesTheClosedFormForOnesProbes) {
    // q = k = ones: each pair contributes Re((1+j) conj(1+j) e^{j delta theta_i}) = 2 cos(delta theta_i).
    ComputeService service(cpuBackendFactory());
    QSignalSpy grids(&service, &ComputeService::gridReady);
    QSignalSpy backend(&service, &ComputeService::backendReady);
    service.UI_submit(QStringLiteral("exact"), ropeScore(24));
    ASSERT_TRUE(guitest::awaitSignals(grids));
    ASSERT_EQ(backend.count(), 1);
    EXPECT_FALSE(service.backendInfo().name.isEmpty());
    const pecards::Grid grid = grids.at(0).at(0).value<GridResult>().grid;
    ASSERT_EQ(grid.rows, 24);
    for (int i = 0; i < 24; i += 5) {
        for (int j = 0; j < 24; j += 3) {
            double expected = 0.0;
            for (int pair = 0; pair < 8; ++pair)
                expected += 2.0 * std::cos((i - j) * std::pow(10000.0, -2.0 * pair / 16.0));
            EXPECT_NEAR(grid.at(i, j), expected, 1e-9) << "i = " << i << ", j = " << j;
        }
    }
}

namespace {

/// Fault injection: an "OpenCL" backend that answers `healthy` requests and then fails like a
/// lost device (CL_OUT_OF_RESOURCES on every later compute).
class FailingDevice : public pecards::Backend {
public:
    explicit FailingDevice(int healthy)
        : m_inner(pecards::makeCpuBackend())
        , m_healthy(healthy) { }
    std::string name() const override { return "OpenCL: injected device"; }
    pecards::Grid compute(const pecards::ViewRequest& request) override {
        if (m_healthy-- <= 0)
            throw std::runtime_error("clEnqueueNDRangeKernel(score): CL_OUT_OF_RESOURCES (-5)");
        return m_inner->compute(request);
    }

private:
    std::unique_ptr<pecards::Backend> m_inner;
    int m_healthy;
};

} // namespace

TEST(ComputeService, AnOpenClFaultWhileRunningSwitchesToTheCpuReferenceWithANotice) {
    ComputeService service([] {
        ProvidedBackend provided;
        provided.backend = std::make_unique<FailingDevice>(1);
        provided.info.name = QStringLiteral("OpenCL: injected device");
        provided.info.isOpenCl = true;
        return provided;
    });
    QSignalSpy grids(&service, &ComputeService::gridReady);
    QSignalSpy failures(&service, &ComputeService::failed);
    QSignalSpy backends(&service, &ComputeService::backendReady);
    service.UI_submit(QStringLiteral("first"), ropeScore(16)); // the device still works
    ASSERT_TRUE(guitest::awaitSignals(grids));
    service.UI_submit(QStringLiteral("second"), ropeScore(24)); // the device fails: CPU answers
    ASSERT_TRUE(guitest::awaitSignals(grids, 2));
    EXPECT_EQ(failures.count(), 0);
    ASSERT_EQ(backends.count(), 2);
    const BackendInfo fallback = backends.at(1).at(0).value<BackendInfo>();
    EXPECT_FALSE(fallback.isOpenCl);
    EXPECT_TRUE(fallback.notice.contains(QStringLiteral("CL_OUT_OF_RESOURCES")))
        << fallback.notice.toStdString();
    EXPECT_TRUE(fallback.notice.endsWith(QStringLiteral("using CPU reference")))
        << fallback.notice.toStdString();
    EXPECT_FALSE(service.backendInfo().isOpenCl);
    const pecards::Grid cpu = pecards::makeCpuBackend()->compute(ropeScore(24));
    EXPECT_EQ(grids.at(1).at(0).value<GridResult>().grid.values, cpu.values);
    // Later views keep working on the CPU reference, with no further notice.
    service.UI_submit(QStringLiteral("third"), ropeScore(8));
    ASSERT_TRUE(guitest::awaitSignals(grids, 3));
    EXPECT_EQ(backends.count(), 2);
}

TEST(ComputeService, AFailingCpuReferenceIsReportedNotRetried) {
    ComputeService service([] {
        ProvidedBackend provided;
        provided.backend = std::make_unique<FailingDevice>(0);
        provided.info.name = QStringLiteral("CPU reference that fails");
        return provided;
    });
    QSignalSpy failures(&service, &ComputeService::failed);
    QSignalSpy backends(&service, &ComputeService::backendReady);
    service.UI_submit(QStringLiteral("view"), ropeScore(8));
    ASSERT_TRUE(guitest::awaitSignals(failures));
    EXPECT_EQ(failures.at(0).at(0).value<ComputeFailure>().kind, FailureKind::BackendError);
    EXPECT_EQ(backends.count(), 1);
}
