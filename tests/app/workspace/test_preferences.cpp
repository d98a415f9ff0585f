// Preferences persist through a QSettings file; unreadable values fall back to defaults.
#include "app/qstringprinter.h"
#include "workspace/preferences.h"

#include <QTemporaryDir>
#include <gtest/gtest.h>

using pecards::app::Preferences;
using pecards::app::Theme;

TEST(Preferences, DefaultsWhenNothingIsStored) {
    QTemporaryDir dir;
    const QSettings settings(dir.filePath(QStringLiteral("p.ini")), QSettings::IniFormat);
    const Preferences p = Preferences::load(settings);
    EXPECT_EQ(p.theme, Theme::Light);
    EXPECT_EQ(p.colormap, QStringLiteral("viridis"));
    EXPECT_EQ(p.language, QStringLiteral("en"));
    EXPECT_EQ(p.device, QString());
}

TEST(Preferences, SurviveARestart) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.ini"));
    Preferences chosen;
    chosen.theme = Theme::Dark;
    chosen.colormap = QStringLiteral("magma");
    chosen.language = QStringLiteral("zh_CN");
    chosen.device = QStringLiteral("pthread");
    {
        QSettings settings(path, QSettings::IniFormat);
        chosen.save(settings);
    } // written to disk when the settings object goes away
    const QSettings reopened(path, QSettings::IniFormat);
    EXPECT_EQ(reopened.value(QStringLiteral("preferences/theme")).toString(), QStringLiteral("dark"));
    EXPECT_EQ(Preferences::load(reopened), chosen);
}

TEST(Preferences, UnreadableValuesKeepTheirDefaults) {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("p.ini")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("preferences/theme"), QStringLiteral("purple"));
    settings.setValue(QStringLiteral("preferences/colormap"), QString());
    settings.setValue(QStringLiteral("preferences/language"), QString());
    const Preferences p = Preferences::load(settings);
    EXPECT_EQ(p.theme, Theme::Light);
    EXPECT_EQ(p.colormap, QStringLiteral("viridis"));
    EXPECT_EQ(p.language, QStringLiteral("en"));
}
