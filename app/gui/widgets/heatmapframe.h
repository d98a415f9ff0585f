#pragma once
/// @file heatmapframe.h
/// @brief A computed grid turned into what a HeatmapWidget paints: the image, the colour range
/// and the axis names. Built by the controllers (not by the widget) from an engine Grid.

#include "widgets/colormaplookup.h"

#include <QImage>
#include <QString>
#include <optional>
#include <pecards/view.h>
#include <utility>
#include <vector>

namespace pecards::gui {

struct HeatmapFrame {
    pecards::Grid grid; ///< the values shown; pixel (r, c) = grid.at(r, c)
    pecards::Window fullExtent; ///< the quantity's full extent, for zoom limits
    QImage image; ///< grid.cols x grid.rows, one texel per grid value
    double low = 0.0; ///< value at the bottom of the colour bar
    double high = 1.0; ///< value at the top of the colour bar
    QString colorMap = QStringLiteral("viridis"); ///< colormaplookup.h name
    int maskedCount = 0; ///< -infinity entries (masked logits), painted grey
    int invalidCount = 0; ///< NaN / +infinity entries, painted magenta
    QString rowLabel; ///< e.g. "query position i"
    QString colLabel; ///< e.g. "key position j"
    bool logarithmic = false; ///< colours follow log10(value) from low (> 0) to high
    bool qualitative = false; ///< one distinct colour per integer value (bucket indices)
    std::vector<bool> aliasedColumns; ///< per grid column: sampled below Nyquist (aliasing.h)
    bool isNull() const { return image.isNull(); }
    /// @brief Where `value` sits on the colour bar, 0 (low) to 1 (high), clamped.
    double fraction(double value) const;
    /// @brief The colour at `fraction` of the colour bar (qualitative: of the integer there).
    QRgb colorAt(double fraction) const;
};

/// @brief How the colour range is chosen.
struct ColorScaling {
    QString colorMap = QStringLiteral("viridis"); ///< colormaplookup.h name
    bool symmetric = false; ///< range [-a, a] with a = max |finite value| (diverging maps)
    bool logarithmic = false; ///< log10 colours over [high * kLogDynamicRange, high] (attention)
    bool qualitative = false; ///< integer values in distinct colours (qualitativeColor)
    std::optional<double> fixedLow; ///< fixed range (phase [0, 2 pi), a locked or shared range)
    std::optional<double> fixedHigh;

    /// Decades a logarithmic scale shows below its top: probabilities down to 1e-6 x the largest.
    static constexpr double kLogDynamicRange = 1e-6;
};

/// @brief The colour range [low, high] of `grid` under `scaling` (before any fixed range):
/// the finite minimum and maximum; symmetric: [-a, a]; logarithmic: the top is the maximum and
/// the bottom max(smallest positive value, top x kLogDynamicRange); a constant grid gets +-0.5.
std::pair<double, double> naturalColorRange(const pecards::Grid& grid, const ColorScaling& scaling);

/// @brief Colours every value of `grid`: finite values are mapped from [low, high] (the fixed
/// range of `scaling`, else naturalColorRange), linearly or on a log10 scale, or one colour per
/// integer (qualitative); -infinity is "masked"; NaN and +infinity are "invalid".
HeatmapFrame makeHeatmapFrame(pecards::Grid grid, const pecards::Window& fullExtent,
    const ColorScaling& scaling, const QString& rowLabel, const QString& colLabel);

} // namespace pecards::gui
