#pragma once
/// @file figurebuilder.h
/// @brief Turns a computed view (request + grid) into a `FigureSpec`: the colour mapping,
/// the default value range, and the title, axis and colour-bar labels of each quantity.
///
/// The GUI and the CLI both call `makeFigureSpec`, so a view exported from either gives the
/// same figure. Labels are translatable (context "pecards::app::FigureBuilder"); the caption
/// is not (caption.h).

#include "figure/figurespec.h"
#include "pecards/view.h"

#include <QList>
#include <optional>

namespace pecards::app {

/// @brief The values mapped to the two ends of the colour map.
struct ValueRange {
    double min = 0.0; ///< finite
    double max = 1.0; ///< finite, > min
    bool operator==(const ValueRange&) const = default;
};

/// @brief The default colour range of a quantity over a grid's finite values:
/// Phase: [0, 2π] (radians); Attention, ContentAttention: [0, max]; Table (signed entries):
/// [-a, a] with a = max |value|; other quantities [min, max], or [-a, a] when `symmetric`
/// (diverging colour maps).
/// A constant grid c gets [c - 0.5, c + 0.5] ([0, 1] for attention); a grid with no finite
/// value (all masked) gets [0, 1]. Masked cells (-inf) are ignored.
ValueRange defaultValueRange(Quantity quantity, const Grid& grid, bool symmetric = false);

/// @brief Colours a grid: one pixel per cell (Format_RGB32, width = grid.cols), value v gets
/// colormap[round((v - min) / (max - min) * (n - 1))], values outside the range take the end
/// colours, and masked cells (-inf) get `maskedColor`.
/// @param colormap at least 2 colours, low to high
/// @throws std::invalid_argument if the grid is empty or has the wrong number of values,
/// holds NaN or +inf, the colormap has fewer than 2 entries, or the range is not finite
/// with min < max.
QImage colorizeGrid(const Grid& grid, const QList<QRgb>& colormap, ValueRange range, QColor maskedColor);

/// @brief Title of a view, e.g. "RoPE — positional score".
QString figureTitle(const CardParams& params, Quantity quantity);

/// @brief The figure of one computed view: title, axis labels and spans from the grid's
/// window, colour bar (label from the quantity, colours from `colormap`, range `range` or
/// defaultValueRange), caption (formatCaption(request)) and the coloured heatmap.
/// Square-cell plots (equalAspect) for position × position quantities.
/// @param request the request the grid answers (its window must equal grid.window)
/// @throws std::invalid_argument as colorizeGrid, or if grid.window != request.window.
FigureSpec makeFigureSpec(const ViewRequest& request, const Grid& grid, const QList<QRgb>& colormap,
    std::optional<ValueRange> range = std::nullopt);

} // namespace pecards::app
