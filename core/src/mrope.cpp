// Multimodal RoPE: the pair-to-axis layouts, transformers' get_rope_index per family, and the
// positional score over a composed sequence (pecards/mrope.h).

#include "pecards/mrope.h"

#include "check.h"
#include "pecards/errors.h"
#include "pecards/rope.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <utility>

namespace pecards {

namespace {

constexpr int kMaxGridSide = 4096;

/// The names toString(MropeFamily) gives, as messages list them.
constexpr const char* kFamilyNames = "qwen2-vl, qwen2.5-vl, qwen3-vl, glm4v or qwen2.5-omni";

/// Builds the ids block by block. Every block starts at the largest id of the block before + 1
/// (the reference's `llm_pos_ids_list[-1].max() + 1`); the delta takes the largest id of all
/// (`llm_positions.max() + 1 - len(input_ids)`). The two differ after a Qwen2.5-Omni video with
/// its audio, whose end tokens follow the last chunk while a video grid may hold larger ids.
class IdBuilder {
public:
    explicit IdBuilder(std::int64_t total) {
        for (std::vector<std::int64_t>& row : m_positions.ids)
            row.reserve(static_cast<std::size_t>(total));
        m_positions.segment.reserve(static_cast<std::size_t>(total));
    }

    /// `count` text tokens with t = h = w = the next id.
    void text(std::int64_t count, int segment) {
        const std::int64_t start = m_next;
        for (std::int64_t i = 0; i < count; ++i)
            push(start + i, start + i, start + i, segment);
        endBlock();
    }

    /// `grids` x rows x cols merged tokens in the reference's order (time, row, column):
    /// t = start + time(k), h = start + row, w = start + column.
    template <typename Time> void grid(int grids, int rows, int cols, int segment, Time time) {
        const std::int64_t start = m_next;
        for (int k = 0; k < grids; ++k) {
            const std::int64_t t = time(k);
            for (int r = 0; r < rows; ++r) {
                for (int c = 0; c < cols; ++c)
                    push(start + t, start + r, start + c, segment);
            }
        }
        endBlock();
    }

    /// `count` tokens all at `id`, one block (Omni's two start or end tokens of a video with its
    /// audio).
    void sameId(int count, std::int64_t id, int segment) {
        for (int i = 0; i < count; ++i)
            push(id, id, id, segment);
        endBlock();
    }

    /// A token at explicit ids, in the block that endBlock() closes (a chunk of a video with its
    /// audio).
    void at(std::int64_t t, std::int64_t h, std::int64_t w, int segment) { push(t, h, w, segment); }

    /// Closes the block of the tokens added since the last one: the next block starts after its
    /// largest id.
    void endBlock() {
        if (m_blockMax >= 0)
            m_next = m_blockMax + 1;
        m_blockMax = -1;
    }

    /// The id the next block starts at.
    std::int64_t next() const { return m_next; }

    MropePositions finish() {
        m_positions.delta = m_largest + 1 - m_positions.size();
        return std::move(m_positions);
    }

private:
    void push(std::int64_t t, std::int64_t h, std::int64_t w, int segment) {
        m_positions.ids[0].push_back(t);
        m_positions.ids[1].push_back(h);
        m_positions.ids[2].push_back(w);
        m_positions.segment.push_back(segment);
        m_blockMax = std::max({m_blockMax, t, h, w});
        m_largest = std::max(m_largest, m_blockMax);
    }

    MropePositions m_positions;
    std::int64_t m_next = 0; ///< where the next block starts
    std::int64_t m_blockMax = -1; ///< largest id of the open block (-1: none yet)
    std::int64_t m_largest = -1; ///< largest id of all
};

/// Qwen2.5-Omni's audio tokens for `frames` mel frames (>= 3): the audio tower's two stride-2
/// convolutions, ((F - 1) // 2 + 1 - 2) // 2 + 1 (its get_rope_index).
std::int64_t omniAudioTokens(std::int64_t frames) {
    return ((frames - 1) / 2 + 1 - 2) / 2 + 1;
}

std::int64_t tokensOf(const MropeSegment& segment, const MropeVision& vision, MropeFamily family) {
    if (segment.kind == MropeSegment::Kind::Text)
        return segment.tokens;
    if (segment.kind == MropeSegment::Kind::Audio)
        return omniAudioTokens(segment.audio_frames) + 2; // start and end tokens
    if (family == MropeFamily::Qwen25Omni) {
        const std::int64_t merged = std::int64_t {segment.height / vision.spatial_merge_size}
            * (segment.width / vision.spatial_merge_size) * segment.grids;
        return segment.audio_frames > 0 ? merged + omniAudioTokens(segment.audio_frames) + 4 : merged + 2;
    }
    const std::int64_t merged = std::int64_t {segment.height / vision.spatial_merge_size}
        * (segment.width / vision.spatial_merge_size) * segment.grids;
    const bool framesWithText = family == MropeFamily::Qwen3VL || family == MropeFamily::Glm4V;
    return merged
        + (segment.kind == MropeSegment::Kind::Video && framesWithText
                ? std::int64_t {segment.grids} * vision.frame_text_tokens
                : 0);
}

void checkSegment(
    const MropeSegment& segment, std::size_t index, const MropeVision& vision, MropeFamily family) {
    const std::string name = "segments[" + std::to_string(index) + "]";
    if (segment.kind == MropeSegment::Kind::Text) {
        PECARDS_CHECK(segment.tokens >= 1 && segment.tokens <= kMaxMropeTokens, name + ".tokens",
            segment.tokens, "in [1, 2^24]");
        return;
    }
    const bool audio = segment.kind == MropeSegment::Kind::Audio || segment.audio_frames != 0;
    PECARDS_CHECK(!audio || family == MropeFamily::Qwen25Omni, name, "audio",
        "text, image or video for " + toString(family) + " (audio only in qwen2.5-omni)");
    PECARDS_CHECK(!audio || (segment.audio_frames >= 3 && segment.audio_frames <= kMaxMropeTokens),
        name + ".audio_frames", segment.audio_frames, "in [3, 2^24] mel frames (100 per second)");
    PECARDS_CHECK(segment.kind != MropeSegment::Kind::Image || segment.audio_frames == 0,
        name + ".audio_frames", segment.audio_frames, "0 for an image");
    if (segment.kind == MropeSegment::Kind::Audio)
        return;
    const int m = vision.spatial_merge_size;
    for (const auto& [side, value] :
        {std::pair {".height", segment.height}, std::pair {".width", segment.width}}) {
        PECARDS_CHECK(value >= 1 && value <= kMaxGridSide && value % m == 0, name + side, value,
            "in [1, 4096] patches and a multiple of spatial_merge_size = " + std::to_string(m));
    }
    PECARDS_CHECK(segment.grids >= 1 && segment.grids <= kMaxGridSide, name + ".grids", segment.grids,
        segment.kind == MropeSegment::Kind::Image ? "1 for an image" : "in [1, 4096] temporal grids");
    PECARDS_CHECK(segment.kind == MropeSegment::Kind::Video || segment.grids == 1, name + ".grids",
        segment.grids, "1 for an image");
    PECARDS_CHECK(family != MropeFamily::Glm4V || segment.kind != MropeSegment::Kind::Video
            || segment.grids == 1 || vision.frame_text_tokens >= 1,
        "frame_text_tokens", vision.frame_text_tokens,
        ">= 1 for a GLM-4.xV video of " + std::to_string(segment.grids)
            + " frames (its frames are token groups between timestamp texts; without text they would merge)");
}

void checkVision(const MropeVision& vision) {
    PECARDS_CHECK(vision.spatial_merge_size >= 1 && vision.spatial_merge_size <= 16, "spatial_merge_size",
        vision.spatial_merge_size, "in [1, 16]");
    PECARDS_CHECK(std::isfinite(vision.tokens_per_second) && vision.tokens_per_second >= 0
            && vision.tokens_per_second <= 1e6,
        "tokens_per_second", vision.tokens_per_second, "finite, in [0, 1e6]");
    PECARDS_CHECK(std::isfinite(vision.seconds_per_grid) && vision.seconds_per_grid >= 0
            && vision.seconds_per_grid <= 1e6,
        "seconds_per_grid", vision.seconds_per_grid, "finite, in [0, 1e6]");
    PECARDS_CHECK(vision.frame_text_tokens >= 0 && vision.frame_text_tokens <= 4096, "frame_text_tokens",
        vision.frame_text_tokens, "in [0, 4096]");
    PECARDS_CHECK(vision.position_id_per_seconds >= 1 && vision.position_id_per_seconds <= 1000000,
        "position_id_per_seconds", vision.position_id_per_seconds, "in [1, 1e6] ids per second");
    PECARDS_CHECK(std::isfinite(vision.seconds_per_chunk) && vision.seconds_per_chunk > 0
            && vision.seconds_per_chunk * vision.position_id_per_seconds >= 1
            && vision.seconds_per_chunk * vision.position_id_per_seconds <= 1e9,
        "seconds_per_chunk", vision.seconds_per_chunk,
        "finite, > 0, with position_id_per_seconds x seconds_per_chunk in [1, 1e9] ids per chunk");
}

/// Qwen2.5-VL's and Qwen2.5-Omni's temporal id of grid k: torch multiplies the int64 range by the
/// float second_per_grid_t and then by the ids per second (tokens_per_second,
/// position_id_per_seconds) in float32 (the default dtype), then truncates.
std::int64_t timeId(int k, double secondsPerGrid, double idsPerSecond) {
    const float seconds = static_cast<float>(k) * static_cast<float>(secondsPerGrid);
    const float ids = seconds * static_cast<float>(idsPerSecond);
    return static_cast<std::int64_t>(ids);
}

/// transformers' `get_chunked_index`: [begin, end) runs of `values` (ascending, minus `offset`)
/// that each stay below the next multiple of `perChunk`; the chunk count grows by one per token
/// that crosses, as the reference's loop does.
std::vector<std::pair<std::size_t, std::size_t>> chunkedIndex(
    const std::vector<std::int64_t>& values, std::int64_t perChunk, std::int64_t offset) {
    std::vector<std::pair<std::size_t, std::size_t>> chunks;
    std::size_t begin = 0;
    std::int64_t chunk = 1;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i] - offset >= chunk * perChunk) {
            chunks.emplace_back(begin, i);
            begin = i;
            ++chunk;
        }
    }
    chunks.emplace_back(begin, values.size());
    return chunks;
}

/// A Qwen2.5-Omni video with its audio track (use_audio_in_video): two start tokens at one id,
/// the video's and the audio's ids from the same start, interleaved chunk by chunk (video chunk
/// j, then audio chunk j), two end tokens at one id.
void omniVideoWithAudio(IdBuilder& ids, const MropeSegment& segment, const MropeVision& vision, int index) {
    ids.sameId(2, ids.next(), index);
    const std::int64_t start = ids.next();
    const int rows = segment.height / vision.spatial_merge_size;
    const int cols = segment.width / vision.spatial_merge_size;
    std::vector<std::array<std::int64_t, 3>> video;
    for (int k = 0; k < segment.grids; ++k) {
        const std::int64_t t = start + timeId(k, vision.seconds_per_grid, vision.position_id_per_seconds);
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < cols; ++c)
                video.push_back({t, start + r, start + c});
        }
    }
    std::vector<std::int64_t> videoTimes;
    for (const auto& id : video)
        videoTimes.push_back(id[0]);
    std::vector<std::int64_t> audio;
    for (std::int64_t i = 0; i < omniAudioTokens(segment.audio_frames); ++i)
        audio.push_back(start + i);
    const auto perChunk = static_cast<std::int64_t>(
        static_cast<double>(vision.position_id_per_seconds) * vision.seconds_per_chunk);
    const auto videoChunks = chunkedIndex(videoTimes, perChunk, start);
    const auto audioChunks = chunkedIndex(audio, perChunk, start);
    // Each chunk is a block of its own: the end tokens follow the last chunk's largest id, as the
    // reference's `llm_pos_ids_list[-1].max() + 1`, not the largest of all (a video grid ahead of
    // the audio can hold a larger one).
    for (std::size_t j = 0; j < std::max(videoChunks.size(), audioChunks.size()); ++j) {
        if (j < videoChunks.size() && videoChunks[j].first < videoChunks[j].second) {
            for (std::size_t v = videoChunks[j].first; v < videoChunks[j].second; ++v)
                ids.at(video[v][0], video[v][1], video[v][2], index);
            ids.endBlock();
        }
        if (j < audioChunks.size() && audioChunks[j].first < audioChunks[j].second) {
            for (std::size_t a = audioChunks[j].first; a < audioChunks[j].second; ++a)
                ids.at(audio[a], audio[a], audio[a], index);
            ids.endBlock();
        }
    }
    ids.sameId(2, ids.next(), index);
}

std::int64_t parseCount(const std::string& text, const std::string& item) {
    std::size_t used = 0;
    long long value = 0;
    try {
        value = std::stoll(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    PECARDS_CHECK(used == text.size() && !text.empty() && value >= 0, "segments", "\"" + item + "\"",
        "text:N, image:HxW, video:TxHxW (patches before merging), audio:F or video:TxHxW+audio:F (mel "
        "frames), with whole numbers >= 0 where \""
            + text + "\" stands, comma-separated");
    return value;
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream stream(text);
    while (std::getline(stream, part, separator))
        parts.push_back(part);
    if (!text.empty() && text.back() == separator)
        parts.emplace_back();
    return parts;
}

} // namespace

std::vector<MropeAxis> mropeAxisOfPair(const std::vector<int>& section, MropeLayout layout) {
    PECARDS_CHECK(section.size() == 3, "mrope_section", std::to_string(section.size()) + " entries",
        "3 entries (pairs for t, h, w)");
    int pairs = 0;
    for (const int count : section) {
        PECARDS_CHECK(count >= 1 && count <= 4096, "mrope_section", count, "entries in [1, 4096]");
        pairs += count;
    }
    std::vector<MropeAxis> axis(static_cast<std::size_t>(pairs), MropeAxis::Time);
    if (layout == MropeLayout::Blocked) {
        for (int j = section[0]; j < pairs; ++j)
            axis[static_cast<std::size_t>(j)]
                = j < section[0] + section[1] ? MropeAxis::Height : MropeAxis::Width;
        return axis;
    }
    for (int j = 0; j < pairs; ++j) {
        if (j % 3 == 1 && j < 3 * section[1])
            axis[static_cast<std::size_t>(j)] = MropeAxis::Height;
        else if (j % 3 == 2 && j < 3 * section[2])
            axis[static_cast<std::size_t>(j)] = MropeAxis::Width;
    }
    return axis;
}

std::int64_t mropeTokenCount(
    MropeFamily family, const std::vector<MropeSegment>& segments, const MropeVision& vision) {
    checkVision(vision);
    PECARDS_CHECK(!segments.empty(), "segments", "(none)", "at least one text, image or video segment");
    std::int64_t total = 0;
    std::optional<bool> videoAudio; // transformers' use_audio_in_video holds for every video
    for (std::size_t i = 0; i < segments.size(); ++i) {
        checkSegment(segments[i], i, vision, family);
        if (segments[i].kind == MropeSegment::Kind::Video) {
            const bool withAudio = segments[i].audio_frames > 0;
            PECARDS_CHECK(!videoAudio || *videoAudio == withAudio, "segments[" + std::to_string(i) + "]",
                withAudio ? "a video with its audio" : "a video without audio",
                "every video with its audio or none (use_audio_in_video is one flag)");
            videoAudio = withAudio;
        }
        total += tokensOf(segments[i], vision, family);
        PECARDS_CHECK(
            total <= kMaxMropeTokens, "segments", std::to_string(total) + "+ tokens", "at most 2^24 tokens");
    }
    return total;
}

MropePositions mropePositionIds(
    MropeFamily family, const std::vector<MropeSegment>& segments, const MropeVision& vision) {
    const std::int64_t total = mropeTokenCount(family, segments, vision);
    IdBuilder ids(total);
    const int m = vision.spatial_merge_size;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const MropeSegment& segment = segments[i];
        const int index = static_cast<int>(i);
        const int rows = segment.height / m;
        const int cols = segment.width / m;
        const auto still = [](int) { return std::int64_t {0}; };
        if (family == MropeFamily::Qwen25Omni && segment.kind != MropeSegment::Kind::Text) {
            if (segment.kind == MropeSegment::Kind::Video && segment.audio_frames > 0) {
                omniVideoWithAudio(ids, segment, vision, index);
                continue;
            }
            ids.text(1, index); // the start token
            if (segment.kind == MropeSegment::Kind::Audio)
                ids.text(omniAudioTokens(segment.audio_frames), index);
            else
                ids.grid(segment.grids, rows, cols, index, [&](int k) {
                    return timeId(k,
                        segment.kind == MropeSegment::Kind::Image ? 1.0 : vision.seconds_per_grid,
                        vision.position_id_per_seconds);
                });
            ids.text(1, index); // the end token
            continue;
        }
        switch (segment.kind) {
        case MropeSegment::Kind::Audio: // refused outside Omni by mropeTokenCount
        case MropeSegment::Kind::Text:
            ids.text(segment.tokens, index);
            break;
        case MropeSegment::Kind::Image:
            ids.grid(1, rows, cols, index, still);
            break;
        case MropeSegment::Kind::Video:
            switch (family) {
            case MropeFamily::Qwen2VL:
                ids.grid(segment.grids, rows, cols, index, [](int k) { return std::int64_t {k}; });
                break;
            case MropeFamily::Qwen25VL:
                ids.grid(segment.grids, rows, cols, index,
                    [&](int k) { return timeId(k, vision.seconds_per_grid, vision.tokens_per_second); });
                break;
            case MropeFamily::Qwen3VL:
            case MropeFamily::Glm4V:
            case MropeFamily::Qwen25Omni: // handled above
                for (int frame = 0; frame < segment.grids; ++frame) {
                    if (vision.frame_text_tokens > 0)
                        ids.text(vision.frame_text_tokens, index);
                    ids.grid(1, rows, cols, index, still);
                }
                break;
            }
            break;
        }
    }
    return ids.finish();
}

std::vector<MropeSegment> parseMropeSegments(const std::string& text) {
    PECARDS_CHECK(!text.empty(), "segments", "\"\"", "e.g. text:3,image:4x6,text:2");
    std::vector<MropeSegment> segments;
    for (std::string item : split(text, ',')) {
        std::int64_t videoAudio = 0; // "video:TxHxW+audio:F"
        const std::size_t plus = item.find("+audio:");
        PECARDS_CHECK(plus == std::string::npos || item.rfind("video:", 0) == 0, "segments",
            "\"" + item + "\"",
            "+audio:F after a video only (video:TxHxW+audio:F: a video with its audio track)");
        if (plus != std::string::npos) {
            videoAudio = parseCount(item.substr(plus + 7), item);
            PECARDS_CHECK(videoAudio >= 1, "segments", "\"" + item + "\"",
                "video:TxHxW+audio:F with F >= 3 mel frames");
            item = item.substr(0, plus);
        }
        const std::size_t colon = item.find(':');
        const std::string kind = colon == std::string::npos ? item : item.substr(0, colon);
        const std::vector<std::string> sizes
            = colon == std::string::npos ? std::vector<std::string> {} : split(item.substr(colon + 1), 'x');
        MropeSegment segment;
        if (kind == "text" && sizes.size() == 1) {
            segment.kind = MropeSegment::Kind::Text;
            segment.tokens = parseCount(sizes[0], item);
        } else if (kind == "image" && sizes.size() == 2) {
            segment.kind = MropeSegment::Kind::Image;
            segment.height
                = static_cast<int>(std::min<std::int64_t>(parseCount(sizes[0], item), kMaxGridSide + 1));
            segment.width
                = static_cast<int>(std::min<std::int64_t>(parseCount(sizes[1], item), kMaxGridSide + 1));
        } else if (kind == "audio" && sizes.size() == 1) {
            segment.kind = MropeSegment::Kind::Audio;
            segment.audio_frames = parseCount(sizes[0], item);
        } else if (kind == "video" && sizes.size() == 3) {
            segment.kind = MropeSegment::Kind::Video;
            segment.audio_frames = videoAudio;
            segment.grids
                = static_cast<int>(std::min<std::int64_t>(parseCount(sizes[0], item), kMaxGridSide + 1));
            segment.height
                = static_cast<int>(std::min<std::int64_t>(parseCount(sizes[1], item), kMaxGridSide + 1));
            segment.width
                = static_cast<int>(std::min<std::int64_t>(parseCount(sizes[2], item), kMaxGridSide + 1));
        } else {
            detail::throwInvalid("segments", "\"" + item + "\"",
                "text:N, image:HxW or video:TxHxW (patches before merging), audio:F (mel frames) or "
                "video:TxHxW+audio:F, comma-separated, e.g. text:3,image:4x6,text:2");
        }
        segments.push_back(segment);
    }
    return segments;
}

std::string formatMropeSegments(const std::vector<MropeSegment>& segments) {
    std::string text;
    for (const MropeSegment& segment : segments) {
        if (!text.empty())
            text += ',';
        switch (segment.kind) {
        case MropeSegment::Kind::Text:
            text += "text:" + std::to_string(segment.tokens);
            break;
        case MropeSegment::Kind::Image:
            text += "image:" + std::to_string(segment.height) + 'x' + std::to_string(segment.width);
            break;
        case MropeSegment::Kind::Video:
            text += "video:" + std::to_string(segment.grids) + 'x' + std::to_string(segment.height) + 'x'
                + std::to_string(segment.width);
            if (segment.audio_frames > 0)
                text += "+audio:" + std::to_string(segment.audio_frames);
            break;
        case MropeSegment::Kind::Audio:
            text += "audio:" + std::to_string(segment.audio_frames);
            break;
        }
    }
    return text;
}

void validate(const MultimodalParams& params, const RopeParams& rope, std::int64_t length) {
    PECARDS_CHECK(static_cast<int>(params.family) >= 0 && params.family <= MropeFamily::Qwen25Omni,
        "multimodal.family", static_cast<int>(params.family), kFamilyNames);
    PECARDS_CHECK(params.layout == MropeLayout::Blocked || params.layout == MropeLayout::Interleaved,
        "mrope_layout", static_cast<int>(params.layout), "blocked or interleaved");
    const std::size_t pairs = mropeAxisOfPair(params.section, params.layout).size();
    const int rotaryPairs = rotaryDim(rope) / 2;
    PECARDS_CHECK(pairs == static_cast<std::size_t>(rotaryPairs), "mrope_section",
        std::to_string(pairs) + " pairs in all",
        "sections summing to rotary_dim / 2 = " + std::to_string(rotaryPairs) + " pairs");
    PECARDS_CHECK(rope.partial == RopePartial::Classic, "rope.partial", toString(rope.partial),
        "classic on the multimodal card (M-RoPE rotates the first rotary_dim dims)");
    const std::int64_t tokens = mropeTokenCount(params.family, params.segments, params.vision);
    PECARDS_CHECK(length == tokens, "length", length,
        std::to_string(tokens) + ", the token count of segments " + formatMropeSegments(params.segments));
}

Eigen::MatrixXd mropeScore(const RopeParams& params, const Eigen::VectorXd& inv_freq,
    const Eigen::VectorXd& q, const Eigen::VectorXd& k, const std::vector<MropeAxis>& axis,
    const MropePositions& positions) {
    const std::vector<RopeDimension> pairing = ropePairing(params);
    const int pairs = rotaryDim(params) / 2;
    PECARDS_CHECK(inv_freq.size() == pairs, "inv_freq", std::to_string(inv_freq.size()) + " entries",
        std::to_string(pairs) + " (rotary_dim/2)");
    PECARDS_CHECK(static_cast<int>(axis.size()) == pairs, "mrope_section",
        std::to_string(axis.size()) + " pairs in all", std::to_string(pairs) + " (rotary_dim/2)");
    PECARDS_CHECK(q.size() == params.head_dim, "q", std::to_string(q.size()) + " entries",
        std::to_string(params.head_dim) + " (head_dim)");
    PECARDS_CHECK(k.size() == params.head_dim, "k", std::to_string(k.size()) + " entries",
        std::to_string(params.head_dim) + " (head_dim)");
    const std::int64_t n = positions.size();
    PECARDS_CHECK(n >= 1 && n <= kMaxMropeScoreTokens, "tokens", n, "in [1, 8192] for the full score matrix");
    for (const std::vector<std::int64_t>& row : positions.ids)
        PECARDS_CHECK(static_cast<std::int64_t>(row.size()) == n, "positions",
            std::to_string(row.size()) + " ids", std::to_string(n) + " per axis");

    // Rotated q and k of every token (rows), then all dot products at once.
    Eigen::MatrixXd rq(n, params.head_dim);
    Eigen::MatrixXd rk(n, params.head_dim);
    for (std::int64_t token = 0; token < n; ++token) {
        rq.row(token) = q.transpose();
        rk.row(token) = k.transpose();
        for (int dim = 0; dim < params.head_dim; ++dim) {
            const RopeDimension& d = pairing[static_cast<std::size_t>(dim)];
            if (d.pair < 0 || d.partner < dim)
                continue; // passes through, or handled with its partner
            const auto a = static_cast<Eigen::Index>(dim);
            const auto b = static_cast<Eigen::Index>(d.partner);
            const std::int64_t id = positions.ids[static_cast<std::size_t>(
                axis[static_cast<std::size_t>(d.pair)])][static_cast<std::size_t>(token)];
            const double angle = static_cast<double>(id) * inv_freq[d.pair];
            const double c = std::cos(angle);
            const double s = std::sin(angle);
            // RoFormer eq. 14: (x_a, x_b) -> (x_a cos - x_b sin, x_a sin + x_b cos).
            rq(token, a) = q[a] * c - q[b] * s;
            rq(token, b) = q[a] * s + q[b] * c;
            rk(token, a) = k[a] * c - k[b] * s;
            rk(token, b) = k[a] * s + k[b] * c;
        }
    }
    return rq * rk.transpose();
}

std::string toString(MropeAxis value) {
    switch (value) {
    case MropeAxis::Time:
        return "t";
    case MropeAxis::Height:
        return "h";
    case MropeAxis::Width:
        return "w";
    }
    return "?";
}

std::string toString(MropeLayout value) {
    return value == MropeLayout::Blocked ? "blocked" : "interleaved";
}

std::string toString(MropeFamily value) {
    switch (value) {
    case MropeFamily::Qwen2VL:
        return "qwen2-vl";
    case MropeFamily::Qwen25VL:
        return "qwen2.5-vl";
    case MropeFamily::Qwen3VL:
        return "qwen3-vl";
    case MropeFamily::Glm4V:
        return "glm4v";
    case MropeFamily::Qwen25Omni:
        return "qwen2.5-omni";
    }
    return "?";
}

template <> MropeLayout fromString<MropeLayout>(const std::string& name) {
    for (const MropeLayout layout : {MropeLayout::Blocked, MropeLayout::Interleaved}) {
        if (toString(layout) == name)
            return layout;
    }
    detail::throwInvalid("mrope_layout", "\"" + name + "\"", "blocked or interleaved");
}

template <> MropeFamily fromString<MropeFamily>(const std::string& name) {
    for (const MropeFamily family : {MropeFamily::Qwen2VL, MropeFamily::Qwen25VL, MropeFamily::Qwen3VL,
             MropeFamily::Glm4V, MropeFamily::Qwen25Omni}) {
        if (toString(family) == name)
            return family;
    }
    detail::throwInvalid("multimodal.family", "\"" + name + "\"", kFamilyNames);
}

} // namespace pecards
