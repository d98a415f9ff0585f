#pragma once
/// @file deckworkspace.h
/// @brief The deck model <-> pecards::app::Workspace: saving is writing the model, opening (a
/// workspace file, a lesson step, the crash-recovery copy) is replacing its state. Every card (tab
/// order) with its parameters and what its view slots show (heatmaps: quantity, zoom window,
/// reduction, colour map, locked range, log scale; charts: channels, position, reach), the compare
/// pair, the card on screen (-1: the compare tab) and the last implementation check. No widget
/// is read or written: views follow the model.
///
/// Views: each view is saved with its slot ("slot", grid order) and opened there. A slot whose
/// panel has not been shown yet (a card never opened) is saved with its view's defaults (full
/// extent, the quantity's reduction and colour map; a chart's default tools). Files without slots
/// (older ones, `pecards-cli` handouts, lesson steps written by hand) give the k-th view to the
/// k-th heatmap slot, extra views to the chart slots, then their charts to the slots left, in
/// order; heatmap slots left over show the card's first chart.

#include "deck/slotstate.h"

#include <QString>
#include <workspace/workspace.h>

namespace pecards::gui {

class DeckModel;

/// @brief What slot `slot` of `card` shows: its state, or while its panel has not shown it (a
/// card never opened) its view's defaults: a heatmap's full extent for the card's shown
/// parameters with the quantity's reduction and colour map (views/quantitystyle.h), a chart's
/// default tools. A view with a panel of its own, or one these parameters do not offer, keeps
/// its unset state. Throws std::out_of_range as DeckModel::slot.
SlotState shownSlotState(const DeckModel& deck, int card, int slot);

/// @brief The deck's state as a workspace (what File > Save writes).
pecards::app::Workspace workspaceOf(const DeckModel& deck);

/// @brief Replaces the deck's state with `workspace` without undo steps: parameters, view slots,
/// the compare pair (the first one), the card on screen and the check (no check dialog opens:
/// whoever opens a workspace file does that). Call only with a workspace that passed
/// workspaceFromJson (valid parameters and windows).
/// @return empty, or a note on what could not be shown (a card type or view the deck does not
/// have, a second card of one type, more compare pairs than the one compare tab).
QString showWorkspace(DeckModel& deck, const pecards::app::Workspace& workspace);

} // namespace pecards::gui
