#include "session/autosave.h"

#include "session/workspacestate.h"
#include "window/mainwindow.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <pecards/errors.h>
#include <workspace/workspacefile.h>

namespace pecards::gui {

namespace {

const QString kRunningKey = QStringLiteral("session/running");

} // namespace

Autosave::Autosave(
    MainWindow* window, QSettings* settings, QString recoveryPath, int delayMs, QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_settings(settings)
    , m_path(std::move(recoveryPath)) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(delayMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
}

QString Autosave::defaultRecoveryPath() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("recovery-workspace.json"));
}

bool Autosave::crashedWithRecovery() const {
    return m_settings->value(kRunningKey, false).toBool() && QFileInfo(m_path).isFile();
}

void Autosave::beginSession() {
    m_settings->setValue(kRunningKey, true);
    m_settings->sync();
}

void Autosave::endSession() {
    m_timer.stop();
    saveNow();
    m_settings->setValue(kRunningKey, false);
    m_settings->sync();
}

void Autosave::markChanged() {
    if (!m_timer.isActive())
        m_timer.start();
}

bool Autosave::saveNow() {
    m_timer.stop();
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QString error;
    try {
        if (pecards::app::saveWorkspace(m_path, captureWorkspace(*m_window), &error)) {
            emit saved(m_path);
            return true;
        }
    } catch (const pecards::InvalidParameter& invalid) {
        error = QString::fromUtf8(invalid.what());
    }
    emit failed(error);
    return false;
}

bool Autosave::restore() {
    QString error;
    const std::optional<pecards::app::Workspace> workspace = pecards::app::openWorkspace(m_path, &error);
    if (!workspace) {
        emit failed(error);
        return false;
    }
    applyWorkspace(*m_window, *workspace);
    if (workspace->check)
        m_window->openCheck(workspace->check);
    return true;
}

void Autosave::offerRestore() {
    auto* box = new QMessageBox(QMessageBox::Question, tr("Restore workspace"),
        tr("PE Cards did not close normally last time. Restore the workspace it saved (%1)?")
            .arg(QFileInfo(m_path).lastModified().toString(Qt::ISODate)),
        QMessageBox::Yes | QMessageBox::No, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this](int button) {
        if (button == QMessageBox::Yes)
            restore();
    });
    box->open();
}

} // namespace pecards::gui
