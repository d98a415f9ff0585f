// Colour-blind safety of the colour maps, checked with the dichromacy simulation of Machado,
// Oliveira & Fernandes, "A Physiologically-based Model for Simulation of Color Vision
// Deficiency" (IEEE TVCG 2009; severity 1.0 matrices on linear sRGB) and CIE76 colour
// differences in CIELAB (D65): the diverging map's two sides stay apart for protanopes,
// deuteranopes and tritanopes, and the sequential defaults (viridis, cividis) keep rising in
// lightness.
#include "figure/colormaplist.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>

namespace {

using Matrix = std::array<std::array<double, 3>, 3>;
using Lab = std::array<double, 3>;

constexpr Matrix kProtanopia {
    {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}};
constexpr Matrix kDeuteranopia {
    {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}};
constexpr Matrix kTritanopia {
    {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}};
constexpr Matrix kNormal {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};

double linear(int channel) {
    const double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

/// The colour as seen with `vision`, in CIELAB (sRGB primaries, D65 white).
Lab seen(QRgb color, const Matrix& vision) {
    const std::array<double, 3> rgb {linear(qRed(color)), linear(qGreen(color)), linear(qBlue(color))};
    std::array<double, 3> s {};
    for (int i = 0; i < 3; ++i) {
        s[i] = std::clamp(vision[i][0] * rgb[0] + vision[i][1] * rgb[1] + vision[i][2] * rgb[2], 0.0, 1.0);
    }
    const double x = (0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2]) / 0.95047;
    const double y = 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
    const double z = (0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2]) / 1.08883;
    const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
    return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

double deltaE(const Lab& a, const Lab& b) {
    return std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

struct Vision {
    const char* name;
    const Matrix* matrix;
};
constexpr std::array<Vision, 3> kDichromacies {Vision {"protanopia", &kProtanopia},
    Vision {"deuteranopia", &kDeuteranopia}, Vision {"tritanopia", &kTritanopia}};

} // namespace

TEST(ColorBlindSafety, DivergingSidesStayApartForEveryDichromacy) {
    const QList<QRgb> map = pecards::app::colormapColors("diverging");
    ASSERT_EQ(map.size(), 256);
    // Entry 127 - k is value -v and entry 128 + k is +v; beyond 10 % of the half range (k >= 13)
    // the two must differ by at least 15 ΔE and keep three quarters of their normal contrast.
    for (const Vision& vision : kDichromacies) {
        for (int k = 13; k < 128; ++k) {
            const double normal = deltaE(seen(map[127 - k], kNormal), seen(map[128 + k], kNormal));
            const double dichromat
                = deltaE(seen(map[127 - k], *vision.matrix), seen(map[128 + k], *vision.matrix));
            EXPECT_GE(dichromat, 15.0) << vision.name << ", k = " << k;
            EXPECT_GE(dichromat, 0.75 * normal) << vision.name << ", k = " << k;
        }
    }
}

TEST(ColorBlindSafety, SequentialDefaultsRiseInLightnessForEveryone) {
    for (const char* name : {"viridis", "cividis"}) {
        const QList<QRgb> map = pecards::app::colormapColors(name);
        for (const Vision& vision : kDichromacies) {
            for (int i = 0; i + 16 < 256; ++i) {
                EXPECT_GT(seen(map[i + 16], *vision.matrix)[0], seen(map[i], *vision.matrix)[0] + 1.0)
                    << name << ", " << vision.name << ", entry " << i;
            }
        }
    }
}
