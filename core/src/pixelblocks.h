#pragma once
/// @file pixelblocks.h
/// @brief The entry blocks covered by the output pixels along one axis of a view (view.h rule).

#include "pecards/view.h"

#include <cstdint>
#include <vector>

namespace pecards::detail {

/// @brief Pixel p covers entries [first(p), end(p)) with first(p) = begin + floor(p*n/P),
/// n = extent, P = min(out, n) pixels (blockStart in view.h).
class PixelBlocks {
public:
    /// @param begin first entry of the window; @param extent entries in the window (>= 1);
    /// @param out requested output pixels (>= 1).
    PixelBlocks(std::int64_t begin, std::int64_t extent, int out);

    int count() const { return static_cast<int>(m_starts.size()) - 1; }
    std::int64_t first(int pixel) const { return m_starts[pixel]; }
    std::int64_t last(int pixel) const { return m_starts[pixel + 1] - 1; } ///< inclusive
    std::int64_t end(int pixel) const { return m_starts[pixel + 1]; }
    std::int64_t size(int pixel) const { return m_starts[pixel + 1] - m_starts[pixel]; }
    /// The first entry of every pixel (count() values): the Sample positions.
    std::vector<std::int64_t> firsts() const { return {m_starts.begin(), m_starts.end() - 1}; }
    /// The pixel covering `entry` (begin <= entry < begin + extent).
    int pixelOf(std::int64_t entry) const;

private:
    std::vector<std::int64_t> m_starts; ///< count()+1 block boundaries
};

/// @brief An empty grid (values zero) of rows.count() x cols.count() for the request's window.
Grid makeGrid(const ViewRequest& request, const PixelBlocks& rows, const PixelBlocks& cols);

} // namespace pecards::detail
