#include "widgets/colormaplookup.h"

#include <algorithm>
#include <cmath>
#include <figure/colormaplist.h>
#include <map>

namespace {

const std::map<QString, QList<QRgb>>& tables() {
    static const std::map<QString, QList<QRgb>> all = [] {
        std::map<QString, QList<QRgb>> result;
        for (const QString& name : heatmapColormapNames())
            result.emplace(name, pecards::app::colormapColors(name.toStdString()));
        return result;
    }();
    return all;
}

} // namespace

QStringList heatmapColormapNames() {
    return {QStringLiteral("viridis"), QStringLiteral("cividis"), QStringLiteral("magma"),
        QStringLiteral("diverging")};
}

bool isHeatmapColormap(const QString& name) {
    return tables().count(name) > 0;
}

const QList<QRgb>& heatmapColormapTable(const QString& name) {
    const auto found = tables().find(name);
    return found != tables().end() ? found->second : tables().at(QStringLiteral("viridis"));
}

QRgb heatmapColor(const QString& name, double t) {
    if (std::isnan(t))
        return invalidColor();
    const QList<QRgb>& table = heatmapColormapTable(name);
    const auto last = static_cast<double>(table.size() - 1);
    return table.at(static_cast<qsizetype>(std::lround(std::clamp(t, 0.0, 1.0) * last)));
}

QRgb maskedColor() {
    return qRgb(0x5a, 0x5a, 0x5a);
}

QRgb invalidColor() {
    return qRgb(0xff, 0x00, 0xff);
}
