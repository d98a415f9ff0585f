#include "session/workspacecontroller.h"

#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "widgets/warningdialog.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>
#include <pecards/errors.h>
#include <workspace/recentfiles.h>
#include <workspace/workspacefile.h>

namespace pecards::gui {

WorkspaceController::WorkspaceController(
    DeckModel& deck, QMainWindow* window, QSettings* settings, QObject* parent)
    : QObject(parent)
    , m_deck(deck)
    , m_window(window)
    , m_settings(settings) {
}

void WorkspaceController::markSaved() {
    m_savedParams.clear();
    for (int card = 0; card < m_deck.cardCount(); ++card)
        m_savedParams.push_back(m_deck.params(card));
    m_savedCheck = m_deck.check();
    m_deck.undoStack()->setClean(); // views and compare: the edits since here
    m_modified = false;
    m_window->setWindowModified(false);
}

void WorkspaceController::refreshModified() {
    if (m_savedParams.size() != m_deck.cardCount()) {
        markSaved(); // the deck's start-up parameters are the first reference
        return;
    }
    // Parameters can change without an undo step (a layer group, content vectors), views and the
    // compare tab only by steps: both are compared.
    bool modified = m_deck.check() != m_savedCheck || !m_deck.undoStack()->isClean();
    for (int n = 0; n < m_savedParams.size() && !modified; ++n)
        modified = !(m_deck.params(n) == m_savedParams.at(n));
    if (modified && !m_modified && !m_status.isEmpty() && m_window->statusBar()->currentMessage() == m_status)
        m_window->statusBar()->clearMessage(); // "Saved ws.json" is no longer true
    m_modified = modified;
    m_window->setWindowModified(modified);
}

void WorkspaceController::showStatus(const QString& message) {
    m_status = message;
    m_window->statusBar()->showMessage(message, 15000);
}

bool WorkspaceController::maybeSave() {
    refreshModified();
    if (!m_modified)
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
        m_path.isEmpty() ? tr("The cards have changes that are not saved in a workspace.")
                         : tr("The cards have changes not saved in %1.").arg(QFileInfo(m_path).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
    box.setInformativeText(tr("Save them first?"));
    box.setDefaultButton(QMessageBox::Save);
    box.setWindowModality(Qt::WindowModal);
    switch (box.exec()) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

bool WorkspaceController::openAfterPrompt(const QString& path) {
    return maybeSave() && open(path);
}

bool WorkspaceController::save() {
    return m_path.isEmpty() ? saveAs() : saveTo(m_path);
}

bool WorkspaceController::saveAs() {
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save workspace"),
        m_path.isEmpty() ? QStringLiteral("workspace.pecards.json") : m_path,
        tr("PE Cards workspace (*.pecards.json *.json)"));
    if (path.isEmpty())
        return false;
    // *.pecards.json is the glob of application/x-pecards-workspace (packaging/), so file
    // managers open saved workspaces with PE Cards.
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pecards.json");
    return saveTo(path);
}

bool WorkspaceController::saveTo(const QString& path) {
    QString error;
    try {
        if (!pecards::app::saveWorkspace(path, workspaceOf(m_deck), &error)) {
            fail(tr("Save workspace"), error);
            return false;
        }
    } catch (const pecards::InvalidParameter& invalid) {
        fail(tr("Save workspace"),
            tr("Cannot save workspace %1: %2").arg(path, QString::fromUtf8(invalid.what())));
        return false;
    }
    m_path = path;
    m_lastError.clear();
    pecards::app::RecentFiles(*m_settings).add(path);
    markSaved();
    showStatus(tr("Saved %1").arg(QFileInfo(path).fileName()));
    emit recentFilesChanged();
    emit saved(path);
    return true;
}

void WorkspaceController::askOpen() {
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open workspace"),
        QFileInfo(m_path).absolutePath(), tr("PE Cards workspace (*.pecards.json *.json)"));
    if (!path.isEmpty())
        open(path);
}

bool WorkspaceController::open(const QString& path) {
    QString error;
    const std::optional<pecards::app::Workspace> workspace = pecards::app::openWorkspace(path, &error);
    if (!workspace) {
        if (!QFileInfo::exists(path)) {
            pecards::app::RecentFiles(*m_settings).remove(path);
            emit recentFilesChanged();
        }
        fail(tr("Open workspace"), error);
        return false;
    }
    const QString note = showWorkspace(m_deck, *workspace);
    m_path = path;
    m_lastError.clear();
    pecards::app::RecentFiles(*m_settings).add(path);
    markSaved();
    showStatus(note.isEmpty() ? tr("Opened %1").arg(QFileInfo(path).fileName()) : note);
    emit recentFilesChanged();
    emit opened(path);
    return true;
}

QStringList WorkspaceController::recentFiles(QStringList* gone) const {
    QStringList removed;
    const QStringList files = pecards::app::RecentFiles(*m_settings).files(&removed);
    if (!removed.isEmpty()) {
        QStringList names;
        for (const QString& path : removed)
            names << QDir::toNativeSeparators(path);
        m_window->statusBar()->showMessage(tr("Removed from Open recent, the file no longer exists: %1")
                                               .arg(names.join(QStringLiteral(", "))),
            15000);
    }
    if (gone)
        *gone = removed;
    return files;
}

void WorkspaceController::fail(const QString& title, const QString& message) {
    m_lastError = message;
    emit failed(message);
    openWarning(m_window, title, message);
}

} // namespace pecards::gui
