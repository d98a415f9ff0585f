#pragma once
/// @file mrope.h
/// @brief Multimodal RoPE (M-RoPE) of vision-language models: every token has three position ids
/// (temporal t, height h, width w); each rotary frequency pair turns by the id of one of the three
/// axes. This file answers which pair follows which axis (the layouts of Qwen2-VL / 2.5-VL,
/// Qwen3-VL and GLM-4.xV), which ids transformers gives each token of a sequence of text, image,
/// video and audio segments (`get_rope_index`, Qwen2.5-Omni's time-aligned TMRoPE included), and
/// the positional score between any two tokens of it.
/// For text alone the three ids are equal, so M-RoPE is ordinary RoPE (docs/encodings.md §2).

#include "pecards/params.h"

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pecards {

/// @brief One of the three position streams.
enum class MropeAxis { Time = 0, Height = 1, Width = 2 };

/// @brief How `mrope_section` = [s_t, s_h, s_w] assigns the rotary pairs to the axes.
enum class MropeLayout {
    /// Qwen2-VL, Qwen2.5-VL, GLM-4.1V / 4.5V: pairs [0, s_t) follow t, the next s_h follow h, the
    /// last s_w follow w (transformers `apply_multimodal_rotary_pos_emb`: cos split by
    /// `mrope_section * 2`, chunk i takes axis i % 3; GLM-4.5V `recomposition_frequencies`).
    Blocked,
    /// Qwen3-VL, Qwen3.5: pair j follows h when j % 3 == 1 and j < 3 s_h, w when j % 3 == 2 and
    /// j < 3 s_w, else t (transformers v4.57 `Qwen3VLTextRotaryEmbedding.apply_interleaved_mrope`).
    Interleaved,
};

/// @brief The axis each rotary pair follows: entry j for pair j, sum(section) entries.
/// Frequencies are those of the layer (ropeScaledInvFreq); only the position differs per pair.
/// @throws InvalidParameter unless `section` has 3 entries, each in [1, 4096].
std::vector<MropeAxis> mropeAxisOfPair(const std::vector<int>& section, MropeLayout layout);

/// @brief Whose `get_rope_index` builds the ids (they differ only for video).
enum class MropeFamily {
    Qwen2VL, ///< video t = grid index k (transformers `Qwen2VLModel.get_rope_index`)
    /// video t = floor(k * seconds_per_grid * tokens_per_second), in float32 as torch multiplies
    /// an int64 range by a float scalar (`Qwen2_5_VLModel.get_rope_index`)
    Qwen25VL,
    /// each temporal grid of a video is its own frame of t = 1 preceded by its timestamp text
    /// (`Qwen3VLModel.get_rope_index`: video_grid_thw repeated per frame, t set to 1)
    Qwen3VL,
    /// frames as Qwen3-VL: each frame is a group of its own between timestamp texts
    /// (`Glm4vModel.get_rope_index`, token groups by itertools.groupby)
    Glm4V,
    /// TMRoPE (transformers `Qwen2_5OmniPreTrainedModelForConditionalGeneration.get_rope_index`):
    /// every image, video and audio is framed by a start and an end token (one text id each, added
    /// here); video t = floor(k * seconds_per_grid * position_id_per_seconds) in float32; audio of F
    /// mel frames is ((F - 1) // 2 + 1 - 2) // 2 + 1 tokens with t = h = w consecutive; a video with
    /// its audio (`use_audio_in_video`) has two start tokens at one id, then its video and audio ids
    /// from the same start, interleaved in chunks of position_id_per_seconds * seconds_per_chunk
    /// ids (video chunk j, then audio chunk j: `get_chunked_index`), then two end tokens at one id.
    Qwen25Omni,
};

/// @brief One part of a composed sequence.
struct MropeSegment {
    enum class Kind { Text, Image, Video, Audio };
    Kind kind = Kind::Text;
    std::int64_t tokens = 0; ///< Text: number of tokens, >= 1
    int grids = 1; ///< Video: temporal grids T (frames after temporal patching), >= 1; Image: 1
    int height = 0; ///< Image, Video: patches per column before merging, a multiple of the merge size
    int width = 0; ///< Image, Video: patches per row before merging, a multiple of the merge size
    /// Audio (Qwen2.5-Omni): mel frames of the clip (the feature extractor's audio_seqlens: 100 per
    /// second at 16 kHz), >= 3; Video: frames of its own audio track (use_audio_in_video), 0 = none
    std::int64_t audio_frames = 0;
    bool operator==(const MropeSegment&) const = default;
};

/// @brief What the processor and the vision config add to the segments.
struct MropeVision {
    int spatial_merge_size = 2; ///< vision_config.spatial_merge_size: m x m patches make a token
    double tokens_per_second = 2.0; ///< Qwen2.5-VL vision_config.tokens_per_second
    /// Qwen2.5-VL second_per_grid_t (the processor's temporal_patch_size / fps); 1.0 is the value
    /// the model uses when the processor gives none
    double seconds_per_grid = 1.0;
    /// Qwen3-VL, GLM-4.xV: text tokens the processor writes before each video frame (the
    /// timestamp and the frame's start marker; the count depends on the tokenizer)
    int frame_text_tokens = 0;
    /// Qwen2.5-Omni thinker_config.position_id_per_seconds: temporal ids per second (default 25)
    int position_id_per_seconds = 25;
    /// Qwen2.5-Omni thinker_config.seconds_per_chunk: seconds per interleaved chunk (default 2)
    double seconds_per_chunk = 2.0;
    bool operator==(const MropeVision&) const = default;
};

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

} // namespace pecards
