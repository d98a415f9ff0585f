#pragma once
/// @file helpmenu.h
/// @brief The Help menu: User guide (the bundled docs/guide.md, offline), Keyboard shortcuts
/// (from the window's real actions), Choosing an encoding (encodingchoicedialog.h) and About (version,
/// compute device, libraries and licences).

namespace pecards::gui {

class MainWindow;

/// @brief Adds the Help menu to `window`'s menu bar (after the other menus).
void buildHelpMenu(MainWindow& window);

} // namespace pecards::gui
