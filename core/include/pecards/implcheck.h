#pragma once
/// @file implcheck.h
/// @brief "Does my engine compute what the model does?": an engine's own RoPE numbers (its
/// inv_freq, or its cos/sin cache) against the double-precision reference, within the tolerance
/// of the format they were stored in, and against every known bug variant of the same model, so
/// that a mismatch comes with the name of the bug that reproduces it.
///
/// The variants are the bugs engines ship (docs/python.md, README "Check an implementation"): the
/// scaling ignored, YaRN's truncate flipped, the partial rotary factor ignored or read in the other
/// convention, the base taken from the class default, the frequencies or positions held in
/// bfloat16 / float16, a cos/sin cache stored in bfloat16 / float16 where a finer format is
/// claimed, the attention factor missing or applied twice, the pair layout swapped,
/// dynamic NTK or LongRoPE evaluated for the wrong length, DeepSeek's mscale keys ignored or its
/// softmax mscale^2 put into the cache, and for M-RoPE the other pair layout (blocked vs
/// interleaved) or the three position ids ignored.

#include "pecards/mrope.h"
#include "pecards/params.h"
#include "pecards/pitfallparams.h"

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pecards {

/// @brief The format the checked numbers were computed or stored in: it sets the tolerance.
enum class CheckFormat { Float64, Float32, Bfloat16, Float16 };

/// @brief Unit roundoff u of a format (half an ulp at 1): 2^-53, 2^-24, 2^-9, 2^-11.
double unitRoundoff(CheckFormat format);

/// @brief One known way of computing the table, the correct one first.
struct CheckVariant {
    std::string name; ///< "reference", "inv-freq-bf16", "attention-factor-missing", ...
    std::string explanation; ///< the bug in one line
    double max_error = 0.0; ///< largest error of the user's numbers against this variant, in tolerances
    bool fits = false; ///< max_error <= 1: the user's numbers are this variant within the tolerance
    bool comparable = true; ///< false when its table has another shape (max_error is then unset)
};

/// Rows of a cos/sin check's error map at most (blocks of consecutive positions).
inline constexpr int kCheckMapRows = 256;

/// @brief Where a cos/sin cache differs from the reference: the largest error of each block of
/// positions (row) and pair (column), in tolerances (> 1: over the tolerance). Row r covers the
/// positions first_position + [r * positions / rows, (r + 1) * positions / rows).
struct CheckErrorMap {
    int rows = 0; ///< min(kCheckMapRows, positions)
    int cols = 0; ///< pairs (r/2)
    std::int64_t first_position = 0;
    std::int64_t positions = 0; ///< rows of the checked table
    std::vector<double> values; ///< rows * cols, row-major
    double at(int row, int col) const { return values[static_cast<std::size_t>(row) * cols + col]; }
};

/// @brief The M-RoPE position ids of the checked rows (mrope.h): row k of a cos/sin cache or of
/// rotated vectors is token k, whose pair p turns by theta_p * ids[axis(p)][k], the axis of pair p
/// given by `section` and `layout` (mropeAxisOfPair).
struct CheckMrope {
    std::vector<int> section; ///< [s_t, s_h, s_w], summing to rotary_dim / 2
    MropeLayout layout = MropeLayout::Blocked;
    std::array<std::vector<std::int64_t>, 3> ids; ///< ids[axis][row]: t, h, w of each checked row
};

/// @brief The outcome of a check.
struct CheckReport {
    bool matches = false; ///< the user's numbers equal the reference within the tolerance
    CheckFormat format = CheckFormat::Float64;
    /// The format's unit roundoff u. Tolerance of one entry: inv_freq: 16u |theta_i| (relative);
    /// cos/sin: 16u (1 + |m theta_i|) times the attention factor (the angle m theta_i rounded in
    /// the format, then its cos); rotated vectors: that times |x_a| + |x_b| of the pair.
    double unit_roundoff = 0.0;
    /// against the reference, in tolerances (<= 1 when it matches); infinity when the user's table
    /// has another size than the reference's (a variant of that size may still fit)
    double max_error = 0.0;
    double max_abs_error = 0.0; ///< against the reference, absolute (inv_freq: rad/position; cos/sin: value)
    double max_phase_error = 0.0; ///< cos/sin: largest |angle(cos, sin) - m theta_i| in radians (mod 2 pi)
    /// cos/sin, rotated: first position over the tolerance (-1: none; for M-RoPE the token, i.e.
    /// the row); inv_freq: -1
    std::int64_t first_position = -1;
    int first_pair = -1; ///< first pair over the tolerance (-1: none)
    std::vector<CheckVariant> variants; ///< every variant, the best fit first (reference included)
    CheckErrorMap error_map; ///< cos/sin only: the reference's errors by position block and pair
};

/// @brief Checks an engine's inv_freq (theta_i, r/2 entries, radians per position) for a model
/// with parameters `params` at sequence length `seq_len` (the scaled frequencies of
/// ropeScaling). Each entry's tolerance is 16u |theta_i| for the format.
/// @throws InvalidParameter for invalid params, an empty or non-finite table
CheckReport checkInvFreq(
    const RopeParams& params, std::int64_t seq_len, const Eigen::VectorXd& inv_freq, CheckFormat format);

/// @brief Checks an engine's cos/sin cache for positions first_position, first_position + 1, ...
/// (one row each): either r columns in the model's layout (HF cat(freqs, freqs) for half-split,
/// each frequency twice in a row for interleaved), or r/2 columns (one per pair). Entries include
/// the attention factor, as HF's `cos * attention_scaling`. Rows are compared as they come: no
/// table of the reference or of a variant is held.
/// @throws InvalidParameter for invalid params, tables of different shapes, a column count other
///         than r or r/2, a non-finite entry, or first_position outside [0, 2^26]
CheckReport checkCosSin(const RopeParams& params, std::int64_t seq_len, const Eigen::MatrixXd& cos,
    const Eigen::MatrixXd& sin, std::int64_t first_position, CheckFormat format);

/// @brief As checkCosSin for an M-RoPE model: row k is token k with the three ids of `mrope`.
/// The variants add the other layout ("mrope-layout-swapped") and one id per row, the row index
/// ("mrope-ids-ignored", as for text alone). The error map's positions are then tokens (rows).
/// @throws InvalidParameter as checkCosSin, or if the section does not have 3 entries in [1, 4096]
///         summing to rotary_dim / 2, an axis has not one id per row, or an id is outside [0, 2^26]
CheckReport checkCosSin(const RopeParams& params, std::int64_t seq_len, const Eigen::MatrixXd& cos,
    const Eigen::MatrixXd& sin, const CheckMrope& mrope, CheckFormat format);

/// @brief Checks an engine's rotated vectors: row k of `rotated` must be R_m x for m =
/// first_position + k and x = row k of `unrotated` (head_dim columns each), as HF's
/// apply_rotary_pos_emb gives it: each pair of the layout turned by m theta_i and multiplied by
/// the attention factor, the dims past the rotary ones unchanged.
/// @throws InvalidParameter for invalid params, tables of different shapes or not head_dim
///         columns, a non-finite entry, or first_position outside [0, 2^26]
CheckReport checkRotated(const RopeParams& params, std::int64_t seq_len, const Eigen::MatrixXd& unrotated,
    const Eigen::MatrixXd& rotated, std::int64_t first_position, CheckFormat format);

/// @brief As checkRotated for an M-RoPE model, row k being token k with the ids of `mrope` (the
/// variants and errors of the M-RoPE checkCosSin).
CheckReport checkRotated(const RopeParams& params, std::int64_t seq_len, const Eigen::MatrixXd& unrotated,
    const Eigen::MatrixXd& rotated, const CheckMrope& mrope, CheckFormat format);

/// @brief The pitfall of the catalogue (pitfall.h) that shows the bug of check variant `name`
/// (CheckVariant::name): inv-freq-bf16/fp16 -> RopeInvFreqLowPrecision, positions-bf16/fp16 ->
/// RopePositionsLowPrecision (their views show every storage format), dynamic-ntk-wrong-length ->
/// RopeStaleDynamicNtk, partial-convention -> RopePartialConvention; any other name -> None.
Pitfall pitfallOfVariant(const std::string& name);

/// @brief "float64", "float32", "bfloat16", "float16".
std::string toString(CheckFormat format);

} // namespace pecards
