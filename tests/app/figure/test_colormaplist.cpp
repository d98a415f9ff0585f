// The colour maps as QList<QRgb>: 256 opaque entries whose ends are matplotlib's published end
// colours (viridis #440154..#fde725, magma #000004..#fcfdbf, cividis #00224e..#fee838,
// coolwarm #3b4cc0..#b40426), and unknown names rejected with the allowed names.
#include "figure/colormaplist.h"
#include "pecards/errors.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace pecards;

namespace {

struct Ends {
    const char* name;
    QRgb low;
    QRgb high;
    bool diverging;
};

TEST(ColormapList, HasTheEndColoursOfTheMatplotlibMaps) {
    for (const Ends& ends : {Ends {"viridis", qRgb(0x44, 0x01, 0x54), qRgb(0xfd, 0xe7, 0x25), false},
             Ends {"magma", qRgb(0x00, 0x00, 0x04), qRgb(0xfc, 0xfd, 0xbf), false},
             Ends {"cividis", qRgb(0x00, 0x22, 0x4e), qRgb(0xfe, 0xe8, 0x38), false},
             Ends {"diverging", qRgb(0x3b, 0x4c, 0xc0), qRgb(0xb4, 0x04, 0x26), true}}) {
        const QList<QRgb> colors = app::colormapColors(ends.name);
        ASSERT_EQ(colors.size(), 256) << ends.name;
        EXPECT_EQ(colors.front(), ends.low) << ends.name;
        EXPECT_EQ(colors.back(), ends.high) << ends.name;
        EXPECT_TRUE(std::all_of(colors.begin(), colors.end(), [](QRgb c) { return qAlpha(c) == 255; }))
            << ends.name;
        EXPECT_EQ(app::isDivergingColormap(ends.name), ends.diverging) << ends.name;
    }
}

TEST(ColormapList, RejectsUnknownNamesListingTheMaps) {
    try {
        static_cast<void>(app::colormapColors("jet"));
        FAIL() << "jet was accepted";
    } catch (const InvalidParameter& error) {
        EXPECT_EQ(error.name(), "colormap");
        EXPECT_NE(error.allowed().find("viridis, cividis, magma, diverging"), std::string::npos)
            << error.allowed();
    }
    EXPECT_THROW(static_cast<void>(app::isDivergingColormap("twilight")), InvalidParameter);
}

} // namespace
