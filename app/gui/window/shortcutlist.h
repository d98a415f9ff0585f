#pragma once
/// @file shortcutlist.h
/// @brief The keyboard shortcuts of a window, read from its real QActions (menu order first,
/// then actions outside the menus), for Help > Keyboard shortcuts.

#include <QList>
#include <QString>

class QMainWindow;

namespace pecards::gui {

/// @brief One action with a shortcut.
struct ShortcutEntry {
    QString keys; ///< every shortcut of the action, native text, ", "-separated ("Ctrl+S")
    QString command; ///< menu path and action text, mnemonics removed ("File > Save workspace")
    QString description; ///< the action's status tip (may be empty)
};

/// @brief Every enabled or disabled QAction of `window` that has a shortcut, in menu order;
/// actions outside the menu bar follow with their text alone.
QList<ShortcutEntry> collectShortcuts(const QMainWindow& window);

} // namespace pecards::gui
