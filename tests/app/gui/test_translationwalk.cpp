// Translation walk: after switching to Chinese, no visible text of the main window, its cards
// (front and back, every view) and its menus is still an English source text that the .ts file
// translates. The .ts file (resources/translations/pecards_zh_CN.ts) gives the English strings
// with a translation; the walk reads what the widgets show.
#include "cards/cardpage.h"
#include "compare/compareview.h"
#include "figure/chartbuilder.h"
#include "figure/curves.h"
#include "figure/figurebuilder.h"
#include "guitestsupport.h"
#include "settings/languageswitcher.h"
#include "views/viewslot.h"
#include "widgets/heatmapwidget.h"
#include "windowtest.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QStatusBar>
#include <QTabWidget>
#include <QXmlStreamReader>
#include <algorithm>
#include <gtest/gtest.h>

using namespace pecards::gui;

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

/// True when `text` holds a CJK ideograph or CJK / full-width punctuation.
bool hasChinese(const QString& text) {
    return std::any_of(text.begin(), text.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3000 && u <= 0x303F) || (u >= 0xFF00 && u <= 0xFFEF);
    });
}

/// Every action of `menu` and its submenus.
QList<QAction*> menuActions(QMenu* menu) {
    QList<QAction*> actions;
    for (QAction* action : menu->actions()) {
        actions << action;
        if (action->menu())
            actions << menuActions(action->menu());
    }
    return actions;
}

class TranslationWalk : public guitest::WindowTest<1600, 1000> {
protected:
    /// Every text the user reads on the window's visible widgets (labels, buttons, combo boxes,
    /// heatmap read-outs and messages, tooltips), its tabs, status bar and menus.
    QStringList windowTexts() {
        QStringList texts;
        for (QWidget* widget : m_window.findChildren<QWidget*>()) {
            if (!widget->isVisibleTo(&m_window))
                continue;
            const QString name = QLatin1String(widget->metaObject()->className()) + QStringLiteral(": ");
            QStringList own = shownTexts(widget);
            own << widget->toolTip();
            for (const QString& text : own)
                texts << name + text;
            if (auto* heatmap = qobject_cast<HeatmapWidget*>(widget))
                texts << name + heatmap->readout() << name + heatmap->message();
        }
        for (int n = 0; n < m_window.deck()->count(); ++n)
            texts << QStringLiteral("tab: ") + m_window.deck()->tabText(n);
        texts << QStringLiteral("status bar: ") + m_window.statusBar()->currentMessage();
        for (QAction* menu : m_window.menuBar()->actions()) {
            texts << QStringLiteral("menu: ") + menu->text();
            if (menu->menu()) {
                for (QAction* action : menuActions(menu->menu()))
                    texts << QStringLiteral("menu item: ") + action->text()
                          << QStringLiteral("status tip: ") + action->statusTip();
            }
        }
        return texts;
    }
};

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
    for (CardPage* card : m_window.cards()) {
        showCard(card->entry().id);
        ASSERT_TRUE(
            guitest::awaitCondition([&] { return m_service.isIdle() && card->allViewsAnswered(); }, "views"));
        walk(card, card->entry().id);
        card->flip(); // the back
        walk(card, card->entry().id + QStringLiteral(" (back)"));
        card->flip();
    }
    m_window.showTab(QStringLiteral("compare"));
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return m_service.isIdle() && m_window.compareView()->hasResult(); }, "the compare tab"));
    walk(m_window.compareView(), QStringLiteral("compare"));
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

// The exported figures' and charts' texts are looked up in the contexts the figure code uses
// (they were filed under another context and stayed English in Chinese, December 2026;
// tests/docs/ts_contexts.sh guards every context).
TEST_F(TranslationWalk, ExportedFigureAndChartTextsAreChinese) {
    QStringList englishTitles;
    const QStringList charts = pecards::app::chartNames().split(QStringLiteral(", "));
    ASSERT_GT(charts.size(), 20);
    for (const QString& name : charts)
        englishTitles << pecards::app::chartTitle(pecards::app::chartKindNamed(name).value());
    ASSERT_TRUE(m_window.setLanguage(QStringLiteral("zh_CN")));
    for (qsizetype c = 0; c < charts.size(); ++c) {
        EXPECT_NE(pecards::app::chartTitle(pecards::app::chartKindNamed(charts[c]).value()), englishTitles[c])
            << "chart " << charts[c].toStdString() << ": its title is not translated";
    }
    pecards::ViewRequest request;
    request.params.card = pecards::Card::Alibi;
    request.params.length = 4;
    request.quantity = pecards::Quantity::Score;
    request.window = {0, 4, 0, 4};
    pecards::Grid grid;
    grid.rows = 4;
    grid.cols = 4;
    grid.window = request.window;
    grid.values.assign(16, -1.0);
    const pecards::app::FigureSpec spec
        = pecards::app::makeFigureSpec(request, grid, {qRgb(0, 0, 0), qRgb(255, 255, 255)});
    EXPECT_EQ(spec.xAxis.label, QStringLiteral("键位置 j"));
    EXPECT_EQ(spec.yAxis.label, QStringLiteral("查询位置 i"));
    EXPECT_EQ(spec.colorBar.label, QStringLiteral("偏置（logit 单位）"));
    EXPECT_EQ(pecards::app::chartTitle(pecards::app::CurveKind::Waves), QStringLiteral("波形"));
    m_window.setLanguage(QStringLiteral("en"));
}

// Issue: after switching to Chinese and back, the status bar stayed Chinese. No widget keeps a
// text of the other language: every tab (cards front and back, the compare tab) is walked after
// computing in Chinese and switching back.
TEST_F(TranslationWalk, SwitchingBackToEnglishLeavesNoChineseText) {
    ASSERT_TRUE(m_window.setLanguage(QStringLiteral("zh_CN")));
    for (CardPage* card : m_window.cards()) {
        showCard(card->entry().id);
        pecards::CardParams params = card->params();
        params.length = params.length / 2; // computed now, in Chinese: read-outs and the status bar
        card->setParams(params);
        ASSERT_TRUE(
            guitest::awaitCondition([&] { return m_service.isIdle() && card->allViewsAnswered(); }, "views"));
    }
    m_window.showTab(QStringLiteral("compare"));
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return m_service.isIdle() && m_window.compareView()->hasResult(); }, "the compare tab"));
    m_window.statusBar()->showMessage(QStringLiteral("中文"));
    ASSERT_TRUE(m_window.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents(); // the language change events
    const auto settle = [this] {
        return guitest::awaitCondition(
            [this] {
                QCoreApplication::processEvents();
                return m_service.isIdle();
            },
            "the views made again in English");
    };

    QStringList found;
    const auto walk = [&](const QString& where) {
        for (const QString& text : windowTexts()) {
            // The language menu names each language in itself, so that its readers find it.
            if (hasChinese(text) && !text.endsWith(LanguageSwitcher::languageName(QStringLiteral("zh_CN"))))
                found << where + QStringLiteral(" — ") + text;
        }
    };
    ASSERT_TRUE(settle());
    walk(QStringLiteral("compare"));
    for (CardPage* card : m_window.cards()) {
        showCard(card->entry().id);
        ASSERT_TRUE(settle());
        walk(card->entry().id);
        card->flip();
        walk(card->entry().id + QStringLiteral(" (back)"));
        card->flip();
    }
    found.removeDuplicates();
    EXPECT_TRUE(found.isEmpty()) << found.size() << " Chinese texts after switching back:\n"
                                 << found.join(QLatin1Char('\n')).toStdString();
}

// Issue: a menu item was elided in Chinese ("演示模...P)"). In both languages every item's text
// and shortcut fit the width of its menu as laid out.
TEST_F(TranslationWalk, NoMenuItemIsElidedInEitherLanguage) {
    for (const QString& language : {QStringLiteral("zh_CN"), QStringLiteral("en")}) {
        ASSERT_TRUE(m_window.setLanguage(language));
        QCoreApplication::processEvents(); // the old menus are deleted later
        for (QAction* top : m_window.menuBar()->actions()) {
            QMenu* menu = top->menu();
            if (!menu)
                continue;
            menu->ensurePolished();
            menu->adjustSize();
            for (QAction* action : menuActions(menu)) {
                if (action->isSeparator() || action->text().isEmpty())
                    continue;
                QMenu* owner = qobject_cast<QMenu*>(action->parent());
                if (!owner || !owner->actions().contains(action))
                    owner = menu;
                owner->ensurePolished();
                owner->adjustSize();
                const QFontMetrics metrics(owner->font());
                QString text = action->text();
                const int needed = metrics.horizontalAdvance(text.remove(QLatin1Char('&')))
                    + (action->shortcut().isEmpty() ? 0
                                                    : metrics.horizontalAdvance(action->shortcut().toString(
                                                        QKeySequence::NativeText)));
                EXPECT_GE(owner->actionGeometry(action).width(), needed)
                    << language.toStdString() << ": \"" << action->text().toStdString() << "\" in \""
                    << top->text().toStdString() << "\"";
            }
        }
    }
    m_window.setLanguage(QStringLiteral("en"));
}
