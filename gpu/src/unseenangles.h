#pragma once
/// @file unseenangles.h
/// @brief The unseen-angles map on the device (kernels/tables.cl `unseen_pool`): exact 64-bit
/// integer angles compared with the training limits of scaling_lab.h, so every pixel equals the
/// CPU reference's.

#include "clcontext.h"
#include "pecards/progress.h"
#include "pecards/view.h"

namespace pecards::gpu::detail {

/// @brief Computes a validated UnseenAngles request (RoPE or hybrid card). Mean is the unseen
/// fraction of the block (an exact count divided by the block size), Max/Min any/all unseen.
/// Computed in bands of output rows (poolInBands).
/// @param progress nullptr (compute(): the budget applies), or the sink of computeTiled.
/// @throws ComputeLimitExceeded (pooled views above kTableEntryBudget without a sink),
///         ComputeCancelled, OpenClError, InvalidParameter when the scaling has no training length L0.
Grid computeUnseenAngles(ClContext& cl, const ViewRequest& request, ProgressSink* progress);

} // namespace pecards::gpu::detail
