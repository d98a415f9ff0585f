// A - B of two views (figure/difference.h): the compare tab, its figures and the CLI's workspace
// render share it. Values checked against the subtraction written out by hand.
#include "figure/difference.h"
#include "support/requests.h"
#include "support/testconstants.h"

#include <gtest/gtest.h>
#include <limits>
#include <pecards/errors.h>

namespace {

using pecards::testsupport::kMasked;

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

pecards::ViewRequest scoreOf(pecards::Card card) {
    const pecards::CardParams params = pecards::test::cardParams(card, pecards::CardParams {}.length);
    return pecards::test::fullViewRequest(params, pecards::Quantity::Score);
}

// The sinusoidal score is the similarity PE_i·PE_j, the ALiBi score a bias added to the logits
// (docs/quantities.md): their difference means nothing, and the message says so with both units.
TEST(Difference, SimilarityMinusBiasIsRefusedNamingBothUnits) {
    const pecards::Grid grid {1, 1, {0, 1, 0, 1}, {1.0}};
    try {
        static_cast<void>(pecards::app::viewDifference(
            scoreOf(pecards::Card::Sinusoidal), grid, scoreOf(pecards::Card::Alibi), grid));
        FAIL() << "no error for a similarity minus a bias";
    } catch (const pecards::InvalidParameter& error) {
        EXPECT_EQ(std::string(error.name()), "B unit");
        EXPECT_NE(std::string(error.what()).find("logit units"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("similarity"), std::string::npos) << error.what();
    }
}

// Scores and biases that enter the softmax share the logit unit: RoPE + ALiBi minus ALiBi is the
// RoPE score (the compare tab's ready-made comparison).
TEST(Difference, LogitsOfDifferentCardsSubtract) {
    const pecards::Grid a {1, 2, {0, 1, 0, 2}, {3.0, 1.0}};
    const pecards::Grid b {1, 2, {0, 1, 0, 2}, {1.0, 1.5}};
    const pecards::Grid d
        = pecards::app::viewDifference(scoreOf(pecards::Card::Hybrid), a, scoreOf(pecards::Card::Alibi), b);
    EXPECT_EQ(d.values, (std::vector<double> {2.0, -0.5}));
    pecards::ViewRequest attention = scoreOf(pecards::Card::Alibi);
    attention.quantity = pecards::Quantity::Attention;
    EXPECT_THROW(
        static_cast<void>(pecards::app::viewDifference(scoreOf(pecards::Card::Alibi), a, attention, b)),
        pecards::InvalidParameter);
}

} // namespace
