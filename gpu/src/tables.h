#pragma once
/// @file tables.h
/// @brief Table and Phase views on the device (kernels/tables.cl): every entry of a pooled block
/// is evaluated, with exact angle reduction.

#include "clcontext.h"
#include "pecards/view.h"

namespace pecards::gpu::detail {

/// @brief Most table entries (window rows x row width) a pooled Table/Phase view evaluates.
inline constexpr std::int64_t kTableEntryBudget = std::int64_t {1} << 31;

/// @brief Computes a validated Table or Phase request.
/// @throws ComputeLimitExceeded (pooled views above kTableEntryBudget), OpenClError.
Grid computeTable(ClContext& cl, const ViewRequest& request);

} // namespace pecards::gpu::detail
