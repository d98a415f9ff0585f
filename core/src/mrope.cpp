// Multimodal RoPE: the pair-to-axis layouts, transformers' get_rope_index per family, and the
// positional score over a composed sequence (pecards/mrope.h).

#include "pecards/mrope.h"

#include "check.h"
#include "pecards/errors.h"
#include "pecards/rope.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <utility>

namespace pecards {

namespace {

constexpr int kMaxGridSide = 4096;

/// Builds the ids block by block; every block starts at the largest id so far + 1 (the
/// reference's `llm_pos_ids_list[-1].max() + 1`: each block's ids are at least its start, so the
/// last block holds the largest id).
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
    }

    MropePositions finish() {
        m_positions.delta = m_next - m_positions.size();
        return std::move(m_positions);
    }

private:
    void push(std::int64_t t, std::int64_t h, std::int64_t w, int segment) {
        m_positions.ids[0].push_back(t);
        m_positions.ids[1].push_back(h);
        m_positions.ids[2].push_back(w);
        m_positions.segment.push_back(segment);
        m_next = std::max({m_next, t + 1, h + 1, w + 1});
    }

    MropePositions m_positions;
    std::int64_t m_next = 0;
};

std::int64_t tokensOf(const MropeSegment& segment, const MropeVision& vision, MropeFamily family) {
    if (segment.kind == MropeSegment::Kind::Text)
        return segment.tokens;
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
}

/// Qwen2.5-VL's temporal id of grid k: torch multiplies the int64 range by the float
/// second_per_grid_t and then by tokens_per_second in float32 (the default dtype), then truncates.
std::int64_t qwen25Time(int k, const MropeVision& vision) {
    const float seconds = static_cast<float>(k) * static_cast<float>(vision.seconds_per_grid);
    const float ids = seconds * static_cast<float>(vision.tokens_per_second);
    return static_cast<std::int64_t>(ids);
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
        "text:N, image:HxW or video:TxHxW with whole numbers (patches before merging), comma-separated");
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
    for (std::size_t i = 0; i < segments.size(); ++i) {
        checkSegment(segments[i], i, vision, family);
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
        switch (segment.kind) {
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
                ids.grid(segment.grids, rows, cols, index, [&](int k) { return qwen25Time(k, vision); });
                break;
            case MropeFamily::Qwen3VL:
            case MropeFamily::Glm4V:
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
    for (const std::string& item : split(text, ',')) {
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
        } else if (kind == "video" && sizes.size() == 3) {
            segment.kind = MropeSegment::Kind::Video;
            segment.grids
                = static_cast<int>(std::min<std::int64_t>(parseCount(sizes[0], item), kMaxGridSide + 1));
            segment.height
                = static_cast<int>(std::min<std::int64_t>(parseCount(sizes[1], item), kMaxGridSide + 1));
            segment.width
                = static_cast<int>(std::min<std::int64_t>(parseCount(sizes[2], item), kMaxGridSide + 1));
        } else {
            detail::throwInvalid("segments", "\"" + item + "\"",
                "text:N, image:HxW or video:TxHxW (patches before merging), comma-separated, e.g. "
                "text:3,image:4x6,text:2");
        }
        segments.push_back(segment);
    }
    return segments;
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
    }
    return "?";
}

} // namespace pecards
