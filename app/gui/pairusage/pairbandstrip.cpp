#include "pairusage/pairbandstrip.h"

#include "widgets/heatmapwidget.h"

#include <QPainter>
#include <QPalette>
#include <algorithm>

namespace pecards::gui {

namespace {

const QColor kMoved(230, 120, 20); ///< orange: moved by the scaling as far as any pair
const QColor kBarelyMoved(252, 214, 170); ///< light orange: moved a little
const QColor kKept(200, 200, 200); ///< grey: kept
const QColor kCritical(200, 30, 30); ///< red: wavelength = L0

} // namespace

PairBandStrip::PairBandStrip(QWidget* parent)
    : QWidget(parent) {
    setObjectName(QStringLiteral("pairBands"));
}

void PairBandStrip::setBands(Bands bands) {
    m_bands = std::move(bands);
    update();
}

void PairBandStrip::alignWith(const HeatmapWidget* heatmap) {
    m_heatmap = heatmap;
    connect(heatmap, &HeatmapWidget::plotAreaChanged, this, qOverload<>(&QWidget::update));
    connect(heatmap, &HeatmapWidget::frameChanged, this, qOverload<>(&QWidget::update));
    update();
}

void PairBandStrip::paintEvent(QPaintEvent*) {
    const int pairs = static_cast<int>(m_bands.moved.size());
    if (pairs == 0 || !m_heatmap) {
        return;
    }
    const QRect plot = m_heatmap->plotRect();
    const int left = mapFromGlobal(m_heatmap->mapToGlobal(plot.topLeft())).x();
    const int right = mapFromGlobal(m_heatmap->mapToGlobal(plot.topRight())).x() + 1;
    if (right <= left) {
        return;
    }
    QPainter painter(this);
    const double width = static_cast<double>(right - left) / pairs;
    const auto x = [&](int pair) { return left + pair * width; };
    for (int i = 0; i < pairs; ++i) {
        const auto index = static_cast<std::size_t>(i);
        QColor colour = kKept;
        if (m_bands.moved[index]) {
            const double t
                = index < m_bands.degree.size() ? std::clamp(m_bands.degree[index], 0.0, 1.0) : 1.0;
            const auto mix = [t](double a, double b) { return static_cast<float>(a + t * (b - a)); };
            colour = QColor::fromRgbF(mix(kBarelyMoved.redF(), kMoved.redF()),
                mix(kBarelyMoved.greenF(), kMoved.greenF()), mix(kBarelyMoved.blueF(), kMoved.blueF()));
        }
        painter.fillRect(QRectF(x(i), 4, width, height() - 8), colour);
    }
    if (m_bands.rotatingPairs >= 0 && m_bands.rotatingPairs < pairs) {
        painter.setPen(QPen(palette().color(QPalette::WindowText), 2, Qt::DashLine));
        painter.drawLine(QPointF(x(m_bands.rotatingPairs), 0), QPointF(x(m_bands.rotatingPairs), height()));
    }
    if (m_bands.criticalPair >= 0 && m_bands.criticalPair <= pairs) {
        painter.setPen(QPen(kCritical, 3));
        painter.drawLine(QPointF(x(m_bands.criticalPair), 0), QPointF(x(m_bands.criticalPair), height()));
    }
}

} // namespace pecards::gui
