#pragma once
/// @file visionrope.h
/// @brief 2-D RoPE of vision towers: every image patch has a row and a column, and each rotary
/// pair of the head turns by one of them. Two layouts exist in transformers:
/// - Pixtral (Mistral 3, Devstral 2; transformers v5 `models/pixtral/modeling_pixtral.py`,
///   `PixtralRotaryEmbedding.compute_default_rope_parameters`): one frequency set over the whole
///   head, theta_k = b^(-2k/d) for k in [0, d/2); the even k turn by the row, the odd k by the
///   column; the pairs are half-split over the whole head (`rotate_half`): pair j rotates channels
///   (j, j + d/2), the first ceil(d/4) pairs by the row with theta_{2j}, the others by the column
///   with theta_{2(j - ceil(d/4)) + 1}.
/// - Gemma 4 (transformers v5 `models/gemma4/modular_gemma4.py`, `Gemma4VisionRotaryEmbedding` and
///   `apply_multidimensional_rope`): the head is cut into two parts of c = 2 floor(d/4) channels;
///   the first part turns by the column (the processor's position id x), the second by the row (y);
///   inside each part the pairs are half-split, pair k rotating channels (o + k, o + k + c/2), with
///   the same frequencies b^(-2k/(d/2)) on both axes.
/// transformers computes the frequencies and angles in float32; this file in double (the exact
/// value the float32 code approximates).

#include "pecards/mrope.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace pecards {

/// @brief One rotary pair of the head: channels (first, second) turn by `inv_freq` radians per
/// patch of `axis` (MropeAxis::Height for the row, MropeAxis::Width for the column).
struct VisionRopePair {
    int first = 0;
    int second = 0;
    MropeAxis axis = MropeAxis::Height;
    double inv_freq = 0.0;
    bool operator==(const VisionRopePair&) const = default;
};

/// @brief Largest grid side visionPatchScore accepts, in patches.
inline constexpr int kMaxVisionGridSide = 4096;

/// @brief The pairs of the head in order (Pixtral: pair j; Gemma 4: the column part's pairs, then
/// the row part's), head_dim / 2 entries; every channel is in exactly one pair.
/// @throws InvalidParameter naming vision_head_dim (odd, outside [4, 1024], or not a multiple of 4
///         for Gemma 4), vision_theta (not finite or outside [1, 1e12]) or patches_per_side
///         (outside [0, 4096]).
std::vector<VisionRopePair> visionRopePairs(const VisionRope& rope);

/// @brief Positional score of the query patch (query_row, query_col) against every patch (r, c) of
/// a rows x cols grid: S(r, c) = (R_query q) . (R_(r,c) k), where R turns each pair by its axis's id
/// times its frequency (RoFormer eq. 14 per pair: the score of a pair is
/// cos(phi) (q_a k_a + q_b k_b) + sin(phi) (q_b k_a - q_a k_b), phi = (key id - query id) theta).
/// No 1/sqrt(d) (as mropeScore). Shape rows x cols, an image of the grid.
/// @param q, k head_dim entries (the probe vectors)
/// @throws InvalidParameter naming grid_rows or grid_cols (outside [1, kMaxVisionGridSide] or beyond
///         Pixtral's max_patches_per_side), query_row or query_col (outside the grid), q or k (not
///         head_dim entries); as visionRopePairs.
Eigen::MatrixXd visionPatchScore(const VisionRope& rope, int rows, int cols, int query_row, int query_col,
    const Eigen::VectorXd& q, const Eigen::VectorXd& k);

/// @brief Stable names: "pixtral", "gemma4".
std::string toString(VisionRopeFamily family);

/// @brief The family named `name` ("pixtral", "gemma4").
/// @throws InvalidParameter naming the value and the allowed names.
VisionRopeFamily parseVisionRopeFamily(const std::string& name);

} // namespace pecards
