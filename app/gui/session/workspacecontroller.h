#pragma once
/// @file workspacecontroller.h
/// @brief File > Save workspace / Save as / Open workspace / Open recent: writes and reads the
/// window's state (workspacestate.h) as a versioned JSON file (pecards::app::saveWorkspace /
/// openWorkspace: atomic save, all-or-nothing open). A corrupt, truncated or newer file shows
/// its message and changes nothing on screen.

#include <QObject>
#include <QString>
#include <QStringList>

class MainWindow;
class QSettings;

class WorkspaceController : public QObject {
    Q_OBJECT
public:
    /// @param settings holds the recent-files list; must outlive this object
    WorkspaceController(MainWindow* window, QSettings* settings, QObject* parent = nullptr);

    /// @brief Saves to the current file, or asks for one (Save as) when there is none.
    bool save();
    /// @brief Asks for a file name, then saves there.
    bool saveAs();
    /// @brief Saves the state to `path` (becomes the current file and the first recent file).
    /// On failure: an error message box, `failed`, false.
    bool saveTo(const QString& path);
    /// @brief Asks for a workspace file, then opens it.
    void askOpen();
    /// @brief Opens `path`: the state is replaced only if the whole file is valid; otherwise
    /// the message is shown (message box, `failed`) and nothing changes.
    bool open(const QString& path);

    QString currentPath() const { return m_path; }
    /// @brief The recent workspaces, most recent first (at most 8, existing files only).
    QStringList recentFiles() const;
    /// @brief The last error message (empty after a success).
    QString lastError() const { return m_lastError; }

signals:
    void saved(const QString& path);
    void opened(const QString& path);
    void failed(const QString& message);
    void recentFilesChanged();

private:
    void fail(const QString& title, const QString& message);

    MainWindow* m_window;
    QSettings* m_settings;
    QString m_path;
    QString m_lastError;
};
