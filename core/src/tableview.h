#pragma once
/// @file tableview.h
/// @brief Pooled Table and Phase views (rows = positions, cols = dimensions or frequency pairs).
///
/// Only the window's rows are computed. Sample: the pixels' first rows, O(out_rows d).
/// Mean/Max/Min: every window row in chunks of at most 4096 rows, O(window rows x d) (limited by the
/// cost model, cost.h, for compute(); with a ProgressSink each chunk reports progress and may cancel).

#include "pecards/progress.h"
#include "pecards/view.h"

namespace pecards::detail {

/// @brief Computes a Table, Phase or UnseenAngles request (validated) of the sinusoidal or RoPE card.
/// UnseenAngles (RoPE, hybrid): 1 where angleUnseen (scaling_lab.h), else 0.
/// Table: sinusoidalTable rows (fairseq padding row zero), or a R_p q for RoPE (probe q, rotated
/// dims times the attention factor a). Phase: p w_i mod 2 pi in [0, 2 pi) radians.
/// @param progress nullptr, or the sink told after each chunk of rows.
/// @throws ComputeCancelled when the sink asked to stop.
Grid poolTable(const ViewRequest& request, ProgressSink* progress);

} // namespace pecards::detail
