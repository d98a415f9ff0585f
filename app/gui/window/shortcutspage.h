#pragma once
/// @file shortcutspage.h
/// @brief Help > Keyboard shortcuts: every menu action that has a shortcut (read from the menu
/// bar, so the page cannot drift from the menus) and the keys of the heatmaps and of
/// presentation mode.

#include <QList>
#include <QPair>
#include <QString>

class QMenuBar;
class QWidget;

/// @brief (what, keys) rows: the menu actions with shortcuts ("Card > Flip current card",
/// "Ctrl+F"), then the heatmap and presentation keys, all in the UI language.
QList<QPair<QString, QString>> keyboardShortcuts(const QMenuBar* menuBar);

/// @brief Shows the page (a non-modal dialog, deleted on close).
void showKeyboardShortcuts(const QMenuBar* menuBar, QWidget* parent);
