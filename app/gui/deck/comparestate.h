#pragma once
/// @file comparestate.h
/// @brief What the compare tab shows (the deck model's compare state): the two cards and their
/// parameters, the view both offer, and how A and B are drawn.

#include <QString>
#include <optional>
#include <pecards/params.h>
#include <workspace/workspace.h>

namespace pecards::gui {

struct CompareState {
    QString cardA; ///< A's card: its registry id ("rope")
    QString cardB;
    pecards::CardParams a;
    pecards::CardParams b;
    QString view; ///< the view shown, a ViewSpec id both cards offer ("score", "decay")
    /// A's heatmap while a heatmap is shown: its zoom window, reduction, colour map, locked range
    /// and scale (B is drawn alike, on the part of the window both sides have).
    std::optional<pecards::app::CardView> heatmap;
    bool operator==(const CompareState&) const = default;
};

} // namespace pecards::gui
