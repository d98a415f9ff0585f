#include "settings/languageswitcher.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace pecards::gui {

LanguageSwitcher::LanguageSwitcher(QObject* parent)
    : QObject(parent)
    , m_app(new QTranslator(this))
    , m_qt(new QTranslator(this)) {
}

QStringList LanguageSwitcher::languages() {
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString LanguageSwitcher::languageName(const QString& code) {
    return code == QStringLiteral("zh_CN") ? QStringLiteral("中文 (简体)") : QStringLiteral("English");
}

bool LanguageSwitcher::setLanguage(const QString& code) {
    if (!languages().contains(code))
        return false;
    if (code == m_language)
        return true;
    if (code != QStringLiteral("en")) {
        auto* app = new QTranslator(this);
        if (!app->load(QStringLiteral(":/i18n/pecards_%1.qm").arg(code))) {
            delete app;
            return false;
        }
        QCoreApplication::removeTranslator(m_app);
        delete m_app;
        m_app = app;
        QCoreApplication::removeTranslator(m_qt);
        // Qt's own strings (dialog buttons) when the system has them; optional.
        if (m_qt->load(
                QStringLiteral("qtbase_%1").arg(code), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(m_qt);
        QCoreApplication::installTranslator(m_app);
    } else {
        QCoreApplication::removeTranslator(m_app);
        QCoreApplication::removeTranslator(m_qt);
    }
    m_language = code;
    emit languageChanged(code);
    return true;
}

} // namespace pecards::gui
