// The figures of a pitfall (figure/pitfallfigures.h), shared by the Pitfalls view's Save… and
// `pecards-cli render --pitfall`: the correct view (the fix applied), the buggy one over one
// colour range with it, and buggy − correct. Values checked against ranges and differences
// worked out by hand.
#include "figure/pitfallfigures.h"
#include "support/requests.h"

#include <QImage>
#include <gtest/gtest.h>
#include <limits>
#include <pecards/errors.h>
#include <pecards/pitfall.h>
#include <vector>

namespace {

pecards::ViewRequest flippedSlope(bool fixed) {
    pecards::CardParams params = pecards::test::cardParams(pecards::Card::Alibi, 2);
    params.pitfall.kind = pecards::Pitfall::AlibiFlippedSlope;
    params.pitfall.fixed = fixed;
    return pecards::test::viewRequest(params, pecards::Quantity::Score, pecards::test::squareWindow(2), 2, 2);
}

pecards::app::ComputedView side(const pecards::ViewRequest& view, std::vector<double> values) {
    return {view, pecards::Grid {2, 2, view.window, std::move(values)}, QStringLiteral("viridis")};
}

} // namespace

TEST(PitfallFigures, TheCorrectViewIsTheBuggyOneWithTheFixApplied) {
    const auto [correct, buggy] = pecards::app::pitfallViews(flippedSlope(false));
    EXPECT_TRUE(correct.params.pitfall.fixed);
    EXPECT_FALSE(buggy.params.pitfall.fixed);
    pecards::ViewRequest unfixed = correct;
    unfixed.params.pitfall.fixed = false;
    EXPECT_TRUE(unfixed == buggy); // nothing else differs

    pecards::ViewRequest none = flippedSlope(false);
    none.params.pitfall.kind = pecards::Pitfall::None;
    EXPECT_THROW(static_cast<void>(pecards::app::pitfallViews(none)), pecards::InvalidParameter);
    EXPECT_THROW(
        static_cast<void>(pecards::app::pitfallViews(flippedSlope(true))), pecards::InvalidParameter);
}

TEST(PitfallFigures, CorrectAndBuggyShareOneRangeAndTheDifferenceIsBuggyMinusCorrect) {
    // Correct (masked causal bias) {0, -inf, -1, 0}; buggy (slope's sign flipped) {0, -inf, 1, 0}:
    // one range [-1, 1]; buggy − correct = {0, masked, 2, 0}, max |.| = 2.
    const double masked = -std::numeric_limits<double>::infinity();
    const pecards::app::PitfallFigureSet figures
        = pecards::app::pitfallFigureSpecs(side(flippedSlope(true), {0.0, masked, -1.0, 0.0}),
            side(flippedSlope(false), {0.0, masked, 1.0, 0.0}));
    EXPECT_DOUBLE_EQ(figures.correct.colorBar.min, -1.0);
    EXPECT_DOUBLE_EQ(figures.correct.colorBar.max, 1.0);
    EXPECT_DOUBLE_EQ(figures.buggy.colorBar.min, -1.0);
    EXPECT_DOUBLE_EQ(figures.buggy.colorBar.max, 1.0);
    EXPECT_DOUBLE_EQ(figures.difference.colorBar.min, -2.0);
    EXPECT_DOUBLE_EQ(figures.difference.colorBar.max, 2.0);
    EXPECT_TRUE(figures.difference.hasMasked);

    EXPECT_TRUE(figures.correct.title.startsWith(QStringLiteral("correct: ")))
        << figures.correct.title.toStdString();
    EXPECT_TRUE(figures.buggy.title.startsWith(QStringLiteral("buggy: ")))
        << figures.buggy.title.toStdString();
    EXPECT_TRUE(figures.difference.title.startsWith(QStringLiteral("buggy − correct: ")))
        << figures.difference.title.toStdString();
    EXPECT_TRUE(figures.difference.colorBar.label.startsWith(QStringLiteral("buggy − correct, ")));
    // The caption says what each side is and what the bug is.
    const QString caption = figures.difference.caption;
    EXPECT_TRUE(caption.startsWith(QStringLiteral("buggy: "))) << caption.toStdString();
    EXPECT_TRUE(caption.contains(QStringLiteral(" · correct: "))) << caption.toStdString();
    EXPECT_TRUE(caption.endsWith(
        QString::fromStdString(pecards::pitfallSummary(pecards::Pitfall::AlibiFlippedSlope))))
        << caption.toStdString();
    EXPECT_TRUE(figures.buggy.caption.contains(QStringLiteral("alibi-flipped-slope")))
        << figures.buggy.caption.toStdString();
}
