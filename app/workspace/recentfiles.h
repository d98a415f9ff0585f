#pragma once
/// @file recentfiles.h
/// @brief The "recent workspaces" list, kept in QSettings: most recent first, at most
/// kMaxEntries, absolute paths, files that no longer exist pruned.

#include <QSettings>
#include <QStringList>

namespace pecards::app {

/// @brief Recent files over one QSettings key (a string list). The settings object must
/// outlive this helper.
class RecentFiles {
public:
    static constexpr int kMaxEntries = 8;

    /// @param key the settings key holding the list
    explicit RecentFiles(QSettings& settings, QString key = QStringLiteral("recentWorkspaces"));

    /// @brief The existing files, most recent first. Entries whose file is gone are removed
    /// from the settings as a side effect, and listed in `gone` when given (so the caller can
    /// say so, once).
    QStringList files(QStringList* gone = nullptr);

    /// @brief Puts `path` (made absolute and clean) first, removing an older copy of it and
    /// dropping entries beyond kMaxEntries.
    void add(const QString& path);

    /// @brief Removes `path` if listed (e.g. after it failed to open).
    void remove(const QString& path);

    /// @brief Empties the list.
    void clear();

private:
    QStringList stored() const;
    void store(const QStringList& files);

    QSettings& m_settings;
    QString m_key;
};

} // namespace pecards::app
