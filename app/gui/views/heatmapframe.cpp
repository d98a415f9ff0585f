#include "views/heatmapframe.h"

#include "views/quantitystyle.h"

#include <algorithm>
#include <cmath>
#include <limits>

HeatmapFrame makeHeatmapFrame(pecards::Grid grid, const pecards::Window& fullExtent,
    const ColorScaling& scaling, const QString& rowLabel, const QString& colLabel) {
    HeatmapFrame frame;
    frame.fullExtent = fullExtent;
    frame.colorMap = scaling.colorMap;
    frame.rowLabel = rowLabel;
    frame.colLabel = colLabel;

    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    for (const double value : grid.values) {
        if (std::isfinite(value)) {
            low = std::min(low, value);
            high = std::max(high, value);
        } else if (std::isinf(value) && value < 0) {
            ++frame.maskedCount;
        } else {
            ++frame.invalidCount;
        }
    }
    if (low > high) { // nothing finite
        low = 0.0;
        high = 1.0;
    }
    if (scaling.symmetric && scaling.sequentialIfOneSigned && (low >= 0.0 || high <= 0.0)) {
        frame.colorMap = sequentialColormap();
    } else if (scaling.symmetric) {
        const double reach = std::max(std::abs(low), std::abs(high));
        low = -reach;
        high = reach;
    }
    low = scaling.fixedLow.value_or(low);
    high = scaling.fixedHigh.value_or(high);
    if (high - low <= std::abs(high) * 1e-12) {
        low -= 0.5;
        high += 0.5;
    }
    frame.low = low;
    frame.high = high;

    frame.image = QImage(grid.cols, grid.rows, QImage::Format_RGB32);
    for (int r = 0; r < grid.rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(frame.image.scanLine(r));
        for (int c = 0; c < grid.cols; ++c) {
            const double value = grid.at(r, c);
            if (std::isfinite(value))
                line[c] = heatmapColor(frame.colorMap, (value - low) / (high - low));
            else
                line[c] = (std::isinf(value) && value < 0) ? maskedColor() : invalidColor();
        }
    }
    frame.grid = std::move(grid);
    return frame;
}
