#pragma once
/// @file figureframe.h
/// @brief What the plotted figures (heatmaps: figurerenderer.h, charts: chartrenderer.h) share
/// around their plot: the fonts at one scale, the frame of the layout (margin, title line, the
/// band left for the plot above the x tick labels, x label and caption), the message painted for
/// an invalid spec, the frame pen, outward ticks with their labels, the title centred over the
/// plot and the caption lines.

#include "figure/figurerenderer.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QRectF>
#include <QStringList>

namespace pecards::app {

/// @brief The fonts of one figure at `scale` device units per point (figureFont).
struct FigureFonts {
    QFont title, label, tick, caption;
};
FigureFonts figureFonts(const FigureStyle& style, double scale);

/// @brief The metrics of those fonts on one paint device.
struct FigureMetrics {
    FigureMetrics(const FigureFonts& fonts, QPaintDevice* device);
    QFontMetricsF title, label, tick, caption;
};

/// @brief The layout every plotted figure starts from, in device units.
struct FigureFrame {
    QRectF area; ///< target minus margin
    double titleTop = 0; ///< top of the title line
    QStringList captionLines; ///< the caption wrapped to the area's width
    double plotTop = 0; ///< top of the band left for the plot, below the title
    double plotBottom = 0; ///< bottom of that band, above x ticks, x label and caption
    double tickLength = 0, gap = 0, lineWidth = 0;
};

/// @brief The frame of a figure with `caption` filling `target` on `device` (whose fonts
/// measure the text) at `scale` device units per point.
FigureFrame figureFrame(const FigureStyle& style, const FigureFonts& fonts, QPaintDevice* device,
    const QRectF& target, const QString& caption, double scale);

/// @brief Saves the painter's state and fills `target` white unless the style is transparent.
void beginFigure(QPainter& painter, const QRectF& target, const FigureStyle& style);

/// @brief Paints `error` centred on white over `target` (a spec that cannot be drawn).
void paintSpecError(
    QPainter& painter, const QRectF& target, const FigureStyle& style, double scale, const QString& error);

/// @brief The pen of frames and tick marks: text colour, `lineWidth`, flat caps, mitred joins.
QPen figureFramePen(double lineWidth);

/// @brief An outward tick below `plot` at x with its label under it (the painter's pen and font).
void drawXTick(QPainter& painter, const FigureFrame& frame, const QFontMetricsF& tick, const QRectF& plot,
    double x, const QString& label);
/// @brief An outward tick left of `plot` at y with its label right-aligned before it.
void drawYTick(QPainter& painter, const FigureFrame& frame, const QFontMetricsF& tick, const QRectF& plot,
    double y, const QString& label);

/// @brief The centre x of the vertical y-axis label, left of tick labels `yLabelsWidth` wide.
double yLabelCentreX(
    const FigureFrame& frame, const QFontMetricsF& label, const QRectF& plot, double yLabelsWidth);

/// @brief The title centred over `plotCentreX`, kept inside the area (the painter's pen; sets the
/// title font).
void drawFigureTitle(QPainter& painter, const FigureFrame& frame, const FigureFonts& fonts,
    const QFontMetricsF& title, const QString& text, double plotCentreX);

/// @brief The caption lines from `top` down, left-aligned in the caption colour (sets font and pen).
void drawFigureCaption(QPainter& painter, const FigureFrame& frame, const FigureFonts& fonts,
    const QFontMetricsF& caption, double top);

} // namespace pecards::app
