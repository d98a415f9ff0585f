#pragma once
/// @file autosave.h
/// @brief Crash safety: the deck's state (deck/deckworkspace.h) is saved to a recovery file
/// (pecards::app::saveWorkspace: QSaveFile, the previous recovery file survives a failed save)
/// `delayMs` after the first change since the last save (30 s in the app) and on quit. A marker
/// in the settings ("session/running") is set while the app runs and cleared on a clean quit, so
/// the next start knows whether the last session crashed and then offers to restore the file.
///
/// Several PE Cards may run at once (T-C12: a second window offered to "restore" the first one's
/// live file): each takes the first free recovery slot, held by a lock file beside it (QLockFile,
/// freed when its process ends, crash included). Slot 1 is the recovery path itself, slot k > 1
/// "<name>-k.json" with marker "session/running-k"; a slot's marker and file belong to the last
/// session that held it, so only a crash of that session is offered, and a second window never
/// reads or clears the first one's.
///
/// Nothing recovered is lost: while the restore question is open no save replaces the recovery
/// file (a change only marks a save for after the answer; quitting unanswered keeps the file and
/// the marker, so the next start asks again), and a recovery file that cannot be restored is
/// kept under another name, which a warning gives with the reason. A failed save is shown in the
/// window's status bar.

#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>
#include <memory>

class QMainWindow;
class QSettings;

namespace pecards::gui {

class DeckModel;

class Autosave : public QObject {
    Q_OBJECT
public:
    /// @param deck the state saved and restored; `window` shows the status messages and
    /// parents the questions; `settings` holds the session marker. All must outlive this object.
    Autosave(DeckModel& deck, QMainWindow* window, QSettings* settings, QString recoveryPath,
        int delayMs = 30000, QObject* parent = nullptr);

    /// @brief <AppDataLocation>/recovery-workspace.json.
    static QString defaultRecoveryPath();

    /// @brief Whether the last session did not end cleanly and left a recovery file. Read it
    /// before beginSession().
    bool crashedWithRecovery() const;
    /// @brief Marks this session as running (a crash from now on leaves the marker set).
    void beginSession();
    /// @brief Saves the recovery file and clears the marker (clean quit); while the restore
    /// question is open it does neither (the crashed session's file is offered again next time).
    void endSession();

    /// @brief Something changed: the recovery file is saved `delayMs` from now, unless a save is
    /// already pending (so a stream of changes saves at least every `delayMs`), or `delayMs`
    /// after the restore question is answered.
    void markChanged();
    /// @brief Saves now; on failure the previous recovery file stays, `failed` is emitted and
    /// the status bar says why. While the restore question is open: nothing is written (false).
    bool saveNow();
    /// @brief Opens the recovery file into the deck (all or nothing, as File > Open), then emits
    /// restored. When it
    /// cannot be opened, it is renamed to recovery-workspace.refused-<date>.json beside it (or
    /// kept where it is if that fails) and a warning names the problem and the file.
    bool restore();
    /// @brief Asks (window-modal, non-blocking) whether to restore the recovery file of a
    /// crashed session; restores it on Yes. Saves wait for the answer.
    void offerRestore();
    /// @brief Whether the restore question is open (saves wait).
    bool isAsking() const { return m_asking; }

    /// @brief The recovery file of the slot this session holds; empty when every slot is held by
    /// another running PE Cards (then nothing is saved or offered, and saves say so).
    QString recoveryPath() const { return m_path; }

    /// @brief How many PE Cards can keep a crash-recovery copy at once.
    static constexpr int kSlots = 8;

signals:
    void saved(const QString& path);
    /// A save failed (the message names the file and the reason).
    void failed(const QString& message);
    /// The recovery file's state is shown (a check in it is for the window to open again).
    void restored();

private:
    DeckModel& m_deck;
    QMainWindow* m_window;
    QSettings* m_settings;
    /// Takes the first recovery slot no running session holds (sets m_path, m_runningKey).
    void claimSlot(const QString& basePath);

    std::unique_ptr<QLockFile> m_lock; ///< held while this session runs
    QString m_path;
    QString m_runningKey;
    QTimer m_timer;
    bool m_asking = false; ///< the restore question is open: no save may replace the file
    bool m_changedWhileAsking = false;
};

} // namespace pecards::gui
