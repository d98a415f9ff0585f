#pragma once
/// @file position_interpolation_fit.h
/// @brief Why Position Interpolation works where extrapolation fails (Chen et al. 2023, "Extending
/// Context Window of Large Language Models via Positional Interpolation", arXiv 2306.15595, §2.3 and
/// Fig. 2): an attention score of RoPE form, a(s) = Re sum_{j=0}^{r/2-1} h_j e^{i s theta_j} with
/// theta_j = b^(-2j/r), is fitted by least squares to random targets in [-1, 1] at the integer
/// distances s = 0..L0. Inside [0, L0] the fit stays near [-1, 1]; beyond L0 it can grow by orders of
/// magnitude (the low frequencies that do not turn inside L0 have large, cancelling coefficients),
/// while the interpolated a(s L0 / L) only visits [0, L0] and stays bounded. The paper uses d = 128
/// (LLaMA 7B) and L = 2048; its number of fitted points is not stated, so every integer s in [0, L0]
/// is fitted here (assumption), with targets uniform in [-1, 1] from a seed.

#include <Eigen/Core>
#include <cstdint>

namespace pecards {

/// @brief A least-squares fit of a(s) on the integer distances 0..L0.
struct AttentionScoreFit {
    Eigen::VectorXd theta; ///< theta_j = b^(-2j/r), r/2 entries, radians per position
    Eigen::VectorXd targets; ///< y_s for s = 0..L0, uniform in [-1, 1]
    Eigen::VectorXcd
        coefficients; ///< h_j (r/2 entries): a(s) = sum_j Re(h_j) cos(s theta_j) - Im(h_j) sin(s theta_j)
};

/// @brief Targets y_s = 2 u - 1, u = (g() >> 11) 2^-53 from std::mt19937_64(seed) (s = 0..L0 in order;
/// exact on every platform), then h = the minimum-norm least-squares solution (Eigen
/// CompleteOrthogonalDecomposition) of sum_j Re(h_j) cos(s theta_j) - Im(h_j) sin(s theta_j) = y_s.
/// rotary_dim r even in [2, 1024], base in (1, 1e12], L0 in [1, 65536].
/// @throws InvalidParameter naming rotary_dim, base or original_max_position_embeddings.
AttentionScoreFit fitAttentionScore(
    int rotary_dim, double base, std::int64_t original_max_position_embeddings, std::uint64_t seed);

/// @brief a(s) = Re sum_j h_j e^{i s theta_j} of the fit at real distances s (each finite, |s| <= 2^24).
/// @throws InvalidParameter naming the distance.
Eigen::VectorXd attentionScoreAt(const AttentionScoreFit& fit, const Eigen::VectorXd& distances);

} // namespace pecards
