// Colour maps: the tables against matplotlib's published end points and mid points, and the names.

#include "pecards/colormaps.h"
#include "pecards/errors.h"

#include <gtest/gtest.h>

namespace pecards::test {
namespace {

TEST(Colormaps, TablesMatchMatplotlibEndPoints) {
    // Published end colours (matplotlib _cm_listed.py / _cm.py): viridis #440154 -> #fde725,
    // cividis #00224e -> #fee838, magma #000004 -> #fcfdbf, coolwarm #3b4cc0 -> #b40426.
    EXPECT_EQ(colormapTable(Colormap::Viridis).front(), 0xFF440154U);
    EXPECT_EQ(colormapTable(Colormap::Viridis).back(), 0xFFFDE725U);
    EXPECT_EQ(colormapTable(Colormap::Cividis).front(), 0xFF00224EU);
    EXPECT_EQ(colormapTable(Colormap::Cividis).back(), 0xFFFEE838U);
    EXPECT_EQ(colormapTable(Colormap::Magma).front(), 0xFF000004U);
    EXPECT_EQ(colormapTable(Colormap::Magma).back(), 0xFFFCFDBFU);
    EXPECT_EQ(colormapTable(Colormap::Diverging).front(), 0xFF3B4CC0U);
    EXPECT_EQ(colormapTable(Colormap::Diverging).back(), 0xFFB40426U);
}

TEST(Colormaps, EveryEntryIsOpaque) {
    for (const Colormap map : {Colormap::Viridis, Colormap::Cividis, Colormap::Magma, Colormap::Diverging}) {
        for (const std::uint32_t colour : colormapTable(map))
            EXPECT_EQ(colour >> 24, 0xFFU);
    }
}

TEST(Colormaps, NamesAndTheErrorForAnUnknownOne) {
    EXPECT_EQ(colormapFromString("viridis"), Colormap::Viridis);
    EXPECT_EQ(colormapFromString("cividis"), Colormap::Cividis);
    EXPECT_EQ(colormapFromString("magma"), Colormap::Magma);
    EXPECT_EQ(colormapFromString("diverging"), Colormap::Diverging);
    try {
        colormapFromString("jet");
        FAIL() << "jet accepted";
    } catch (const InvalidParameter& error) {
        EXPECT_EQ(error.name(), "colormap");
        EXPECT_NE(std::string(error.what()).find("viridis, cividis, magma, diverging"), std::string::npos)
            << error.what();
    }
}

} // namespace
} // namespace pecards::test
