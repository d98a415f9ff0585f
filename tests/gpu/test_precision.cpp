// Angles at positions near 2^20 and near the length limit 2^24 stay within 1e-4 rad of a long
// double formula (docs/encodings.md §2: float32 m * theta would be off by about 0.06 rad at 2^20
// and 1 rad at 2^24), for RoPE and sinusoidal phases, and the large-position scores follow: zoom
// windows at the far corners and the full 1024 x 1024 max view at L = 2^24 against long double.

#include "gputestsupport.h"
#include "pecards/backend.h"

#include <algorithm>
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

/// Largest angle error (radians) of a phase grid (pairs of a width-`r` encoding with `base`) whose
/// rows start at position `firstRow`, against the long double reference.
double worstPhaseError(const Grid& grid, std::int64_t firstRow, int r, double base) {
    double worst = 0.0;
    for (int row = 0; row < grid.rows; ++row) {
        for (int c = 0; c < grid.cols; ++c) {
            worst
                = std::max(worst, angleDistance(grid.at(row, c), referencePhase(firstRow + row, c, r, base)));
        }
    }
    return worst;
}

/// The phase table's last 200 positions of Llama-style RoPE (head_dim 128, base 500000) at length
/// `length`, as `backend` computes it: every angle within 1e-4 rad of long double, and within 2e-6
/// (float32 rounding) since the range reduction is exact.
void expectRopeTailPhasesExact(Backend& backend, std::int64_t length) {
    ViewRequest request;
    request.params.card = Card::Rope;
    request.params.length = length;
    request.params.rope.head_dim = 128;
    request.params.rope.base = 500000.0;
    request.quantity = Quantity::Phase;
    request.window = {length - 200, length, 0, 64};
    request.out_rows = 200;
    request.out_cols = 64;
    const Grid grid = backend.compute(request);
    ASSERT_EQ(grid.rows, 200);
    const double worst = worstPhaseError(grid, request.window.row_begin, 128, 500000.0);
    EXPECT_LT(worst, 1e-4) << "worst angle error " << worst << " rad";
    EXPECT_LT(worst, 2e-6) << "exact range reduction keeps the error at float32 rounding";
}

TEST(GpuPrecision, RopePhasesNearTwoToTheTwentyWithin1e4Radians) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    expectRopeTailPhasesExact(*gpu, std::int64_t {1} << 20);
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
    const double worst = worstPhaseError(grid, request.window.row_begin, 512, 1e4);
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

/// RoPE score of delta with ones probes and no scaling, in long double, independent of the
/// engine: (R_i 1).(R_j 1) = sum over the r/2 pairs of 2 cos(delta theta_i), theta_i = base^(-2i/r)
/// (RoFormer eq. 16).
double referenceOnesScore(std::int64_t delta, int r, double base) {
    long double sum = 0.0L;
    for (int i = 0; i < r / 2; ++i) {
        const long double theta = std::pow(static_cast<long double>(base), -2.0L * i / r);
        sum += 2.0L * std::cos(static_cast<long double>(delta) * theta);
    }
    return static_cast<double>(sum);
}

/// Max of referenceOnesScore over the deltas [lo, hi].
double referenceOnesScoreMax(std::int64_t lo, std::int64_t hi, int r, double base) {
    std::vector<long double> theta(static_cast<std::size_t>(r / 2));
    for (int i = 0; i < r / 2; ++i) {
        theta[static_cast<std::size_t>(i)] = std::pow(static_cast<long double>(base), -2.0L * i / r);
    }
    long double best = -1e300L;
    for (std::int64_t delta = lo; delta <= hi; ++delta) {
        long double sum = 0.0L;
        for (const long double t : theta) {
            sum += 2.0L * std::cos(static_cast<long double>(delta) * t);
        }
        best = std::max(best, sum);
    }
    return static_cast<double>(best);
}

/// Llama 4 Scout's RoPE (head_dim 128, rope_theta 500000) at the length limit, ones probes.
ViewRequest scoutScoreAtTheLimit() {
    ViewRequest request;
    request.params.card = Card::Rope;
    request.params.length = kMaxLength;
    request.params.rope.head_dim = 128;
    request.params.rope.base = 500000.0;
    request.quantity = Quantity::Score;
    return request;
}

/// Score tolerance: gpu/README.md's 2e-5 x max|score| (max = S(0) = head_dim = 128). An angle
/// error e on every pair moves the score by up to 2 * 64 * e, so this also bounds e near 2e-5 rad.
constexpr double kScoreTolerance = 2e-5 * 128.0;

TEST(GpuPrecision, RopePhasesAtTheLengthLimitWithin1e4Radians) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    ASSERT_EQ(kMaxLength, std::int64_t {1} << 24);
    expectRopeTailPhasesExact(*gpu, kMaxLength);
}

TEST(GpuPrecision, SinusoidalPhasesAtTheLengthLimitWithin1e4Radians) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    ViewRequest request;
    request.params.card = Card::Sinusoidal;
    request.params.length = kMaxLength;
    request.params.sinusoidal.d_model = 512;
    request.quantity = Quantity::Phase;
    request.window = {kMaxLength - 64, kMaxLength, 0, 256};
    request.out_rows = 64;
    request.out_cols = 256;
    const Grid grid = gpu->compute(request);
    const double worst = worstPhaseError(grid, request.window.row_begin, 512, 1e4);
    EXPECT_LT(worst, 1e-4) << "worst angle error " << worst << " rad";
}

TEST(GpuPrecision, ScoreZoomWindowsAtTheFarCornersOfTheLengthLimit) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    ViewRequest request = scoutScoreAtTheLimit();
    request.out_rows = 16;
    request.out_cols = 16;
    // Single entries (exact zoom): deltas near +(2^24 - 1) (bottom-left) and -(2^24 - 1) (top-right).
    for (const Window window :
        {Window {kMaxLength - 16, kMaxLength, 0, 16}, Window {0, 16, kMaxLength - 16, kMaxLength}}) {
        request.window = window;
        const Grid grid = gpu->compute(request);
        ASSERT_EQ(grid.rows, 16);
        double worst = 0.0;
        for (int r = 0; r < 16; ++r) {
            for (int c = 0; c < 16; ++c) {
                const std::int64_t delta = (window.row_begin + r) - (window.col_begin + c);
                worst = std::max(worst, std::fabs(grid.at(r, c) - referenceOnesScore(delta, 128, 500000.0)));
            }
        }
        EXPECT_LT(worst, kScoreTolerance) << "rows from " << window.row_begin;
    }
    // 4 x 4 blocks of the same corner, max pooled: each pixel the max over its 7 deltas.
    request.window = {kMaxLength - 64, kMaxLength, 0, 64};
    request.reduction = Reduction::Max;
    const Grid pooled = gpu->compute(request);
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c) {
            const std::int64_t r0 = request.window.row_begin + 4 * r;
            const std::int64_t c0 = 4 * c;
            EXPECT_NEAR(pooled.at(r, c), referenceOnesScoreMax(r0 - (c0 + 3), (r0 + 3) - c0, 128, 500000.0),
                kScoreTolerance)
                << "pixel " << r << ", " << c;
        }
    }
}

TEST(GpuPrecision, FullMaxScoreViewAtTheLengthLimitMatchesLongDouble) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    ViewRequest request = scoutScoreAtTheLimit();
    request.window = {0, kMaxLength, 0, kMaxLength};
    request.out_rows = 1024;
    request.out_cols = 1024;
    request.reduction = Reduction::Max;
    const Grid grid = gpu->compute(request);
    ASSERT_EQ(grid.rows, 1024);
    ASSERT_EQ(grid.cols, 1024);
    constexpr std::int64_t kBlock = kMaxLength / 1024; // 16384 positions per pixel
    for (int r = 0; r < 1024; ++r) {
        ASSERT_NEAR(grid.at(r, r), 128.0, kScoreTolerance); // S(0) = |1|^2 = head_dim, the maximum
    }
    // Off-diagonal pixels, the far corners first: the max over the block's 2 * 16384 - 1 deltas.
    const int pixels[][2] = {{1023, 0}, {0, 1023}, {1023, 1}, {700, 3}, {2, 515}};
    for (const auto& pixel : pixels) {
        const std::int64_t r0 = pixel[0] * kBlock;
        const std::int64_t c0 = pixel[1] * kBlock;
        const double expected
            = referenceOnesScoreMax(r0 - (c0 + kBlock - 1), (r0 + kBlock - 1) - c0, 128, 500000.0);
        EXPECT_NEAR(grid.at(pixel[0], pixel[1]), expected, kScoreTolerance)
            << "pixel " << pixel[0] << ", " << pixel[1];
    }
}

} // namespace
} // namespace pecards::test
