// A and B on one chart (figure/overlay.h): the compare tab's chart views. Names and points are
// checked against the two sets written out by hand.
#include "figure/overlay.h"

#include <gtest/gtest.h>
#include <pecards/errors.h>

namespace {

pecards::app::CurveSet spectrum(double top) {
    pecards::app::CurveSet set {
        QStringLiteral("pair i"), QStringLiteral("wavelength"), false, true, false, {}};
    set.curves.push_back({QStringLiteral("unscaled"), {{0, 6.28}, {1, top}}});
    set.curves.push_back({QStringLiteral("context L = 4096"), {{0, 4096}, {1, 4096}}});
    return set;
}

TEST(Overlay, CurvesOfBothSidesAreNamedAndAnEqualMarkerIsDrawnOnce) {
    const pecards::app::CurveSet overlaid = pecards::app::overlayCurves(spectrum(100.0), spectrum(900.0));
    ASSERT_EQ(overlaid.curves.size(), 3U);
    EXPECT_EQ(overlaid.curves[0].name, QStringLiteral("A: unscaled"));
    EXPECT_EQ(overlaid.curves[0].points.back(), QPointF(1, 100.0));
    EXPECT_EQ(overlaid.curves[1].name, QStringLiteral("A, B: context L = 4096"));
    EXPECT_EQ(overlaid.curves[2].name, QStringLiteral("B: unscaled"));
    EXPECT_EQ(overlaid.curves[2].points.back(), QPointF(1, 900.0));
    EXPECT_TRUE(overlaid.yLog);
}

TEST(Overlay, AxesOfDifferentUnitsAreRefusedNamingBoth) {
    pecards::app::CurveSet other = spectrum(100.0);
    other.yTitle = QStringLiteral("bias");
    try {
        static_cast<void>(pecards::app::overlayCurves(spectrum(100.0), other));
        FAIL() << "no error for two y units";
    } catch (const pecards::InvalidParameter& error) {
        EXPECT_EQ(std::string(error.name()), "B axes");
        EXPECT_NE(std::string(error.what()).find("bias"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("wavelength"), std::string::npos) << error.what();
    }
}

} // namespace
