#include "figure/overlay.h"

#include "figure/caption.h"
#include "figure/chartbuilder.h"
#include "figure/chartcaption.h"

#include <algorithm>
#include <pecards/errors.h>

namespace pecards::app {

namespace {

QString axesText(const CurveSet& set) {
    return set.xTitle + (set.xLog ? QStringLiteral(" (log)") : QString()) + QStringLiteral(" / ") + set.yTitle
        + (set.yLog ? QStringLiteral(" (log)") : QString());
}

} // namespace

CurveSet overlayCurves(const CurveSet& a, const CurveSet& b) {
    if (a.xTitle != b.xTitle || a.yTitle != b.yTitle || a.xLog != b.xLog || a.yLog != b.yLog
        || a.polar != b.polar) {
        throw pecards::InvalidParameter("B axes", axesText(b).toStdString(),
            "the axes of A (" + axesText(a).toStdString() + "): one chart shows one unit per axis");
    }
    CurveSet overlaid = a;
    for (Curve& curve : overlaid.curves)
        curve.name = QStringLiteral("A: ") + curve.name;
    for (Curve curve : b.curves) {
        // A curve both sides draw alike (a marker of the same length) is drawn once, for both.
        const auto same = std::find_if(a.curves.begin(), a.curves.end(),
            [&curve](const Curve& c) { return c.name == curve.name && c.points == curve.points; });
        if (same != a.curves.end()) {
            overlaid.curves[static_cast<std::size_t>(same - a.curves.begin())].name
                = QStringLiteral("A, B: ") + curve.name;
            continue;
        }
        curve.name = QStringLiteral("B: ") + curve.name;
        overlaid.curves.push_back(std::move(curve));
    }
    for (ChartRegion region : b.regions) {
        if (std::find(a.regions.begin(), a.regions.end(), region) != a.regions.end())
            continue;
        region.name = QStringLiteral("B: ") + region.name;
        overlaid.regions.push_back(std::move(region));
    }
    return overlaid;
}

ChartSpec overlayChartSpec(const CurveRequest& a, const CurveRequest& b, const CurveSet& overlaid) {
    ChartSpec spec = makeChartSpec(a, overlaid);
    const QString titleB = makeChartSpec(b, CurveSet {}).title;
    if (titleB != spec.title)
        spec.title = QStringLiteral("A: ") + spec.title + captionSeparator() + QStringLiteral("B: ") + titleB;
    spec.caption = QStringLiteral("A: ") + formatChartCaption(a) + captionSeparator() + QStringLiteral("B: ")
        + formatChartCaption(b);
    return spec;
}

} // namespace pecards::app
