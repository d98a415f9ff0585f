#include "figure/chartrenderer.h"

#include "figure/figureframe.h"
#include "figure/figurepainting.h"
#include "figure/mathtext.h"
#include "figure/ticks.h"

#include <QCoreApplication>
#include <QPainterPath>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

namespace pecards::app {

namespace {

constexpr QRgb kGridColor = 0xffdcdcdcu;
constexpr double kHeadRoom = 0.05; ///< linear y axes: 5 % of the span above and below the data
constexpr double kLinePt = 1.0;
constexpr double kEmphasisedLinePt = 2.0;
constexpr double kDotPt = 1.6; ///< dot radius
constexpr double kEmphasisedDotPt = 2.4;
constexpr double kSwatchPt = 14.0; ///< legend line sample length
constexpr double kMaxLegendShare = 0.3; ///< of the figure width; longer names are elided
constexpr int kPointsPerUnit = 4; ///< lines denser than this per device column are thinned

/// A span of an axis in axis units (log10 of the value on log axes).
struct Span {
    double lo = 0.0;
    double hi = 1.0;
};

struct Tick {
    double at = 0.0; ///< axis units
    QString label;
};

double toAxis(double value, AxisScale scale) {
    return scale == AxisScale::Log ? std::log10(value) : value;
}

Span dataSpan(double lo, double hi, AxisScale scale, bool headRoom) {
    Span span {toAxis(lo, scale), toAxis(hi, scale)};
    if (!(span.lo < span.hi)) {
        span.lo -= 0.5;
        span.hi += 0.5;
    }
    if (headRoom) {
        const double pad = (span.hi - span.lo) * kHeadRoom;
        span.lo -= pad;
        span.hi += pad;
    }
    return span;
}

std::vector<Tick> axisTicks(const Span& span, AxisScale scale, int capacity) {
    std::vector<Tick> ticks;
    if (scale == AxisScale::Log) {
        const int first = static_cast<int>(std::ceil(span.lo - 1e-9));
        const int last = static_cast<int>(std::floor(span.hi + 1e-9));
        if (last > first) { // at least two decades inside: decade ticks, every stride-th
            const int count = last - first + 1;
            const int stride = (count + capacity - 1) / capacity;
            // One format for the axis (A-U2: "10⁷" above "10000"), decided on the ticks shown.
            const bool powers = decadesAsPowers(first, first + (count - 1) / stride * stride);
            for (int k = first; k <= last; k += stride) {
                ticks.push_back({static_cast<double>(k), decadeLabel(k, powers)});
            }
            return ticks;
        }
        const ValueTicks values = valueTicks(std::pow(10.0, span.lo), std::pow(10.0, span.hi), capacity);
        for (const double v : values.values) {
            if (v > 0.0) {
                ticks.push_back({std::log10(v), formatTick(v, values.step)});
            }
        }
        return ticks;
    }
    const ValueTicks values = valueTicks(span.lo, span.hi, capacity);
    for (const double v : values.values) {
        ticks.push_back({v, formatTick(v, values.step)});
    }
    return ticks;
}

QStringList labelsOf(const std::vector<Tick>& ticks) {
    QStringList labels;
    for (const Tick& t : ticks) {
        labels << t.label;
    }
    return labels;
}

QColor seriesColor(const ChartSeries& series) {
    const QList<QRgb>& palette = chartPalette();
    const auto n = static_cast<int>(palette.size());
    return QColor(palette[((series.colorIndex % n) + n) % n]);
}

/// A line series' pen `width` wide: its colour, and past the palette's eight colours a dash
/// pattern per round (solid, dashed, dotted, dash-dot), so that 12 ALiBi heads are 12 lines
/// (the author's A-C1: h1 and h9 were both black and solid).
QPen seriesPen(const ChartSeries& series, double width) {
    static constexpr std::array<Qt::PenStyle, 4> kRounds {
        Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    const auto n = static_cast<int>(chartPalette().size());
    const int round = std::max(series.colorIndex, 0) / n;
    return QPen(seriesColor(series), width, kRounds[static_cast<std::size_t>(round) % kRounds.size()]);
}

/// Thins a polyline with non-decreasing x to the first, lowest, highest and last point of
/// every device column (M4 aggregation): the drawn picture is unchanged.
std::vector<QPointF> thinned(const std::vector<QPointF>& points, double width) {
    if (points.size() <= static_cast<std::size_t>(kPointsPerUnit * std::max(1.0, width))
        || !std::is_sorted(
            points.begin(), points.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); })) {
        return points;
    }
    std::vector<QPointF> out;
    std::size_t begin = 0;
    while (begin < points.size()) {
        const double column = std::floor(points[begin].x());
        std::size_t end = begin;
        std::size_t low = begin;
        std::size_t high = begin;
        while (end < points.size() && std::floor(points[end].x()) == column) {
            low = points[end].y() > points[low].y() ? end : low; // device y grows downwards
            high = points[end].y() < points[high].y() ? end : high;
            ++end;
        }
        std::vector<std::size_t> keep {begin, low, high, end - 1};
        std::sort(keep.begin(), keep.end());
        keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
        for (const std::size_t k : keep) {
            out.push_back(points[k]);
        }
        begin = end;
    }
    return out;
}

QString moreLabel(qsizetype count) {
    return QCoreApplication::translate(
        "pecards::app::ChartRenderer", "+%n more", nullptr, static_cast<int>(count));
}

/// Everything's position, in device units; computed before anything is drawn.
struct Layout : FigureFrame {
    QRectF plot; ///< the axes' frame (polar: the square around the unit circle)
    Span x, y; ///< cartesian axis spans
    std::vector<Tick> xTicks, yTicks;
    double yLabelsWidth = 0;
    QList<qsizetype> legendSeries; ///< indices of the series listed in the legend
    QStringList legendNames; ///< their (elided) names
    qsizetype legendMore = 0; ///< named series left out for lack of room
    QRectF legend; ///< the legend: a column right of the plot, or lines under the x label
    QList<QPointF> legendAt; ///< each entry's swatch: left end, vertical middle
    QPointF legendMoreAt; ///< the "+n more" line's swatch position (when legendMore > 0)
    QStringList yTitle; ///< the y axis title in lines no longer than the plot (cartesian)
};

void dataExtent(const ChartSpec& spec, double& xMin, double& xMax, double& yMin, double& yMax) {
    xMin = yMin = std::numeric_limits<double>::infinity();
    xMax = yMax = -std::numeric_limits<double>::infinity();
    for (const ChartSeries& series : spec.series) {
        for (const QPointF& p : series.points) {
            xMin = std::min(xMin, p.x());
            xMax = std::max(xMax, p.x());
            yMin = std::min(yMin, p.y());
            yMax = std::max(yMax, p.y());
        }
    }
}

void layoutLegend(
    Layout& L, const ChartSpec& spec, const QFontMetricsF& tick, double top, double bottom, double s) {
    QList<qsizetype> named;
    for (qsizetype i = 0; i < spec.series.size(); ++i) {
        if (!spec.series[i].name.isEmpty()) {
            named << i;
        }
    }
    if (named.isEmpty()) {
        return;
    }
    const auto rows = std::max<qsizetype>(1, static_cast<qsizetype>((bottom - top) / tick.lineSpacing()));
    const qsizetype shown = named.size() <= rows ? named.size() : std::max<qsizetype>(rows - 1, 1);
    L.legendMore = named.size() - shown;
    const double maxText = kMaxLegendShare * L.area.width();
    double textWidth = L.legendMore > 0 ? tick.horizontalAdvance(moreLabel(L.legendMore)) : 0.0;
    for (qsizetype k = 0; k < shown; ++k) {
        const QString name = tick.elidedText(spec.series[named[k]].name, Qt::ElideRight, maxText);
        L.legendSeries << named[k];
        L.legendNames << name;
        textWidth = std::max(textWidth, tick.horizontalAdvance(name));
    }
    const double width = kSwatchPt * s + L.gap + textWidth;
    L.legend = QRectF(L.area.right() - width, top, width,
        tick.lineSpacing() * static_cast<double>(shown + (L.legendMore > 0)));
    for (qsizetype k = 0; k <= shown; ++k) {
        const QPointF at(L.legend.left(), top + (static_cast<double>(k) + 0.5) * tick.lineSpacing());
        if (k < shown)
            L.legendAt << at;
        else
            L.legendMoreAt = at;
    }
}

/// Whether every series name fits the legend column right of the plot without eliding.
bool legendFitsBeside(const Layout& L, const ChartSpec& spec, const QFontMetricsF& tick) {
    return std::all_of(spec.series.begin(), spec.series.end(), [&](const ChartSeries& series) {
        return tick.horizontalAdvance(series.name) <= kMaxLegendShare * L.area.width();
    });
}

/// The legend in lines under the plot, every name whole (elided only past the figure's width), as
/// many entries per line as fit: at column width names such as "context L = 131072" were cut to
/// "context L = 1310..." beside the plot. Positions are relative to the legend's top; returns its
/// height.
double layoutLegendBelow(Layout& L, const ChartSpec& spec, const QFontMetricsF& tick, double s) {
    const double swatch = kSwatchPt * s + L.gap;
    const double spacing = tick.height(); // between entries on a line
    double x = 0.0;
    double y = 0.0;
    for (qsizetype i = 0; i < spec.series.size(); ++i) {
        if (spec.series[i].name.isEmpty())
            continue;
        const QString name
            = tick.elidedText(spec.series[i].name, Qt::ElideRight, std::max(1.0, L.area.width() - swatch));
        const double width = swatch + tick.horizontalAdvance(name);
        if (x > 0.0 && x + width > L.area.width()) {
            x = 0.0;
            y += tick.lineSpacing();
        }
        L.legendSeries << i;
        L.legendNames << name;
        L.legendAt << QPointF(L.area.left() + x, y + tick.lineSpacing() / 2.0);
        x += width + spacing;
    }
    return L.legendSeries.isEmpty() ? 0.0 : y + tick.lineSpacing();
}

Layout computeLayout(const FigureStyle& style, const FigureFonts& fonts, QPaintDevice* device,
    const QRectF& target, const ChartSpec& spec, double s) {
    Layout L;
    static_cast<FigureFrame&>(L) = figureFrame(style, fonts, device, target, spec.caption, s);
    const QFontMetricsF label(fonts.label, device), tick(fonts.tick, device);
    const double top = L.plotTop;
    double bottom = L.plotBottom;
    const bool below = !spec.polar && !legendFitsBeside(L, spec, tick);
    double legendHeight = 0.0;
    if (below) { // under the x label, above the caption: the plot gives up that height
        legendHeight = layoutLegendBelow(L, spec, tick, s);
        bottom -= legendHeight + L.gap;
    } else {
        layoutLegend(L, spec, tick, top, bottom, s);
    }
    const double right = L.legend.isNull() || below ? L.area.right() : L.legend.left() - 3.0 * L.gap;
    const double em = tick.height();
    const double minSpacing = kFigureMinTickSpacingPt * s;

    if (spec.polar) {
        const double inset = L.gap + L.tickLength + widestText(tick, {QStringLiteral("315°")});
        const double side = std::max(
            1.0, std::min(right - L.area.left() - 2.0 * inset, bottom - top - 2.0 * (tick.height() + L.gap)));
        const double left = L.area.left() + (right - L.area.left() - side) / 2.0;
        const double upper = top + (bottom - top - side) / 2.0;
        L.plot = QRectF(std::round(left), std::round(upper), std::round(side), std::round(side));
        return L;
    }

    double xMin = 0, xMax = 0, yMin = 0, yMax = 0;
    dataExtent(spec, xMin, xMax, yMin, yMax);
    L.x = dataSpan(xMin, xMax, spec.xAxis.scale, false);
    // Room above the highest curve on both scales: a ratio of 1 lay on the top frame (A-C2).
    L.y = dataSpan(yMin, yMax, spec.yAxis.scale, true);
    L.yTicks = axisTicks(L.y, spec.yAxis.scale, tickCapacity(bottom - top, em, em, minSpacing));
    L.yLabelsWidth = widestText(tick, labelsOf(L.yTicks));
    // A title longer than the axis takes a second line rather than being cut ("wavelength
    // 2π/θ_i (positions)" at column width read "wavelength 2π/θ_i (posi…").
    L.yTitle = wrapWords(spec.yAxis.label, label, bottom - top);
    const double titleLines = static_cast<double>(std::max<qsizetype>(L.yTitle.size(), 1));
    const double left
        = L.area.left() + titleLines * label.height() + L.gap + L.yLabelsWidth + L.gap + L.tickLength;
    L.plot
        = QRectF(QPointF(std::round(left), std::round(top)), QPointF(std::round(right), std::round(bottom)));
    // x ticks: a first guess sized by the span's end labels, then sized by the labels it gives.
    const std::vector<Tick> guess
        = axisTicks(L.x, spec.xAxis.scale, tickCapacity(L.plot.width(), em, em, minSpacing));
    L.xTicks = axisTicks(L.x, spec.xAxis.scale,
        tickCapacity(L.plot.width(), widestText(tick, labelsOf(guess)), em, minSpacing));
    if (below) {
        const double legendTop
            = L.plot.bottom() + L.tickLength + L.gap + tick.height() + L.gap + label.height() + L.gap;
        L.legend = QRectF(L.area.left(), legendTop, L.area.width(), legendHeight);
        for (QPointF& at : L.legendAt)
            at.ry() += legendTop;
    }
    return L;
}

QPointF cartesian(const Layout& L, const ChartSpec& spec, const QPointF& p) {
    const double ax = toAxis(p.x(), spec.xAxis.scale);
    const double ay = toAxis(p.y(), spec.yAxis.scale);
    return {L.plot.left() + (ax - L.x.lo) / (L.x.hi - L.x.lo) * L.plot.width(),
        L.plot.bottom() - (ay - L.y.lo) / (L.y.hi - L.y.lo) * L.plot.height()};
}

QPointF polar(const Layout& L, const QPointF& p) {
    const double angle = p.x() * std::numbers::pi / 180.0;
    const double radius = p.y() * L.plot.width() / 2.0;
    return L.plot.center() + QPointF(radius * std::cos(angle), -radius * std::sin(angle));
}

void drawSeries(
    QPainter& painter, const Layout& L, const ChartSpec& spec, const ChartSeries& series, double s) {
    std::vector<QPointF> device;
    device.reserve(series.points.size());
    for (const QPointF& p : series.points) {
        device.push_back(spec.polar ? polar(L, p) : cartesian(L, spec, p));
    }
    const QColor color = seriesColor(series);
    if (series.style == SeriesStyle::Points) {
        const double r = (series.emphasised ? kEmphasisedDotPt : kDotPt) * s;
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        for (const QPointF& p : device) {
            painter.drawEllipse(p, r, r);
        }
        return;
    }
    device = thinned(device, L.plot.width());
    QPainterPath path;
    path.moveTo(device.front());
    for (std::size_t k = 1; k < device.size(); ++k) {
        path.lineTo(device[k]);
    }
    QPen pen = seriesPen(series, (series.emphasised ? kEmphasisedLinePt : kLinePt) * s);
    pen.setCapStyle(pen.style() == Qt::SolidLine ? Qt::RoundCap : Qt::FlatCap);
    pen.setJoinStyle(Qt::RoundJoin);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
}

/// The shaded regions and markers, clipped to the plot, each named at the top of the plot.
void drawRegions(
    QPainter& painter, const Layout& L, const ChartSpec& spec, const QFontMetricsF& tick, double s) {
    painter.save();
    painter.setClipRect(L.plot);
    double labelTop = L.plot.top() + L.gap;
    for (std::size_t k = 0; k < spec.regions.size(); ++k) {
        const ChartRegion& region = spec.regions[k];
        const double left = cartesian(L, spec, QPointF(std::min(region.x0, region.x1), 0.0)).x();
        const double right = cartesian(L, spec, QPointF(std::max(region.x0, region.x1), 0.0)).x();
        QColor color(chartPalette()[static_cast<qsizetype>((k + 2) % chartPalette().size())]);
        if (region.x0 == region.x1) {
            QPen pen(color, kLinePt * s, Qt::DashLine);
            painter.setPen(pen);
            painter.drawLine(QPointF(left, L.plot.top()), QPointF(left, L.plot.bottom()));
        } else {
            color.setAlpha(50);
            painter.fillRect(QRectF(QPointF(left, L.plot.top()), QPointF(right, L.plot.bottom())), color);
        }
        painter.setPen(QColor(kFigureCaptionColor));
        const auto [labelLeft, label]
            = labelInside(tick, region.name, left + L.gap, L.plot.left() + L.gap, L.plot.right() - L.gap);
        drawAlignedText(painter, tick, label, QPointF(labelLeft, labelTop), Qt::AlignLeft | Qt::AlignTop);
        labelTop += tick.lineSpacing();
    }
    painter.restore();
}

void drawCartesianAxes(
    QPainter& painter, const Layout& L, const QFontMetricsF& tick, const QPen& frame, const QPen& grid) {
    painter.setPen(grid);
    for (const Tick& t : L.xTicks) {
        const double x = L.plot.left() + (t.at - L.x.lo) / (L.x.hi - L.x.lo) * L.plot.width();
        painter.drawLine(QPointF(x, L.plot.top()), QPointF(x, L.plot.bottom()));
    }
    for (const Tick& t : L.yTicks) {
        const double y = L.plot.bottom() - (t.at - L.y.lo) / (L.y.hi - L.y.lo) * L.plot.height();
        painter.drawLine(QPointF(L.plot.left(), y), QPointF(L.plot.right(), y));
    }
    painter.setPen(frame);
    for (const Tick& t : L.xTicks) {
        drawXTick(painter, L, tick, L.plot,
            L.plot.left() + (t.at - L.x.lo) / (L.x.hi - L.x.lo) * L.plot.width(), t.label);
    }
    for (const Tick& t : L.yTicks) {
        drawYTick(painter, L, tick, L.plot,
            L.plot.bottom() - (t.at - L.y.lo) / (L.y.hi - L.y.lo) * L.plot.height(), t.label);
    }
}

void drawPolarGrid(QPainter& painter, const Layout& L, const QPen& grid) {
    const QPointF c = L.plot.center();
    const double r = L.plot.width() / 2.0;
    painter.setPen(grid);
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(c, r / 2.0, r / 2.0);
    for (int degrees = 0; degrees < 360; degrees += 45) {
        painter.drawLine(c, polar(L, QPointF(degrees, 1.0)));
    }
}

void drawPolarLabels(QPainter& painter, const Layout& L, const QFontMetricsF& tick, const QPen& frame) {
    const QPointF c = L.plot.center();
    const double r = L.plot.width() / 2.0;
    painter.setPen(frame);
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(c, r, r);
    for (int degrees = 0; degrees < 360; degrees += 45) {
        const double angle = degrees * std::numbers::pi / 180.0;
        const QPointF direction(std::cos(angle), -std::sin(angle));
        painter.drawLine(c + direction * r, c + direction * (r + L.tickLength));
        Qt::Alignment align = direction.x() > 0.3 ? Qt::AlignLeft
            : direction.x() < -0.3                ? Qt::AlignRight
                                                  : Qt::AlignHCenter;
        align |= direction.y() > 0.3 ? Qt::AlignTop
            : direction.y() < -0.3   ? Qt::AlignBottom
                                     : Qt::AlignVCenter;
        drawAlignedText(painter, tick, QString::number(degrees) + QChar(u'°'),
            c + direction * (r + L.tickLength + L.gap), align);
    }
}

void drawLegend(
    QPainter& painter, const Layout& L, const ChartSpec& spec, const QFontMetricsF& tick, double s) {
    for (qsizetype k = 0; k < L.legendSeries.size(); ++k) {
        const ChartSeries& series = spec.series[L.legendSeries[k]];
        const double left = L.legendAt[k].x();
        const double middle = L.legendAt[k].y();
        const QColor color = seriesColor(series);
        if (series.style == SeriesStyle::Points) {
            const double r = (series.emphasised ? kEmphasisedDotPt : kDotPt) * s;
            painter.setPen(Qt::NoPen);
            painter.setBrush(color);
            painter.drawEllipse(QPointF(left + kSwatchPt * s / 2.0, middle), r, r);
        } else {
            QPen pen = seriesPen(series, (series.emphasised ? kEmphasisedLinePt : kLinePt) * s);
            pen.setCapStyle(Qt::FlatCap);
            painter.setPen(pen);
            painter.drawLine(QPointF(left, middle), QPointF(left + kSwatchPt * s, middle));
        }
        painter.setPen(QColor(kFigureTextColor));
        drawAlignedText(painter, tick, L.legendNames[k], QPointF(left + kSwatchPt * s + L.gap, middle),
            Qt::AlignLeft | Qt::AlignVCenter);
    }
    if (L.legendMore > 0) {
        painter.setPen(QColor(kFigureTextColor));
        drawAlignedText(painter, tick, moreLabel(L.legendMore),
            QPointF(L.legendMoreAt.x() + kSwatchPt * s + L.gap, L.legendMoreAt.y()),
            Qt::AlignLeft | Qt::AlignVCenter);
    }
}

} // namespace

ChartRenderer::ChartRenderer(FigureStyle style)
    : m_style(std::move(style)) {
}

void ChartRenderer::paint(
    QPainter& painter, const QRectF& target, const ChartSpec& spec, double pixelsPerPoint) const {
    const double s = pixelsPerPoint;
    if (const QString error = chartSpecError(spec); !error.isEmpty()) { // an "invalid" state, no crash
        paintSpecError(painter, target, m_style, s, error);
        return;
    }
    const FigureFonts fonts = figureFonts(m_style, s);
    QPaintDevice* device = painter.device();
    const Layout L = computeLayout(m_style, fonts, device, target, spec, s);
    const auto [title, label, tick, caption] = FigureMetrics(fonts, device);
    beginFigure(painter, target, m_style);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    const QPen frame = figureFramePen(L.lineWidth);
    QPen grid(QColor(kGridColor), L.lineWidth);
    grid.setCapStyle(Qt::FlatCap);

    painter.setFont(fonts.tick);
    if (spec.polar) {
        drawPolarGrid(painter, L, grid);
    } else {
        drawCartesianAxes(painter, L, tick, frame, grid);
        drawRegions(painter, L, spec, tick, s);
    }
    for (const ChartSeries& series : spec.series) {
        if (!series.points.empty()) {
            drawSeries(painter, L, spec, series, s);
        }
    }
    painter.setBrush(Qt::NoBrush);
    if (spec.polar) {
        drawPolarLabels(painter, L, tick, frame);
    } else {
        painter.setPen(frame);
        painter.drawRect(L.plot);
    }
    drawLegend(painter, L, spec, tick, s);

    painter.setPen(QColor(kFigureTextColor));
    painter.setFont(fonts.label);
    const double xLabelTop = L.plot.bottom() + L.tickLength + L.gap + tick.height() + L.gap;
    // Axis labels longer than their axis are elided rather than run into the title or legend.
    // The polar label may be wider than the circle: it keeps the figure's width, centred under
    // the circle as far as the figure's edges allow (the legend column takes the right side).
    const double xLabelRoom = spec.polar ? L.area.width() : L.plot.width();
    const QString xText = label.elidedText(spec.xAxis.label, Qt::ElideRight, xLabelRoom);
    const double xHalf = label.horizontalAdvance(xText) / 2.0;
    const double xCentre = spec.polar ? std::clamp(L.plot.center().x(), L.area.left() + xHalf,
                               std::max(L.area.left(), L.area.right() - xHalf))
                                      : L.plot.center().x();
    drawAlignedText(painter, label, xText, QPointF(xCentre, xLabelTop), Qt::AlignHCenter | Qt::AlignTop);
    if (!spec.polar) { // the first line leftmost: rotated text reads upwards, lines left to right
        const double nearest = yLabelCentreX(L, label, L.plot, L.yLabelsWidth);
        const auto lines = L.yTitle.size();
        for (qsizetype line = 0; line < lines; ++line)
            drawVerticalText(painter, label,
                label.elidedText(L.yTitle[line], Qt::ElideRight, L.plot.height()),
                QPointF(
                    nearest - static_cast<double>(lines - 1 - line) * label.height(), L.plot.center().y()));
    }

    if (m_style.showTitle)
        drawFigureTitle(painter, L, fonts, title, spec.title, L.plot.center().x());
    drawFigureCaption(painter, L, fonts, caption,
        L.area.bottom() - caption.lineSpacing() * static_cast<double>(L.captionLines.size()));
    painter.restore();
}

} // namespace pecards::app
