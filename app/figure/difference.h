#pragma once
/// @file difference.h
/// @brief A − B of two computed views, the one rule the compare tab, its exported figures and
/// `pecards-cli render --workspace` share: which views can be subtracted (the same quantity in
/// the same unit) and the entry-by-entry difference.

#include "figure/figurespec.h"

#include <QString>
#include <pecards/view.h>

namespace pecards::app {

/// @brief The unit of the values of `quantity` on the card of `params`, in words (translated,
/// context "pecards::app::Difference"): e.g. "logit units" for scores and biases that enter the
/// softmax, "similarity PE_i·PE_j" for the sinusoidal score, "attention weight", "radians".
/// Two views with different units cannot be subtracted. Sources: docs/quantities.md.
QString valueUnit(const CardParams& params, Quantity quantity);

/// @brief Checks that A − B of the two views means something: the same quantity, in the same
/// unit (valueUnit) on both sides.
/// @throws pecards::InvalidParameter named "B unit" (or "B quantity") whose message gives both
///         units, e.g. "B unit = logit units is invalid: must be the unit of A (similarity
///         PE_i·PE_j): A − B subtracts values of one unit only".
void checkComparable(const ViewRequest& a, const ViewRequest& b);

/// @brief A − B entry by entry for grids of the same window and pixel shape (rows x cols).
/// An entry masked (−inf) on either side is masked (−inf) in the difference, and so is a
/// difference that is not finite (two values of opposite sign near the double range).
/// @throws pecards::InvalidParameter named "B extent" when the windows or shapes differ: A − B
///         needs the same length L and dimension on both sides (the message gives both extents).
pecards::Grid differenceGrid(const pecards::Grid& a, const pecards::Grid& b);

/// @brief checkComparable(a, b), then differenceGrid(gridA, gridB): A − B of view `a` computed
/// as `gridA` and view `b` computed as `gridB`.
/// @throws pecards::InvalidParameter as checkComparable and differenceGrid.
pecards::Grid viewDifference(
    const ViewRequest& a, const pecards::Grid& gridA, const ViewRequest& b, const pecards::Grid& gridB);

/// @brief What the two sides of a difference are called in its title, colour bar and caption.
struct SideNames {
    QString a = QStringLiteral("A"); ///< "A"; a pitfall's "buggy"
    QString b = QStringLiteral("B"); ///< "B"; a pitfall's "correct"
};

/// @brief The figure of A − B: `difference` (of views `a` and `b`) on the diverging map over
/// [−m, m], m = max |A − B| ([−0.5, 0.5] when all are 0 or masked), titled "A − B: <A's title>"
/// (" minus <B's title>" when it differs), colour bar "A − B, <A's label>", and the captions of
/// both figures ("A: ... · B: ..."); A and B are `names`.
/// @throws std::invalid_argument as makeFigureSpec.
FigureSpec differenceFigureSpec(const ViewRequest& a, const pecards::Grid& difference,
    const FigureSpec& figureA, const FigureSpec& figureB, const SideNames& names = {});

} // namespace pecards::app
