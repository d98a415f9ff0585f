#pragma once
/// @file chartrenderer.h
/// @brief Paints a `ChartSpec` with QPainter onto any paint device (QImage, QSvgGenerator,
/// QPdfWriter): title, framed plot with ticks, light grid lines and axis labels, the series as
/// paths (lines) or dots (points), a legend to the right of the plot, and the caption.
///
/// Same conventions as FigureRenderer: sizes in points from a FigureStyle, whole-pixel fonts,
/// every text a single QPainter::drawText call (one SVG <text> element). Log axes get decade
/// ticks (1, 10, 100, 10³, ...; linear-valued ticks when the range spans less than a decade).
/// A line with more points than four per device unit of width is drawn through the first,
/// lowest, highest and last point of each device column (the same picture, smaller files).

#include "figure/chartspec.h"
#include "figure/figurerenderer.h"

#include <QPainter>
#include <QRectF>

namespace pecards::app {

/// @brief Paints chart figures; stateless apart from its style.
class ChartRenderer {
public:
    explicit ChartRenderer(FigureStyle style = {});

    /// @brief Paints `spec` filling `target` (device units), background included unless the
    /// style is transparent.
    /// @param pixelsPerPoint device units per typographic point (dpi / 72); > 0
    /// An invalid spec (chartSpecError) paints its error message instead of a chart.
    /// The painter's state is restored on return.
    void paint(QPainter& painter, const QRectF& target, const ChartSpec& spec, double pixelsPerPoint) const;

    const FigureStyle& style() const { return m_style; }

private:
    FigureStyle m_style;
};

} // namespace pecards::app
