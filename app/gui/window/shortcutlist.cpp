#include "window/shortcutlist.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>

namespace pecards::gui {

namespace {

/// "&Save workspace…" -> "Save workspace…" ("&&" stays a literal "&").
QString plainText(QString text) {
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

ShortcutEntry entryFor(const QAction* action, const QString& path) {
    QStringList keys;
    for (const QKeySequence& shortcut : action->shortcuts())
        keys << shortcut.toString(QKeySequence::NativeText);
    return {keys.join(QStringLiteral(", ")), path + plainText(action->text()), action->statusTip()};
}

void collectMenu(
    const QMenu* menu, const QString& path, QList<ShortcutEntry>& entries, QSet<const QAction*>& seen) {
    for (const QAction* action : menu->actions()) {
        if (const QMenu* submenu = action->menu()) {
            collectMenu(submenu, path + plainText(submenu->title()) + QStringLiteral(" > "), entries, seen);
            continue;
        }
        seen.insert(action);
        if (!action->shortcuts().isEmpty())
            entries << entryFor(action, path);
    }
}

} // namespace

QList<ShortcutEntry> collectShortcuts(const QMainWindow& window) {
    QList<ShortcutEntry> entries;
    QSet<const QAction*> seen;
    for (const QAction* top : window.menuBar()->actions()) {
        if (const QMenu* menu = top->menu())
            collectMenu(menu, plainText(menu->title()) + QStringLiteral(" > "), entries, seen);
    }
    for (const QAction* action : window.findChildren<QAction*>()) {
        if (!seen.contains(action) && !action->shortcuts().isEmpty() && !action->menu())
            entries << entryFor(action, QString());
    }
    return entries;
}

} // namespace pecards::gui
