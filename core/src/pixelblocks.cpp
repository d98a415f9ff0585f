// Pixel blocks along one view axis (pixelblocks.h).

#include "pixelblocks.h"

#include <algorithm>

namespace pecards::detail {

PixelBlocks::PixelBlocks(std::int64_t begin, std::int64_t extent, int out) {
    const int pixels = static_cast<int>(std::min<std::int64_t>(out, extent));
    m_starts.resize(static_cast<std::size_t>(pixels) + 1);
    for (int p = 0; p <= pixels; ++p) {
        m_starts[p] = blockStart(begin, extent, pixels, p);
    }
}

int PixelBlocks::pixelOf(std::int64_t entry) const {
    const auto it = std::upper_bound(m_starts.begin(), m_starts.end(), entry);
    return static_cast<int>(it - m_starts.begin()) - 1;
}

Grid makeGrid(const ViewRequest& request, const PixelBlocks& rows, const PixelBlocks& cols) {
    Grid grid;
    grid.rows = rows.count();
    grid.cols = cols.count();
    grid.window = request.window;
    grid.values.assign(static_cast<std::size_t>(grid.rows) * grid.cols, 0.0);
    return grid;
}

} // namespace pecards::detail
