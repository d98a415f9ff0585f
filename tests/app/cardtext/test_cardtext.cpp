// Card texts (cardtext/cardtext.h, convention.h): every card's front and back exist in English and
// Chinese with their headings; the convention line is filled in and, with the Chinese translator,
// is Chinese for every card (it stayed English when its strings moved out of the app); the card
// handout's texts name the card and PE Cards' version.
#include "cardtext/cardtext.h"
#include "cardtext/convention.h"
#include "cardtext/describe.h"

#include <QCoreApplication>
#include <QTranslator>
#include <gtest/gtest.h>
#include <memory>

using pecards::Card;

namespace {

/// A QCoreApplication for the whole program: translators are installed into it.
class CoreApplicationEnvironment : public ::testing::Environment {
public:
    void SetUp() override { m_app = std::make_unique<QCoreApplication>(m_argc, m_argv); }
    void TearDown() override { m_app.reset(); }

private:
    int m_argc = 1;
    char m_name[16] = "cardtext-tests";
    char* m_argv[2] = {m_name, nullptr};
    std::unique_ptr<QCoreApplication> m_app;
};

::testing::Environment* const kEnvironment
    = ::testing::AddGlobalTestEnvironment(new CoreApplicationEnvironment);

const std::vector<Card> kCards {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid};

/// The convention line as placed in a front text.
QString conventionIn(const QString& front) {
    const qsizetype start = front.indexOf(QStringLiteral("<span id=\"convention\">"));
    const qsizetype end = front.indexOf(QStringLiteral("</span>"), start);
    return start < 0 || end < 0 ? QString() : front.mid(start, end - start);
}

} // namespace

TEST(CardText, HeadingsAreTheFrontsFirstTitle) {
    const std::vector<std::pair<Card, QString>> english {
        {Card::Sinusoidal, QStringLiteral("Sinusoidal positional encoding")},
        {Card::Relative, QStringLiteral("Relative position: Shaw, Transformer-XL, T5")},
        {Card::Alibi, QStringLiteral("ALiBi: attention with linear biases")},
        {Card::Rope, QStringLiteral("RoPE: rotary position embedding")},
        {Card::Hybrid, QStringLiteral("Hybrid: RoPE + ALiBi")}};
    for (const auto& [card, heading] : english) {
        const pecards::app::CardHandout texts
            = pecards::app::cardHandoutTexts(pecards::startParams(card), QStringLiteral("en"));
        EXPECT_EQ(texts.title, heading);
        EXPECT_TRUE(texts.header.startsWith(QStringLiteral("PE Cards "))) << texts.header.toStdString();
        EXPECT_TRUE(texts.header.endsWith(heading)) << texts.header.toStdString();
        EXPECT_GT(texts.back.size(), 1000) << heading.toStdString();
    }
    EXPECT_EQ(pecards::app::cardHeading(QStringLiteral("<p>x</p><h2 class=\"t\">A &amp; <i>B</i></h2>")),
        QStringLiteral("A & B"));
    EXPECT_EQ(pecards::app::cardHeading(QStringLiteral("<p>no heading</p>")), QString());
}

TEST(CardText, TheConventionLineFollowsTheParameters) {
    pecards::CardParams rope = pecards::startParams(Card::Rope);
    rope.rope.base = 500000;
    const QString front = pecards::app::cardHandoutTexts(rope, QStringLiteral("en")).front;
    EXPECT_TRUE(conventionIn(front).contains(QStringLiteral("base 500000")))
        << conventionIn(front).toStdString();
    EXPECT_TRUE(conventionIn(front).contains(QStringLiteral("layout: half-split")))
        << conventionIn(front).toStdString();
    // The back carries the same line where it has the placeholder; both sides come from resources.
    for (const Card card : kCards) {
        const pecards::app::CardHandout texts
            = pecards::app::cardHandoutTexts(pecards::startParams(card), QStringLiteral("en"));
        EXPECT_EQ(conventionIn(texts.front).mid(22),
            pecards::app::cardConvention(pecards::startParams(card)).toHtmlEscaped())
            << pecards::toString(card);
    }
}

TEST(CardText, ConcatenatedSinusoidsNameTheirRealUsers) {
    // GPT-J and GPT-NeoX are RoPE models (their RoPE cache is [sin | cos]); the concatenated
    // sinusoidal table is Transformer-XL's, tensor2tensor's and fairseq's (content review, #26).
    pecards::SinusoidalParams sinusoidal = pecards::startParams(Card::Sinusoidal).sinusoidal;
    sinusoidal.layout = pecards::SinusoidalLayout::Concatenated;
    const QString text = pecards::app::describeSinusoidalLayout(sinusoidal);
    EXPECT_TRUE(text.contains(QStringLiteral("tensor2tensor"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("GPT"))) << text.toStdString();
}

TEST(CardText, ChineseTextsAndConventionLines) {
    QTranslator translator;
    ASSERT_TRUE(translator.load(QStringLiteral(":/i18n/pecards_zh_CN.qm")));
    ASSERT_TRUE(QCoreApplication::installTranslator(&translator));
    for (const Card card : kCards) {
        const pecards::app::CardHandout texts
            = pecards::app::cardHandoutTexts(pecards::startParams(card), QStringLiteral("zh_CN"));
        const QString convention = conventionIn(texts.front);
        ASSERT_FALSE(convention.isEmpty()) << pecards::toString(card);
        for (const QString& english :
            {QStringLiteral("layout:"), QStringLiteral("form:"), QStringLiteral("variant:"),
                QStringLiteral("heads counted"), QStringLiteral("rotate projected"),
                QStringLiteral("frequencies:"), QStringLiteral(" of "), QStringLiteral("slope ")}) {
            EXPECT_FALSE(convention.contains(english))
                << pecards::toString(card) << ": " << convention.toStdString();
        }
        EXPECT_TRUE(texts.header.contains(QStringLiteral("卡片讲义"))) << texts.header.toStdString();
        EXPECT_FALSE(texts.title.isEmpty());
        EXPECT_FALSE(texts.title.contains(QStringLiteral("rotary position"))) << texts.title.toStdString();
    }
    QCoreApplication::removeTranslator(&translator);
}
