// The card handout from the app (File > Export card handout…): the views a card shows when the
// app starts are the ones `pecards-cli render --card-handout` draws (figure/quantitydefaults.h
// defaultFigureNames, kept equal here); the handout's texts follow the card's parameters and the
// UI language; the written PDF holds the front, the back and a picture per heatmap.
#include "app/filebytes.h"
#include "cards/cardpage.h"
#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "guitestsupport.h"
#include "views/figuresavedialog.h"
#include "windowtest.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <figure/quantitydefaults.h>
#include <workspace/lesson.h>

using namespace pecards::gui;

namespace {

class CardHandoutExport : public guitest::WindowTest<1600, 1000> { };

int count(const QByteArray& pdf, const QString& pattern) {
    return static_cast<int>(QString::fromLatin1(pdf).count(QRegularExpression(pattern)));
}

} // namespace

TEST_F(CardHandoutExport, TheAppStartsWithTheHandoutsViews) {
    const pecards::app::Workspace workspace = workspaceOf(*m_window.deckModel());
    ASSERT_EQ(workspace.cards.size(), pecards::kCardCount);
    for (const pecards::app::WorkspaceCard& card : workspace.cards) {
        QStringList shown = pecards::app::viewNamesOf(card);
        QStringList expected = pecards::app::defaultFigureNames(card.params.card);
        // Views first, then charts in the workspace; the slots' order in defaultFigureNames.
        std::sort(shown.begin(), shown.end());
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(shown, expected) << pecards::toString(card.params.card);
    }
}

TEST_F(CardHandoutExport, TheHandoutFollowsTheCardAndIsWritten) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    pecards::CardParams params = rope->params();
    params.length = 96; // small: every view answers quickly
    params.rope.base = 500000;
    rope->setParams(params);
    ASSERT_TRUE(
        guitest::awaitCondition([rope] { return rope->allViewsAnswered(); }, "the RoPE card's views"));
    const pecards::app::CardHandout texts = rope->handoutTexts();
    EXPECT_EQ(texts.title, QStringLiteral("RoPE: rotary position embedding"));
    EXPECT_TRUE(texts.front.contains(QStringLiteral("base 500000")))
        << "the convention line of the card's parameters";

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rope-handout.pdf"));
    QStringList leftOut;
    const QList<ShownView> views = rope->visibleViews(&leftOut);
    ASSERT_TRUE(leftOut.isEmpty()) << leftOut.join(u';').toStdString();
    bool finished = false;
    saveCardHandout(views, leftOut, texts, path, &m_service, &m_window, [&finished] { finished = true; });
    ASSERT_TRUE(guitest::awaitCondition([&finished] { return finished; }, "the handout written"));
    const QByteArray pdf = pecards::testsupport::fileBytes(path);
    ASSERT_TRUE(pdf.startsWith("%PDF"));
    EXPECT_GE(count(pdf, QStringLiteral("/Type\\s*/Page(?![A-Za-z])")), 3); // the RoPE back is long
    EXPECT_GE(count(pdf, QStringLiteral("/Subtype\\s*/Image")), 2); // score and phase

    m_window.setLanguage(QStringLiteral("zh_CN"));
    const pecards::app::CardHandout chinese = rope->handoutTexts();
    EXPECT_EQ(chinese.title, QStringLiteral("RoPE：旋转位置编码"));
    EXPECT_TRUE(chinese.header.contains(QStringLiteral("卡片讲义"))) << chinese.header.toStdString();
    EXPECT_TRUE(chinese.front.contains(QStringLiteral("底数 500000"))) << "the convention line in Chinese";
    m_window.setLanguage(QStringLiteral("en"));
}
