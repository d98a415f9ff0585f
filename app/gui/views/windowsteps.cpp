#include "views/windowsteps.h"

#include <QtGlobal>
#include <cmath>
#include <utility>

namespace pecards::gui {

namespace {

/// A range of `size` entries starting at `first` scaled by `scale` around fraction `f` of it,
/// inside [begin, end).
std::pair<qint64, qint64> scaledRange(
    qint64 begin, qint64 end, qint64 first, qint64 size, double scale, double f) {
    const qint64 extent = end - begin;
    const auto wanted = static_cast<qint64>(std::llround(static_cast<double>(size) * scale));
    const qint64 newSize = qBound<qint64>(1, wanted == size && scale < 1 ? size - 1 : wanted, extent);
    const double anchor = static_cast<double>(first) + f * static_cast<double>(size);
    const auto newFirst = static_cast<qint64>(std::llround(anchor - f * static_cast<double>(newSize)));
    const qint64 clamped = qBound<qint64>(begin, newFirst, end - newSize);
    return {clamped, clamped + newSize};
}

/// `begin` moved by `fraction` of `size` (at least one entry), the range kept inside [low, high).
qint64 shifted(qint64 begin, qint64 size, qint64 low, qint64 high, double fraction) {
    const qint64 step = std::max<qint64>(
        1, static_cast<qint64>(std::llround(std::abs(fraction) * static_cast<double>(size))));
    const qint64 moved = begin + (fraction < 0 ? -step : fraction > 0 ? step : 0);
    return qBound<qint64>(low, moved, high - size);
}

} // namespace

pecards::Window zoomedWindow(
    const pecards::Window& current, const pecards::Window& full, double scale, double fx, double fy) {
    const auto rows = scaledRange(full.row_begin, full.row_end, current.row_begin, current.rows(), scale, fy);
    const auto cols = scaledRange(full.col_begin, full.col_end, current.col_begin, current.cols(), scale, fx);
    return {rows.first, rows.second, cols.first, cols.second};
}

pecards::Window pannedWindow(
    const pecards::Window& current, const pecards::Window& full, double rows, double cols) {
    const qint64 row = shifted(current.row_begin, current.rows(), full.row_begin, full.row_end, rows);
    const qint64 col = shifted(current.col_begin, current.cols(), full.col_begin, full.col_end, cols);
    return {row, row + current.rows(), col, col + current.cols()};
}

} // namespace pecards::gui
