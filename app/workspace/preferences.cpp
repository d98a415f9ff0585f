#include "workspace/preferences.h"

namespace pecards::app {

namespace {

const QString kTheme = QStringLiteral("preferences/theme");
const QString kColormap = QStringLiteral("preferences/colormap");
const QString kLanguage = QStringLiteral("preferences/language");
const QString kDevice = QStringLiteral("preferences/device");

} // namespace

QString themeName(Theme theme) {
    return theme == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light");
}

Preferences Preferences::load(const QSettings& settings) {
    Preferences p;
    if (settings.value(kTheme).toString() == themeName(Theme::Dark)) {
        p.theme = Theme::Dark;
    }
    if (const QString colormap = settings.value(kColormap).toString(); !colormap.isEmpty()) {
        p.colormap = colormap;
    }
    if (const QString language = settings.value(kLanguage).toString(); !language.isEmpty()) {
        p.language = language;
    }
    p.device = settings.value(kDevice).toString();
    return p;
}

void Preferences::save(QSettings& settings) const {
    settings.setValue(kTheme, themeName(theme));
    settings.setValue(kColormap, colormap);
    settings.setValue(kLanguage, language);
    settings.setValue(kDevice, device);
}

} // namespace pecards::app
