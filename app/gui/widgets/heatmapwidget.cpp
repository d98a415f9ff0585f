#include "widgets/heatmapwidget.h"

#include "widgets/axisticks.h"
#include "widgets/messagebox.h"
#include "widgets/progressstrip.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace pecards::gui {

HeatmapWidget::HeatmapWidget(QWidget* parent)
    : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus); // keyboard zoom and pan
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void HeatmapWidget::setFullExtent(const pecards::Window& extent) {
    if (m_extent == extent)
        return;
    const QRect before = plotRect();
    m_extent = extent;
    m_valueLabel.clear(); // another quantity or length: its labels start afresh
    update();
    if (plotRect() != before)
        emit plotAreaChanged();
}

void HeatmapWidget::setFrame(HeatmapFrame frame) {
    const QRect before = plotRect();
    const bool sameExtent = !m_frame.isNull() && m_extent == frame.fullExtent
        && m_frame.logarithmic == frame.logarithmic && m_frame.qualitative == frame.qualitative;
    m_extent = frame.fullExtent;
    m_frame = std::move(frame);
    m_message.clear();
    const QString widest = widestValueLabel();
    const QFontMetrics metrics = fontMetrics();
    if (!sameExtent || metrics.horizontalAdvance(widest) > metrics.horizontalAdvance(m_valueLabel))
        m_valueLabel = widest;
    update();
    emit frameChanged();
    if (plotRect() != before)
        emit plotAreaChanged();
}

void HeatmapWidget::setMessage(const QString& message) {
    if (m_message == message)
        return;
    m_message = message;
    update();
}

void HeatmapWidget::setReadout(const QString& readout) {
    if (m_readout == readout)
        return;
    m_readout = readout;
    update();
}

void HeatmapWidget::setProgress(std::optional<double> fraction, const QString& text) {
    if (!fraction) {
        if (m_progress)
            m_progress->hide();
        return;
    }
    if (!m_progress) {
        m_progress = new ProgressStrip(this);
        connect(m_progress, &ProgressStrip::cancelRequested, this, &HeatmapWidget::cancelRequested);
    }
    m_progress->setProgress(*fraction, text);
    placeProgress();
    m_progress->show();
}

bool HeatmapWidget::isProgressShown() const {
    return m_progress && m_progress->isVisibleTo(this);
}

void HeatmapWidget::placeProgress() {
    if (!m_progress)
        return;
    const QRect plot = plotRect();
    const int height = std::min(m_progress->sizeHint().height(), plot.height());
    // As wide as its label, bar and Cancel need when the widget has the room (a narrow plot cut
    // "exact max" to "exact m…" at 1280x720), never narrower than the plot, inside the widget.
    const int width
        = std::clamp(m_progress->sizeHint().width(), plot.width(), std::max(plot.width(), this->width()));
    const int left = std::max(0, std::min(plot.left(), this->width() - width));
    m_progress->setGeometry(left, plot.top(), width, height);
}

void HeatmapWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    placeProgress();
}

void HeatmapWidget::setReadoutRoom(bool kept) {
    if (m_readoutRoom == kept)
        return;
    m_readoutRoom = kept;
    emit plotAreaChanged();
    update();
}

int HeatmapWidget::readoutHeight() const {
    if (!m_readoutRoom)
        return 0;
    // At least two lines; as many as the wrapped read-out needs at this width (never cut).
    const QFontMetrics metrics = fontMetrics();
    const QRect needed = metrics.boundingRect(
        QRect(0, 0, std::max(width() - 8, 1), 100 * metrics.height()), Qt::TextWordWrap, m_readout);
    return std::max(2 * metrics.height(), needed.height()) + 2;
}

QMargins HeatmapWidget::plotMargins() const {
    const QFontMetrics metrics = fontMetrics();
    const int left
        = metrics.height() + 6 + positionLabelWidth(metrics, m_extent.row_begin, m_extent.row_end) + 8;
    int labels = std::max(
        metrics.horizontalAdvance(m_valueLabel), metrics.horizontalAdvance(QStringLiteral("-888")));
    if (m_frame.maskedCount > 0)
        labels = std::max(labels, metrics.horizontalAdvance(tr("masked")) + 4);
    const int right = 10 + kColorBarWidth + 5 + labels + 4;
    const int bottom = 5 + metrics.height() + 2 + metrics.height() + 4 + readoutHeight();
    return {left, kTopMargin, right, bottom};
}

int HeatmapWidget::positionLabelWidth(const QFontMetrics& metrics, qint64 begin, qint64 end) {
    // positionTickLabel never has more characters than the integer's digits (and sign).
    const qint64 largest = std::max({std::abs(begin), std::abs(end - 1), qint64 {1000}});
    QString digits(QString::number(largest).size(), QLatin1Char('8'));
    if (begin < 0)
        digits.prepend(QLatin1Char('-'));
    return metrics.horizontalAdvance(digits);
}

QString HeatmapWidget::widestValueLabel() const {
    if (m_frame.isNull())
        return {};
    const QFontMetrics metrics = fontMetrics();
    const QMargins margins = plotMargins(); // top and bottom: the bar's height does not depend on its labels
    const int barHeight = height() - margins.top() - margins.bottom();
    const int room = metrics.horizontalAdvance(QStringLiteral("-8.8888e+88")); // offset notation past it
    QString widest;
    for (const QString& label : colorBarTicks(std::max(barHeight, 1), room).second.labels) {
        if (metrics.horizontalAdvance(label) > metrics.horizontalAdvance(widest))
            widest = label;
    }
    return widest;
}

std::pair<std::vector<double>, TickLabels> HeatmapWidget::colorBarTicks(int barHeight, int labelRoom) const {
    const QFontMetrics metrics = fontMetrics();
    const int maxTicks = tickCapacity(barHeight, metrics.height());
    std::vector<double> ticks = m_frame.logarithmic
        ? decadeTicks(m_frame.low, m_frame.high, maxTicks)
        : niceTicks(m_frame.low, m_frame.high, maxTicks, m_frame.qualitative);
    if (m_frame.logarithmic) { // powers of ten in one format (A-U2), as the charts' log axes
        if (std::optional<TickLabels> decades = decadeTickLabels(ticks))
            return {std::move(ticks), std::move(*decades)};
    }
    TickLabels labels = valueTickLabels(
        ticks, [&](const QString& label) { return metrics.horizontalAdvance(label) <= labelRoom; });
    return {std::move(ticks), std::move(labels)};
}

void HeatmapWidget::setSquarePlot(bool square) {
    if (m_squarePlot == square)
        return;
    m_squarePlot = square;
    update();
}

QRect HeatmapWidget::plotRect() const {
    const QMargins m = plotMargins();
    const int w = std::max(1, width() - m.left() - m.right());
    const int h = std::max(1, height() - m.top() - m.bottom());
    if (!m_squarePlot)
        return QRect(m.left(), m.top(), w, h);
    const int side = std::min(w, h);
    return QRect(m.left() + (w - side) / 2, m.top(), side, side);
}

QSize HeatmapWidget::plotPixels() const {
    const QRect plot = plotRect();
    const double ratio = devicePixelRatioF();
    return {std::max(1, static_cast<int>(plot.width() * ratio)),
        std::max(1, static_cast<int>(plot.height() * ratio))};
}

std::optional<QPointF> HeatmapWidget::fractionAt(const QPoint& point) const {
    const QRect plot = plotRect();
    if (m_frame.isNull() || !plot.contains(point))
        return std::nullopt;
    const double fx = std::clamp((point.x() - plot.left() + 0.5) / plot.width(), 0.0, 0.999999999);
    const double fy = std::clamp((point.y() - plot.top() + 0.5) / plot.height(), 0.0, 0.999999999);
    return QPointF(fx, fy);
}

std::optional<std::pair<qint64, qint64>> HeatmapWidget::entryAt(const QPoint& point) const {
    const std::optional<QPointF> f = fractionAt(point);
    if (!f)
        return std::nullopt;
    const pecards::Window& w = m_frame.grid.window;
    return std::make_pair(w.row_begin + static_cast<qint64>(f->y() * static_cast<double>(w.rows())),
        w.col_begin + static_cast<qint64>(f->x() * static_cast<double>(w.cols())));
}

std::optional<std::pair<int, int>> HeatmapWidget::pixelAt(const QPoint& point) const {
    const std::optional<QPointF> f = fractionAt(point);
    if (!f)
        return std::nullopt;
    return std::make_pair(
        static_cast<int>(f->y() * m_frame.grid.rows), static_cast<int>(f->x() * m_frame.grid.cols));
}

void HeatmapWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().window());
    const QRect plot = plotRect();
    if (m_frame.isNull()) {
        painter.fillRect(plot, palette().base());
        paintOverlay(painter, plot, m_message.isEmpty() ? tr("computing…") : m_message, !m_message.isEmpty());
        return;
    }
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false); // one entry = one crisp block
    painter.drawImage(plot, m_frame.image);
    paintAliasing(painter, plot);
    paintMarker(painter, plot);
    paintCircles(painter);
    paintAxes(painter, plot);
    paintColorBar(painter, plot);

    if (m_hover && m_message.isEmpty()) {
        painter.setPen(QPen(QColor(255, 255, 255, 200), 1, Qt::DashLine));
        painter.drawLine(plot.left(), m_hover->y(), plot.right(), m_hover->y());
        painter.drawLine(m_hover->x(), plot.top(), m_hover->x(), plot.bottom());
    }
    if (m_dragStart && m_dragNow) {
        painter.setPen(QPen(Qt::white, 1.5));
        painter.setBrush(QColor(255, 255, 255, 50));
        painter.drawRect(QRect(*m_dragStart, *m_dragNow).normalized().intersected(plot));
        painter.setBrush(Qt::NoBrush);
    }
    if (!m_readout.isEmpty()) {
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(4, height() - readoutHeight(), width() - 8, readoutHeight()),
            Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, m_readout);
    }
    if (hasFocus()) { // keyboard focus: a ring around the plot
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(plot.adjusted(-2, -2, 1, 1));
    }
    if (!m_message.isEmpty()) {
        painter.fillRect(plot, QColor(0, 0, 0, 150)); // the last good frame stays, dimmed
        paintOverlay(painter, plot, m_message, true);
    } else if (m_frame.invalidCount > 0) {
        paintOverlay(painter, plot,
            tr("%n invalid value(s) (NaN or +inf) shown in magenta", nullptr, m_frame.invalidCount), true);
    }
}

void HeatmapWidget::paintAxes(QPainter& painter, const QRect& plot) const {
    const pecards::Window& w = m_frame.grid.window;
    const QFontMetrics metrics = painter.fontMetrics();
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawRect(plot.adjusted(0, 0, -1, -1));
    const auto axis = [&](qint64 begin, qint64 count, int pixels, int maxTicks, const auto& place) {
        // Entry e covers [e - begin, e - begin + 1) / count of the axis; its tick sits at the block centre
        // when blocks are wide, at its start otherwise.
        const double half = pixels / static_cast<double>(count) >= 8 ? 0.5 : 0.0;
        for (const double tick :
            niceTicks(static_cast<double>(begin), static_cast<double>(begin + count - 1), maxTicks, true))
            place((tick - static_cast<double>(begin) + half) / static_cast<double>(count) * pixels, tick);
    };
    const int line = metrics.height();
    const int labelWidth = positionLabelWidth(
        metrics, m_frame.fullExtent.col_begin, m_frame.fullExtent.col_end); // widest column label
    axis(w.row_begin, w.rows(), plot.height(), tickCapacity(plot.height(), line), [&](double y, double tick) {
        const int py = plot.top() + static_cast<int>(y);
        painter.drawLine(plot.left() - 4, py, plot.left(), py);
        painter.drawText(QRect(0, py - line / 2, plot.left() - 6, line), Qt::AlignRight | Qt::AlignVCenter,
            positionTickLabel(tick));
    });
    axis(w.col_begin, w.cols(), plot.width(), tickCapacity(plot.width(), labelWidth / 2 + 8),
        [&](double x, double tick) {
            const int px = plot.left() + static_cast<int>(x);
            painter.drawLine(px, plot.bottom(), px, plot.bottom() + 4);
            painter.drawText(QRect(px - labelWidth, plot.bottom() + 5, 2 * labelWidth, line),
                Qt::AlignHCenter | Qt::AlignTop, positionTickLabel(tick));
        });
    // Titles longer than a small plot (presentation's font, the compare tab) run past its ends
    // rather than being cut at them.
    const auto [colTitle, colStart] = axisTitle(metrics, m_frame.colLabel, plot.center().x(), width());
    painter.drawText(QRect(colStart, plot.bottom() + 7 + line, metrics.horizontalAdvance(colTitle), line),
        Qt::AlignLeft, colTitle);
    const auto [rowTitle, rowStart]
        = axisTitle(metrics, m_frame.rowLabel, height() - plot.center().y(), height());
    painter.save();
    // Beside the row labels, also when a square plot is centred in a wider widget.
    painter.translate(plot.left() - plotMargins().left() + 12, height());
    painter.rotate(-90); // x runs up the widget from its bottom
    painter.drawText(
        QRect(rowStart, -metrics.height() / 2 - 2, metrics.horizontalAdvance(rowTitle), metrics.height()),
        Qt::AlignLeft, rowTitle);
    painter.restore();
}

std::pair<QString, int> HeatmapWidget::axisTitle(
    const QFontMetrics& metrics, const QString& title, int centre, int extent) {
    const QString text = metrics.elidedText(title, Qt::ElideRight, std::max(0, extent));
    const int width = metrics.horizontalAdvance(text);
    return {text, std::clamp(centre - width / 2, 0, std::max(0, extent - width))};
}

QRect HeatmapWidget::colorBarRect(const QRect& plot) const {
    return {
        plot.right() + 10, plot.top(), kColorBarWidth, plot.height() - (m_frame.maskedCount > 0 ? 22 : 0)};
}

std::pair<std::vector<double>, TickLabels> HeatmapWidget::shownColorBarTicks() const {
    if (m_frame.isNull())
        return {};
    const QRect bar = colorBarRect(plotRect());
    return colorBarTicks(bar.height(), width() - (bar.right() + 5));
}

std::vector<double> HeatmapWidget::colorBarTickValues() const {
    return shownColorBarTicks().first;
}

TickLabels HeatmapWidget::colorBarTickLabels() const {
    return shownColorBarTicks().second;
}

void HeatmapWidget::paintColorBar(QPainter& painter, const QRect& plot) const {
    const QRect bar = colorBarRect(plot);
    for (int y = 0; y < bar.height(); ++y) {
        const double t = 1.0 - (y + 0.5) / bar.height();
        painter.setPen(QColor::fromRgb(m_frame.colorAt(t)));
        painter.drawLine(bar.left(), bar.top() + y, bar.right(), bar.top() + y);
    }
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawRect(bar.adjusted(0, 0, -1, -1));
    const QFontMetrics metrics = painter.fontMetrics();
    const int line = metrics.height();
    const int labelRoom = width() - (bar.right() + 5);
    const auto [ticks, labels] = colorBarTicks(bar.height(), labelRoom);
    for (std::size_t n = 0; n < ticks.size(); ++n) {
        const int y = bar.bottom() - static_cast<int>(m_frame.fraction(ticks[n]) * bar.height());
        painter.drawLine(bar.right(), y, bar.right() + 3, y);
        painter.drawText(QRect(bar.right() + 5, y - line / 2, labelRoom, line),
            Qt::AlignLeft | Qt::AlignVCenter, labels.labels[n]);
    }
    if (!labels.offset.isEmpty()) // offset notation: the common value under the bar
        painter.drawText(QRect(bar.left() - 4, plot.bottom() + 5, width() - bar.left() + 4, 2 * line),
            Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, tr("ticks + %1").arg(labels.offset));
    if (m_frame.maskedCount > 0) {
        const QRect swatch(bar.left(), plot.bottom() - 13, kColorBarWidth, 12);
        painter.fillRect(swatch, QColor::fromRgb(maskedColor()));
        painter.drawText(QRect(swatch.right() + 4, swatch.top() - 2, labelRoom, 16),
            Qt::AlignLeft | Qt::AlignVCenter, tr("masked"));
    }
}

void HeatmapWidget::paintOverlay(
    QPainter& painter, const QRect& plot, const QString& text, bool error) const {
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * 1.15);
    painter.setFont(font);
    // Narrow plots borrow the margins so a long engine message stays readable.
    const QRect area = plot.width() < 320 ? QRect(4, plot.top(), width() - 8, plot.height()) : plot;
    const QRect box = area.adjusted(12, 12, -12, -12);
    const QRect needed = messageTextRect(painter.fontMetrics(), box, text).adjusted(-10, -8, 10, 8);
    painter.setPen(Qt::NoPen);
    painter.setBrush(error ? QColor(120, 20, 20, 235) : QColor(40, 40, 40, 200));
    painter.drawRoundedRect(needed.intersected(area), 6, 6);
    painter.setPen(Qt::white);
    painter.drawText(box, messageTextFlags(painter.fontMetrics(), box, text), text);
}

void HeatmapWidget::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && plotRect().contains(event->position().toPoint())) {
        m_dragStart = event->position().toPoint();
        m_dragNow = m_dragStart;
    }
    QWidget::mousePressEvent(event);
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent* event) {
    const QPoint point = event->position().toPoint();
    if (m_dragStart)
        m_dragNow = QPoint(qBound(plotRect().left(), point.x(), plotRect().right()),
            qBound(plotRect().top(), point.y(), plotRect().bottom()));
    hoverAt(point);
    update();
}

void HeatmapWidget::hoverAt(const QPoint& point) {
    const auto entry = entryAt(point);
    const auto pixel = pixelAt(point);
    if (entry && pixel) {
        m_hover = point;
        emit hovered(entry->first, entry->second, pixel->first, pixel->second);
    } else if (m_hover) {
        m_hover.reset();
        emit hoverLeft();
    }
}

void HeatmapWidget::hoverAgain() {
    if (m_hover)
        hoverAt(*m_hover);
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !m_dragStart)
        return;
    const QRect dragged = QRect(*m_dragStart, *m_dragNow).normalized();
    m_dragStart.reset();
    m_dragNow.reset();
    update();
    if (dragged.width() < 4 || dragged.height() < 4)
        return; // a click, not a drag
    const auto first = entryAt(dragged.topLeft());
    const auto last = entryAt(dragged.bottomRight());
    if (!first || !last)
        return;
    emit windowRequested(pecards::Window {first->first, last->first + 1, first->second, last->second + 1});
}

void HeatmapWidget::mouseDoubleClickEvent(QMouseEvent*) {
    emit resetRequested();
}

void HeatmapWidget::wheelEvent(QWheelEvent* event) {
    const std::optional<QPointF> f = fractionAt(event->position().toPoint());
    if (!f || event->angleDelta().y() == 0)
        return;
    emit zoomRequested(std::pow(kWheelZoom, event->angleDelta().y() / 120.0), f->x(), f->y());
    event->accept();
}

void HeatmapWidget::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        emit zoomRequested(kWheelZoom, 0.5, 0.5);
        break;
    case Qt::Key_Minus:
        emit zoomRequested(1.0 / kWheelZoom, 0.5, 0.5);
        break;
    case Qt::Key_Left:
        emit panRequested(0, -kKeyPan);
        break;
    case Qt::Key_Right:
        emit panRequested(0, kKeyPan);
        break;
    case Qt::Key_Up:
        emit panRequested(-kKeyPan, 0);
        break;
    case Qt::Key_Down:
        emit panRequested(kKeyPan, 0);
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        emit resetRequested();
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void HeatmapWidget::focusInEvent(QFocusEvent* event) {
    update();
    QWidget::focusInEvent(event);
}

void HeatmapWidget::focusOutEvent(QFocusEvent* event) {
    update();
    QWidget::focusOutEvent(event);
}

void HeatmapWidget::leaveEvent(QEvent* event) {
    m_hover.reset();
    emit hoverLeft();
    update();
    QWidget::leaveEvent(event);
}

} // namespace pecards::gui
