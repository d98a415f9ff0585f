#pragma once
/// @file workspacestate.h
/// @brief The deck model <-> pecards::app::Workspace: every card (tab order) with its
/// parameters and what its view slots show (heatmaps: quantity, zoom window, reduction, colour
/// map, locked range, log scale; charts: channels, position, reach), the compare pair, and the
/// active card (-1 on the compare tab).
///
/// Views: the app saves each view with its slot ("slot", grid order) and opens it there. Files
/// without slots (older ones, `pecards-cli` handouts) give the k-th view to the k-th heatmap
/// slot, extra views to the chart slots, and heatmap slots left over show the card's first
/// chart; their charts are not shown.

#include <QString>
#include <workspace/workspace.h>

namespace pecards::gui {

class MainWindow;

/// @brief The state shown now. Loads cards not shown yet (their views compute when shown).
pecards::app::Workspace captureWorkspace(MainWindow& window);

/// @brief Shows `workspace`: parameters, views, compare pair (the first one), active card, and
/// takes its check as the window's lastCheck() (no dialog opens: opening a workspace file does that).
/// Call only with a workspace that passed workspaceFromJson (valid parameters and windows).
/// @return empty, or a note on what could not be shown (a card type or quantity the deck does
/// not have, more compare pairs than the one compare tab).
QString applyWorkspace(MainWindow& window, const pecards::app::Workspace& workspace);

} // namespace pecards::gui
