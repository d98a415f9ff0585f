#include "session/workspacecontroller.h"

#include "session/workspacestate.h"
#include "window/mainwindow.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <pecards/errors.h>
#include <workspace/recentfiles.h>
#include <workspace/workspacefile.h>

WorkspaceController::WorkspaceController(MainWindow* window, QSettings* settings, QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_settings(settings) {
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
        if (!pecards::app::saveWorkspace(path, captureWorkspace(*m_window), &error)) {
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
    m_window->statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 10000);
    emit recentFilesChanged();
    emit saved(path);
    return true;
}

void WorkspaceController::askOpen() {
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
    const QString note = applyWorkspace(*m_window, *workspace);
    m_path = path;
    m_lastError.clear();
    pecards::app::RecentFiles(*m_settings).add(path);
    m_window->statusBar()->showMessage(
        note.isEmpty() ? tr("Opened %1").arg(QFileInfo(path).fileName()) : note, 15000);
    emit recentFilesChanged();
    emit opened(path);
    return true;
}

QStringList WorkspaceController::recentFiles() const {
    return pecards::app::RecentFiles(*m_settings).files();
}

void WorkspaceController::fail(const QString& title, const QString& message) {
    m_lastError = message;
    emit failed(message);
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // window-modal; does not block the event loop
}
