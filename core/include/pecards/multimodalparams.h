#pragma once
/// @file multimodalparams.h
/// @brief The parameters of the multimodal card (M-RoPE of vision-language models): which
/// transformers family numbers the tokens, how `mrope_section` assigns the rotary pairs to the
/// three position streams, and the composed sequence of text, image, video and audio segments.
/// The computations are in mrope.h; the card's frequencies are those of CardParams::rope.

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

/// @brief Whose vision tower, which sets the layout of the pairs (see the file comment).
enum class VisionRopeFamily { Pixtral, Gemma4 };

/// @brief A vision tower's 2-D RoPE as its config gives it.
struct VisionRope {
    VisionRopeFamily family = VisionRopeFamily::Pixtral;
    /// vision_config.head_dim (Pixtral: else hidden_size / num_attention_heads); even, in [4, 1024];
    /// Gemma 4: a multiple of 4 (two halves of whole pairs)
    int head_dim = 64;
    double theta = 10000.0; ///< vision_config.rope_parameters.rope_theta, in [1, 1e12]
    /// Pixtral: image_size / patch_size, the largest grid side its frequency table covers (a row or
    /// column id beyond it is out of the table); 0: no limit (Gemma 4)
    int max_patches_per_side = 0;
    bool operator==(const VisionRope&) const = default;
};

/// @brief The multimodal card's vision-tower view: the score of one patch of a rows x cols grid
/// against every patch (visionrope.h). Defaults: Pixtral-12B's vision_config (head_dim 1024 / 16
/// heads = 64, rope_theta 10000, image_size 1024 / patch_size 16 = 64 patches per side).
struct VisionTowerView {
    VisionRope rope {VisionRopeFamily::Pixtral, 64, 10000.0, 64};
    int rows = 16; ///< grid rows, in [1, 4096] (Pixtral: at most max_patches_per_side)
    int cols = 16; ///< grid columns, as rows
    int query_row = 8; ///< the patch compared with every other, row in [0, rows)
    int query_col = 8; ///< its column, in [0, cols)
    bool operator==(const VisionTowerView&) const = default;
};

/// @brief The multimodal card: CardParams::rope gives head_dim, rotary_dim, base, the pair layout
/// and any scaling; these fields give the M-RoPE positions. The card's length is the token count
/// of the composed sequence (mropeTokenCount; validate(CardParams) checks they agree).
/// Defaults: Qwen2.5-VL-7B-Instruct's config (mrope_section [16, 24, 24], blocked, merge 2,
/// tokens_per_second 2) and the worked example of mrope.h (text:3, image:4x6, text:2).
struct MultimodalParams {
    MropeFamily family = MropeFamily::Qwen25VL;
    MropeLayout layout = MropeLayout::Blocked;
    std::vector<int> section {16, 24, 24}; ///< mrope_section: pairs per axis t, h, w
    std::vector<MropeSegment> segments {
        {MropeSegment::Kind::Text, 3, 1, 0, 0, 0},
        {MropeSegment::Kind::Image, 0, 1, 4, 6, 0},
        {MropeSegment::Kind::Text, 2, 1, 0, 0, 0},
    };
    MropeVision vision;
    /// the vision tower's 2-D RoPE (its own head, not the text model's): checked by its view only
    VisionTowerView tower;
    bool operator==(const MultimodalParams&) const = default;
};

} // namespace pecards
