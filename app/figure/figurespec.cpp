#include "figure/figurespec.h"

#include <cmath>

namespace pecards::app {

namespace {

QString axisError(const char* name, const AxisSpec& axis) {
    if (axis.last < axis.first) {
        return QStringLiteral("%1 axis spans %2..%3: last must be >= first")
            .arg(QLatin1String(name))
            .arg(axis.first)
            .arg(axis.last);
    }
    return {};
}

} // namespace

QString figureSpecError(const FigureSpec& spec) {
    if (spec.heatmap.isNull()) {
        return QStringLiteral("the figure has no heatmap image");
    }
    if (QString e = axisError("x", spec.xAxis); !e.isEmpty()) {
        return e;
    }
    if (QString e = axisError("y", spec.yAxis); !e.isEmpty()) {
        return e;
    }
    const ColorBarSpec& bar = spec.colorBar;
    if (bar.colors.size() < 2) {
        return QStringLiteral("the colour bar has %1 colours: at least 2 are needed").arg(bar.colors.size());
    }
    if (!std::isfinite(bar.min) || !std::isfinite(bar.max) || !(bar.min < bar.max)) {
        return QStringLiteral("colour bar range [%1, %2] is invalid: must be finite with min < max")
            .arg(bar.min)
            .arg(bar.max);
    }
    return {};
}

} // namespace pecards::app
