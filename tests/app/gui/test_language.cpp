// Run-time language switch: the menus, the tab titles and the card text follow the UI language
// (English <-> Simplified Chinese, from the compiled resources/translations/pecards_zh_CN.ts and
// the zh_CN card HTML), and back.
#include "cards/cardpage.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/viewslot.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QMenuBar>
#include <QTabWidget>

using namespace pecards::gui;

namespace {

QString firstMenuTitle(MainWindow& window) {
    const QList<QAction*> actions = window.menuBar()->actions();
    return actions.isEmpty() ? QString() : actions.front()->text();
}

QStringList menuTitles(MainWindow& window) {
    QStringList titles;
    for (const QAction* action : window.menuBar()->actions())
        titles << action->text();
    return titles;
}

} // namespace

TEST(Language, SwitchingToChineseRetranslatesMenusTabsAndCardTextAndBack) {
    ComputeService service(cpuBackendFactory());
    MainWindow window(&service);
    window.resize(1600, 1000);
    window.show();
    window.showTab(QStringLiteral("sinusoidal"));
    CardPage* card = window.card(QStringLiteral("sinusoidal"));
    card->load();
    EXPECT_EQ(firstMenuTitle(window), QStringLiteral("&File"));
    EXPECT_TRUE(menuTitles(window).contains(QStringLiteral("&View")));
    EXPECT_EQ(window.deck()->tabText(0), QStringLiteral("Sinusoidal"));
    const qsizetype menus = window.menuBar()->actions().size();

    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents(); // LanguageChange is delivered through the event loop
    EXPECT_EQ(firstMenuTitle(window), QStringLiteral("文件(&F)"));
    EXPECT_TRUE(menuTitles(window).contains(QStringLiteral("视图(&V)")));
    EXPECT_EQ(window.deck()->tabText(0), QStringLiteral("正弦"));
    EXPECT_EQ(window.menuBar()->actions().size(), menus); // rebuilt, not appended
    // The view choices follow too (the waves chart of the sinusoidal card).
    QComboBox* choice = card->viewSlots().front()->choice();
    EXPECT_EQ(choice->itemText(choice->findData(QStringLiteral("waves"))), QStringLiteral("波形（曲线图）"));
    // The card text comes from the zh_CN HTML (Chinese characters in the body).
    const QString text = card->currentText();
    EXPECT_TRUE(text.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))))
        << text.left(200).toStdString();

    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(firstMenuTitle(window), QStringLiteral("&File"));
    EXPECT_EQ(window.deck()->tabText(0), QStringLiteral("Sinusoidal"));
    EXPECT_EQ(choice->itemText(choice->findData(QStringLiteral("waves"))), QStringLiteral("Waves (chart)"));
    EXPECT_FALSE(card->currentText().contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))));

    EXPECT_FALSE(window.setLanguage(QStringLiteral("fr")));
    EXPECT_EQ(window.language(), QStringLiteral("en"));
}
