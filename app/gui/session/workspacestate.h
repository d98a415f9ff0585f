#pragma once
/// @file workspacestate.h
/// @brief The window's state <-> pecards::app::Workspace: every card (tab order) with its
/// parameters and its heatmap views (quantity, zoom window, reduction, colour map), the compare
/// pair, and the active card (-1 on the compare tab).
///
/// Views: a card's heatmap slots, in grid order, are its workspace views. Opening gives the k-th
/// view to the k-th heatmap slot; extra views take chart slots (in grid order), and heatmap slots
/// left over show the card's first chart. Chart views (polar, spectrum, ...) have no place in
/// the workspace format and keep their defaults.

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
