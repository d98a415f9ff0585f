// A - B of two views (figure/difference.h): the compare tab, its figures and the CLI's workspace
// render share it. Values checked against the subtraction written out by hand.
#include "figure/difference.h"

#include <gtest/gtest.h>
#include <limits>
#include <pecards/errors.h>

namespace {

constexpr double kMasked = -std::numeric_limits<double>::infinity();

TEST(Difference, IsAMinusBAndMaskedWhereEitherSideIs) {
    const pecards::Grid a {2, 2, {0, 2, 0, 2}, {3.0, kMasked, 0.5, kMasked}};
    const pecards::Grid b {2, 2, {0, 2, 0, 2}, {1.0, 4.0, kMasked, kMasked}};
    const pecards::Grid d = pecards::app::differenceGrid(a, b);
    EXPECT_EQ(d.values, (std::vector<double> {2.0, kMasked, kMasked, kMasked}));
    EXPECT_TRUE(d.window == a.window);
}

TEST(Difference, AnOverflowingDifferenceIsMaskedNotInfinite) {
    const double big = std::numeric_limits<double>::max();
    const pecards::Grid a {1, 2, {0, 1, 0, 2}, {big, -1.5}};
    const pecards::Grid b {1, 2, {0, 1, 0, 2}, {-big, -2.0}};
    EXPECT_EQ(pecards::app::differenceGrid(a, b).values, (std::vector<double> {kMasked, 0.5}));
}

TEST(Difference, DifferentExtentsNameBExtentAndBothShapes) {
    const pecards::Grid a {2, 2, {0, 2, 0, 2}, {1, 2, 3, 4}};
    const pecards::Grid b {2, 3, {0, 2, 0, 3}, {1, 2, 3, 4, 5, 6}};
    try {
        static_cast<void>(pecards::app::differenceGrid(a, b));
        FAIL() << "no error for different extents";
    } catch (const pecards::InvalidParameter& error) {
        EXPECT_EQ(std::string(error.name()), "B extent");
        EXPECT_NE(std::string(error.what()).find("2 x 3"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("2 x 2"), std::string::npos) << error.what();
    }
}

} // namespace
