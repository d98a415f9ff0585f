#include "widgets/heatmapframe.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pecards::gui {

double HeatmapFrame::fraction(double value) const {
    if (logarithmic) {
        if (!(value > 0.0))
            return 0.0;
        return std::clamp(std::log10(value / low) / std::log10(high / low), 0.0, 1.0);
    }
    return std::clamp((value - low) / (high - low), 0.0, 1.0);
}

QRgb HeatmapFrame::colorAt(double t) const {
    if (qualitative)
        return qualitativeColor(std::llround(low + std::clamp(t, 0.0, 1.0) * (high - low)), std::llround(low),
            std::llround(high));
    return heatmapColor(colorMap, t);
}

std::pair<double, double> naturalColorRange(const pecards::Grid& grid, const ColorScaling& scaling) {
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    double lowestPositive = std::numeric_limits<double>::infinity();
    for (const double value : grid.values) {
        if (std::isfinite(value)) {
            low = std::min(low, value);
            high = std::max(high, value);
            if (value > 0.0)
                lowestPositive = std::min(lowestPositive, value);
        }
    }
    if (low > high) { // nothing finite
        low = 0.0;
        high = 1.0;
    }
    if (scaling.logarithmic && high > 0.0) {
        low = std::max(lowestPositive, high * ColorScaling::kLogDynamicRange);
        if (low >= high)
            low = high * ColorScaling::kLogDynamicRange;
        return {low, high};
    }
    if (scaling.symmetric) {
        const double reach = std::max(std::abs(low), std::abs(high));
        low = -reach;
        high = reach;
    }
    if (high - low <= std::abs(high) * 1e-12) {
        low -= 0.5;
        high += 0.5;
    }
    return {low, high};
}

HeatmapFrame makeHeatmapFrame(pecards::Grid grid, const pecards::Window& fullExtent,
    const ColorScaling& scaling, const QString& rowLabel, const QString& colLabel) {
    HeatmapFrame frame;
    frame.fullExtent = fullExtent;
    frame.colorMap = scaling.colorMap;
    frame.rowLabel = rowLabel;
    frame.colLabel = colLabel;
    frame.qualitative = scaling.qualitative;
    for (const double value : grid.values) {
        if (std::isinf(value) && value < 0)
            ++frame.maskedCount;
        else if (!std::isfinite(value))
            ++frame.invalidCount;
    }
    auto [low, high] = naturalColorRange(grid, scaling);
    low = scaling.fixedLow.value_or(low);
    high = scaling.fixedHigh.value_or(high);
    frame.logarithmic = scaling.logarithmic && low > 0.0 && high > low;
    if (high - low <= std::abs(high) * 1e-12) { // a fixed range of one value
        low -= 0.5;
        high += 0.5;
    }
    frame.low = low;
    frame.high = high;

    frame.image = QImage(grid.cols, grid.rows, QImage::Format_RGB32);
    const QList<QRgb>& table = heatmapColormapTable(frame.colorMap);
    for (int r = 0; r < grid.rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(frame.image.scanLine(r));
        for (int c = 0; c < grid.cols; ++c) {
            const double value = grid.at(r, c);
            if (!std::isfinite(value))
                line[c] = (std::isinf(value) && value < 0) ? maskedColor() : invalidColor();
            else if (frame.qualitative)
                line[c] = qualitativeColor(std::llround(value), std::llround(low), std::llround(high));
            else
                line[c] = heatmapColor(table, frame.fraction(value));
        }
    }
    frame.grid = std::move(grid);
    return frame;
}

} // namespace pecards::gui
