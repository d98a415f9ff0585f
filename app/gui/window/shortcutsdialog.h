#pragma once
/// @file shortcutsdialog.h
/// @brief Help > Keyboard shortcuts: a table of the window's real QAction shortcuts
/// (shortcutlist.h), so it is never out of date with the menus.

#include <QDialog>

class QMainWindow;
class QTableWidget;

namespace pecards::gui {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QMainWindow& window, QWidget* parent = nullptr);

    /// @brief Columns: shortcut, command (menu path), description (for tests).
    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table;
};

} // namespace pecards::gui
