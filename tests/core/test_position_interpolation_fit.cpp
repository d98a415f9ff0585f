// Position Interpolation's fitted score (position_interpolation_fit.h) against independent checks:
// exact interpolation when points = unknowns, the least-squares normal equations, a(s) summed with
// std::complex, and the blow-up beyond L0 that Chen et al. 2023 Fig. 2 shows.

#include "pecards/errors.h"
#include "pecards/position_interpolation_fit.h"

#include <complex>
#include <gtest/gtest.h>
#include <random>

namespace pecards {
namespace {

/// a(s) = Re sum_j h_j e^{i s theta_j} with std::complex.
double scoreAt(const AttentionScoreFit& fit, double s) {
    std::complex<double> sum = 0.0;
    for (Eigen::Index j = 0; j < fit.theta.size(); ++j) {
        sum += fit.coefficients[j] * std::exp(std::complex<double>(0.0, s * fit.theta[j]));
    }
    return sum.real();
}

TEST(PositionInterpolationFit, TargetsComeFromTheSeededGenerator) {
    const AttentionScoreFit fit = fitAttentionScore(8, 10000.0, 20, 7);
    std::mt19937_64 g(7);
    ASSERT_EQ(fit.targets.size(), 21);
    for (int s = 0; s <= 20; ++s) {
        EXPECT_EQ(fit.targets[s], 2.0 * std::ldexp(static_cast<double>(g() >> 11), -53) - 1.0);
        EXPECT_LE(std::abs(fit.targets[s]), 1.0);
    }
}

TEST(PositionInterpolationFit, InterpolatesExactlyWhenPointsEqualUnknowns) {
    // r = 8: 4 complex = 8 real unknowns, L0 = 7: 8 points.
    const AttentionScoreFit fit = fitAttentionScore(8, 100.0, 7, 3);
    for (int s = 0; s <= 7; ++s) {
        EXPECT_NEAR(scoreAt(fit, s), fit.targets[s], 1e-8) << s;
    }
}

TEST(PositionInterpolationFit, SatisfiesTheNormalEquationsAndEvaluatesTheSum) {
    const AttentionScoreFit fit = fitAttentionScore(16, 10000.0, 300, 11);
    // The low-frequency columns are nearly collinear on [0, 300]: |h| is large and every sum carries
    // rounding of about eps * sum |h_j|, so the tolerances scale with it.
    const double size = fit.coefficients.cwiseAbs().sum();
    // Residual orthogonal to every column cos(s theta_j), sin(s theta_j).
    for (Eigen::Index j = 0; j < fit.theta.size(); ++j) {
        double c = 0.0;
        double sn = 0.0;
        double scale = 0.0;
        for (int s = 0; s <= 300; ++s) {
            const double residual = scoreAt(fit, s) - fit.targets[s];
            c += residual * std::cos(s * fit.theta[j]);
            sn += residual * std::sin(s * fit.theta[j]);
            scale += std::abs(residual);
        }
        // A solution that is not least-squares leaves |A^T r| of the order of sum |r| (~100 here).
        EXPECT_LT(std::abs(c), 1e-12 * size + 1e-8 * scale) << j;
        EXPECT_LT(std::abs(sn), 1e-12 * size + 1e-8 * scale) << j;
    }
    Eigen::VectorXd s(4);
    s << 0.0, 12.5, 300.0, 2400.25;
    const Eigen::VectorXd a = attentionScoreAt(fit, s);
    for (int n = 0; n < 4; ++n) {
        EXPECT_NEAR(a[n], scoreAt(fit, s[n]), 1e-14 * size);
    }
}

TEST(PositionInterpolationFit, BlowsUpBeyondL0ButNotOnTheInterpolatedGrid) {
    // Chen et al. 2023 Fig. 2 with d = 128 at a smaller L0: bounded inside, far larger outside.
    const std::int64_t l0 = 512;
    const AttentionScoreFit fit = fitAttentionScore(128, 10000.0, l0, 1);
    double inside = 0.0;
    double beyond = 0.0;
    double interpolated = 0.0;
    for (int k = 0; k <= 4 * l0; ++k) {
        const double v = std::abs(scoreAt(fit, k));
        (k <= l0 ? inside : beyond) = std::max(k <= l0 ? inside : beyond, v);
        interpolated = std::max(interpolated, std::abs(scoreAt(fit, k / 4.0)));
    }
    EXPECT_LT(inside, 3.0);
    EXPECT_LT(interpolated, 3.0);
    EXPECT_GT(beyond, 20.0 * inside);
}

TEST(PositionInterpolationFit, RejectsBadInput) {
    EXPECT_THROW(fitAttentionScore(128, 10000.0, 0, 1), InvalidParameter);
    EXPECT_THROW(fitAttentionScore(128, 10000.0, 65537, 1), InvalidParameter);
    EXPECT_THROW(fitAttentionScore(129, 10000.0, 64, 1), InvalidParameter);
    EXPECT_THROW(fitAttentionScore(128, 0.5, 64, 1), InvalidParameter);
    const AttentionScoreFit fit = fitAttentionScore(8, 100.0, 7, 3);
    Eigen::VectorXd bad(1);
    bad << std::nan("");
    EXPECT_THROW(attentionScoreAt(fit, bad), InvalidParameter);
}

} // namespace
} // namespace pecards
