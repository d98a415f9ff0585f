#include "widgets/chartwidget.h"

#include "widgets/axisticks.h"
#include "widgets/colormaplookup.h"
#include "widgets/messagebox.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QEvent>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPolarChart>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <figure/chartspec.h>
#include <figure/mathtext.h>
#include <figure/ticks.h>
#include <limits>
#include <tuple>

namespace pecards::gui {

ChartWidget::ChartWidget(QWidget* parent)
    : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setMouseTracking(true); // the hover read-out
    rebuildChart(false);
}

void ChartWidget::rebuildChart(bool polar) {
    QChart* chart = polar ? new QPolarChart : new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);
    QChart* old = this->chart();
    setChart(chart); // takes ownership of the new chart
    delete old;
}

ChartWidget::AxisLayout ChartWidget::axisLayout(
    bool log, bool horizontal, const QString& title, double low, double high) const {
    // As many labels as fit: measured from the font and the view's size (labels are never elided).
    const QFontMetrics metrics(font());
    const int room = horizontal ? std::max(120, width() - 80) : std::max(100, height() - 80);
    AxisLayout layout;
    layout.log = log;
    layout.title = title;
    if (log) {
        // In decades: the chart draws log10 of the values (chartPoint), labelled 10^k. Without a
        // positive value (NoPE's infinite wavelengths) the axis spans one decade; a range reaching
        // 0 or below (a flat curve widened by drawCurves) starts a decade below its top.
        double top = high;
        double bottom = low;
        if (!(top > 0.0) || !std::isfinite(top)) {
            bottom = 1.0;
            top = 10.0;
        } else if (!(bottom > 0.0)) {
            bottom = top / 10.0;
        }
        const int first = static_cast<int>(std::clamp(std::floor(std::log10(bottom)), -330.0, 310.0));
        const int last = static_cast<int>(std::clamp(std::ceil(std::log10(top)), -330.0, 310.0));
        // One format for every label (the author's A-U2: not "10⁷" beside "10000").
        const bool powers = pecards::app::decadesAsPowers(first, last);
        const auto label = [powers](int k) { return pecards::app::decadeLabel(k, powers); };
        const int labelSize = horizontal
            ? metrics.horizontalAdvance(label(last).size() > label(first).size() ? label(last) : label(first))
                + 12
            : 2 * metrics.height();
        const int decades = std::max(1, last - first);
        const int maxLabels = std::max(2, room / labelSize);
        const int perLabel = std::max(1, (decades + maxLabels - 1) / maxLabels); // decades per label
        layout.low = first;
        layout.high = first + perLabel * ((decades + perLabel - 1) / perLabel);
        for (int k = first; k <= layout.high; k += perLabel)
            layout.labels.emplace_back(label(k), k);
        return layout;
    }
    // Linear: nice ticks labelled like the heatmap axes ("1M", "512k", "-0.5").
    const int labelSize
        = horizontal ? metrics.horizontalAdvance(QStringLiteral("-8888.8")) + 16 : 2 * metrics.height();
    const std::vector<double> ticks = niceTicks(low, high, std::max(2, room / labelSize), false);
    if (ticks.size() < 2) {
        layout.low = low;
        layout.high = high;
        return layout;
    }
    // The axis ends at the data (the teacher's T-U3: pairs 0-63 ran to 80, buckets 0-31 from -10
    // to 40); a label on every whole step inside it.
    const double step = ticks[1] - ticks[0];
    const auto first = static_cast<long long>(std::ceil(low / step - 1e-9));
    const auto last = static_cast<long long>(std::floor(high / step + 1e-9));
    const auto at = [step](long long n) {
        return step < 1.0 ? static_cast<double>(n) / std::round(1.0 / step) : static_cast<double>(n) * step;
    };
    layout.low = low;
    layout.high = high;
    std::vector<double> values;
    for (long long n = first; n <= last; ++n)
        values.push_back(at(n));
    // Whole steps read like positions ("1M"); others with the digits that tell them apart.
    const std::vector<QString> labels
        = valueTickLabels(values, [](const QString&) { return true; }).labels; // the axis has room
    for (std::size_t n = 0; n < values.size(); ++n)
        layout.labels.emplace_back(step >= 1.0 ? positionTickLabel(values[n]) : labels[n], values[n]);
    return layout;
}

QAbstractAxis* ChartWidget::makeAxis(const AxisLayout& layout) {
    auto* axis = new QCategoryAxis;
    axis->setRange(layout.low, layout.high);
    if (!layout.labels.empty()) {
        axis->setStartValue(layout.low);
        axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        for (const auto& [label, value] : layout.labels)
            axis->append(label, value);
    }
    axis->setTitleText(layout.title);
    return axis;
}

bool ChartWidget::sameShape(const pecards::app::CurveSet& a, const pecards::app::CurveSet& b) {
    const auto sameCurve = [](const pecards::app::Curve& x, const pecards::app::Curve& y) {
        return x.name == y.name && x.scatter == y.scatter && x.emphasised == y.emphasised
            && x.followsPrevious == y.followsPrevious && x.steps == y.steps;
    };
    return a.xTitle == b.xTitle && a.yTitle == b.yTitle && a.xLog == b.xLog && a.yLog == b.yLog
        && a.polar == b.polar && a.regions == b.regions
        && std::equal(a.curves.begin(), a.curves.end(), b.curves.begin(), b.curves.end(), sameCurve);
}

void ChartWidget::setCurves(const pecards::app::CurveSet& curves) {
    drawCurves(curves, false);
}

void ChartWidget::drawCurves(const pecards::app::CurveSet& curves, bool rebuild) {
    const bool inPlace = !rebuild && !m_curves.curves.empty() && sameShape(m_curves, curves);
    const bool hadMessage = !m_message.isEmpty();
    m_curves = curves;
    m_message.clear();

    double xLow = std::numeric_limits<double>::infinity(), xHigh = -xLow, yLow = xLow, yHigh = -xLow;
    for (const pecards::app::Curve& curve : curves.curves) {
        for (const QPointF& p : curve.points) {
            if ((curves.xLog && p.x() <= 0) || (curves.yLog && p.y() <= 0) || !std::isfinite(p.x())
                || !std::isfinite(p.y()))
                continue;
            xLow = std::min(xLow, p.x());
            xHigh = std::max(xHigh, p.x());
            yLow = std::min(yLow, p.y());
            yHigh = std::max(yHigh, p.y());
        }
    }
    if (!(xLow <= xHigh)) {
        xLow = 0;
        xHigh = 1;
        yLow = 0;
        yHigh = 1;
    }
    if (yHigh - yLow < 1e-12) {
        yLow -= 0.5;
        yHigh += 0.5;
    }
    AxisLayout xLayout;
    AxisLayout yLayout;
    if (!curves.polar) {
        xLayout = axisLayout(curves.xLog, true, curves.xTitle, xLow, xHigh);
        const double pad = curves.yLog ? 0.0 : 0.04 * (yHigh - yLow);
        yLayout = axisLayout(curves.yLog, false, curves.yTitle, yLow - pad, yHigh + pad);
    }
    if (inPlace)
        updateChart(xLayout, yLayout); // a slider step: new points and ranges, the same chart
    else
        buildChart(xLayout, yLayout);
    m_xLayout = xLayout;
    m_yLayout = yLayout;
    if (!inPlace || hadMessage) // in place, the scene repaints what changed (a full repaint per step
        viewport()->update(); // drew every grid line twice, #33)
}

void ChartWidget::buildChart(const AxisLayout& xLayout, const AxisLayout& yLayout) {
    const pecards::app::CurveSet& curves = m_curves;
    rebuildChart(curves.polar);
    QChart* chart = this->chart();
    QAbstractAxis* xAxis = nullptr;
    QAbstractAxis* yAxis = nullptr;
    if (curves.polar) {
        // Qt's polar chart turns clockwise from 12 o'clock; the maths turns counter-clockwise
        // from the x axis (3 o'clock): chart angle = 90° - angle, labelled with the maths angle.
        auto* angular = new QCategoryAxis;
        angular->setRange(0, 360);
        angular->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        for (int chartAngle = 45; chartAngle <= 360; chartAngle += 45)
            angular->append(QStringLiteral("%1°").arg(polarChartAngle(chartAngle)), chartAngle);
        // Over the chart, not as the angular axis's title: Qt elides that to the circle's width
        // ("angle of each pair (degrees, count…", the review's T-U2), the chart's title has the
        // chart's width.
        chart->setTitle(curves.xTitle);
        auto* radial = new QValueAxis;
        radial->setRange(0, 1);
        radial->setTickCount(3);
        radial->setLabelsVisible(false);
        static_cast<QPolarChart*>(chart)->addAxis(angular, QPolarChart::PolarOrientationAngular);
        static_cast<QPolarChart*>(chart)->addAxis(radial, QPolarChart::PolarOrientationRadial);
        xAxis = angular;
        yAxis = radial;
    } else {
        std::tie(xAxis, yAxis) = addAxes(xLayout, yLayout);
    }

    // Regions first, behind the curves; their legend entries follow the curves'.
    const QList<LegendEntry> regionLegend
        = curves.polar ? QList<LegendEntry> {} : addRegions(curves.regions, xAxis, yAxis, yLayout);

    const auto primary = std::count_if(curves.curves.begin(), curves.curves.end(),
        [](const pecards::app::Curve& c) { return !c.followsPrevious; });
    const QList<QColor> colors = seriesColors(static_cast<int>(primary));
    m_legend.clear();
    QXYSeries* previous = nullptr;
    for (const pecards::app::Curve& curve : curves.curves) {
        QXYSeries* series = nullptr;
        if (curve.scatter) {
            auto* scatter = new QScatterSeries;
            scatter->setMarkerSize(6.0 * m_lineScale);
            scatter->setBorderColor(Qt::transparent);
            series = scatter;
        } else {
            series = new QLineSeries;
        }
        series->setName(curve.name);
        series->replace(chartPoints(curve));
        chart->addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
        if (!curve.scatter) {
            QPen pen = series->pen();
            pen.setWidthF((curve.emphasised ? 3.5 : 1.6) * m_lineScale);
            series->setPen(pen);
        }
        if (curve.followsPrevious && previous) {
            series->setColor(previous->color());
        } else {
            const QColor color = colors.at(m_legend.size());
            series->setColor(color);
            m_legend.push_back({curve.name, color});
        }
        previous = series;
    }
    m_legend += regionLegend;
    chart->legend()->setVisible(false); // the legend is legendHtml(), under the chart: it wraps
    applyStyle();
}

void ChartWidget::updateChart(const AxisLayout& xLayout, const AxisLayout& yLayout) {
    QChart* chart = this->chart();
    if (!m_curves.polar && (xLayout != m_xLayout || yLayout != m_yLayout)) {
        // New ticks: new axes for every series (the series, colours and legend stay).
        for (QAbstractAxis* old : chart->axes()) {
            chart->removeAxis(old);
            delete old;
        }
        const auto [xAxis, yAxis] = addAxes(xLayout, yLayout);
        for (QAbstractSeries* one : chart->series()) {
            one->attachAxis(xAxis);
            one->attachAxis(yAxis);
        }
        applyStyle();
    }
    const QList<QAbstractSeries*> series = chart->series();
    const std::size_t regions = m_curves.polar ? 0 : m_curves.regions.size();
    for (std::size_t k = 0; k < regions; ++k) // region series span the (new) y range
        setRegionSpan(series.at(static_cast<qsizetype>(k)), m_curves.regions[k], yLayout.low, yLayout.high);
    for (std::size_t k = 0; k < m_curves.curves.size(); ++k)
        static_cast<QXYSeries*>(series.at(static_cast<qsizetype>(regions + k)))
            ->replace(chartPoints(m_curves.curves[k]));
}

QString ChartWidget::pointReadout(const QPoint& position) const {
    const QList<QAbstractSeries*> series = chart()->series();
    const std::size_t regions = m_curves.polar ? 0 : m_curves.regions.size();
    if (static_cast<std::size_t>(series.size()) != regions + m_curves.curves.size())
        return {};
    const QPointF at = chart()->mapFromScene(mapToScene(position));
    double best = static_cast<double>(kHoverPixels) * kHoverPixels;
    const pecards::app::Curve* nearest = nullptr;
    QPointF value;
    for (std::size_t k = 0; k < m_curves.curves.size(); ++k) {
        const pecards::app::Curve& curve = m_curves.curves[k];
        QAbstractSeries* one = series.at(static_cast<qsizetype>(regions + k));
        for (const QPointF& point : curve.points) {
            const std::optional<QPointF> drawn = chartPoint(point);
            if (!drawn)
                continue;
            const QPointF d = chart()->mapToPosition(*drawn, one) - at;
            const double distance = d.x() * d.x() + d.y() * d.y();
            if (distance < best) {
                best = distance;
                nearest = &curve;
                value = point;
            }
        }
    }
    if (nearest == nullptr)
        return {};
    return tr("%1: x = %2, y = %3")
        .arg(nearest->name, pecards::app::displayNumber(value.x(), 10),
            pecards::app::displayNumber(value.y(), 10));
}

void ChartWidget::mouseMoveEvent(QMouseEvent* event) {
    const QString readout = pointReadout(event->position().toPoint());
    if (readout.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), readout, this);
    QChartView::mouseMoveEvent(event);
}

std::optional<QPointF> ChartWidget::chartPoint(const QPointF& point) const {
    if (m_curves.polar)
        return QPointF(polarChartAngle(point.x()), point.y());
    QPointF drawn = point;
    if (m_curves.xLog) {
        if (!(point.x() > 0.0))
            return std::nullopt; // no place on a log axis
        drawn.setX(std::log10(point.x()));
    }
    if (m_curves.yLog) {
        if (!(point.y() > 0.0))
            return std::nullopt;
        drawn.setY(std::log10(point.y()));
    }
    return drawn;
}

QList<QPointF> ChartWidget::chartPoints(const pecards::app::Curve& curve) const {
    QList<QPointF> points;
    const std::vector<QPointF> path = pecards::app::drawnPoints(curve);
    points.reserve(static_cast<qsizetype>(path.size()));
    for (const QPointF& point : path) {
        if (const std::optional<QPointF> drawn = chartPoint(point))
            points.push_back(*drawn);
    }
    return points;
}

double ChartWidget::polarChartAngle(double degrees) {
    return std::fmod(450.0 - degrees, 360.0);
}

QList<QColor> ChartWidget::seriesColors(int count) {
    // The exported figures' palette (figure/chartspec.h chartPalette), so a saved chart has the
    // colours it had on screen (the author's A-C1).
    const QList<QRgb>& palette = pecards::app::chartPalette();
    if (count <= palette.size()) {
        QList<QColor> colors;
        for (int n = 0; n < std::max(count, 0); ++n)
            colors.push_back(QColor(palette.at(n)));
        return colors;
    }
    // Nine or ten: Tableau 10's distinct hues (the precision chart's nine curves; a ramp made
    // neighbours alike).
    static const QList<QColor> distinct {QColor(0x1f77b4), QColor(0xff7f0e), QColor(0x2ca02c),
        QColor(0xd62728), QColor(0x9467bd), QColor(0x8c564b), QColor(0xe377c2), QColor(0x7f7f7f),
        QColor(0xbcbd22), QColor(0x17becf)};
    if (count <= distinct.size())
        return distinct.mid(0, count);
    QList<QColor> ramp; // more series: a ramp in order (first = dark blue, last = yellow)
    const QList<QRgb>& table = heatmapColormapTable(QStringLiteral("viridis"));
    for (int n = 0; n < count; ++n)
        ramp.push_back(QColor(table.at(
            static_cast<int>(std::lround(0.9 * n / (count - 1) * static_cast<double>(table.size() - 1))))));
    return ramp;
}

QString ChartWidget::legendHtml() const {
    const auto swatch = [](const QColor& color) {
        return QStringLiteral("<span style='color:%1'>■</span>").arg(color.name());
    };
    if (m_legend.size() > kMaxLegendEntries) { // a colour ramp from the first series to the last
        QString blocks;
        for (const LegendEntry& entry : m_legend)
            blocks += swatch(entry.color);
        return QStringLiteral("%1 %2 %3")
            .arg(m_legend.front().name.toHtmlEscaped(), blocks, m_legend.back().name.toHtmlEscaped());
    }
    QStringList entries;
    for (const LegendEntry& entry : m_legend)
        entries.push_back(swatch(entry.color) + QStringLiteral("&nbsp;")
            + entry.name.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")));
    return entries.join(QStringLiteral(" &nbsp; "));
}

std::pair<QAbstractAxis*, QAbstractAxis*> ChartWidget::addAxes(
    const AxisLayout& xLayout, const AxisLayout& yLayout) {
    QAbstractAxis* xAxis = makeAxis(xLayout);
    QAbstractAxis* yAxis = makeAxis(yLayout);
    chart()->addAxis(xAxis, Qt::AlignBottom);
    chart()->addAxis(yAxis, Qt::AlignLeft);
    return {xAxis, yAxis};
}

QList<ChartWidget::LegendEntry> ChartWidget::addRegions(const std::vector<pecards::app::ChartRegion>& regions,
    QAbstractAxis* xAxis, QAbstractAxis* yAxis, const AxisLayout& yLayout) {
    QChart* chart = this->chart();
    QList<LegendEntry> legend;
    for (std::size_t k = 0; k < regions.size(); ++k) {
        const pecards::app::ChartRegion& region = regions[k];
        // Translucent colours that stay readable on the light and the dark theme.
        QColor color = QColor::fromHsv(static_cast<int>((40 + 110 * k) % 360), 160, 210);
        QAbstractSeries* series = nullptr;
        if (region.x0 == region.x1) {
            auto* line = new QLineSeries;
            line->setPen(QPen(color, 1.6 * m_lineScale, Qt::DashLine));
            series = line;
        } else {
            auto* area = new QAreaSeries;
            area->setUpperSeries(new QLineSeries(area)); // the area's children: deleted with it
            area->setLowerSeries(new QLineSeries(area));
            color.setAlpha(60);
            area->setBrush(color);
            area->setPen(Qt::NoPen);
            series = area;
        }
        series->setName(region.name);
        setRegionSpan(series, region, yLayout.low, yLayout.high);
        chart->addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
        legend.push_back({region.name, color});
    }
    return legend;
}

void ChartWidget::setRegionSpan(
    QAbstractSeries* series, const pecards::app::ChartRegion& region, double yLow, double yHigh) {
    // x in chart units (log10 on a log axis); yLow and yHigh are the axis's, in chart units.
    const auto x = [this](double value) { return m_curves.xLog ? std::log10(value) : value; };
    if (auto* area = qobject_cast<QAreaSeries*>(series)) { // a shaded x range
        area->upperSeries()->replace({QPointF(x(region.x0), yHigh), QPointF(x(region.x1), yHigh)});
        area->lowerSeries()->replace({QPointF(x(region.x0), yLow), QPointF(x(region.x1), yLow)});
        return;
    }
    static_cast<QLineSeries*>(series)->replace(
        {QPointF(x(region.x0), yLow), QPointF(x(region.x0), yHigh)}); // a marker
}

void ChartWidget::applyStyle() {
    QChart* chart = this->chart();
    const QPalette& colors = palette();
    const QColor text = colors.color(QPalette::Text);
    QFont labels = font();
    chart->setBackgroundBrush(colors.color(QPalette::Base));
    chart->setTitleFont(labels); // the polar chart's angle title (an axis title in all but place)
    chart->setTitleBrush(text);
    chart->legend()->setFont(labels);
    chart->legend()->setLabelColor(text);
    const QColor grid = colors.color(QPalette::Mid);
    // Minor grid (log axes): a faint solid line between the background and the major grid,
    // in both themes (Qt's default is a bright dashed line that is loud on a dark background).
    const QColor background = colors.color(QPalette::Base);
    const QColor minor = QColor::fromRgbF((grid.redF() + background.redF()) / 2,
        (grid.greenF() + background.greenF()) / 2, (grid.blueF() + background.blueF()) / 2);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(labels);
        axis->setTitleFont(labels);
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(grid);
        axis->setGridLineColor(grid);
        axis->setMinorGridLinePen(QPen(minor, 0.6, Qt::SolidLine));
    }
}

void ChartWidget::focusInEvent(QFocusEvent* event) {
    QChartView::focusInEvent(event);
    viewport()->update();
}

void ChartWidget::focusOutEvent(QFocusEvent* event) {
    QChartView::focusOutEvent(event);
    viewport()->update();
}

void ChartWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        applyStyle();
    QChartView::changeEvent(event);
}

void ChartWidget::setMessage(const QString& message) {
    m_message = message;
    viewport()->update();
}

void ChartWidget::drawForeground(QPainter* painter, const QRectF& rect) {
    QChartView::drawForeground(painter, rect);
    if (hasFocus()) { // keyboard focus (Tab): a visible ring around the plot
        painter->save();
        painter->setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(chart()->plotArea().adjusted(-3, -3, 3, 3));
        painter->restore();
    }
    if (m_message.isEmpty())
        return;
    const QRectF area = chart()->plotArea();
    painter->fillRect(area, QColor(0, 0, 0, 120));
    const QRect box = area.adjusted(16, 16, -16, -16).toRect();
    const QRectF needed
        = QRectF(messageTextRect(painter->fontMetrics(), box, m_message)).adjusted(-12, -10, 12, 10);
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(120, 20, 20, 230));
    painter->drawRoundedRect(needed.intersected(area), 6, 6);
    painter->setPen(Qt::white);
    painter->drawText(box, messageTextFlags(painter->fontMetrics(), box, m_message), m_message);
}

void ChartWidget::setLineScale(double scale) {
    if (scale == m_lineScale)
        return;
    m_lineScale = scale;
    if (!m_curves.curves.empty())
        drawCurves(pecards::app::CurveSet(m_curves), true); // new pens and markers: a new chart
}

} // namespace pecards::gui
