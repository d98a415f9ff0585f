// The unseen-angles map on the device equals the CPU reference entry for entry: both compare the
// same exact 64-bit integer angles (scaling_lab.h), so no tolerance but the Mean's float division.
// At the length limit 2^24 the sampled map also matches a long double evaluation of the rule.

#include "gputestsupport.h"
#include "pecards/backend.h"
#include "pecards/scaling_lab.h"
#include "support/sanitizers.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace pecards::test {
namespace {

TEST(GpuUnseenAngles, EqualsTheCpuReferenceForEveryScalingAndReduction) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    RopeParams model;
    model.head_dim = 128;
    model.base = 500000.0;
    ScalingLabSettings settings;
    settings.types = {RopeScalingType::None, RopeScalingType::Linear, RopeScalingType::Dynamic,
        RopeScalingType::Yarn, RopeScalingType::Llama3, RopeScalingType::LongRope};
    settings.factor = 8.0;
    settings.original_max_position_embeddings = 8192;
    settings.length = 20000;
    for (const RopeScalingType type : settings.types) {
        for (const Card card : {Card::Rope, Card::Hybrid}) {
            ViewRequest request;
            request.params.card = card;
            request.params.length = settings.length;
            request.params.rope = labScaling(model, type, settings);
            request.quantity = Quantity::UnseenAngles;
            for (const Window window : {Window {0, 20000, 0, 64}, Window {8000, 8400, 30, 50}}) {
                request.window = window;
                for (const Reduction reduction :
                    {Reduction::Sample, Reduction::Mean, Reduction::Max, Reduction::Min}) {
                    SCOPED_TRACE(toString(type) + " " + toString(card) + " " + toString(reduction) + " rows "
                        + std::to_string(window.row_begin));
                    request.reduction = reduction;
                    request.out_rows = 97;
                    request.out_cols = 13;
                    const Grid expected = cpu->compute(request);
                    const Grid actual = gpu->compute(request);
                    EXPECT_TRUE(
                        gridsNear(actual, expected, {0.0, reduction == Reduction::Mean ? 1e-7 : 0.0}));
                }
            }
        }
    }
}

/// Never cancels, ignores progress: computeTiled without a work budget.
class QuietSink final : public ProgressSink {
public:
    void progress(double) override { }
    bool cancelled() const override { return false; }
};

/// Llama 4 Scout's RoPE (head_dim 128, rope_theta 500000, L0 8192) with linear scaling x16, at
/// the length limit L = 2^24.
ViewRequest linearScoutAtTheLimit() {
    ViewRequest request;
    request.params.card = Card::Rope;
    request.params.length = kMaxLength;
    request.params.rope.head_dim = 128;
    request.params.rope.base = 500000.0;
    request.params.rope.scaling.type = RopeScalingType::Linear;
    request.params.rope.scaling.factor = 16.0;
    request.params.rope.scaling.original_max_position_embeddings = 8192;
    request.quantity = Quantity::UnseenAngles;
    request.window = fullExtent(request.params, request.quantity);
    return request;
}

TEST(GpuUnseenAngles, SampledMapAtTheLengthLimitFollowsTheLongDoubleRule) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    ViewRequest request = linearScoutAtTheLimit();
    request.out_rows = 1024;
    request.out_cols = 64;
    const Grid grid = gpu->compute(request);
    ASSERT_EQ(grid.rows, 1024);
    ASSERT_EQ(grid.cols, 64);
    EXPECT_TRUE(gridsNear(grid, makeCpuBackend()->compute(request), {0.0, 0.0}));
    // Independent rule (docs/quantities.md): pair i with wavelength 2 pi / theta_i > L0 is unseen at
    // position p when p theta_i / 16 mod 2 pi lies above (L0 - 1) theta_i, theta_i = 500000^(-2i/128).
    const long double two_pi = 2.0L * std::numbers::pi_v<long double>;
    const long double l0 = 8192.0L;
    int unseen = 0;
    int checked = 0;
    for (int r = 0; r < grid.rows; ++r) {
        const std::int64_t p = blockStart(0, kMaxLength, 1024, r);
        for (int i = 0; i < 64; ++i) {
            const long double theta = std::pow(500000.0L, -2.0L * i / 128.0L);
            const bool long_wave = two_pi / theta > l0;
            const long double angle = std::fmod(static_cast<long double>(p) * theta / 16.0L, two_pi);
            const long double limit = (l0 - 1.0L) * theta;
            if (long_wave && std::fabs(angle - limit) < 1e-9L) {
                continue; // on the boundary: decided by the fixed-point margin, not by this check
            }
            const double expected = long_wave && angle > limit ? 1.0 : 0.0;
            EXPECT_EQ(grid.at(r, i), expected) << "p = " << p << ", pair " << i;
            unseen += expected == 1.0 ? 1 : 0;
            ++checked;
        }
    }
    EXPECT_GT(checked, 60000);
    EXPECT_GT(unseen, 1000); // the map is not trivially empty at L = 2^24
}

TEST(GpuUnseenAngles, PooledMapsAtTheLengthLimitEqualTheCpuReference) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    ViewRequest request = linearScoutAtTheLimit();
    request.out_rows = 256;
    request.out_cols = 64;
    QuietSink sink;
    // Every position of the slowest 4 pairs, any unseen (2^26 entries: computeTiled, no work
    // budget on the CPU reference). Under ASan the last 2^20 positions: the same kernels and tiles
    // (the full sweep took 130 s there; sanitizers.h).
    request.window.col_begin = 60;
    request.out_cols = 4;
    request.reduction = Reduction::Max;
    if (testsupport::kUnderAsan) {
        request.window.row_begin = kMaxLength - (std::int64_t {1} << 20);
    }
    EXPECT_TRUE(gridsNear(gpu->compute(request), cpu->computeTiled(request, sink), {0.0, 0.0}));
    request.window.col_begin = 0;
    request.out_cols = 64;
    // The last 2^16 positions, every reduction.
    request.window.row_begin = kMaxLength - (std::int64_t {1} << 16);
    for (const Reduction reduction : {Reduction::Mean, Reduction::Max, Reduction::Min}) {
        SCOPED_TRACE(toString(reduction));
        request.reduction = reduction;
        EXPECT_TRUE(gridsNear(
            gpu->compute(request), cpu->compute(request), {0.0, reduction == Reduction::Mean ? 1e-7 : 0.0}));
    }
}

} // namespace
} // namespace pecards::test
