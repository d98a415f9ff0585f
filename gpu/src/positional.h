#pragma once
/// @file positional.h
/// @brief Positional-only Score, Attention and Buckets views on the device (docs/quantities.md):
/// profile f(delta) on the device, chunked range-maximum structures, then one work-item per pixel.

#include "clcontext.h"
#include "pecards/view.h"

namespace pecards::gpu::detail {

/// @brief Most window rows x output columns a pooled (Mean/Max/Min) positional Attention view
/// evaluates (one O(1) range query each); above it ComputeLimitExceeded.
inline constexpr std::int64_t kAttentionQueryBudget = std::int64_t {1} << 31;

/// @brief Computes a validated Score, Attention or Buckets request.
/// @throws ComputeLimitExceeded (pooled attention above kAttentionQueryBudget), OpenClError.
Grid computePositional(ClContext& cl, const ViewRequest& request);

/// @brief Block starts of the pixels along one axis (view.h rule): pixels + 1 values.
std::vector<cl_long> blockStarts(std::int64_t begin, std::int64_t extent, int out);

/// @brief An empty grid of the request's shape (min(out, window extent) pixels per axis).
Grid makeGrid(const ViewRequest& request);

/// @brief Reads a rows x cols float grid from the device into grid.values.
void readGrid(ClContext& cl, const cl::Buffer& values, Grid& grid);

} // namespace pecards::gpu::detail
