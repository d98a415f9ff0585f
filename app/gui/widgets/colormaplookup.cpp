#include "widgets/colormaplookup.h"

#include <QColor>
#include <algorithm>
#include <array>
#include <cmath>
#include <figure/colormaplist.h>
#include <map>
#include <numeric>

namespace pecards::gui {

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
    return heatmapColor(heatmapColormapTable(name), t);
}

QRgb heatmapColor(const QList<QRgb>& table, double t) {
    if (std::isnan(t))
        return invalidColor();
    const auto last = static_cast<double>(table.size() - 1);
    return table.at(static_cast<qsizetype>(std::lround(std::clamp(t, 0.0, 1.0) * last)));
}

QRgb qualitativeColor(long long index, long long first, long long last) {
    // tab20's ten dark hues, then its ten light ones: neighbouring indices differ in hue.
    static const QList<QRgb> tab20 {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2,
        0x7f7f7f, 0xbcbd22, 0x17becf, 0xaec7e8, 0xffbb78, 0x98df8a, 0xff9896, 0xc5b0d5, 0xc49c94, 0xf7b6d2,
        0xc7c7c7, 0xdbdb8d, 0x9edae5};
    const long long count = std::max(1LL, last - first + 1);
    const long long i = std::clamp(index - first, 0LL, count - 1);
    if (count <= tab20.size())
        return 0xff000000 | tab20.at(static_cast<qsizetype>(i));
    const long long hues = (count + 2) / 3;
    long long step = std::max(1LL, std::llround(static_cast<double>(hues) * 0.382));
    while (std::gcd(step, hues) != 1)
        ++step;
    static constexpr std::array<double, 3> kLightness {0.40, 0.60, 0.78};
    const long long level = i % 3;
    const long long hue = (i / 3) * step % hues;
    const double h
        = (static_cast<double>(hue) + static_cast<double>(level) / 3.0) / static_cast<double>(hues);
    return QColor::fromHslF(static_cast<float>(h), 0.80F, static_cast<float>(kLightness.at(level))).rgb();
}

QRgb maskedColor() {
    return qRgb(0x5a, 0x5a, 0x5a);
}

QRgb invalidColor() {
    return qRgb(0xff, 0x00, 0xff);
}

} // namespace pecards::gui
