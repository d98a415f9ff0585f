#include "session/autosave.h"

#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "widgets/warningdialog.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <pecards/errors.h>
#include <workspace/workspacefile.h>

namespace pecards::gui {

namespace {

const QString kRunningKey = QStringLiteral("session/running");

} // namespace

Autosave::Autosave(DeckModel& deck, QMainWindow* window, QSettings* settings, QString recoveryPath,
    int delayMs, QObject* parent)
    : QObject(parent)
    , m_deck(deck)
    , m_window(window)
    , m_settings(settings) {
    claimSlot(recoveryPath);
    m_timer.setSingleShot(true);
    m_timer.setInterval(delayMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    connect(this, &Autosave::failed, this, [this](const QString& message) {
        m_window->statusBar()->showMessage(
            tr("The crash-recovery copy was not saved: %1").arg(message), 30000);
    });
}

void Autosave::claimSlot(const QString& basePath) {
    const QFileInfo base(basePath);
    QDir().mkpath(base.absolutePath());
    for (int slot = 1; slot <= kSlots; ++slot) {
        const QString path = slot == 1
            ? basePath
            : base.dir().filePath(
                QStringLiteral("%1-%2.%3").arg(base.completeBaseName()).arg(slot).arg(base.suffix()));
        auto lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
        lock->setStaleLockTime(0); // held as long as its process lives, however long that is
        if (lock->tryLock(0)) {
            m_lock = std::move(lock);
            m_path = path;
            m_runningKey = slot == 1 ? kRunningKey : QStringLiteral("%1-%2").arg(kRunningKey).arg(slot);
            return;
        }
    }
}

QString Autosave::defaultRecoveryPath() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("recovery-workspace.json"));
}

bool Autosave::crashedWithRecovery() const {
    return m_lock && m_settings->value(m_runningKey, false).toBool() && QFileInfo(m_path).isFile();
}

void Autosave::beginSession() {
    if (!m_lock)
        return;
    m_settings->setValue(m_runningKey, true);
    m_settings->sync();
}

void Autosave::endSession() {
    m_timer.stop();
    if (m_asking)
        return; // unanswered: the crashed session's file and the marker stay for the next start
    if (!m_lock)
        return;
    saveNow();
    m_settings->setValue(m_runningKey, false);
    m_settings->sync();
}

void Autosave::markChanged() {
    if (m_asking) {
        m_changedWhileAsking = true;
        return;
    }
    if (!m_timer.isActive())
        m_timer.start();
}

bool Autosave::saveNow() {
    m_timer.stop();
    if (m_asking) {
        m_changedWhileAsking = true;
        return false;
    }
    if (!m_lock) {
        emit failed(tr("%1 PE Cards are running: this one keeps no copy").arg(kSlots));
        return false;
    }
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QString error;
    try {
        if (pecards::app::saveWorkspace(m_path, workspaceOf(m_deck), &error)) {
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
        const QFileInfo file(m_path);
        const QString kept = file.dir().filePath(
            QStringLiteral("%1.refused-%2.json")
                .arg(file.completeBaseName(),
                    QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
        const QString where = QFile::rename(m_path, kept) ? kept : m_path;
        openWarning(m_window, tr("Restore workspace"),
            tr("The workspace of the last session could not be restored.\n\n%1\n\nThe file is kept as %2.")
                .arg(error, QDir::toNativeSeparators(where)));
        return false;
    }
    showWorkspace(m_deck, *workspace);
    emit restored();
    return true;
}

void Autosave::offerRestore() {
    auto* box = new QMessageBox(QMessageBox::Question, tr("Restore workspace"),
        tr("PE Cards did not close normally last time. Restore the workspace it saved (%1)?")
            .arg(QFileInfo(m_path).lastModified().toString(Qt::ISODate)),
        QMessageBox::Yes | QMessageBox::No, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    m_asking = true;
    connect(box, &QMessageBox::finished, this, [this](int button) {
        m_asking = false;
        if (button == QMessageBox::Yes)
            restore();
        if (m_changedWhileAsking) {
            m_changedWhileAsking = false;
            markChanged();
        }
    });
    box->open();
}

} // namespace pecards::gui
