#pragma once
/// @file workspacecontroller.h
/// @brief File > Save workspace / Save as / Open workspace / Open recent: writes and reads the
/// deck model's state (deck/deckworkspace.h) as a versioned JSON file (pecards::app::saveWorkspace /
/// openWorkspace: atomic save, all-or-nothing open). A corrupt, truncated or newer file shows
/// its message and changes nothing on screen.
///
/// Unsaved work: the cards' parameters are compared with those last saved or opened, and an edit
/// of the views or the compare tab is one when the deck's undo history has moved from where it
/// was then (an edit undone again is none); the window
/// shows the file name and a modified mark (`[*]` in its title, QWidget::setWindowModified),
/// and opening another workspace or quitting asks Save / Discard / Cancel first.

#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <pecards/params.h>
#include <workspace/workspace.h>

class QMainWindow;
class QSettings;

namespace pecards::gui {

class DeckModel;

class WorkspaceController : public QObject {
    Q_OBJECT
public:
    /// @param deck the state saved and opened; `window` gets the modified mark and the status
    /// messages and parents the dialogs; `settings` holds the recent-files list. All must outlive
    /// this object.
    WorkspaceController(DeckModel& deck, QMainWindow* window, QSettings* settings, QObject* parent = nullptr);

    /// @brief Saves to the current file, or asks for one (Save as) when there is none.
    bool save();
    /// @brief Asks for a file name, then saves there.
    bool saveAs();
    /// @brief Saves the state to `path` (becomes the current file and the first recent file).
    /// On failure: an error message box, `failed`, false.
    bool saveTo(const QString& path);
    /// @brief Asks Save / Discard / Cancel when there are unsaved changes, then asks for a
    /// workspace file and opens it.
    void askOpen();
    /// @brief Open recent: asks Save / Discard / Cancel when there are unsaved changes, then
    /// opens `path`. False when cancelled or when the file does not open.
    bool openAfterPrompt(const QString& path);
    /// @brief When there are unsaved changes: asks Save / Discard / Cancel (a window-modal
    /// message box). True when the caller may go on (saved, discarded or nothing to save).
    bool maybeSave();
    /// @brief Compares the cards with the saved state and sets the window's modified mark (the
    /// title's "*"): set when a card's parameters or the last implementation check differ from
    /// those last saved or opened (or the start-up ones), or the undo history moved since then.
    /// Clears a status message about the last save or open that is no longer true.
    void refreshModified();
    /// @brief Opens `path`: the state is replaced only if the whole file is valid (then
    /// `opened`: a check in it is for the window to open again); otherwise the message is shown
    /// (message box, `failed`) and nothing changes.
    bool open(const QString& path);

    QString currentPath() const { return m_path; }
    /// @brief The recent workspaces, most recent first (at most 8, existing files only). Entries
    /// whose file is gone are dropped and named once in the status bar and in `gone`.
    QStringList recentFiles(QStringList* gone = nullptr) const;
    /// @brief The last error message (empty after a success).
    QString lastError() const { return m_lastError; }

signals:
    void saved(const QString& path);
    void opened(const QString& path);
    void failed(const QString& message);
    void recentFilesChanged();

private:
    void fail(const QString& title, const QString& message);
    /// The state just saved or opened is the new reference for "modified".
    void markSaved();
    void showStatus(const QString& message);

    DeckModel& m_deck;
    QMainWindow* m_window;
    QSettings* m_settings;
    QString m_path;
    QString m_lastError;
    QList<pecards::CardParams> m_savedParams; ///< per card, in deck order
    std::optional<pecards::app::CheckSetup> m_savedCheck; ///< the deck's check() then
    bool m_modified = false;
    QString m_status; ///< the status message this controller shows now
};

} // namespace pecards::gui
