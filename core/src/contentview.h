#pragma once
/// @file contentview.h
/// @brief Pooled ContentScore / ContentAttention views (not Toeplitz: entries are computed).
///
/// Sample: the pixels' first rows x first columns, O(pixels d) (one Eigen product).
/// Mean/Max/Min: every window entry, in tiles of at most 256 rows x 4096 columns, O(window rows x
/// window cols x d). Content attention also needs each row's softmax normaliser over all L keys
/// (the visible keys, pecards::visibility), O(L d) per row; estimated (Normaliser::Estimated,
/// normaliserestimate.h) from about 2 kExactDeltas + 2 kStrataPerOctave log2(L) keys per row. The cost model
/// (cost.h) limits the work of compute(); with a ProgressSink (computeTiled) every tile and key chunk reports
/// progress and may cancel.

#include "contentmodel.h"
#include "pecards/progress.h"
#include "pecards/view.h"

namespace pecards::detail {

/// @brief Computes a ContentScore or ContentAttention request (validated). Masked entries are -inf
/// (scores) or 0 (attention); a fully masked block is -inf (scores) or 0 (attention).
/// @param progress nullptr, or the sink told after each tile. @throws ComputeCancelled
Grid poolContent(const ContentModel& model, const ViewRequest& request, ProgressSink* progress);

} // namespace pecards::detail
