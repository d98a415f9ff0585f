// The figures of a compare pair (figure/comparefigures.h), shared by the GUI's compare tab and
// `pecards-cli render --workspace`: the window both sides have, one colour range for A and B,
// titles and the A − B figure. Values checked against ranges and differences worked out by hand.
#include "figure/comparefigures.h"
#include "offscreenguiapp.h"
#include "support/requests.h"

#include <gtest/gtest.h>
#include <pecards/errors.h>

namespace {

pecards::ViewRequest ropeScore(int length, double base) {
    pecards::CardParams params = pecards::test::cardParams(pecards::Card::Rope, length);
    params.rope.base = base;
    return pecards::test::viewRequest(params, pecards::Quantity::Score, pecards::test::squareWindow(2), 2, 2);
}

pecards::app::ComputedView side(
    const pecards::ViewRequest& view, std::vector<double> values, const char* colormap) {
    return {view, pecards::Grid {2, 2, view.window, std::move(values)}, QString::fromLatin1(colormap)};
}

TEST(CompareFigures, TheCommonWindowIsTheSmallerLengthOnBothAxes) {
    pecards::CardParams a;
    a.card = pecards::Card::Rope;
    a.length = 100;
    pecards::CardParams b = a;
    b.length = 64;
    const pecards::Window window = pecards::app::commonWindow(a, b, pecards::Quantity::Score);
    EXPECT_TRUE(window == (pecards::Window {0, 64, 0, 64}));
    const auto [viewA, viewB]
        = pecards::app::compareViews(a, b, pecards::Quantity::Score, pecards::Reduction::Max);
    EXPECT_TRUE(viewA.window == window);
    EXPECT_TRUE(viewB.window == window);
    EXPECT_EQ(viewA.params.length, 100);
    EXPECT_EQ(viewB.params.length, 64);
    EXPECT_EQ(viewB.reduction, pecards::Reduction::Max);
}

TEST(CompareFigures, TheSharedRangeIsTheUnionWhenTheUnitsAgree) {
    const std::optional<pecards::app::ValueRange> shared
        = pecards::app::sharedValueRange(ropeScore(2, 1e4), {1.0, 4.0}, ropeScore(2, 5e5), {-2.0, 3.0});
    ASSERT_TRUE(shared.has_value());
    EXPECT_EQ(*shared, (pecards::app::ValueRange {-2.0, 4.0}));

    // A similarity (sinusoidal score) and a logit bias (ALiBi score) keep their own ranges.
    pecards::ViewRequest sinusoidal = ropeScore(2, 1e4);
    sinusoidal.params.card = pecards::Card::Sinusoidal;
    pecards::ViewRequest alibi = ropeScore(2, 1e4);
    alibi.params.card = pecards::Card::Alibi;
    EXPECT_FALSE(pecards::app::sharedValueRange(sinusoidal, {0.0, 1.0}, alibi, {-5.0, 0.0}).has_value());
}

TEST(CompareFigures, AAndBShareOneRangeAndTheDifferenceIsCentredAtZero) {
    // A in [1, 4], B in [0, 5]: one range [0, 5]; A − B = {1, -3, 1, 2}, max |A − B| = 3.
    const pecards::app::CompareFigureSet figures
        = pecards::app::compareFigureSpecs(side(ropeScore(2, 1e4), {1.0, 2.0, 3.0, 4.0}, "viridis"),
            side(ropeScore(2, 5e5), {0.0, 5.0, 2.0, 2.0}, "viridis"));
    EXPECT_DOUBLE_EQ(figures.a.colorBar.min, 0.0);
    EXPECT_DOUBLE_EQ(figures.a.colorBar.max, 5.0);
    EXPECT_DOUBLE_EQ(figures.b.colorBar.min, 0.0);
    EXPECT_DOUBLE_EQ(figures.b.colorBar.max, 5.0);
    EXPECT_DOUBLE_EQ(figures.difference.colorBar.min, -3.0);
    EXPECT_DOUBLE_EQ(figures.difference.colorBar.max, 3.0);
    EXPECT_TRUE(figures.a.title.startsWith(QStringLiteral("A: "))) << figures.a.title.toStdString();
    EXPECT_TRUE(figures.b.title.startsWith(QStringLiteral("B: "))) << figures.b.title.toStdString();
    // The difference names A's title once (not "A: A: …").
    EXPECT_TRUE(figures.difference.title.startsWith(QStringLiteral("A − B: ")))
        << figures.difference.title.toStdString();
    EXPECT_FALSE(figures.difference.title.contains(QStringLiteral("A: ")))
        << figures.difference.title.toStdString();
    EXPECT_TRUE(figures.difference.caption.contains(QStringLiteral("base=500000")))
        << figures.difference.caption.toStdString();
}

TEST(CompareFigures, ADivergingMapMakesTheSharedRangeSymmetric) {
    // |A| <= 4, |B| <= 5: [-4, 4] and [-5, 5] give [-5, 5].
    const pecards::app::CompareFigureSet figures
        = pecards::app::compareFigureSpecs(side(ropeScore(2, 1e4), {1.0, -4.0, 3.0, 4.0}, "diverging"),
            side(ropeScore(2, 5e5), {0.0, 5.0, 2.0, 2.0}, "diverging"));
    EXPECT_DOUBLE_EQ(figures.a.colorBar.min, -5.0);
    EXPECT_DOUBLE_EQ(figures.b.colorBar.max, 5.0);
}

TEST(CompareFigures, ValuesOfTwoUnitsHaveNoCompareFigures) {
    pecards::ViewRequest alibi = ropeScore(2, 1e4);
    alibi.params.card = pecards::Card::Alibi;
    pecards::ViewRequest sinusoidal = alibi;
    sinusoidal.params.card = pecards::Card::Sinusoidal;
    try {
        static_cast<void>(pecards::app::compareFigureSpecs(
            side(sinusoidal, {1.0, 2.0, 3.0, 4.0}, "viridis"), side(alibi, {0.0, 5.0, 2.0, 2.0}, "viridis")));
        FAIL() << "no error for a similarity minus a bias";
    } catch (const pecards::InvalidParameter& error) {
        EXPECT_EQ(std::string(error.name()), "B unit");
    }
}

TEST(CompareFigures, ThePrintPairComputesBAtThePixelsOfA) {
    pecards::ViewRequest a = ropeScore(64, 1e4);
    a.window = {0, 64, 0, 64};
    pecards::ViewRequest b = a;
    b.params.rope.base = 5e5;
    std::vector<pecards::ViewRequest> asked;
    const auto compute = [&asked](const pecards::ViewRequest& request) {
        asked.push_back(request);
        return pecards::Grid {request.out_rows, request.out_cols, request.window,
            std::vector<double>(static_cast<std::size_t>(request.out_rows) * request.out_cols, 1.0)};
    };
    const auto [printA, printB] = pecards::app::printResolutionPair(
        {a, {}, QStringLiteral("viridis")}, {b, {}, QStringLiteral("magma")}, {}, compute);
    ASSERT_GE(asked.size(), 2U);
    // A 6 x 4.5 in plot at 300 dpi is wider than 64 pixels: one pixel per position.
    EXPECT_EQ(printA.request.out_rows, 64);
    EXPECT_EQ(printA.request.out_cols, 64);
    EXPECT_EQ(printB.request.out_rows, printA.request.out_rows);
    EXPECT_EQ(printB.request.out_cols, printA.request.out_cols);
    EXPECT_EQ(printB.request.params.rope.base, 5e5);
    EXPECT_EQ(asked.back().params.rope.base, 5e5); // B last
    EXPECT_EQ(printB.colormap, QStringLiteral("magma"));
    EXPECT_EQ(printB.grid.rows, 64);
}

} // namespace
