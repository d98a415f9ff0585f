#include "widgets/chartwidget.h"

#include <QAreaSeries>
#include <QChart>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPolarChart>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

ChartWidget::ChartWidget(QWidget* parent)
    : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    rebuildChart(false);
}

void ChartWidget::rebuildChart(bool polar) {
    m_polar = polar;
    QChart* chart = polar ? new QPolarChart : new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);
    QChart* old = this->chart();
    setChart(chart); // takes ownership of the new chart
    delete old;
}

QAbstractAxis* ChartWidget::makeAxis(bool log, const QString& title, double low, double high) const {
    if (log) {
        auto* axis = new QLogValueAxis;
        axis->setBase(10.0);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(-1);
        axis->setRange(
            std::pow(10.0, std::floor(std::log10(low))), std::pow(10.0, std::ceil(std::log10(high))));
        axis->setTitleText(title);
        return axis;
    }
    auto* axis = new QValueAxis;
    axis->setRange(low, high);
    axis->setTitleText(title);
    axis->applyNiceNumbers();
    axis->setLabelFormat(QStringLiteral("%g"));
    return axis;
}

void ChartWidget::setCurves(const CurveSet& curves) {
    m_curves = curves;
    m_message.clear();
    rebuildChart(curves.polar);
    QChart* chart = this->chart();

    double xLow = std::numeric_limits<double>::infinity(), xHigh = -xLow, yLow = xLow, yHigh = -xLow;
    for (const Curve& curve : curves.curves) {
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
    QAbstractAxis* xAxis = nullptr;
    QAbstractAxis* yAxis = nullptr;
    if (curves.polar) {
        auto* angular = new QValueAxis;
        angular->setRange(0, 360);
        angular->setTickCount(9);
        angular->setLabelFormat(QStringLiteral("%d"));
        angular->setTitleText(curves.xTitle);
        auto* radial = new QValueAxis;
        radial->setRange(0, 1);
        radial->setTickCount(3);
        radial->setLabelsVisible(false);
        static_cast<QPolarChart*>(chart)->addAxis(angular, QPolarChart::PolarOrientationAngular);
        static_cast<QPolarChart*>(chart)->addAxis(radial, QPolarChart::PolarOrientationRadial);
        xAxis = angular;
        yAxis = radial;
    } else {
        xAxis = makeAxis(curves.xLog, curves.xTitle, xLow, xHigh);
        const double pad = curves.yLog ? 0.0 : 0.04 * (yHigh - yLow);
        yAxis = makeAxis(curves.yLog, curves.yTitle, yLow - pad, yHigh + pad);
        chart->addAxis(xAxis, Qt::AlignBottom);
        chart->addAxis(yAxis, Qt::AlignLeft);
    }

    if (!curves.polar)
        addRegions(curves.regions, xAxis, yAxis);

    QXYSeries* previous = nullptr;
    for (const Curve& curve : curves.curves) {
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
        QList<QPointF> points(curve.points.begin(), curve.points.end());
        series->replace(points);
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
            if (auto* marker = chart->legend()->markers(series).value(0))
                marker->setVisible(false);
        }
        previous = series;
    }
    chart->legend()->setVisible(curves.curves.size() <= kMaxLegendEntries);
    chart->legend()->setAlignment(
        curves.curves.size() > 4 && !curves.polar ? Qt::AlignRight : Qt::AlignBottom);
    applyStyle();
    viewport()->update();
}

void ChartWidget::addRegions(
    const std::vector<ChartRegion>& regions, QAbstractAxis* xAxis, QAbstractAxis* yAxis) {
    const auto range = [](QAbstractAxis* axis) {
        if (auto* log = qobject_cast<QLogValueAxis*>(axis))
            return std::pair {log->min(), log->max()};
        auto* value = static_cast<QValueAxis*>(axis);
        return std::pair {value->min(), value->max()};
    };
    const auto [yLow, yHigh] = range(yAxis);
    QChart* chart = this->chart();
    for (std::size_t k = 0; k < regions.size(); ++k) {
        const ChartRegion& region = regions[k];
        // Translucent colours that stay readable on the light and the dark theme.
        QColor color = QColor::fromHsv(static_cast<int>((40 + 110 * k) % 360), 160, 210);
        if (region.x0 == region.x1) {
            auto* line = new QLineSeries;
            line->setName(region.name);
            line->append(region.x0, yLow);
            line->append(region.x0, yHigh);
            QPen pen(color, 1.6 * m_lineScale, Qt::DashLine);
            line->setPen(pen);
            chart->addSeries(line);
            line->attachAxis(xAxis);
            line->attachAxis(yAxis);
            continue;
        }
        auto* upper = new QLineSeries;
        auto* lower = new QLineSeries;
        upper->append(region.x0, yHigh);
        upper->append(region.x1, yHigh);
        lower->append(region.x0, yLow);
        lower->append(region.x1, yLow);
        auto* area = new QAreaSeries(upper, lower); // takes the two lines
        area->setName(region.name);
        color.setAlpha(60);
        area->setBrush(color);
        area->setPen(Qt::NoPen);
        chart->addSeries(area);
        area->attachAxis(xAxis);
        area->attachAxis(yAxis);
    }
}

void ChartWidget::applyStyle() {
    QChart* chart = this->chart();
    const QPalette& colors = palette();
    const QColor text = colors.color(QPalette::Text);
    QFont labels = font();
    QFont title = labels;
    title.setBold(true);
    chart->setBackgroundBrush(colors.color(QPalette::Base));
    chart->setTitleFont(title);
    chart->setTitleBrush(text);
    chart->legend()->setFont(labels);
    chart->legend()->setLabelColor(text);
    QColor grid = colors.color(QPalette::Mid);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(labels);
        axis->setTitleFont(labels);
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(grid);
        axis->setGridLineColor(grid);
    }
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
    if (m_message.isEmpty())
        return;
    const QRectF area = chart()->plotArea();
    painter->fillRect(area, QColor(0, 0, 0, 120));
    const QRectF box = area.adjusted(16, 16, -16, -16);
    QRectF needed = painter->boundingRect(box, Qt::AlignCenter | Qt::TextWordWrap, m_message)
                        .adjusted(-12, -10, 12, 10);
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(120, 20, 20, 230));
    painter->drawRoundedRect(needed.intersected(area), 6, 6);
    painter->setPen(Qt::white);
    painter->drawText(box, Qt::AlignCenter | Qt::TextWordWrap, m_message);
}

void ChartWidget::setLineScale(double scale) {
    if (scale == m_lineScale)
        return;
    m_lineScale = scale;
    if (!m_curves.curves.empty())
        setCurves(CurveSet(m_curves));
}
