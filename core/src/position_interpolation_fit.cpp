// Position Interpolation's fitted attention score (position_interpolation_fit.h).

#include "pecards/position_interpolation_fit.h"

#include "check.h"
#include "numericconstants.h"
#include "pecards/rope.h"

#include <Eigen/QR>
#include <cmath>
#include <random>

namespace pecards {

namespace {

constexpr std::int64_t kMaxFitLength = 65536;
constexpr double kMaxDistance = 16777216.0; // 2^24

/// Columns [cos(s theta_j) | -sin(s theta_j)] at the distances s: a(s) = columns * [Re h; Im h].
Eigen::MatrixXd design(const Eigen::VectorXd& theta, const Eigen::VectorXd& distances) {
    const auto half = theta.size();
    Eigen::MatrixXd a(distances.size(), 2 * half);
    for (Eigen::Index n = 0; n < distances.size(); ++n) {
        for (Eigen::Index j = 0; j < half; ++j) {
            const double angle = std::fmod(distances[n] * theta[j], kTwoPi);
            a(n, j) = std::cos(angle);
            a(n, half + j) = -std::sin(angle);
        }
    }
    return a;
}

} // namespace

AttentionScoreFit fitAttentionScore(
    int rotary_dim, double base, std::int64_t original_max_position_embeddings, std::uint64_t seed) {
    PECARDS_CHECK(original_max_position_embeddings >= 1 && original_max_position_embeddings <= kMaxFitLength,
        "original_max_position_embeddings", original_max_position_embeddings, "[1, 65536]");
    AttentionScoreFit fit;
    fit.theta = ropeInvFreq(base, rotary_dim); // validates base and rotary_dim
    const Eigen::Index points = original_max_position_embeddings + 1;
    std::mt19937_64 generator(seed);
    fit.targets.resize(points);
    for (Eigen::Index s = 0; s < points; ++s) {
        const double u = static_cast<double>(generator() >> 11) * 0x1.0p-53;
        fit.targets[s] = 2.0 * u - 1.0;
    }
    const Eigen::VectorXd s = Eigen::VectorXd::LinSpaced(points, 0.0, static_cast<double>(points - 1));
    const Eigen::VectorXd h = design(fit.theta, s).completeOrthogonalDecomposition().solve(fit.targets);
    const auto half = fit.theta.size();
    fit.coefficients.resize(half);
    for (Eigen::Index j = 0; j < half; ++j) {
        fit.coefficients[j] = {h[j], h[half + j]};
    }
    return fit;
}

Eigen::VectorXd attentionScoreAt(const AttentionScoreFit& fit, const Eigen::VectorXd& distances) {
    for (const double s : distances) {
        PECARDS_CHECK(
            std::isfinite(s) && std::abs(s) <= kMaxDistance, "distance", s, "finite, [-2^24, 2^24]");
    }
    const auto half = fit.theta.size();
    Eigen::VectorXd h(2 * half);
    h << fit.coefficients.real(), fit.coefficients.imag();
    return design(fit.theta, distances) * h;
}

} // namespace pecards
