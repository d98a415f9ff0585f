#pragma once
/// @file mrope.h
/// @brief Multimodal RoPE (M-RoPE) of vision-language models: every token has three position ids
/// (temporal t, height h, width w); each rotary frequency pair turns by the id of one of the three
/// axes. This file answers which pair follows which axis (the layouts of Qwen2-VL / 2.5-VL,
/// Qwen3-VL and GLM-4.xV), which ids transformers gives each token of a sequence of text, image,
/// video and audio segments (`get_rope_index`, Qwen2.5-Omni's time-aligned TMRoPE included), and
/// the positional score between any two tokens of it.
/// For text alone the three ids are equal, so M-RoPE is ordinary RoPE (docs/encodings.md §2).

#include "pecards/multimodalparams.h"
#include "pecards/params.h"

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pecards {

/// @brief The axis each rotary pair follows: entry j for pair j, sum(section) entries.
/// Frequencies are those of the layer (ropeScaledInvFreq); only the position differs per pair.
/// @throws InvalidParameter unless `section` has 3 entries, each in [1, 4096].
std::vector<MropeAxis> mropeAxisOfPair(const std::vector<int>& section, MropeLayout layout);

/// @brief The ids of every token of a composed sequence, in order.
struct MropePositions {
    std::array<std::vector<std::int64_t>, 3> ids; ///< ids[axis][token]: t, h, w
    /// the segment each token belongs to (index into the segments); frame text of a video belongs
    /// to the video's segment
    std::vector<int> segment;
    /// what decoding adds to the cache position for the next tokens: max id + 1 - token count
    /// (transformers `mrope_position_deltas`)
    std::int64_t delta = 0;
    std::int64_t size() const { return static_cast<std::int64_t>(segment.size()); }
};

/// @brief Largest composed sequence, in tokens.
inline constexpr std::int64_t kMaxMropeTokens = std::int64_t {1} << 24;

/// @brief The position ids transformers' `get_rope_index` gives the tokens of `segments`, as
/// MropeFamily describes per family. Text resumes at the largest id so far + 1; an image or video
/// grid of H x W patches becomes (H/m) x (W/m) tokens with t, h, w = start + (time, row, column).
/// Worked example (Qwen2.5-VL, m = 2): text:3, image:4x6, text:2 gives
/// t = 0 1 2 3 3 3 3 3 3 6 7, h = 0 1 2 3 3 3 4 4 4 6 7, w = 0 1 2 3 4 5 3 4 5 6 7, delta -3.
/// @throws InvalidParameter for an empty list, a text of < 1 token, a grid not divisible by the
///         merge size or outside [1, 4096] patches a side, T outside [1, 4096], a merge size outside
///         [1, 16], a non-finite or negative time scale, more than kMaxMropeTokens tokens, a GLM
///         video of T > 1 frames without frame text (its groups would merge), audio outside
///         Qwen2.5-Omni or of fewer than 3 frames, or videos with and without their audio in one
///         sequence (transformers' use_audio_in_video is one flag).
MropePositions mropePositionIds(
    MropeFamily family, const std::vector<MropeSegment>& segments, const MropeVision& vision);

/// @brief The number of tokens mropePositionIds would return, without building them.
/// @throws InvalidParameter as mropePositionIds.
std::int64_t mropeTokenCount(
    MropeFamily family, const std::vector<MropeSegment>& segments, const MropeVision& vision);

/// @brief Parses "text:3,image:4x6,video:2x4x4,text:2" (video: T x H x W) into segments; Omni's
/// "audio:300" (mel frames) and "video:2x4x4+audio:200" (a video with its audio track).
/// @throws InvalidParameter naming the item that does not parse and the grammar.
std::vector<MropeSegment> parseMropeSegments(const std::string& text);

/// @brief The text parseMropeSegments reads back into `segments` ("text:3,image:4x6,text:2").
std::string formatMropeSegments(const std::vector<MropeSegment>& segments);

/// @brief Checks the multimodal card's M-RoPE parameters against its RoPE and length: the family
/// and layout are known values, `section` has 3 entries in [1, 4096] summing to rotary_dim / 2,
/// rope.partial is classic (no M-RoPE model rotates proportionally), the segments compose
/// (mropeTokenCount) and `length` is their token count.
/// @throws InvalidParameter naming the first value out of range and what is allowed.
void validate(const MultimodalParams& params, const RopeParams& rope, std::int64_t length);

/// @brief Largest sequence mropeScore computes in full (N x N doubles).
inline constexpr std::int64_t kMaxMropeScoreTokens = 8192;

/// @brief Positional score between every query token i and key token j of a composed sequence:
/// S(i, j) = (R_i q) . (R_j k), where R_i turns pair p by theta_p * ids[axis(p)][i] (RoFormer
/// eq. 14 per pair, the axis from `axis`) and pass-through dims keep their product. No 1/sqrt(d),
/// no attention factor (as ropeScoreProfile). Shape N x N, N = positions.size().
/// @param inv_freq theta_p, rotaryDim(params)/2 entries (scaled or not)
/// @param axis     one axis per pair (mropeAxisOfPair), inv_freq.size() entries
/// @throws InvalidParameter if q or k has not head_dim entries, the sizes disagree, or
///         N > kMaxMropeScoreTokens
Eigen::MatrixXd mropeScore(const RopeParams& params, const Eigen::VectorXd& inv_freq,
    const Eigen::VectorXd& q, const Eigen::VectorXd& k, const std::vector<MropeAxis>& axis,
    const MropePositions& positions);

/// @brief Stable names: "t", "h", "w"; "blocked", "interleaved"; "qwen2-vl", "qwen2.5-vl",
/// "qwen3-vl", "glm4v", "qwen2.5-omni".
std::string toString(MropeAxis value);
std::string toString(MropeLayout value);
std::string toString(MropeFamily value);

/// @brief Inverses of toString (workspace files, CLI). @throws InvalidParameter for unknown names.
template <> MropeLayout fromString<MropeLayout>(const std::string& name);
template <> MropeFamily fromString<MropeFamily>(const std::string& name);

} // namespace pecards
