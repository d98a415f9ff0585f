// Translation walk: after switching to Chinese, no visible text of the main window, its cards
// (front and back, every view) and its menus is still an English source text that the .ts file
// translates. The .ts file (resources/translations/pecards_zh_CN.ts) gives the English strings
// with a translation; the walk reads what the widgets show.
#include "cards/card.h"
#include "guitestsupport.h"
#include "views/viewslot.h"
#include "windowtest.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QXmlStreamReader>
#include <gtest/gtest.h>

namespace {

/// Source texts of the .ts file that have a translation different from the source, without
/// placeholders (a text with %1 is never shown as written).
QSet<QString> translatedSources() {
    QFile file(QStringLiteral(PECARDS_TS_PATH));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QSet<QString> sources;
    QXmlStreamReader xml(&file);
    QString source;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        } else if (xml.name() == QLatin1String("translation")) {
            const QString translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (!translation.isEmpty() && translation != source && !source.contains(QLatin1Char('%')))
                sources.insert(source);
        }
    }
    return sources;
}

/// What the user reads on `widget` (labels, buttons, combo box entries), markup removed.
QStringList shownTexts(QWidget* widget) {
    QStringList texts;
    if (auto* label = qobject_cast<QLabel*>(widget))
        texts << label->text();
    if (auto* button = qobject_cast<QAbstractButton*>(widget))
        texts << button->text().remove(QLatin1Char('&'));
    if (auto* combo = qobject_cast<QComboBox*>(widget)) {
        for (int n = 0; n < combo->count(); ++n)
            texts << combo->itemText(n);
    }
    return texts;
}

class TranslationWalk : public guitest::WindowTest<1600, 1000> { };

} // namespace

TEST_F(TranslationWalk, NoTranslatedEnglishTextRemainsVisibleInChinese) {
    const QSet<QString> english = translatedSources();
    ASSERT_GT(english.size(), 300) << "the .ts file was not read: " << PECARDS_TS_PATH;
    ASSERT_TRUE(m_window.setLanguage(QStringLiteral("zh_CN")));
    QStringList found;
    const auto walk = [&](QWidget* root, const QString& where) {
        for (QWidget* widget : root->findChildren<QWidget*>()) {
            if (!widget->isVisibleTo(root))
                continue;
            for (const QString& text : shownTexts(widget)) {
                if (english.contains(text))
                    found << where + QStringLiteral(": ") + QLatin1String(widget->metaObject()->className())
                            + QStringLiteral(" \"") + text + QLatin1Char('"');
            }
        }
    };
    for (Card* card : m_window.cards()) {
        showCard(card->entry().id);
        ASSERT_TRUE(
            guitest::awaitCondition([&] { return m_service.isIdle() && card->allViewsAnswered(); }, "views"));
        walk(card, card->entry().id);
        card->flip(); // the back
        walk(card, card->entry().id + QStringLiteral(" (back)"));
        card->flip();
    }
    for (QAction* menu : m_window.menuBar()->actions()) {
        if (english.contains(menu->text().remove(QLatin1Char('&'))))
            found << QStringLiteral("menu \"") + menu->text() + QLatin1Char('"');
        if (menu->menu()) {
            for (QAction* action : menu->menu()->actions()) {
                if (english.contains(action->text().remove(QLatin1Char('&'))))
                    found << QStringLiteral("menu item \"") + action->text() + QLatin1Char('"');
            }
        }
    }
    found.removeDuplicates();
    EXPECT_TRUE(found.isEmpty()) << found.size() << " English texts in Chinese:\n"
                                 << found.join(QLatin1Char('\n')).toStdString();
    m_window.setLanguage(QStringLiteral("en"));
}
