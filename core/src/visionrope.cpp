// 2-D RoPE of vision towers: the pair layouts of Pixtral and Gemma 4 and the patch-grid score
// (pecards/visionrope.h).

#include "pecards/visionrope.h"

#include "check.h"
#include "pecards/errors.h"

#include <cmath>
#include <string>

namespace pecards {

namespace {

void checkVisionRope(const VisionRope& rope) {
    PECARDS_CHECK(rope.head_dim >= 4 && rope.head_dim <= 1024 && rope.head_dim % 2 == 0, "vision_head_dim",
        rope.head_dim, "even, in [4, 1024]");
    PECARDS_CHECK(rope.family != VisionRopeFamily::Gemma4 || rope.head_dim % 4 == 0, "vision_head_dim",
        rope.head_dim, "a multiple of 4 for gemma4 (two halves of whole pairs)");
    PECARDS_CHECK(std::isfinite(rope.theta) && rope.theta >= 1.0 && rope.theta <= 1e12, "vision_theta",
        rope.theta, "in [1, 1e12]");
    PECARDS_CHECK(rope.max_patches_per_side >= 0 && rope.max_patches_per_side <= kMaxVisionGridSide,
        "patches_per_side", rope.max_patches_per_side, "in [0, 4096] (0: no limit)");
}

/// Pixtral: theta_k = b^(-2k/d); pairs (j, j + d/2); the first ceil(n/2) of the n = d/2 pairs take
/// the even k by the row, the rest the odd k by the column (freqs[::2] and freqs[1::2]).
std::vector<VisionRopePair> pixtralPairs(const VisionRope& rope) {
    const int d = rope.head_dim;
    const int n = d / 2;
    const int rowPairs = (n + 1) / 2;
    std::vector<VisionRopePair> pairs;
    pairs.reserve(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
        const bool row = j < rowPairs;
        const int k = row ? 2 * j : 2 * (j - rowPairs) + 1;
        pairs.push_back({j, j + n, row ? MropeAxis::Height : MropeAxis::Width,
            std::pow(rope.theta, -2.0 * k / static_cast<double>(d))});
    }
    return pairs;
}

/// Gemma 4: parts of c = 2 floor(d/4) channels, the column's first; pair k of a part at offset o
/// rotates (o + k, o + k + c/2) with b^(-2k/(d/2)) (spatial_dim = d // 2).
std::vector<VisionRopePair> gemma4Pairs(const VisionRope& rope) {
    const int part = 2 * (rope.head_dim / 4);
    const int half = part / 2;
    const double spatialDim = rope.head_dim / 2;
    std::vector<VisionRopePair> pairs;
    pairs.reserve(static_cast<std::size_t>(part));
    for (const auto& [offset, axis] :
        {std::pair {0, MropeAxis::Width}, std::pair {part, MropeAxis::Height}}) {
        for (int k = 0; k < half; ++k)
            pairs.push_back(
                {offset + k, offset + k + half, axis, std::pow(rope.theta, -2.0 * k / spatialDim)});
    }
    return pairs;
}

} // namespace

std::vector<VisionRopePair> visionRopePairs(const VisionRope& rope) {
    checkVisionRope(rope);
    return rope.family == VisionRopeFamily::Pixtral ? pixtralPairs(rope) : gemma4Pairs(rope);
}

Eigen::MatrixXd visionPatchScore(const VisionRope& rope, int rows, int cols, int query_row, int query_col,
    const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
    const std::vector<VisionRopePair> pairs = visionRopePairs(rope);
    const int limit = rope.max_patches_per_side > 0 ? rope.max_patches_per_side : kMaxVisionGridSide;
    const std::string allowed = "in [1, " + std::to_string(limit) + "]"
        + (rope.max_patches_per_side > 0 ? " (image_size / patch_size)" : "");
    PECARDS_CHECK(rows >= 1 && rows <= limit, "grid_rows", rows, allowed);
    PECARDS_CHECK(cols >= 1 && cols <= limit, "grid_cols", cols, allowed);
    PECARDS_CHECK(query_row >= 0 && query_row < rows, "query_row", query_row,
        "in [0, " + std::to_string(rows - 1) + "] (the grid's rows)");
    PECARDS_CHECK(query_col >= 0 && query_col < cols, "query_col", query_col,
        "in [0, " + std::to_string(cols - 1) + "] (the grid's columns)");
    PECARDS_CHECK(q.size() == rope.head_dim, "q", std::to_string(q.size()) + " entries",
        std::to_string(rope.head_dim) + " (head_dim)");
    PECARDS_CHECK(k.size() == rope.head_dim, "k", std::to_string(k.size()) + " entries",
        std::to_string(rope.head_dim) + " (head_dim)");

    // Per pair: S = cos(phi) (q_a k_a + q_b k_b) + sin(phi) (q_b k_a - q_a k_b), phi = (key id -
    // query id) theta, summed over pairs; the row pairs depend on r only, the column pairs on c only.
    Eigen::VectorXd byRow = Eigen::VectorXd::Zero(rows);
    Eigen::VectorXd byCol = Eigen::VectorXd::Zero(cols);
    for (const VisionRopePair& pair : pairs) {
        const double same = q[pair.first] * k[pair.first] + q[pair.second] * k[pair.second];
        const double cross = q[pair.second] * k[pair.first] - q[pair.first] * k[pair.second];
        const bool row = pair.axis == MropeAxis::Height;
        Eigen::VectorXd& target = row ? byRow : byCol;
        const int query = row ? query_row : query_col;
        for (Eigen::Index id = 0; id < target.size(); ++id) {
            const double phi = static_cast<double>(id - query) * pair.inv_freq;
            target[id] += std::cos(phi) * same + std::sin(phi) * cross;
        }
    }
    return byRow.replicate(1, cols) + byCol.transpose().replicate(rows, 1);
}

std::string toString(VisionRopeFamily family) {
    return family == VisionRopeFamily::Pixtral ? "pixtral" : "gemma4";
}

VisionRopeFamily parseVisionRopeFamily(const std::string& name) {
    if (name == "pixtral")
        return VisionRopeFamily::Pixtral;
    if (name == "gemma4")
        return VisionRopeFamily::Gemma4;
    throw InvalidParameter("vision_family", "\"" + name + "\"", "pixtral, gemma4");
}

} // namespace pecards
