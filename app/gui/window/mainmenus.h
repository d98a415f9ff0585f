#pragma once
/// @file mainmenus.h
/// @brief Builds the main window's menus: File (config, workspaces and recent files, export
/// card, window image, preferences, quit), View (presentation, language), Presets, Card (flip),
/// Compare, and Help (helpmenu.h). Called again on a language change.

namespace pecards::gui {

class MainWindow;

/// @brief Adds the menus and their actions to `window`.
void buildMainMenus(MainWindow& window);

} // namespace pecards::gui
