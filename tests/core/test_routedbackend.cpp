// The choice of backend by cost (routedbackend.h): the rule at its threshold, the device started
// only when a request needs it and then kept, every request answered by the backend it was routed
// to, and the start-up's failure reaching the caller.

#include "pecards/errors.h"
#include "pecards/routedbackend.h"
#include "support/requests.h"

#include <gtest/gtest.h>
#include <stdexcept>

namespace pecards {
namespace {

/// A backend that answers every request with a 1 x 1 grid holding its tag and counts the calls.
class TaggedBackend final : public Backend {
public:
    TaggedBackend(double tag, int& calls)
        : m_tag(tag)
        , m_calls(calls) { }
    std::string name() const override { return m_tag == 1.0 ? "reference" : "device"; }
    Grid compute(const ViewRequest&) override {
        ++m_calls;
        Grid grid;
        grid.rows = 1;
        grid.cols = 1;
        grid.values = {m_tag};
        return grid;
    }

private:
    double m_tag;
    int& m_calls;
};

/// A RoPE score view of `length` positions, full window, 256 x 256 pixels, max-pooled.
ViewRequest scoreView(std::int64_t length) {
    return test::viewRequest(test::cardParams(Card::Rope, length), Quantity::Score,
        test::squareWindow(length), 256, 256, Reduction::Max);
}

/// A sink that never cancels.
class NoProgress final : public ProgressSink {
public:
    void progress(double) override { }
    bool cancelled() const override { return false; }
};

struct Counts {
    int reference = 0;
    int device = 0;
    int starts = 0;
};

RoutedBackend routed(Counts& counts, std::int64_t startOperations = kDeviceStartOperations) {
    return RoutedBackend(
        std::make_unique<TaggedBackend>(1.0, counts.reference),
        [&counts]() -> std::unique_ptr<Backend> {
            ++counts.starts;
            return std::make_unique<TaggedBackend>(2.0, counts.device);
        },
        startOperations);
}

TEST(RouteByCost, BelowTheStartUpCostStaysOnTheReference) {
    RequestCost cost;
    cost.work = kDeviceStartOperations - 1;
    const Route route = routeByCost(cost, false);
    EXPECT_FALSE(route.device);
    EXPECT_EQ(
        route.reason, "1e+08 operations (~0.1 s on one core) cost less than starting the device (~0.1 s)");
}

TEST(RouteByCost, AtTheStartUpCostGoesToTheDevice) {
    RequestCost cost;
    cost.work = kDeviceStartOperations;
    EXPECT_TRUE(routeByCost(cost, false).device);
    cost.work = 3 * kDeviceStartOperations;
    const Route route = routeByCost(cost, false, 2 * kDeviceStartOperations);
    EXPECT_TRUE(route.device);
    EXPECT_EQ(route.reason, "3e+08 operations (~0.3 s on one core) outweigh starting the device (~0.2 s)");
}

TEST(RouteByCost, ARunningDeviceTakesEveryRequest) {
    RequestCost cost;
    cost.work = 1;
    const Route route = routeByCost(cost, true);
    EXPECT_TRUE(route.device);
    EXPECT_EQ(route.reason, "the device is running (its start-up is paid)");
}

TEST(RouteByCost, ANonPositiveStartUpCostIsRefused) {
    try {
        static_cast<void>(routeByCost(RequestCost {}, false, 0));
        FAIL() << "a start-up cost of 0 was accepted";
    } catch (const InvalidParameter& error) {
        EXPECT_EQ(error.name(), "start_operations");
        EXPECT_EQ(error.value(), "0");
        EXPECT_EQ(error.allowed(), "> 0");
    }
}

TEST(RoutedBackend, SmallRequestsNeverStartTheDevice) {
    Counts counts;
    RoutedBackend backend = routed(counts);
    const ViewRequest small = scoreView(16);
    ASSERT_LT(estimateCost(small).work, kDeviceStartOperations);
    EXPECT_EQ(backend.compute(small).values.front(), 1.0);
    EXPECT_EQ(backend.compute(small).values.front(), 1.0);
    EXPECT_EQ(counts.starts, 0);
    EXPECT_EQ(counts.reference, 2);
    EXPECT_FALSE(backend.deviceRunning());
    EXPECT_FALSE(backend.lastRoute().device);
    EXPECT_EQ(backend.name(),
        "reference; the device for requests of at least 1e+08 operations (~0.1 s on one core)");
}

TEST(RoutedBackend, ALargeRequestStartsTheDeviceOnceAndItKeepsEveryLaterRequest) {
    Counts counts;
    RoutedBackend backend = routed(counts);
    const ViewRequest large = scoreView(std::int64_t {1} << 20);
    ASSERT_GE(estimateCost(large).work, kDeviceStartOperations);
    EXPECT_EQ(backend.compute(scoreView(16)).values.front(), 1.0);
    EXPECT_EQ(backend.compute(large).values.front(), 2.0);
    EXPECT_EQ(backend.compute(scoreView(16)).values.front(), 2.0); // the start-up is paid
    NoProgress none;
    EXPECT_EQ(backend.computeTiled(large, none).values.front(), 2.0); // the default computeTiled
    EXPECT_EQ(counts.starts, 1);
    EXPECT_EQ(counts.reference, 1);
    EXPECT_EQ(counts.device, 3);
    EXPECT_EQ(backend.name(), "device");
}

TEST(RoutedBackend, TheThresholdDecides) {
    Counts counts;
    const ViewRequest view = scoreView(4096);
    const std::int64_t work = estimateCost(view).work;
    RoutedBackend above = routed(counts, work + 1);
    EXPECT_EQ(above.compute(view).values.front(), 1.0);
    RoutedBackend at = routed(counts, work);
    EXPECT_EQ(at.compute(view).values.front(), 2.0);
    EXPECT_EQ(counts.starts, 1);
}

TEST(RoutedBackend, AnInvalidRequestIsRefusedBeforeAnyBackendRuns) {
    Counts counts;
    RoutedBackend backend = routed(counts);
    ViewRequest invalid = scoreView(16);
    invalid.out_rows = 0;
    EXPECT_THROW(backend.compute(invalid), InvalidParameter);
    EXPECT_EQ(counts.reference + counts.device + counts.starts, 0);
}

TEST(RoutedBackend, AFailedStartReachesTheCallerAndIsTriedAgain) {
    int reference = 0;
    int attempts = 0;
    RoutedBackend backend(
        std::make_unique<TaggedBackend>(1.0, reference), [&attempts]() -> std::unique_ptr<Backend> {
            ++attempts;
            throw std::runtime_error("clCreateContext failed");
        });
    const ViewRequest large = scoreView(std::int64_t {1} << 20);
    EXPECT_THROW(backend.compute(large), std::runtime_error);
    EXPECT_THROW(backend.compute(large), std::runtime_error);
    EXPECT_EQ(attempts, 2);
    EXPECT_FALSE(backend.deviceRunning());
    EXPECT_EQ(backend.compute(scoreView(16)).values.front(), 1.0);
}

TEST(RoutedBackend, WaitingForTheDeviceSendsEveryLaterRequestThere) {
    Counts counts;
    RoutedBackend backend = routed(counts);
    backend.waitForDevice();
    backend.waitForDevice();
    EXPECT_TRUE(backend.deviceRunning());
    EXPECT_EQ(backend.compute(scoreView(16)).values.front(), 2.0);
    EXPECT_EQ(counts.starts, 1);
}

} // namespace
} // namespace pecards
