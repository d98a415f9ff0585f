#include "widgets/colormap.h"

#include <QColor>
#include <algorithm>
#include <array>
#include <cmath>

namespace {

using Anchors = std::array<QRgb, 9>; // samples at t = 0, 1/8, ..., 1

constexpr Anchors kViridis {
    0x440154, 0x482878, 0x3e4989, 0x31688e, 0x26828e, 0x1f9e89, 0x35b779, 0x6ece58, 0xfde725};
constexpr Anchors kCividis {
    0x00224e, 0x123570, 0x3b496c, 0x575d6d, 0x707173, 0x8a8779, 0xa69d75, 0xc4b56c, 0xfee838};
constexpr Anchors kMagma {
    0x000004, 0x1c1044, 0x4f127b, 0x812581, 0xb5367a, 0xe55964, 0xfb8761, 0xfec287, 0xfcfdbf};
// RdBu reversed: blue below zero, near-white at zero, red above.
constexpr Anchors kDiverging {
    0x053061, 0x2166ac, 0x67a9cf, 0xd1e5f0, 0xf7f7f7, 0xfddbc7, 0xef8a62, 0xb2182b, 0x67001f};

const Anchors& anchors(ColorMapKind kind) {
    switch (kind) {
    case ColorMapKind::Cividis:
        return kCividis;
    case ColorMapKind::Magma:
        return kMagma;
    case ColorMapKind::Diverging:
        return kDiverging;
    case ColorMapKind::Viridis:
        break;
    }
    return kViridis;
}

int mix(int from, int to, double f) {
    return static_cast<int>(std::lround(from + (to - from) * f));
}

} // namespace

QRgb colorMapColor(ColorMapKind kind, double t) {
    if (std::isnan(t))
        return invalidColor();
    const Anchors& samples = anchors(kind);
    const double scaled = std::clamp(t, 0.0, 1.0) * static_cast<double>(samples.size() - 1);
    const auto index = std::min<std::size_t>(static_cast<std::size_t>(scaled), samples.size() - 2);
    const double f = scaled - static_cast<double>(index);
    const QRgb a = samples[index];
    const QRgb b = samples[index + 1];
    return qRgb(mix(qRed(a), qRed(b), f), mix(qGreen(a), qGreen(b), f), mix(qBlue(a), qBlue(b), f));
}

QRgb maskedColor() {
    return qRgb(0x5a, 0x5a, 0x5a);
}

QRgb invalidColor() {
    return qRgb(0xff, 0x00, 0xff);
}

QString colorMapName(ColorMapKind kind) {
    switch (kind) {
    case ColorMapKind::Cividis:
        return QStringLiteral("cividis");
    case ColorMapKind::Magma:
        return QStringLiteral("magma");
    case ColorMapKind::Diverging:
        return QStringLiteral("diverging");
    case ColorMapKind::Viridis:
        break;
    }
    return QStringLiteral("viridis");
}

QList<ColorMapKind> allColorMaps() {
    return {ColorMapKind::Viridis, ColorMapKind::Cividis, ColorMapKind::Magma, ColorMapKind::Diverging};
}
