#pragma once
/// @file mainmenus.h
/// @brief Builds the main window's menus: File (open config, save screenshot, quit),
/// Presets, Card (flip, language) and Compare.

class MainWindow;

/// @brief Adds the menus and their actions to `window`.
void buildMainMenus(MainWindow& window);
