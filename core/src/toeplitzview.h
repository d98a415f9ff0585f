#pragma once
/// @file toeplitzview.h
/// @brief Pooled views of positional-only Score and Buckets: f(i - j) + s i + c (positionalprofile.h).
///
/// Exact reductions cost O((rows + cols) d) for the profile plus O(pixels log(rows + cols)), memory
/// O(rows + cols): never the window's rows x cols entries. Sample evaluates f only at the pixels'
/// first entries, O(pixels x d) work and memory, independent of the window's length.
/// A block splits into at most two column ranges whose visible entries (pecards::visibility) are
/// one delta interval each: the attention-sink columns (causal rule only) and the others (window
/// band and causal rule). Max/Min are range queries over each part's visible delta range within
/// [i0 - j1, i1 - j0]; Mean weighs each delta by the number of the part's entries on its diagonal
/// (a trapezoid in delta) with exact fixed-point prefix sums (fixedpointsums.h).

#include "pecards/view.h"
#include "positionalprofile.h"

namespace pecards::detail {

/// @brief Computes a Score or Buckets request (validated) from its profile.
/// Masked entries are -inf, a fully masked block is -inf.
Grid poolToeplitzScore(const PositionalProfile& profile, const ViewRequest& request);

} // namespace pecards::detail
