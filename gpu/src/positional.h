#pragma once
/// @file positional.h
/// @brief Positional-only Score, Attention and Buckets views on the device (docs/quantities.md):
/// profile f(delta) on the device, chunked range-maximum structures, then one work-item per pixel.

#include "clcontext.h"
#include "pecards/progress.h"
#include "pecards/view.h"

#include <algorithm>

namespace pecards::gpu::detail {

/// @brief Most window rows x output columns a pooled (Mean/Max/Min) positional Attention view
/// evaluates (one O(1) range query each); above it ComputeLimitExceeded.
inline constexpr std::int64_t kAttentionQueryBudget = std::int64_t {1} << 31;

/// @brief Computes a validated Score, Attention or Buckets request; pooled attention in bands of
/// output rows (poolInBands).
/// @param progress nullptr (compute(): the budget applies), or the sink of computeTiled (no work
///        budget; told after each band).
/// @throws ComputeLimitExceeded (pooled attention above kAttentionQueryBudget without a sink),
///         ComputeCancelled, OpenClError.
Grid computePositional(ClContext& cl, const ViewRequest& request, ProgressSink* progress);

/// @brief Entries one band of a per-pixel pooling kernel evaluates at most (about 2^24: tens of
/// milliseconds on a device, so a cancel takes effect that soon).
inline constexpr std::int64_t kBandEntries = std::int64_t {1} << 24;

/// @brief Runs a per-pixel pooling kernel `name(out, rows, cols, row_starts, col_starts, rest...)`
/// over the grid in bands of output rows: each band is enqueued, read back (which waits for it)
/// and reported to `progress` before the next, so cancellation takes effect within one band. A
/// pixel's value does not depend on the band, so the grid is the one a single launch gives.
/// @param row_starts the grid's row block starts (grid.rows + 1 values, blockStarts)
/// @param entries_per_row entries (or range queries) the kernel evaluates per window row
/// @throws ComputeCancelled, OpenClError
template <typename... Rest>
void poolInBands(ClContext& cl, const char* name, const std::vector<cl_long>& row_starts,
    const cl::Buffer& col_starts, std::int64_t entries_per_row, ProgressSink* progress, Grid& grid,
    const Rest&... rest) {
    const std::int64_t per_output_row
        = std::max<std::int64_t>(1, (row_starts.back() - row_starts.front()) / grid.rows) * entries_per_row;
    const int band = static_cast<int>(std::clamp<std::int64_t>(kBandEntries / per_output_row, 1, grid.rows));
    ProgressTracker tracker(progress,
        static_cast<double>(row_starts.back() - row_starts.front()) * static_cast<double>(entries_per_row));
    const auto cols = static_cast<std::size_t>(grid.cols);
    cl::Buffer out = cl.buffer(static_cast<std::size_t>(band) * cols * sizeof(float), "grid band");
    for (int r0 = 0; r0 < grid.rows; r0 += band) {
        const int rows = std::min(band, grid.rows - r0);
        const auto first = row_starts.begin() + r0;
        const cl::Buffer starts = cl.upload(std::vector<cl_long>(first, first + rows + 1), "row blocks");
        cl.run(name, cl::NDRange(cols, static_cast<std::size_t>(rows)), cl::NullRange, out,
            static_cast<cl_int>(rows), static_cast<cl_int>(grid.cols), starts, col_starts, rest...);
        const std::vector<float> values
            = cl.download<float>(out, static_cast<std::size_t>(rows) * cols, "reading the grid");
        std::copy(
            values.begin(), values.end(), grid.values.begin() + static_cast<std::ptrdiff_t>(r0) * grid.cols);
        tracker.advance(static_cast<double>(first[rows] - first[0]) * static_cast<double>(entries_per_row));
    }
}

/// @brief Block starts of the pixels along one axis (view.h rule): pixels + 1 values.
std::vector<cl_long> blockStarts(std::int64_t begin, std::int64_t extent, int out);

/// @brief An empty grid of the request's shape (min(out, window extent) pixels per axis).
Grid makeGrid(const ViewRequest& request);

/// @brief Reads a rows x cols float grid from the device into grid.values.
void readGrid(ClContext& cl, const cl::Buffer& values, Grid& grid);

} // namespace pecards::gpu::detail
