// Angles at positions near 2^20 stay within 1e-4 rad of the double formula (docs/encodings.md §2:
// float32 m * theta would be off by about 0.06 rad there), for RoPE and sinusoidal phases, and
// the large-position scores follow.

#include "gputestsupport.h"
#include "pecards/backend.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace pecards::test {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

/// Circular distance of two angles (radians).
double angleDistance(double a, double b) {
    const double d = std::fmod(std::fabs(a - b), kTwoPi);
    return std::min(d, kTwoPi - d);
}

/// m * theta mod 2pi in long double, theta = base^(-2i/r) (RoFormer eq. 15), independent of the engine.
double referencePhase(std::int64_t m, int i, int r, double base) {
    const long double theta = std::pow(static_cast<long double>(base), -2.0L * i / r);
    const long double angle
        = std::fmod(static_cast<long double>(m) * theta, 2.0L * std::numbers::pi_v<long double>);
    return static_cast<double>(angle);
}

TEST(GpuPrecision, RopePhasesNearTwoToTheTwentyWithin1e4Radians) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    ViewRequest request;
    request.params.card = Card::Rope;
    request.params.length = std::int64_t {1} << 20;
    request.params.rope.head_dim = 128;
    request.params.rope.base = 500000.0;
    request.quantity = Quantity::Phase;
    request.window = {request.params.length - 200, request.params.length, 0, 64};
    request.out_rows = 200;
    request.out_cols = 64;
    const Grid grid = gpu->compute(request);
    ASSERT_EQ(grid.rows, 200);
    double worst = 0.0;
    for (int r = 0; r < grid.rows; ++r) {
        for (int c = 0; c < grid.cols; ++c) {
            worst = std::max(worst,
                angleDistance(grid.at(r, c), referencePhase(request.window.row_begin + r, c, 128, 500000.0)));
        }
    }
    EXPECT_LT(worst, 1e-4) << "worst angle error " << worst << " rad";
    EXPECT_LT(worst, 2e-6) << "exact range reduction keeps the error at float32 rounding";
}

TEST(GpuPrecision, SinusoidalPhasesNearTwoToTheTwentyWithin1e4Radians) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    ViewRequest request;
    request.params.card = Card::Sinusoidal;
    request.params.length = std::int64_t {1} << 20;
    request.params.sinusoidal.d_model = 512;
    request.quantity = Quantity::Phase;
    request.window = {request.params.length - 64, request.params.length, 0, 256};
    request.out_rows = 64;
    request.out_cols = 256;
    const Grid grid = gpu->compute(request);
    double worst = 0.0;
    for (int r = 0; r < grid.rows; ++r) {
        for (int c = 0; c < grid.cols; ++c) {
            worst = std::max(worst,
                angleDistance(grid.at(r, c), referencePhase(request.window.row_begin + r, c, 512, 1e4)));
        }
    }
    EXPECT_LT(worst, 1e-4) << "worst angle error " << worst << " rad";
}

TEST(GpuPrecision, RopeTableAndScoresAtTheFarCornerMatchTheReference) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    ViewRequest request;
    request.params.card = Card::Rope;
    request.params.length = std::int64_t {1} << 20;
    request.params.rope.head_dim = 64;
    request.params.probe.kind = ProbeKind::Random;
    request.params.probe.seed = 9;
    // Table rows at m ~ 2^20: entries are cos/sin of the angles, so a 0.06 rad angle error would show.
    request.quantity = Quantity::Table;
    request.window = {request.params.length - 32, request.params.length, 0, 64};
    request.out_rows = 32;
    request.out_cols = 64;
    EXPECT_TRUE(gridsNear(gpu->compute(request), cpu->compute(request), {2e-6, 2e-6, false}));
    // Score at deltas near +-(2^20 - 1): the bottom-left and top-right corners of the full view.
    request.quantity = Quantity::Score;
    request.window = {request.params.length - 16, request.params.length, 0, 16};
    request.out_rows = 16;
    request.out_cols = 16;
    EXPECT_TRUE(gridsNear(gpu->compute(request), cpu->compute(request), {2e-5, 1e-5, false}));
    request.window = {0, 16, request.params.length - 16, request.params.length};
    EXPECT_TRUE(gridsNear(gpu->compute(request), cpu->compute(request), {2e-5, 1e-5, false}));
}

} // namespace
} // namespace pecards::test
