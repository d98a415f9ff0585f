// Recent files over a real QSettings file: order, limit, de-duplication and pruning.
#include "app/qstringprinter.h"
#include "workspace/recentfiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using pecards::app::RecentFiles;

namespace {

class RecentFilesTest : public ::testing::Test {
protected:
    /// Creates `name` in the temporary directory and returns its absolute path.
    QString touch(const QString& name) {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::WriteOnly));
        return path;
    }
    QString settingsPath() const { return m_dir.filePath(QStringLiteral("settings.ini")); }

    QTemporaryDir m_dir;
};

} // namespace

TEST_F(RecentFilesTest, MostRecentFirstWithoutDuplicates) {
    QSettings settings(settingsPath(), QSettings::IniFormat);
    RecentFiles recent(settings);
    const QString a = touch(QStringLiteral("a.json"));
    const QString b = touch(QStringLiteral("b.json"));
    const QString c = touch(QStringLiteral("c.json"));
    recent.add(a);
    recent.add(b);
    recent.add(c);
    EXPECT_EQ(recent.files(), (QStringList {c, b, a}));
    recent.add(a);
    EXPECT_EQ(recent.files(), (QStringList {a, c, b}));
    // A relative or unclean spelling of the same file is the same entry.
    recent.add(QDir(m_dir.path()).filePath(QStringLiteral("./sub/../b.json")));
    EXPECT_EQ(recent.files(), (QStringList {b, a, c}));
    recent.remove(a);
    EXPECT_EQ(recent.files(), (QStringList {b, c}));
    recent.clear();
    EXPECT_TRUE(recent.files().isEmpty());
}

TEST_F(RecentFilesTest, KeepsAtMostEightEntries) {
    QSettings settings(settingsPath(), QSettings::IniFormat);
    RecentFiles recent(settings);
    QStringList added;
    for (int i = 0; i < 11; ++i) {
        added.prepend(touch(QStringLiteral("w%1.json").arg(i)));
        recent.add(added.front());
    }
    EXPECT_EQ(RecentFiles::kMaxEntries, 8);
    EXPECT_EQ(recent.files(), added.mid(0, 8));
}

TEST_F(RecentFilesTest, MissingFilesArePrunedAndTheListPersists) {
    const QString a = touch(QStringLiteral("a.json"));
    const QString b = touch(QStringLiteral("b.json"));
    {
        QSettings settings(settingsPath(), QSettings::IniFormat);
        RecentFiles recent(settings);
        recent.add(a);
        recent.add(b);
    }
    ASSERT_TRUE(QFile::remove(b));
    QSettings settings(settingsPath(), QSettings::IniFormat);
    RecentFiles recent(settings);
    EXPECT_EQ(recent.files(), QStringList {a});
    EXPECT_EQ(settings.value(QStringLiteral("recentWorkspaces")).toStringList(), QStringList {a});
}
