#pragma once
/// @file shortcutsdialog.h
/// @brief Help > Keyboard shortcuts: a table of the window's real QAction shortcuts
/// (shortcutlist.h), so it is never out of date with the menus. Table "shortcuts": shortcut,
/// command (menu path), description.

#include <QDialog>

class QMainWindow;
class QTableWidget;

namespace pecards::gui {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QMainWindow& window, QWidget* parent = nullptr);

private:
    QTableWidget* m_table;
};

} // namespace pecards::gui
