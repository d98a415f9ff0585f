#include "figure/figureframe.h"

#include "figure/figurepainting.h"

#include <algorithm>

namespace pecards::app {

FigureFonts figureFonts(const FigureStyle& style, double scale) {
    return {figureFont(style.fontFamily, style.titlePt, scale, true),
        figureFont(style.fontFamily, style.labelPt, scale), figureFont(style.fontFamily, style.tickPt, scale),
        figureFont(style.fontFamily, style.captionPt, scale)};
}

FigureMetrics::FigureMetrics(const FigureFonts& fonts, QPaintDevice* device)
    : title(fonts.title, device)
    , label(fonts.label, device)
    , tick(fonts.tick, device)
    , caption(fonts.caption, device) {
}

FigureFrame figureFrame(const FigureStyle& style, const FigureFonts& fonts, QPaintDevice* device,
    const QRectF& target, const QString& caption, double scale) {
    const double s = scale;
    FigureFrame frame;
    frame.tickLength = style.tickLengthPt * s;
    frame.gap = 3.0 * s;
    frame.lineWidth = style.lineWidthPt * s;
    frame.area
        = target.adjusted(style.marginPt * s, style.marginPt * s, -style.marginPt * s, -style.marginPt * s);
    const auto [title, label, tick, captionMetrics] = FigureMetrics(fonts, device);
    if (style.showCaption && !caption.isEmpty())
        frame.captionLines = wrapCaption(caption, captionMetrics, frame.area.width());
    const double captionHeight
        = captionMetrics.lineSpacing() * static_cast<double>(frame.captionLines.size());
    frame.titleTop = frame.area.top();
    frame.plotTop = frame.area.top() + (style.showTitle ? title.height() + 2.0 * frame.gap : frame.gap);
    frame.plotBottom = frame.area.bottom() - captionHeight - 2.0 * frame.gap - label.height() - frame.gap
        - tick.height() - frame.gap - frame.tickLength;
    return frame;
}

void beginFigure(QPainter& painter, const QRectF& target, const FigureStyle& style) {
    painter.save();
    if (!style.transparentBackground) {
        painter.fillRect(target, Qt::white);
    }
}

void paintSpecError(
    QPainter& painter, const QRectF& target, const FigureStyle& style, double scale, const QString& error) {
    painter.save();
    painter.fillRect(target, Qt::white);
    painter.setPen(QColor(kFigureTextColor));
    painter.setFont(figureFont(style.fontFamily, style.labelPt, scale));
    painter.drawText(target, Qt::AlignCenter | Qt::TextWordWrap, error);
    painter.restore();
}

QPen figureFramePen(double lineWidth) {
    QPen pen(QColor(kFigureTextColor), lineWidth);
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::MiterJoin);
    return pen;
}

void drawXTick(QPainter& painter, const FigureFrame& frame, const QFontMetricsF& tick, const QRectF& plot,
    double x, const QString& label) {
    painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + frame.tickLength));
    drawAlignedText(painter, tick, label, QPointF(x, plot.bottom() + frame.tickLength + frame.gap),
        Qt::AlignHCenter | Qt::AlignTop);
}

void drawYTick(QPainter& painter, const FigureFrame& frame, const QFontMetricsF& tick, const QRectF& plot,
    double y, const QString& label) {
    painter.drawLine(QPointF(plot.left() - frame.tickLength, y), QPointF(plot.left(), y));
    drawAlignedText(painter, tick, label, QPointF(plot.left() - frame.tickLength - frame.gap, y),
        Qt::AlignRight | Qt::AlignVCenter);
}

double yLabelCentreX(
    const FigureFrame& frame, const QFontMetricsF& label, const QRectF& plot, double yLabelsWidth) {
    return plot.left() - frame.tickLength - frame.gap - yLabelsWidth - frame.gap - label.height() / 2.0;
}

void drawFigureTitle(QPainter& painter, const FigureFrame& frame, const FigureFonts& fonts,
    const QFontMetricsF& title, const QString& text, double plotCentreX) {
    painter.setFont(fonts.title);
    const double titleWidth = title.horizontalAdvance(text);
    const double titleLeft = std::clamp(plotCentreX - titleWidth / 2.0, frame.area.left(),
        std::max(frame.area.left(), frame.area.right() - titleWidth));
    drawAlignedText(painter, title, text, QPointF(titleLeft, frame.titleTop), Qt::AlignLeft | Qt::AlignTop);
}

void drawFigureCaption(QPainter& painter, const FigureFrame& frame, const FigureFonts& fonts,
    const QFontMetricsF& caption, double top) {
    painter.setFont(fonts.caption);
    painter.setPen(QColor(kFigureCaptionColor));
    for (const QString& line : frame.captionLines) {
        drawAlignedText(
            painter, caption, line, QPointF(frame.area.left(), top), Qt::AlignLeft | Qt::AlignTop);
        top += caption.lineSpacing();
    }
}

} // namespace pecards::app
