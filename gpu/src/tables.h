#pragma once
/// @file tables.h
/// @brief Table and Phase views on the device (kernels/tables.cl): every entry of a pooled block
/// is evaluated, with exact angle reduction.

#include "clcontext.h"
#include "pecards/progress.h"
#include "pecards/view.h"

namespace pecards::gpu::detail {

/// @brief Most table entries (window rows x row width) a pooled Table/Phase view evaluates.
inline constexpr std::int64_t kTableEntryBudget = std::int64_t {1} << 31;

/// @brief Computes a validated Table or Phase request, in bands of output rows (poolInBands).
/// @param progress nullptr (compute(): the budget applies), or the sink of computeTiled.
/// @throws ComputeLimitExceeded (pooled views above kTableEntryBudget without a sink),
///         ComputeCancelled, OpenClError.
Grid computeTable(ClContext& cl, const ViewRequest& request, ProgressSink* progress);

} // namespace pecards::gpu::detail
