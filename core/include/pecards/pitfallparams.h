#pragma once
/// @file pitfallparams.h
/// @brief Which classic positional-encoding bug a card reproduces (pitfall.h), as a plain value
/// inside CardParams. The default (Pitfall::None) is the correct computation.

#include "pecards/paramtable.h"

#include <cstdint>

namespace pecards {

/// @brief The pitfalls of the deck, each belonging to one card (pitfallCard in pitfall.h).
/// What each computes, and the public code or report it reproduces, is documented at
/// pitfallSpec (pitfallspec.h) and listed by pitfallSummary (pitfall.h).
enum class Pitfall {
    None,
    SinusoidalOddDModel, ///< odd d_model through naive 0::2 / 1::2 code
    SinusoidalDimensionExponent, ///< 10000^(-c/d) with the column index c
    RopeRotateOnHalfSplitTable, ///< rotate_every_two on a cat(freqs, freqs) cos/sin table
    RopeLayoutMismatch, ///< q/k exported in one layout, rotated in the other (fix: HF permute)
    RopePositionsLowPrecision, ///< positions stored in bf16 / fp16
    RopeInvFreqLowPrecision, ///< inv_freq stored in bf16 / fp16
    RopeCacheLowPrecision, ///< the cos/sin cache stored in bf16 / fp16
    RopeStaleDynamicNtk, ///< dynamic NTK: keys rotated under the base of an earlier, longer sequence
    RopePartialConvention, ///< a partial rotary read in the other convention (classic <-> proportional)
    RopeSmallBase, ///< a base far too small for the context (aliasing)
    ShawSmallClip, ///< Shaw clip k far below the distances that matter
    T5NoMaxDistanceClamp, ///< T5 buckets without the min(..., num_buckets - 1) clamp
    TxlRelShiftWrongRow, ///< Transformer-XL _rel_shift slicing off the last row instead of the first
    AlibiFlippedSlope, ///< +m (i - j): the slope sign flipped
    AlibiRowOffsetNoMask, ///< the +m j row-offset form in a bidirectional (unmasked) encoder
    AlibiLeftPaddingArange, ///< BLOOM left padding: positions from arange instead of cumsum(mask) - 1
    HybridRotateBeforeProjection, ///< RoPE applied to embeddings before the q/k projection
    HybridBiasBeforeScale, ///< ALiBi bias added inside the 1/sqrt(d) scaled product
    MropeLayoutMismatch, ///< M-RoPE pairs assigned blocked on an interleaved model, or back
    MropePartialFactorDropped, ///< M-RoPE frequencies built over head_dim, not the partial rotary_dim
};

/// @brief Storage format of a low-precision quantity: round to nearest, ties to even, to 24
/// (float32), 8 (bfloat16) or 11 (float16) significant bits (float16 also with its exponent range).
enum class StorageFormat { Float32, Bfloat16, Float16 };

/// @brief The pitfall shown and its own parameters (defaults, in paramtable.h, are the values of the
/// public reports).
struct PitfallParams {
    Pitfall kind = Pitfall::None;
    /// The pitfall's scenario with its fix applied (the "correct" side of the Pitfalls view): e.g.
    /// the HF permute of q/k weights, cumsum(mask) - 1 positions, the matching cos/sin table.
    bool fixed = false;
    StorageFormat format = StorageFormat::Bfloat16; ///< RoPE precision pitfalls, BLOOM left padding
    // Ranges and defaults: paramtable.h; relations to other fields are noted here.
    double small_base = paramDefault<double>(ParamId::SmallBase); ///< RopeSmallBase: the base used
    int small_clip_k = paramDefault<int>(ParamId::SmallClipK); ///< ShawSmallClip: the clip k used
    /// RopeStaleDynamicNtk: the earlier sequence length, > the effective seq_len
    std::int64_t stale_seq_len = paramDefault<std::int64_t>(ParamId::StaleSeqLen);
    /// AlibiLeftPaddingArange: pad tokens P, <= L - 1
    std::int64_t left_padding = paramDefault<std::int64_t>(ParamId::LeftPadding);
    bool operator==(const PitfallParams&) const = default;
};

} // namespace pecards
