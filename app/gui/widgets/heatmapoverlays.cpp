// What HeatmapWidget paints over its plot (heatmapwidget.h): the presentation's swept line with
// its label, a lesson's circled entries and the hatch over aliased columns.
#include "widgets/heatmapwidget.h"
#include "widgets/teachingink.h"

#include <QPainter>
#include <algorithm>
#include <cmath>
#include <figure/aliasing.h>

namespace pecards::gui {

void HeatmapWidget::setMarker(std::optional<qint64> position, bool alsoColumn) {
    if (m_marker == position && m_markerColumn == alsoColumn)
        return;
    m_marker = position;
    m_markerColumn = alsoColumn;
    update();
}

QString HeatmapWidget::markerLabel() const {
    if (!m_marker)
        return {};
    return m_markerColumn ? tr("position m = %1 (row and column)").arg(*m_marker)
                          : tr("position m = %1 (row)").arg(*m_marker);
}

void HeatmapWidget::paintMarker(QPainter& painter, const QRect& plot) const {
    if (!m_marker)
        return;
    const pecards::Window& w = m_frame.grid.window;
    const qint64 m = *m_marker;
    // A light line with a dark edge reads on every colour map.
    const auto line = [&painter](const QPointF& from, const QPointF& to) {
        painter.setPen(QPen(QColor(0, 0, 0, 160), 4));
        painter.drawLine(from, to);
        painter.setPen(QPen(QColor(255, 255, 255, 230), 2));
        painter.drawLine(from, to);
    };
    std::optional<double> rowY;
    if (m >= w.row_begin && m < w.row_end) {
        const double y = plot.top()
            + (static_cast<double>(m - w.row_begin) + 0.5) / static_cast<double>(w.rows()) * plot.height();
        line(QPointF(plot.left(), y), QPointF(plot.right(), y));
        rowY = y;
    }
    if (m_markerColumn && m >= w.col_begin && m < w.col_end) {
        const double x = plot.left()
            + (static_cast<double>(m - w.col_begin) + 0.5) / static_cast<double>(w.cols()) * plot.width();
        line(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
    if (!rowY)
        return;
    // What the line is, on a dark box at its left end, above it (below it near the top).
    // The whole label where the plot is wide enough, else "m = 37" (elided if even that is not).
    const QFontMetrics metrics(painter.font());
    const int room = plot.width() - 14;
    QString label = markerLabel();
    if (metrics.horizontalAdvance(label) > room)
        label = metrics.elidedText(QStringLiteral("m = %1").arg(m), Qt::ElideRight, room);
    QRectF box(0, 0, metrics.horizontalAdvance(label) + 8.0, metrics.height() + 2.0);
    const double top = *rowY - box.height() - 3.0 >= plot.top() ? *rowY - box.height() - 3.0 : *rowY + 3.0;
    box.moveTopLeft(QPointF(plot.left() + 3.0, top));
    painter.save(); // what is painted after the marker keeps its own pen
    painter.fillRect(box, QColor(0, 0, 0, 170));
    painter.setPen(Qt::white);
    painter.drawText(box, Qt::AlignCenter, label);
    painter.restore();
}

void HeatmapWidget::setCircles(const QList<Circle>& circles) {
    if (circles == m_circles)
        return;
    m_circles = circles;
    update();
}

std::optional<QPointF> HeatmapWidget::entryCentre(qint64 row, qint64 col) const {
    if (m_frame.isNull())
        return std::nullopt;
    const pecards::Window& w = m_frame.grid.window;
    if (row < w.row_begin || row >= w.row_end || col < w.col_begin || col >= w.col_end)
        return std::nullopt;
    const QRect plot = plotRect();
    return QPointF(plot.left()
            + (static_cast<double>(col - w.col_begin) + 0.5) / static_cast<double>(w.cols()) * plot.width(),
        plot.top()
            + (static_cast<double>(row - w.row_begin) + 0.5) / static_cast<double>(w.rows()) * plot.height());
}

void HeatmapWidget::paintCircles(QPainter& painter) const {
    const QFontMetrics metrics = fontMetrics();
    const qreal radius = 0.9 * metrics.height();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    for (const Circle& circle : m_circles) {
        const std::optional<QPointF> centre = entryCentre(circle.row, circle.col);
        if (!centre)
            continue;
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(QColor(0, 0, 0, 170), 5)); // a dark edge under the ink
        painter.drawEllipse(*centre, radius, radius);
        painter.setPen(QPen(teachingInk(), 3));
        painter.drawEllipse(*centre, radius, radius);
        if (circle.label.isEmpty())
            continue;
        // The label on a dark box beside the circle, turned inward near the plot's right edge.
        const int width = metrics.horizontalAdvance(circle.label) + 8;
        const bool left = centre->x() + radius + width > plotRect().right();
        const QRectF box(left ? centre->x() - radius - 4 - width : centre->x() + radius + 4,
            centre->y() - metrics.height() / 2.0 - 2, width, metrics.height() + 4);
        painter.setPen(Qt::NoPen);
        painter.setBrush(QColor(0, 0, 0, 190));
        painter.drawRoundedRect(box, 3, 3);
        painter.setPen(teachingInk().lighter(130));
        painter.drawText(box, Qt::AlignCenter, circle.label);
    }
    painter.restore();
}

void HeatmapWidget::paintAliasing(QPainter& painter, const QRect& plot) const {
    const std::vector<bool>& aliased = m_frame.aliasedColumns;
    if (std::find(aliased.begin(), aliased.end(), true) == aliased.end())
        return;
    const QBrush hatch(QColor(255, 255, 255, 150), Qt::BDiagPattern);
    const double width = static_cast<double>(plot.width()) / static_cast<double>(aliased.size());
    for (const auto& [first, end] : pecards::app::aliasedRuns(aliased)) { // a rectangle per run
        const int left = plot.left() + static_cast<int>(std::floor(static_cast<double>(first) * width));
        const int right = plot.left() + static_cast<int>(std::ceil(static_cast<double>(end) * width));
        painter.fillRect(QRect(left, plot.top(), right - left, plot.height()), hatch);
    }
    // The badge keeps inside the plot (the colour bar is painted right of it): the whole sentence
    // when it fits, else the short form, elided when even that is wider than the plot.
    const QFontMetrics metrics = painter.fontMetrics();
    const int room = plot.width() - 8;
    const QString full = tr("aliased (hatched): sampled too coarsely");
    const QString badge = metrics.horizontalAdvance(full) + 12 <= room
        ? full
        : metrics.elidedText(tr("aliased (hatched)"), Qt::ElideRight, std::max(0, room - 12));
    const QRect text = metrics.boundingRect(badge).adjusted(-6, -3, 6, 3);
    const int left = std::max(plot.left() + 4, plot.right() - text.width() - 4);
    const QRect box(left, plot.top() + 4, std::min(text.width(), plot.right() - left - 4), text.height());
    painter.fillRect(box, QColor(150, 30, 30, 220));
    painter.setPen(Qt::white);
    painter.drawText(box, Qt::AlignCenter, badge);
}

} // namespace pecards::gui
