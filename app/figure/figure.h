#pragma once
/// @file figure.h
/// @brief One page of exported output: a heatmap figure (FigureSpec), a chart figure
/// (ChartSpec) or a handout's cover page (CoverSpec), and what every kind has in common.
///
/// FigureExporter (figureexporter.h) writes any of them as PNG / SVG / PDF; a PDF handout
/// mixes them, one page each.

#include "figure/chartspec.h"
#include "figure/coverspec.h"
#include "figure/figurerenderer.h"
#include "figure/figurespec.h"

#include <QPainter>
#include <variant>

namespace pecards::app {

/// @brief A page of output: heatmap, chart or cover.
using Figure = std::variant<FigureSpec, ChartSpec, CoverSpec>;

/// @brief Empty when the figure can be drawn, else what is wrong (figureSpecError,
/// chartSpecError or coverSpecError).
QString figureError(const Figure& figure);

/// @brief The figure's title (a cover's card title).
QString figureTitleOf(const Figure& figure);

/// @brief The figure's caption; a cover's parameters joined by captionSeparator().
QString figureCaptionOf(const Figure& figure);

/// @brief Paints the figure filling `target` with the renderer of its kind and `style`.
/// @param pixelsPerPoint device units per typographic point (dpi / 72); > 0
void paintFigure(QPainter& painter, const QRectF& target, const Figure& figure, const FigureStyle& style,
    double pixelsPerPoint);

} // namespace pecards::app
