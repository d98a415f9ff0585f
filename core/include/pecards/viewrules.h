#pragma once
/// @file viewrules.h
/// @brief Rules that every backend and both front ends apply to a request in the same way
/// (docs/quantities.md). Defined once here; the CPU reference, the OpenCL backend, the CLI and
/// the GUI only call them.

#include "pecards/params.h"

#include <cstdint>

namespace pecards {

/// @brief The sequence length that selects RoPE frequencies: `rope.seq_len` when it is set
/// (> 0), else the view length `length` (positions).
///
/// It is the `seq_len` that Hugging Face transformers passes to the dynamic-NTK and LongRoPE
/// frequency rules (`_compute_dynamic_ntk_parameters`, `_compute_longrope_parameters` in
/// modeling_rope_utils.py): dynamic NTK rescales the base once it exceeds
/// `original_max_position_embeddings`, LongRoPE picks `long_factor` above it.
std::int64_t effectiveSeqLen(const RopeParams& rope, std::int64_t length);

/// @brief The causal part of the mask: `params.causal`, or (ALiBi and hybrid cards) the Causal
/// ALiBi form, whose -m(i-j) is defined for j <= i only (Press et al. 2022 §3). The row-offset
/// forms are biases over every key, masked by the causal mask the model applies separately (HF
/// BLOOM `build_alibi_tensor` gives +m j for every j, the mask comes from
/// `_prepare_4d_causal_attention_mask`), so they follow `params.causal` like the symmetric form.
/// Only `visibility` calls it: every masking place asks `visibility`.
bool isCausal(const CardParams& params);

/// @brief Whether attention rows of `params` can be normalised by the stratified estimate
/// (normaliserestimate.h): its midpoint rule follows logits that peak near the diagonal or stay
/// bounded; ALiBi's row-offset forms without the causal mask grow by m per key up to the last one
/// (+m j over every key), and a stratum's midpoint misses its far end by up to m L / 8, so the
/// estimate is off by e^(m L / 8) (attention values far above 1). False for those, true otherwise.
bool normaliserEstimable(const CardParams& params);

/// No limit on a delta (|delta| < L <= 2^24 always lies inside).
inline constexpr std::int64_t kNoDeltaLimit = std::int64_t {1} << 40;

/// @brief Which keys j a query i sees in Score, Attention and the content views (masked
/// entries: -inf score and logit, attention 0, each row's softmax over its visible keys only).
///
/// visible(i, j) = (!causal || j <= i) && (C == 0 || floor(i/C) = floor(j/C))
///                 && (W == 0 || j < n_sink || |i - j| < W).
///
/// - Sliding window W (Mistral 7B, Jiang et al. 2023 §2; HF `sliding_window`, e.g. 4096 in
///   Mistral-7B-v0.1): HF transformers' masking_utils.sliding_window_overlay keeps
///   `kv_idx > q_idx - sliding_window`, i.e. i - j < W: W keys including the query itself.
///   Without the causal mask the same count is applied both ways, |i - j| < W (HF's bidirectional
///   overlay uses |i - j| <= W; PE Cards keeps one meaning of W). W = 0: no window.
/// - Attention sinks n_sink (StreamingLLM, Xiao et al. 2023, "Efficient Streaming Language
///   Models with Attention Sinks" §3.2; mit-han-lab/streaming-llm StartRecentKVCache with
///   start_size = 4): the first n_sink keys stay visible to every query (still causal). They
///   only matter with a window; with W = 0 every key is visible anyway.
///
/// - Chunked attention C (Llama 4's RoPE layers, HF `attention_chunk_size` 8192; masking_utils
///   chunked_overlay: `kv_idx // chunk_size == q_idx // chunk_size`): a query sees the keys of
///   its own chunk of C positions only, the sinks included. Not Toeplitz: the visible deltas of
///   row i are [i - chunkLast(i), i - chunkFirst(i)], so every consumer asks visibleDeltas or
///   visible. C = 0: no chunks.
///
/// Positions are the ones of the original text: StreamingLLM gives RoPE the positions within
/// its cache (a sink at cache slot s, the recent keys right after it), which makes a sink look
/// n_sink + W - 1 or fewer positions away; the views here show i - j of the text, as HF's
/// sliding-window models do.
///
/// Buckets, Table and Phase are never masked (callers do not ask).
struct Visibility {
    bool causal = false; ///< keys j > i are masked
    std::int64_t sinks = 0; ///< n_sink, >= 0
    std::int64_t window = 0; ///< W, 0 = none
    std::int64_t chunk = 0; ///< C, 0 = none: keys of the query's chunk only (floor(i/C) = floor(j/C))

    /// @brief Whether key j is visible from query i (positions >= 0).
    constexpr bool visible(std::int64_t i, std::int64_t j) const {
        if ((causal && j > i) || (chunk > 0 && i / chunk != j / chunk)) {
            return false;
        }
        return window == 0 || j < sinks || (i - j < window && j - i < window);
    }
    /// @brief Whether some entry is masked for some length.
    constexpr bool masks() const { return causal || window > 0 || chunk > 0; }
    /// @brief The keys [first, last] of query i's chunk (all keys without a chunk).
    constexpr std::int64_t chunkFirst(std::int64_t i) const { return chunk > 0 ? i / chunk * chunk : 0; }
    constexpr std::int64_t chunkLast(std::int64_t i) const {
        return chunk > 0 ? i / chunk * chunk + chunk - 1 : kNoDeltaLimit;
    }
    /// @brief Keys j < sinkEnd() need only the causal rule: n_sink with a window, else 0.
    constexpr std::int64_t sinkEnd() const { return window > 0 ? sinks : 0; }
    /// @brief Visible deltas i - j of a sink key: [causalLow(), kNoDeltaLimit].
    constexpr std::int64_t causalLow() const { return causal ? 0 : -kNoDeltaLimit; }
    /// @brief Visible deltas of keys j >= sinkEnd(): [bandLow(), bandHigh()].
    constexpr std::int64_t bandLow() const { return causal ? 0 : (window > 0 ? 1 - window : -kNoDeltaLimit); }
    constexpr std::int64_t bandHigh() const { return window > 0 ? window - 1 : kNoDeltaLimit; }
    bool operator==(const Visibility&) const = default;
};

/// @brief The single definition of the mask of Score, Attention and the content views of
/// `params`: isCausal(params), `attention_sinks`, `sliding_window` and `attention_chunk` (Visibility).
Visibility visibility(const CardParams& params);

/// @brief A range [lo, hi] of deltas i - j, both ends included.
struct DeltaRange {
    std::int64_t lo = 0;
    std::int64_t hi = 0;
    bool operator==(const DeltaRange&) const = default;
};

/// @brief The visible deltas i - j of row `row` over keys j in [j0, j1] (and in the row's chunk):
/// at most two disjoint ranges (the keys from sinkEnd() on, then the sink keys), written to `out`
/// in ascending delta;
/// returns how many are non-empty (0 when no key of [j0, j1] is visible).
int visibleDeltas(
    const Visibility& visibility, std::int64_t row, std::int64_t j0, std::int64_t j1, DeltaRange (&out)[2]);

} // namespace pecards
