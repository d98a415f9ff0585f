#include "figure/pitfallfigures.h"

#include "figure/caption.h"

#include <pecards/errors.h>
#include <pecards/pitfall.h>

namespace pecards::app {

std::pair<ViewRequest, ViewRequest> pitfallViews(const ViewRequest& view) {
    const PitfallParams& pitfall = view.params.pitfall;
    if (pitfall.kind == Pitfall::None)
        throw InvalidParameter("pitfall", "none", "a pitfall of the card (pecards-cli pitfalls)");
    if (pitfall.fixed)
        throw InvalidParameter("pitfall-fixed", toString(pitfall.kind) + " with its fix",
            "the buggy side: the figures show the fixed view beside it");
    ViewRequest correct = view;
    correct.params.pitfall.fixed = true;
    return {correct, view};
}

PitfallFigureSet pitfallFigureSpecs(const ComputedView& correct, const ComputedView& buggy) {
    CompareFigureSet set
        = compareFigureSpecs(buggy, correct, SideNames {QStringLiteral("buggy"), QStringLiteral("correct")});
    set.difference.caption += captionSeparator() + QStringLiteral("pitfall: ")
        + QString::fromStdString(pitfallSummary(buggy.request.params.pitfall.kind));
    return {std::move(set.b), std::move(set.a), std::move(set.difference)};
}

} // namespace pecards::app
