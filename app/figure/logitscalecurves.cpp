#include "figure/logitscalecurves.h"

#include <QCoreApplication>

/// Translation context of the logit-scale chart.
class LogitScaleCurves {
    Q_DECLARE_TR_FUNCTIONS(LogitScaleCurves)
};

namespace pecards::app {

CurveSet logitScaleCurves(const std::vector<pecards::LogitFactor>& factors) {
    CurveSet set;
    set.xTitle = LogitScaleCurves::tr("query position p");
    set.yTitle = LogitScaleCurves::tr("multiplier of the logit q·k");
    for (const pecards::LogitFactor& factor : factors) {
        Curve curve;
        curve.name
            = LogitScaleCurves::tr("%1 (%n layer(s)): %2", nullptr, static_cast<int>(factor.layers.size()))
                  .arg(QString::fromStdString(factor.group), QString::fromStdString(factor.factor));
        curve.emphasised = factor.factor == "total";
        for (const auto& [position, value] : factor.points) {
            curve.points.emplace_back(static_cast<double>(position), value);
        }
        set.curves.push_back(curve);
    }
    return set;
}

} // namespace pecards::app
