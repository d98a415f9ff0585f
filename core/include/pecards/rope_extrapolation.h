#pragma once
/// @file rope_extrapolation.h
/// @brief Analytic limits of RoPE beyond its training length L0, reproduced from the papers that
/// practitioners cite: the critical dimension and extrapolation limit (Liu et al. 2023, "Scaling
/// Laws of RoPE-based Extrapolation", arXiv 2310.05209), the base bound on context length (Men et
/// al. 2024, "Base of RoPE Bounds Context Length", arXiv 2405.14591) and partial-frequency RoPE
/// (p-RoPE, Barbero et al. 2024, "Round and Round We Go! What makes Rotary Positional Encodings
/// useful?", arXiv 2410.06205). Frequencies are RoFormer's theta_i = b^(-2i/r), i = 0..r/2-1.

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards {

/// @brief The critical dimension of RoPE extrapolation (Liu et al. 2023, d_extra and T_extra):
/// the pairs whose wavelength 2 pi / theta_i = 2 pi b^(2i/r) is shorter than the training length
/// L0 complete a full turn in training and see every angle; the others do not.
struct CriticalDimension {
    /// d_extra / 2 = ceil((r/2) log_b(L0 / 2 pi)), clamped to [0, r/2]: the count of pairs whose
    /// wavelength is below L0 (pair i = pairs is the first one that does not complete a turn).
    int pairs = 0;
    int dimension = 0; ///< d_extra = 2 * pairs
    /// The extrapolation limit T_extra = 2 pi b^(d_extra / r) (positions): the wavelength of the first
    /// pair that does not complete a turn in training; 0 when pairs = r/2 (every pair turns, no limit).
    double limit = 0.0;
};

/// @brief d_extra and T_extra for rotary dimension r (even, [2, 1024]), base b ((1, 1e12]) and
/// training length L0 ([1, 2^40]). Llama 2 (r = 128, b = 1e4, L0 = 4096): d_extra = 92.
/// @throws InvalidParameter naming rotary_dim, base or original_max_position_embeddings.
CriticalDimension criticalDimension(
    int rotary_dim, double base, std::int64_t original_max_position_embeddings);

/// @brief Liu et al.'s extrapolation limit for a model pretrained with critical dimension d_extra and
/// tuned with base beta: T_extra = 2 pi beta^(d_extra / r) (positions). d_extra even in [0, r).
/// @throws InvalidParameter naming base, rotary_dim or critical_dimension.
double extrapolationLimit(int rotary_dim, double base, int critical_dimension);

/// @brief Men et al. 2024's long-term-decay quantity B(m) = sum_{i=0}^{r/2-1} cos(m theta_i), theta_i =
/// b^(-2i/r), evaluated for one base over m = 0..L.
struct BaseBoundPoint {
    double base = 0.0; ///< b
    /// The scan stops at the first negative B: for a passing base min over m in [0, L] of B(m), for a
    /// failing base B(first_negative) (the first negative value).
    double minimum = 0.0;
    std::int64_t first_negative = -1; ///< smallest m with B(m) < 0 (the context the base supports), or -1
};

/// @brief B(m) >= 0 for all m in [0, L] is Men et al.'s condition (the "desired property" of
/// long-term decay, B_{m,theta} >= 0) for base b to support context L. For each base of `bases` ((1, 1e12]):
/// the first m where B is negative (the scan of that base stops there) and the minimum reached. B is formed
/// by rotating e^(i theta_i) one position at a time, re-anchored to cos(fmod(m theta_i, 2 pi)) every 1024
/// positions (error < 1e-12 per term). Work: at most bases x (L + 1) x r/2 rotations (a failing base stops
/// early), refused when that bound exceeds 2^32 (ComputeLimitExceeded).
/// @throws InvalidParameter naming rotary_dim, length ([1, 2^24]) or a base; ComputeLimitExceeded.
std::vector<BaseBoundPoint> baseBoundScan(
    int rotary_dim, std::int64_t length, const std::vector<double>& bases);

/// @brief The grid the charts and pecards-cli scan for context L: 8 bases per decade over seven decades
/// from max(2, L / 100) (Men et al.'s bound is ~0.0424 L^1.628, well above L / 100), capped at 1e12.
/// @throws InvalidParameter naming length ([1, 2^24]).
std::vector<double> baseBoundGrid(std::int64_t length);

/// @brief Geometric grid of bases for the scan: lowest * 10^(k / per_decade), k = 0, 1, ... up to and
/// including highest (within 1e-9 relative). 1 < lowest < highest <= 1e12, per_decade in [1, 1000].
/// @throws InvalidParameter naming lowest, highest or per_decade.
std::vector<double> baseGrid(double lowest, double highest, int per_decade);

/// @brief The smallest scanned base whose B(m) stays >= 0 on [0, L], or 0 when none does. A scan, not a
/// bisection: the condition is not monotone in the base (a larger base can fail where a smaller one
/// holds), so the answer is the first passing base of the ascending grid and the chart shows all.
double smallestPassingBase(const std::vector<BaseBoundPoint>& scan);

/// @brief p-RoPE frequencies (Barbero et al. 2024, p-RoPE): of the r/2 frequencies theta_i (descending, as
/// ropeInvFreq returns them) the first k = floor(p r / 2) keep rotating, the lowest r/2 - k become 0
/// (those pairs never rotate: "semantic" channels). The rounding follows the paper's reference code
/// (rope_angles = int(p * head_dim // 2)); p = 1 is RoPE, p = 0 is NoPE. Distinct from GPT-NeoX's
/// rotary_pct, which rotates the first dims with the full spectrum b^(-2i/r_rot).
/// @throws InvalidParameter naming fraction unless p in [0, 1].
Eigen::VectorXd partialRotationInvFreq(const Eigen::VectorXd& inv_freq, double fraction);

/// @brief k = floor(p * 2 pairs / 2): the pairs of `pairs` (>= 0) that keep rotating under p-RoPE.
/// @throws InvalidParameter naming fraction unless p in [0, 1].
int partialRotationPairs(int pairs, double fraction);

/// @brief Random-probe average score against distance of p-RoPE: E[(R_m q).(R_n q)] over q ~ N(0, I/r) =
/// (2/r) sum_i cos(delta theta_i) with the partial frequencies (non-rotating pairs add a constant).
/// Shape fractions x distances. @throws InvalidParameter (fraction, distance outside [0, 2^24]).
Eigen::MatrixXd partialRotationScore(const Eigen::VectorXd& inv_freq, const std::vector<double>& fractions,
    const std::vector<std::int64_t>& distances);

} // namespace pecards
