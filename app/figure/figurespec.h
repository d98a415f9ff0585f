#pragma once
/// @file figurespec.h
/// @brief Everything a publication figure of one view shows, as a plain value.
///
/// A `FigureSpec` is built once (figurebuilder.h) and painted by `FigureRenderer` onto any
/// device: the GUI's export dialog and `pecards-cli render` paint the same value, so their
/// files are identical. It holds no maths: the heatmap is already coloured.

#include <QColor>
#include <QImage>
#include <QList>
#include <QString>
#include <QtGlobal>

namespace pecards::app {

/// @brief One axis of the heatmap: a label with its unit and the entries it spans.
///
/// The axis spans entry indices `first..last` inclusive (positions, dimensions or frequency
/// pairs); entry v occupies the cell [v, v+1) so ticks sit at cell centres.
struct AxisSpec {
    QString label; ///< e.g. "key position j"; includes the unit when there is one
    qint64 first = 0; ///< first entry index shown
    qint64 last = 0; ///< last entry index shown (inclusive), >= first
    bool operator==(const AxisSpec&) const = default;
};

/// @brief The colour bar: the colormap's lookup table and the values at its two ends.
struct ColorBarSpec {
    QString label; ///< quantity and unit, e.g. "angle (rad)"
    double min = 0.0; ///< value of colors.front(), finite
    double max = 1.0; ///< value of colors.back(), finite, > min
    QList<QRgb> colors; ///< the colormap, low to high, at least 2 entries, opaque
    bool operator==(const ColorBarSpec&) const = default;
};

/// @brief A complete figure: title, heatmap with axes, colour bar and caption.
struct FigureSpec {
    QString title; ///< one line above the plot
    AxisSpec xAxis; ///< horizontal axis (grid columns), left to right
    AxisSpec yAxis; ///< vertical axis (grid rows), top to bottom
    ColorBarSpec colorBar;
    /// Caption line(s) with every parameter value (caption.h); wrapped at " · " separators.
    QString caption;
    /// The coloured grid at full resolution: one pixel per grid cell, row 0 = yAxis.first.
    /// Painted with nearest-neighbour scaling only.
    QImage heatmap;
    /// True when the grid contains masked cells (causal mask); a legend swatch explains them.
    bool hasMasked = false;
    QColor maskedColor = QColor(0xd9, 0xd9, 0xd9); ///< colour of masked cells in `heatmap`
    /// True when both axes count positions: the plot then keeps one entry square.
    bool equalAspect = false;
    /// Per heatmap column: sampled too coarsely for its frequency (aliasing.h); hatched, and the
    /// caption says so.
    std::vector<bool> aliasedColumns;
    bool operator==(const FigureSpec&) const = default;
};

/// @brief Empty when the spec can be drawn, else what is wrong, e.g. "colour bar range
/// [1, 1] is invalid: must be finite with min < max" (null heatmap, fewer than 2 colours,
/// an axis with last < first).
QString figureSpecError(const FigureSpec& spec);

} // namespace pecards::app
