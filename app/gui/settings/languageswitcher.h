#pragma once
/// @file languageswitcher.h
/// @brief Switches the UI language at run time: installs the app's translator (the embedded
/// :/i18n/pecards_<lang>.qm compiled from resources/translations/*.ts) and Qt's own (dialog
/// buttons), so widgets receive QEvent::LanguageChange and retranslate.

#include <QObject>
#include <QStringList>

class QTranslator;

namespace pecards::gui {

class LanguageSwitcher : public QObject {
    Q_OBJECT
public:
    explicit LanguageSwitcher(QObject* parent = nullptr);

    /// @brief The languages offered: "en" (the source texts) and "zh_CN".
    static QStringList languages();
    /// @brief "English", "中文 (简体)" (each in its own language).
    static QString languageName(const QString& code);

    /// @brief Installs the translation of `code` ("en" removes it). False (nothing changes)
    /// for a language not in languages() or a missing translation file.
    bool setLanguage(const QString& code);
    QString language() const { return m_language; }

signals:
    void languageChanged(const QString& code);

private:
    QString m_language = QStringLiteral("en");
    QTranslator* m_app = nullptr;
    QTranslator* m_qt = nullptr;
};

} // namespace pecards::gui
