#include "figure/coverrenderer.h"

#include "figure/figurepainting.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace pecards::app {

namespace {

constexpr double kCoverTitleScale = 2.0; ///< the cover title is twice the figure title size
constexpr int kMaxParameterColumns = 3;

QString coverText(const char* text) {
    return QCoreApplication::translate("pecards::app::CoverRenderer", text);
}

} // namespace

CoverRenderer::CoverRenderer(FigureStyle style)
    : m_style(std::move(style)) {
}

void CoverRenderer::paint(
    QPainter& painter, const QRectF& target, const CoverSpec& spec, double pixelsPerPoint) const {
    const double s = pixelsPerPoint;
    painter.save();
    if (!m_style.transparentBackground || !coverSpecError(spec).isEmpty()) {
        painter.fillRect(target, Qt::white);
    }
    painter.setClipRect(target);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setPen(QColor(kFigureTextColor));
    if (const QString error = coverSpecError(spec); !error.isEmpty()) {
        painter.setFont(figureFont(m_style.fontFamily, m_style.labelPt, s));
        painter.drawText(target, Qt::AlignCenter | Qt::TextWordWrap, error);
        painter.restore();
        return;
    }
    const double margin = 4.0 * m_style.marginPt * s;
    const QRectF area = target.adjusted(margin, margin, -margin, -margin);
    const double gap = 3.0 * s;
    QPaintDevice* device = painter.device();
    const QFont titleFont = figureFont(m_style.fontFamily, kCoverTitleScale * m_style.titlePt, s, true);
    const QFont headingFont = figureFont(m_style.fontFamily, m_style.labelPt, s, true);
    const QFont bodyFont = figureFont(m_style.fontFamily, m_style.labelPt, s);
    const QFontMetricsF title(titleFont, device), heading(headingFont, device), body(bodyFont, device);

    double y = area.top();
    painter.setFont(titleFont);
    const QString titleText = title.elidedText(spec.title, Qt::ElideRight, area.width());
    drawAlignedText(painter, title, titleText, QPointF(area.left(), y), Qt::AlignLeft | Qt::AlignTop);
    y += title.lineSpacing() + gap;
    painter.setFont(bodyFont);
    drawAlignedText(painter, body, coverText("Model: %1").arg(spec.model), QPointF(area.left(), y),
        Qt::AlignLeft | Qt::AlignTop);
    y += body.lineSpacing() + 4.0 * gap;

    painter.setFont(headingFont);
    drawAlignedText(
        painter, heading, coverText("Parameters"), QPointF(area.left(), y), Qt::AlignLeft | Qt::AlignTop);
    y += heading.lineSpacing() + gap;
    painter.setFont(bodyFont);
    const double columnGap = 4.0 * gap;
    const double widest = widestText(body, spec.parameters) + columnGap;
    const int columns
        = std::clamp(static_cast<int>(area.width() / std::max(widest, 1.0)), 1, kMaxParameterColumns);
    const auto rows = (spec.parameters.size() + columns - 1) / columns;
    const double columnWidth = area.width() / columns;
    for (qsizetype k = 0; k < spec.parameters.size(); ++k) {
        const QString item = body.elidedText(spec.parameters[k], Qt::ElideRight, columnWidth - columnGap);
        drawAlignedText(painter, body, item,
            QPointF(area.left() + static_cast<double>(k / rows) * columnWidth,
                y + static_cast<double>(k % rows) * body.lineSpacing()),
            Qt::AlignLeft | Qt::AlignTop);
    }
    y += static_cast<double>(rows) * body.lineSpacing() + 4.0 * gap;

    if (spec.contents.isEmpty()) {
        painter.restore();
        return;
    }
    painter.setFont(headingFont);
    drawAlignedText(
        painter, heading, coverText("Figures"), QPointF(area.left(), y), Qt::AlignLeft | Qt::AlignTop);
    y += heading.lineSpacing() + gap;
    painter.setFont(bodyFont);
    for (qsizetype k = 0; k < spec.contents.size(); ++k) {
        const QString line = coverText("page %1: %2").arg(k + 2).arg(spec.contents[k]);
        drawAlignedText(painter, body, body.elidedText(line, Qt::ElideRight, area.width()),
            QPointF(area.left(), y), Qt::AlignLeft | Qt::AlignTop);
        y += body.lineSpacing();
    }
    painter.restore();
}

} // namespace pecards::app
