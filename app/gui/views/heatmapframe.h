#pragma once
/// @file heatmapframe.h
/// @brief A computed grid turned into what a HeatmapWidget paints: the image, the colour range
/// and the axis names. Built by the controllers (not by the widget) from an engine Grid.

#include "widgets/colormaplookup.h"

#include <QImage>
#include <QString>
#include <optional>
#include <pecards/view.h>

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
    bool isNull() const { return image.isNull(); }
};

/// @brief How the colour range is chosen.
struct ColorScaling {
    QString colorMap = QStringLiteral("viridis"); ///< colormaplookup.h name
    bool symmetric = false; ///< range [-a, a] with a = max |finite value| (diverging maps)
    bool sequentialIfOneSigned = false; ///< with symmetric: values of one sign use viridis, own range
    std::optional<double> fixedLow; ///< fixed range (phase [0, 2 pi), buckets [0, n-1])
    std::optional<double> fixedHigh;
};

/// @brief Colours every value of `grid`: finite values are mapped linearly from [low, high]
/// (from `scaling`, or the finite minimum and maximum); -infinity is "masked"; NaN and
/// +infinity are "invalid". A constant grid gets a range of +-0.5 around its value.
HeatmapFrame makeHeatmapFrame(pecards::Grid grid, const pecards::Window& fullExtent,
    const ColorScaling& scaling, const QString& rowLabel, const QString& colLabel);
