#pragma once
/// @file pitfallspec.h
/// @brief What a dense pitfall view computes, as data both backends evaluate (docs/quantities.md,
/// "Pitfall views"): per-position vectors built column by column from cos/sin of exact angles
/// (with the pitfall's storage rounding), an optional projection, and a logit
/// `alpha q_i.k_j + bias_scale (key_bias[j] + row_coef i + abs_coef |i - j| + delta_bias[i - j])`.

#include "pecards/params.h"
#include "pecards/view.h"
#include "pecards/viewrules.h"

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <vector>

namespace pecards {

/// @brief The vectors of one side (queries or keys): before projection,
/// u_p[c] = cos_weight[c] * C(p, c) + sin_weight[c] * S(p, c) with
/// C = round_cache(cos(round_position(p) * frequency[c])) and S likewise with sin; then
/// v_p = projection * u_p (projection empty: v_p = u_p). Rounding: roundToFormat (pitfall.h)
/// when the format flag is set, none otherwise.
struct PitfallSide {
    Eigen::VectorXd cos_weight;
    Eigen::VectorXd sin_weight;
    Eigen::VectorXd frequency; ///< radians per position, already in the stored format
    Eigen::MatrixXd projection; ///< D x columns, or empty
    bool round_positions = false;
    bool round_cache = false;
    /// M-RoPE (the multimodal card): column c turns by axis_ids[column_axis[c]][p] instead of the
    /// position p (mrope.h); empty = every column turns by p.
    std::vector<int> column_axis;
    std::array<std::vector<std::int64_t>, 3> axis_ids; ///< t, h, w ids per position, with column_axis
    /// @brief The position column c of position p turns by.
    std::int64_t positionOf(std::int64_t p, int c) const {
        return column_axis.empty()
            ? p
            : axis_ids[static_cast<std::size_t>(column_axis[static_cast<std::size_t>(c)])]
                      [static_cast<std::size_t>(p)];
    }
    StorageFormat format = StorageFormat::Float32;
    int dimension() const { return projection.size() > 0 ? static_cast<int>(projection.rows()) : columns(); }
    int columns() const { return static_cast<int>(cos_weight.size()); }
};

/// @brief A dense pitfall view: sides (empty for ALiBi and relative pitfalls), logit scale,
/// bias and mask. Entry (i, j) is masked when causal and j > i, or key_bias[j] = -inf.
struct PitfallSpec {
    PitfallSide query;
    PitfallSide key;
    double alpha = 1.0; ///< multiplies q_i.k_j
    double bias_scale = 1.0; ///< multiplies the bias
    Eigen::VectorXd key_bias; ///< L entries or empty
    double row_coef = 0.0;
    double abs_coef = 0.0;
    Eigen::VectorXd delta_bias; ///< 2L-1 entries indexed by i - j + L - 1, or empty
    bool causal = false;
    std::int64_t sinks = 0; ///< attention sinks (Score, Attention; pecards::Visibility)
    std::int64_t window = 0; ///< sliding window, 0 = none (Score, Attention; pecards::Visibility)
    std::int64_t chunk = 0; ///< chunked attention, 0 = none (Score, Attention; pecards::Visibility)
    std::int64_t length = 0; ///< L
    /// @brief The mask of Score and Attention: the pitfall's causal rule with the card's sinks,
    /// window and chunk.
    Visibility visibility() const { return {causal, sinks, window, chunk}; }
};

/// @brief The dense view of validated params (a dense pitfall, fixed or not, or any view of the
/// multimodal card) for
/// Table (sides only), Score, Attention or Buckets. Per pitfall (the fixed form in brackets):
/// - SinusoidalOddDModel: tatp22/multidim-positional-encoding `PositionalEncoding1D`: the
///   interleaved table of channels = d+1 (inv_freq 1/base^(2k/channels)) with the last (cosine)
///   column dropped: its last column is a lone sine, so PE_i.PE_j is not Toeplitz. [even d only:
///   the correct path rejects odd d]
/// - SinusoidalDimensionExponent: column c uses base^(-c/d) (sin and cos of one pair get
///   different frequencies). [base^(-2 floor(c/2)/d)]
/// - RopeRotateOnHalfSplitTable: `rotate_every_two` with HF's `cat(freqs, freqs)` table. [GPT-J's
///   interleaved table]
/// - RopeLayoutMismatch: probe q/k exported in the other layout, rotated in rope.layout. [HF permute]
/// - RopePositions/InvFreq/CacheLowPrecision: positions, inv_freq or cos/sin rounded to the
///   format (bf16 positions: Gemma/Unsloth report, 2024). [exact]
/// - RopeStaleDynamicNtk: keys rotated with ropeStaleDynamicInvFreq().stale. [current]
/// - RopePartialConvention: q and k rotated with the pairing and frequencies of the other
///   rope.partial convention (classic <-> proportional, rope.h). [rope.partial]
/// - T5NoMaxDistanceClamp: t5BucketUnclamped; a bucket outside the bias table is the IndexError
///   of torch.nn.Embedding. [t5Bucket]
/// - TxlRelShiftWrongRow: (b)+(d) through txlRelShiftWrongRow. [`_rel_shift`]
/// - AlibiFlippedSlope: +m (i - j) (docs/encodings.md §8). [-m (i - j)]
/// - AlibiRowOffsetNoMask: +m j with no mask. [-m |i - j|]
/// - AlibiLeftPaddingArange: HF BLOOM `build_alibi_tensor` with `arange` positions: bias
///   round(m j) in the format (`.to(dtype)`), keys j < left_padding masked. [round(m (j - P))]
/// - HybridRotateBeforeProjection: q_i = W_q R_i x, k_j = W_k R_j y. [R_i W_q x, R_j W_k y]
/// - HybridBiasBeforeScale: (q.k + bias) / sqrt(d). [q.k / sqrt(d) + bias]
/// - MropeLayoutMismatch: q and k rotated with the other MropeLayout's pair-to-axis map. [the
///   card's layout]
/// - MropePartialFactorDropped: the rotating pairs turn at base^(-2p/head_dim), the frequencies of
///   a whole-head rotary (partial_rotary_factor dropped), not base^(-2p/rotary_dim). [rotary_dim]
/// The multimodal card's Score and Attention are dense views with or without a pitfall: q and k
/// rotated as RoFormer eq. 14 per pair, by the id of the pair's axis (mropeAxisOfPair) of each
/// token's M-RoPE positions (mropePositionIds), with HF's attention_scaling on cos and sin
/// (transformers v4.57 `Qwen2VLRotaryEmbedding`, `apply_multimodal_rotary_pos_emb`).
/// @throws InvalidParameter (invalid params, not a dense pitfall or multimodal card, quantity not
///         offered, a T5 bucket outside the table), ComputeLimitExceeded never
PitfallSpec pitfallSpec(const CardParams& params, Quantity quantity);

/// @brief v_p for positions [first, first + count): count x side.dimension().
Eigen::MatrixXd pitfallVectors(const PitfallSide& side, std::int64_t first, std::int64_t count);

/// @brief The bias of entry (i, j) (without bias_scale), -inf when key_bias[j] is -inf.
double pitfallBias(const PitfallSpec& spec, std::int64_t i, std::int64_t j);

} // namespace pecards
