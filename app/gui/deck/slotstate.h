#pragma once
/// @file slotstate.h
/// @brief What one view slot of a card shows and how (the deck model's view state): the chosen
/// view and what the user set in it. A heatmap's state is the workspace's CardView (zoom window,
/// reduction, colour map, locked range, log scale), a chart's its CardChart (channels, position,
/// reach), so that saving is writing the model.

#include <QString>
#include <optional>
#include <workspace/workspace.h>

namespace pecards::gui {

struct SlotState {
    QString view; ///< the chosen view's id in the card's registry entry ("score", "polar")
    /// The heatmap's state when `view` is a heatmap, once its panel has shown it; unset: the
    /// quantity's defaults (full extent, default reduction and colours).
    std::optional<pecards::app::CardView> heatmap;
    /// The chart's state when `view` is a chart, once its panel has shown it; unset: defaults.
    std::optional<pecards::app::CardChart> chart;
    bool operator==(const SlotState&) const = default;
};

} // namespace pecards::gui
