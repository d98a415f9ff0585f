#pragma once
/// @file invariants.h
/// @brief Invariant read-outs that flag positional-encoding bugs by themselves (the Pitfalls
/// view): each takes a dense grid (one pixel per entry, Sample reduction, from any backend) and
/// says how far it is from the property the correct encoding guarantees.
///
/// - norm kept: RoPE rotates, so ||R_m q|| = ||q|| for every m; sinusoidal rows all have norm
///   sqrt(d/2) (RoFormer eq. 14; Vaswani et al. §3.5).
/// - Toeplitz: positional scores depend on i - j only (RoFormer eq. 16; docs/encodings.md §1-§4).
/// - rows sum to 1: each attention row is a softmax over its unmasked keys (docs/encodings.md §6).
/// - ALiBi bias <= 0 on and below the diagonal: slopes are positive, the bias -m (i - j) (§3).
/// - nearest key favoured: with a distance penalty the largest logit of a row is at the key
///   nearest to the query (ALiBi, Press et al. §3).

#include "pecards/backend.h"
#include "pecards/view.h"

#include <string>
#include <vector>

namespace pecards {

/// @brief One read-out: the measured deviation, the tolerance it is held to, and the verdict.
struct InvariantReading {
    double value = 0.0; ///< the deviation (0 for a perfect invariant)
    double tolerance = 0.0; ///< passed = value <= tolerance
    bool passed = true;
    std::string detail; ///< where the worst entry is, e.g. "row 257"
};

/// @brief max_p | ||row p|| - ||row 0|| | / ||row 0|| over a Table grid (full rows: the window
/// must span every column). Tolerance 1e-6 (float32 backends keep 1e-6; bf16 caches do not).
/// @throws InvalidParameter if the grid is empty, pooled, or not full-width
InvariantReading normKept(const Grid& table, std::int64_t full_width);

/// @brief max over unmasked (i, j), (i-1, j-1) of |S(i, j) - S(i-1, j-1)| / max|S| on a dense
/// Score grid. Tolerance 1e-5 (float32 sums of d terms stay below it).
/// @throws InvalidParameter if the grid is empty or pooled (a pixel covers more than one entry)
InvariantReading toeplitzDeviation(const Grid& score);

/// @brief max over rows with an unmasked key of |sum_j A(i, j) - 1|, on a dense Attention grid
/// spanning every key (window columns [0, L)); a row with no key at all counts as deviation 1.
/// Tolerance 1e-5. @throws InvalidParameter if the grid is empty, pooled or not full-width
InvariantReading rowSumDeviation(const Grid& attention, std::int64_t length);

/// @brief The largest finite bias on or below the diagonal (j <= i) of a dense ALiBi Score grid;
/// passes when <= 0. @throws InvalidParameter if the grid is empty or pooled
InvariantReading alibiBiasNonPositive(const Grid& score);

/// @brief Rows whose largest finite logit is not at the nearest key |i - j| = min (ties count
/// as favoured), as a fraction of the rows with a finite logit; passes at 0.
/// @throws InvalidParameter if the grid is empty or pooled
InvariantReading nearestKeyFavoured(const Grid& score);

/// @brief The read-outs of the Pitfalls view.
enum class Invariant { NormKept, Toeplitz, RowsSumToOne, AlibiBiasNonPositive, NearestKeyFavoured };

/// @brief The invariants the card guarantees: sinusoidal and RoPE: norm kept, Toeplitz, rows sum
/// to 1; ALiBi: Toeplitz, rows sum to 1, bias <= 0 on and below the diagonal, nearest key
/// favoured; relative and hybrid: Toeplitz, rows sum to 1.
std::vector<Invariant> invariantsOf(Card card);

/// @brief Positions the read-outs look at: the first min(L, 96), and the last as many.
inline constexpr std::int64_t kInvariantPositions = 96;

/// @brief Evaluates one invariant of the card (pitfall included) on dense views computed by
/// `backend`, at the first n positions and at the last n (n = min(L, 96)): Table rows (norm
/// kept), Score rows x the same columns (Toeplitz, ALiBi sign, nearest key), Attention rows over
/// all L keys (rows sum to 1). Returns the failing reading, else the one nearer its tolerance
/// (value / tolerance); its detail names absolute positions.
/// @throws InvalidParameter (invalid params, a quantity the card or pitfall does not offer),
///         ComputeLimitExceeded, std::runtime_error from the backend
InvariantReading evaluateInvariant(Backend& backend, const CardParams& params, Invariant invariant);

/// @brief Stable names: "norm-kept", "toeplitz", "rows-sum-to-1", "alibi-bias-non-positive",
/// "nearest-key-favoured".
std::string toString(Invariant value);

} // namespace pecards
