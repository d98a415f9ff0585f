#include "window/shortcutspage.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

/// Translation context of this file's texts.
class ShortcutsPage {
    Q_DECLARE_TR_FUNCTIONS(ShortcutsPage)
};

namespace {

QString plainText(QString text) {
    return text.remove(QLatin1Char('&'));
}

void collect(const QMenu* menu, const QString& path, QList<QPair<QString, QString>>& rows) {
    for (const QAction* action : menu->actions()) {
        if (action->menu()) {
            collect(action->menu(), path + plainText(action->text()) + QStringLiteral(" > "), rows);
        } else if (!action->shortcut().isEmpty()) {
            rows.push_back(
                {path + plainText(action->text()), action->shortcut().toString(QKeySequence::NativeText)});
        }
    }
}

} // namespace

QList<QPair<QString, QString>> keyboardShortcuts(const QMenuBar* menuBar) {
    QList<QPair<QString, QString>> rows;
    for (const QAction* action : menuBar->actions()) {
        if (action->menu())
            collect(action->menu(), plainText(action->text()) + QStringLiteral(" > "), rows);
    }
    rows.push_back(
        {ShortcutsPage::tr("Next / previous card"), ShortcutsPage::tr("Ctrl+Tab / Ctrl+Shift+Tab")});
    rows.push_back(
        {ShortcutsPage::tr("Heatmap: zoom"), ShortcutsPage::tr("mouse wheel, or drag a rectangle")});
    rows.push_back({ShortcutsPage::tr("Heatmap: full extent"), ShortcutsPage::tr("double-click")});
    rows.push_back(
        {ShortcutsPage::tr("Presentation: next / previous card"), ShortcutsPage::tr("Right / Left")});
    rows.push_back({ShortcutsPage::tr("Presentation: next / previous view"), ShortcutsPage::tr("Down / Up")});
    rows.push_back({ShortcutsPage::tr("Presentation: flip the card"), ShortcutsPage::tr("Space")});
    rows.push_back({ShortcutsPage::tr("Presentation: pause / play the sweep"), ShortcutsPage::tr("P")});
    rows.push_back({ShortcutsPage::tr("Presentation: faster / slower sweep"), ShortcutsPage::tr("+ / −")});
    rows.push_back({ShortcutsPage::tr("Presentation: leave"), ShortcutsPage::tr("Esc or F5")});
    return rows;
}

void showKeyboardShortcuts(const QMenuBar* menuBar, QWidget* parent) {
    auto* dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(ShortcutsPage::tr("Keyboard shortcuts"));
    auto* layout = new QVBoxLayout(dialog);
    const QList<QPair<QString, QString>> rows = keyboardShortcuts(menuBar);
    auto* table = new QTableWidget(static_cast<int>(rows.size()), 2, dialog);
    table->setHorizontalHeaderLabels({ShortcutsPage::tr("Action"), ShortcutsPage::tr("Keys")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int row = 0; row < rows.size(); ++row) {
        table->setItem(row, 0, new QTableWidgetItem(rows.at(row).first));
        table->setItem(row, 1, new QTableWidgetItem(rows.at(row).second));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(table);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(560, 520);
    dialog->show();
}
