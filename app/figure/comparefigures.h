#pragma once
/// @file comparefigures.h
/// @brief The figures of a compare pair, A, B and A − B, the one implementation the GUI's compare
/// tab (its shared colour range and its Save…) and `pecards-cli render --workspace` share: the
/// window both sides have, one colour range for A and B (the union of their ranges when their
/// values have one unit), and the three FigureSpecs with their titles and captions made from two
/// computed grids. So a compare figure saved from the GUI and the CLI's figure of the same pair
/// are byte-identical PNGs.

#include "figure/difference.h"
#include "figure/figurebuilder.h"
#include "figure/figureexporter.h"
#include "figure/figurespec.h"
#include "figure/printfigure.h"

#include <QString>
#include <optional>
#include <utility>

namespace pecards::app {

/// @brief A computed side of a compare pair: the request, the grid answering it
/// (grid.window == request.window) and the colour map it is drawn in (colormaplist.h name).
struct ComputedView {
    ViewRequest request;
    Grid grid;
    QString colormap;
};

/// @brief The three figures of a compare pair (compareFigureSpecs).
struct CompareFigureSet {
    FigureSpec a; ///< A over the shared range, titled "A: <title>"
    FigureSpec b; ///< B over the shared range, titled "B: <title>"
    FigureSpec difference; ///< A − B on the diverging map (differenceFigureSpec)
};

/// @brief The window of `quantity` that the cards of `a` and `b` both have: rows and columns
/// [0, min) of their full extents (pecards::fullExtent), e.g. positions 0..min(L_A, L_B) - 1.
/// @throws pecards::InvalidParameter as fullExtent (invalid parameters).
Window commonWindow(const CardParams& a, const CardParams& b, Quantity quantity);

/// @brief The views A and B of a compare pair: `quantity` of `a` and of `b` over
/// commonWindow(a, b, quantity) with `reduction`; out_rows x out_cols are left for the caller
/// (the CLI's --view, the GUI's plot, or printResolutionPair).
std::pair<ViewRequest, ViewRequest> compareViews(
    const CardParams& a, const CardParams& b, Quantity quantity, Reduction reduction);

/// @brief The one colour range of A and B: the union [min(a.min, b.min), max(a.max, b.max)] of
/// their ranges `rangeA` and `rangeB` when the values of views `a` and `b` have one unit
/// (valueUnit, so equal colours mean equal values); nullopt when the units differ (each side
/// then keeps its own range).
std::optional<ValueRange> sharedValueRange(
    const ViewRequest& a, ValueRange rangeA, const ViewRequest& b, ValueRange rangeB);

/// @brief The default range of a computed side: defaultValueRange of its quantity over its grid,
/// symmetric about 0 when its colour map is diverging.
/// @throws pecards::InvalidParameter for an unknown colour map (isDivergingColormap).
ValueRange computedRange(const ComputedView& view);

/// @brief The figures of A, B and A − B from the two computed sides (the same window and pixel
/// shape): A and B in their colour maps over sharedValueRange of their computedRange, titled
/// "A: " and "B: " before makeFigureSpec's title; then differenceFigureSpec of
/// viewDifference(A, B) with the figures of A and B (before those prefixes), i.e. the diverging
/// map over [−m, m], m = max |A − B|, and both captions.
/// @throws pecards::InvalidParameter as viewDifference ("B quantity", "B unit", "B extent") and
/// for an unknown colour map; std::invalid_argument as makeFigureSpec.
/// `names` ("A", "B" by default) name the sides in the titles, the A − B colour bar and caption.
CompareFigureSet compareFigureSpecs(
    const ComputedView& a, const ComputedView& b, const SideNames& names = {});

/// @brief A and B computed for print: A at the plot size of `options`
/// (printResolutionFigure(a.request, a.colormap, default range, options, compute)), then B's
/// request at A's window and pixels (so that the two subtract entry by entry).
/// @param a, b the sides' requests (their out_rows/out_cols are replaced) and colour maps; the
/// grids are ignored
/// @throws what printResolutionFigure and `compute` throw.
std::pair<ComputedView, ComputedView> printResolutionPair(const ComputedView& a, const ComputedView& b,
    const FigureExportOptions& options, const GridSource& compute);

/// @brief B's request `b` computed at the window and pixels of A's print request `printA`
/// (the second step of printResolutionPair; the GUI's worker computes it as a job of its own).
ViewRequest atPrintSizeOf(const ViewRequest& b, const ViewRequest& printA);

} // namespace pecards::app
