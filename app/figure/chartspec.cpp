#include "figure/chartspec.h"

#include <algorithm>
#include <cmath>

namespace pecards::app {

const QList<QRgb>& chartPalette() {
    // Okabe-Ito, its yellow last: it barely shows on white (the author's A-C2: Llama 3's curve).
    static const QList<QRgb> palette {qRgb(0, 0, 0), qRgb(230, 159, 0), qRgb(86, 180, 233), qRgb(0, 158, 115),
        qRgb(0, 114, 178), qRgb(213, 94, 0), qRgb(204, 121, 167), qRgb(240, 228, 66)};
    return palette;
}

QString chartSpecError(const ChartSpec& spec) {
    bool anyPoint = false;
    for (qsizetype s = 0; s < spec.series.size(); ++s) {
        const ChartSeries& series = spec.series[s];
        const QString which = QStringLiteral("series %1 (\"%2\")").arg(s + 1).arg(series.name);
        for (const QPointF& p : series.points) {
            anyPoint = true;
            const auto at = [&p] { return QStringLiteral("(%1, %2)").arg(p.x()).arg(p.y()); };
            if (!std::isfinite(p.x()) || !std::isfinite(p.y())) {
                return QStringLiteral("%1 has a non-finite point %2").arg(which, at());
            }
            if (spec.polar) {
                if (p.y() < 0.0 || p.y() > 1.0) {
                    return QStringLiteral("%1 has the point %2: a polar radius must be in [0, 1]")
                        .arg(which, at());
                }
                continue;
            }
            if (spec.xAxis.scale == AxisScale::Log && p.x() <= 0.0) {
                return QStringLiteral("%1 has the point %2: the log x axis needs x > 0").arg(which, at());
            }
            if (spec.yAxis.scale == AxisScale::Log && p.y() <= 0.0) {
                return QStringLiteral("%1 has the point %2: the log y axis needs y > 0").arg(which, at());
            }
        }
    }
    for (const ChartRegion& region : spec.regions) {
        const bool finite = std::isfinite(region.x0) && std::isfinite(region.x1);
        if (!finite || (spec.xAxis.scale == AxisScale::Log && std::min(region.x0, region.x1) <= 0.0)) {
            return QStringLiteral("region \"%1\" [%2, %3] cannot be drawn on the x axis")
                .arg(region.name)
                .arg(region.x0)
                .arg(region.x1);
        }
    }
    if (!anyPoint) {
        return QStringLiteral("the chart has no points to draw");
    }
    return {};
}

} // namespace pecards::app
