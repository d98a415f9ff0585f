#pragma once
/// @file pitfallfigures.h
/// @brief The figures of a pitfall as the Pitfalls view shows it: the correct view (the
/// pitfall's scenario with its fix), the buggy view over the same colour range, and buggy −
/// correct on the diverging map with the pitfall's summary (what the buggy code does, whose code
/// it is) in its caption. The one implementation the Pitfalls view's Save… and `pecards-cli
/// render --pitfall` share, so a pitfall figure from either is the same file.

#include "figure/comparefigures.h"
#include "figure/figurespec.h"

#include <utility>

namespace pecards::app {

/// @brief The three figures of a pitfall (pitfallFigureSpecs).
struct PitfallFigureSet {
    FigureSpec correct; ///< titled "correct: <title>"
    FigureSpec buggy; ///< titled "buggy: <title>", over the correct view's colour range joined with its own
    FigureSpec difference; ///< buggy − correct, centred at 0
};

/// @brief The correct and the buggy view of the pitfall of `view.params`: `view` with the
/// pitfall's fix applied (pitfall.fixed), and `view` as it is.
/// @throws pecards::InvalidParameter naming "pitfall" when the view has none, or names its fixed
///         side (there is no buggy side to show then).
std::pair<ViewRequest, ViewRequest> pitfallViews(const ViewRequest& view);

/// @brief The figures of the computed `correct` and `buggy` views (the same window and pixels,
/// pitfallViews): compareFigureSpecs(buggy, correct) with the sides named "buggy" and "correct",
/// and pitfallSummary appended to the difference's caption.
/// @throws as compareFigureSpecs.
PitfallFigureSet pitfallFigureSpecs(const ComputedView& correct, const ComputedView& buggy);

} // namespace pecards::app
