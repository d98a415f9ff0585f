// The Pitfalls view offscreen: opened from the card's back-side link, correct | buggy |
// difference computed on the worker, the diagnosis, and invariant read-outs red for the bug and
// green for the fix.

#include "cards/cardpage.h"
#include "compute/backendprovider.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/pitfallview.h"
#include "views/precisionchart.h"
#include "widgets/chartwidget.h"
#include "widgets/heatmapframe.h"
#include "widgets/heatmapwidget.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <cmath>
#include <pecards/alibi.h>
#include <pecards/invariants.h>
#include <pecards/pitfall.h>

using namespace pecards::gui;

namespace {

class PitfallViewTest : public guitest::WindowTest<1280, 720> {
protected:
};

/// The view's map `name` (correctMap, buggyMap, differenceMap).
HeatmapWidget* map(const PitfallView* view, const char* name) {
    return guitest::named<HeatmapWidget>(view, QLatin1String(name));
}

TEST_F(PitfallViewTest, FlippedAlibiSlopeShowsBuggyCorrectDifferenceAndRedInvariants) {
    CardPage* card = showCard(QStringLiteral("alibi"));
    pecards::CardParams params = card->params();
    params.length = 256;
    card->setParams(params);
    // The back of the card links to the pitfall.
    card->flip();
    auto* text = card->findChild<QTextBrowser*>();
    ASSERT_NE(text, nullptr);
    EXPECT_TRUE(text->toHtml().contains(QStringLiteral("pitfall:alibi-flipped-slope")));
    emit text->anchorClicked(QUrl(QStringLiteral("pitfall:alibi-flipped-slope")));
    ASSERT_TRUE(card->pitfallsShown());
    PitfallView* view = card->pitfallView();
    EXPECT_EQ(view->pitfall(), pecards::Pitfall::AlibiFlippedSlope);
    ASSERT_TRUE(guitest::awaitCondition([view] { return view->isAnswered(); }, "pitfall result"));
    // Buggy score +m(i - j), correct -m(i - j), both with one colour range; difference 2m(i - j).
    const pecards::Grid& buggy = map(view, "buggyMap")->frame().grid;
    const pecards::Grid& correct = map(view, "correctMap")->frame().grid;
    const pecards::Grid& difference = map(view, "differenceMap")->frame().grid;
    ASSERT_EQ(buggy.rows, 256);
    const double slope = pecards::alibiSlopes(params.alibi)[params.alibi.head];
    EXPECT_DOUBLE_EQ(buggy.at(200, 10), slope * 190);
    EXPECT_DOUBLE_EQ(correct.at(200, 10), -slope * 190);
    EXPECT_DOUBLE_EQ(difference.at(200, 10), 2 * slope * 190);
    EXPECT_EQ(map(view, "buggyMap")->frame().low, map(view, "correctMap")->frame().low);
    EXPECT_EQ(map(view, "buggyMap")->frame().high, map(view, "correctMap")->frame().high);
    EXPECT_EQ(map(view, "differenceMap")->frame().low, -map(view, "differenceMap")->frame().high);
    EXPECT_TRUE(guitest::named<QLabel>(view, QStringLiteral("diagnosis"))
                    ->text()
                    .contains(QStringLiteral("bias = -m*j - (-m*i)")));
    // Bias sign and nearest key: green (✔) for the fix, red (✘) for the bug.
    const QString invariants = guitest::named<QLabel>(view, QStringLiteral("invariants"))->text();
    EXPECT_TRUE(invariants.contains(QStringLiteral("#cf222e")));
    EXPECT_TRUE(invariants.contains(QStringLiteral("#1a7f37")));
    EXPECT_EQ(invariants.count(QStringLiteral("✘")), 2) << invariants.toStdString();
}

// The teacher's T-C5: with the app in Chinese the diagnosis of a Pitfalls view opened later was
// English (the view is made when the card first shows, after the language was set), and after a
// switch back to English the maps kept their Chinese axis titles.
TEST_F(PitfallViewTest, TheDiagnosisAndTheMapsFollowTheLanguage) {
    ASSERT_TRUE(m_window.setLanguage(QStringLiteral("zh_CN")));
    CardPage* card = showCard(QStringLiteral("alibi"));
    card->showPitfalls(pecards::Pitfall::AlibiFlippedSlope);
    PitfallView* view = card->pitfallView();
    ASSERT_TRUE(guitest::awaitCondition([view] { return view->isAnswered(); }, "pitfall result"));
    const auto* diagnosis = guitest::named<QLabel>(view, QStringLiteral("diagnosis"));
    EXPECT_TRUE(diagnosis->text().contains(QStringLiteral("症状"))) << diagnosis->text().toStdString();
    EXPECT_EQ(map(view, "buggyMap")->frame().colLabel, QStringLiteral("键位置 j"));

    ASSERT_TRUE(m_window.setLanguage(QStringLiteral("en")));
    EXPECT_TRUE(diagnosis->text().contains(QStringLiteral("Symptom"))) << diagnosis->text().toStdString();
    ASSERT_TRUE(guitest::awaitCondition(
        [view] {
            return view->isAnswered()
                && map(view, "buggyMap")->frame().colLabel == QStringLiteral("key position j");
        },
        "the maps retitled in English"));
}

TEST_F(PitfallViewTest, LayoutMismatchPermuteToggleMakesTheDifferenceVanish) {
    CardPage* card = showCard(QStringLiteral("rope"));
    pecards::CardParams params = card->params();
    params.length = 128;
    params.rope.head_dim = 16;
    params.probe.kind = pecards::ProbeKind::Random;
    card->setParams(params);
    card->showPitfalls(pecards::Pitfall::RopeLayoutMismatch);
    PitfallView* view = card->pitfallView();
    ASSERT_TRUE(guitest::awaitCondition([view] { return view->isAnswered(); }, "pitfall result"));
    double largest = 0.0;
    for (double v : map(view, "differenceMap")->frame().grid.values)
        largest = std::max(largest, std::abs(v));
    EXPECT_GT(largest, 0.05);
    auto* permute = view->findChild<QCheckBox*>();
    ASSERT_NE(permute, nullptr);
    ASSERT_TRUE(permute->isVisible());
    permute->setChecked(true);
    ASSERT_TRUE(guitest::awaitCondition([view] { return view->isAnswered(); }, "permuted result"));
    largest = 0.0;
    for (double v : map(view, "differenceMap")->frame().grid.values)
        largest = std::max(largest, std::abs(v));
    EXPECT_LT(largest, 1e-5);
}

TEST_F(PitfallViewTest, OddDModelCorrectSideShowsTheEngineError) {
    CardPage* card = showCard(QStringLiteral("sinusoidal"));
    pecards::CardParams params = card->params();
    params.length = 64;
    params.sinusoidal.d_model = 7;
    // The card itself rejects odd d; the pitfall view shows what the naive code builds.
    card->showPitfalls(pecards::Pitfall::SinusoidalOddDModel);
    card->pitfallView()->setParams(params);
    PitfallView* view = card->pitfallView();
    ASSERT_TRUE(guitest::awaitCondition([view] { return view->isAnswered(); }, "pitfall result"));
    EXPECT_TRUE(map(view, "correctMap")->message().contains(QStringLiteral("d_model = 7 is invalid")));
    EXPECT_TRUE(map(view, "buggyMap")->message().isEmpty());
    EXPECT_EQ(map(view, "buggyMap")->frame().grid.window.row_end, 64);
}

// The lesson-play test's finding: on the card (even d_model only) the odd-d-model pitfall showed
// two equal maps. It is shown at the odd d_model below the card's, and the caption says so.
TEST_F(PitfallViewTest, OddDModelIsShownAtTheOddDModelBelowTheCards) {
    CardPage* card = showCard(QStringLiteral("sinusoidal"));
    ASSERT_EQ(card->params().sinusoidal.d_model % 2, 0);
    card->showPitfalls(pecards::Pitfall::SinusoidalOddDModel);
    PitfallView* view = card->pitfallView();
    ASSERT_TRUE(guitest::awaitCondition([view] { return view->isAnswered(); }, "pitfall result"));
    const int odd = card->params().sinusoidal.d_model - 1;
    EXPECT_TRUE(map(view, "buggyMap")->message().isEmpty());
    EXPECT_TRUE(
        map(view, "correctMap")->message().contains(QStringLiteral("d_model = %1 is invalid").arg(odd)));
    ASSERT_TRUE(view->shown(1));
    EXPECT_EQ(view->shown(1)->request.params.sinusoidal.d_model, odd);
    const QString caption = guitest::named<QLabel>(view, QStringLiteral("pitfallCaption"))->text();
    EXPECT_TRUE(caption.contains(QStringLiteral("d_model = %1").arg(odd))) << caption.toStdString();
}

} // namespace

namespace {

/// The engineer's review C6 and C15: the bf16-positions pitfall's text says to watch the Toeplitz
/// read-out turn red, which stayed green (the first 96 positions only); the format (bf16, fp16,
/// fp32) could be chosen in the CLI only; the list showed bare ids.
TEST_F(PitfallViewTest, LowPrecisionPositionsTurnTheToeplitzReadOutRedAndTheFormatIsChosen) {
    CardPage* card = showCard(QStringLiteral("rope"));
    pecards::CardParams params = card->params();
    params.length = 1024;
    params.rope.head_dim = 16;
    card->setParams(params);
    card->showPitfalls(pecards::Pitfall::RopePositionsLowPrecision);
    PitfallView* view = card->pitfallView();
    ASSERT_TRUE(guitest::awaitCondition([view] { return view->isAnswered(); }, "pitfall result"));
    const auto toeplitzRow = [view] {
        const QString text = guitest::named<QLabel>(view, QStringLiteral("invariants"))->text();
        const qsizetype at = text.indexOf(QStringLiteral("Toeplitz"));
        return at < 0 ? QString() : text.mid(at, text.indexOf(QStringLiteral("</tr>"), at) - at);
    };
    // bf16 (the default): correct ✔, buggy ✘.
    EXPECT_EQ(toeplitzRow().count(QStringLiteral("✘")), 1) << toeplitzRow().toStdString();
    auto* format = guitest::named<QComboBox>(view, QStringLiteral("pitfallFormat"));
    ASSERT_TRUE(format->isVisible());
    // fp32 positions are exact at 1024: both green.
    format->setCurrentIndex(format->findText(QStringLiteral("fp32")));
    ASSERT_TRUE(guitest::awaitCondition([view] { return view->isAnswered(); }, "fp32 result"));
    EXPECT_EQ(toeplitzRow().count(QStringLiteral("✘")), 0) << toeplitzRow().toStdString();
    // The list reads as words, the id after them.
    auto* list = guitest::named<QComboBox>(view, QStringLiteral("pitfallList"));
    EXPECT_EQ(list->currentText(), QStringLiteral("Positions in low precision (positions-low-precision)"));
    // The phase-error chart (T-B2, A-B2): a legend naming every curve and a Save… of its own.
    auto* precision = view->findChild<PrecisionChart*>();
    ASSERT_NE(precision, nullptr);
    ASSERT_TRUE(guitest::awaitCondition([precision] { return precision->shown().has_value(); }, "the chart"));
    EXPECT_TRUE(precision->isVisible());
    EXPECT_EQ(precision->shown()->request.kind, pecards::app::CurveKind::PhaseError);
    const QString legend = guitest::named<QLabel>(precision, QStringLiteral("legend"))
                               ->text()
                               .replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
    for (const QString& curve : {QStringLiteral("bf16 positions"), QStringLiteral("fp16 inv_freq"),
             QStringLiteral("bf16 cos/sin cache"), QStringLiteral("first collision 257")}) {
        EXPECT_TRUE(legend.contains(curve)) << legend.toStdString();
    }
    const auto* save = precision->findChild<QPushButton*>();
    ASSERT_NE(save, nullptr);
    EXPECT_TRUE(save->isEnabled());
    EXPECT_GE(precision->chart()->height(), 180);
    // A pitfall without a format has no format choice, and no chart.
    card->showPitfalls(pecards::Pitfall::RopeLayoutMismatch);
    EXPECT_FALSE(format->isVisible());
    EXPECT_FALSE(precision->isVisible());
}

} // namespace

namespace {

/// bf16 rounding written out: 8 significant bits, round to nearest, ties to even.
double bf16(double x) {
    int exponent = 0;
    const double mantissa = std::frexp(x, &exponent); // [0.5, 1)
    return std::ldexp(std::nearbyint(std::ldexp(mantissa, 8)), exponent - 8);
}

/// The engineer's review C15: the inv_freq pitfall's example is fixed at base 10^4, d = 128 while
/// the card was at base 5·10^5; the view adds the card's own numbers, computed from its state.
TEST_F(PitfallViewTest, TheInvFreqPitfallGivesTheCardsOwnNumbers) {
    CardPage* card = showCard(QStringLiteral("rope"));
    pecards::CardParams params = card->params();
    params.rope.base = 500000.0;
    params.rope.head_dim = 128;
    params.length = 4096;
    card->setParams(params);
    card->showPitfalls(pecards::Pitfall::RopeInvFreqLowPrecision);
    PitfallView* view = card->pitfallView();
    const double theta = std::pow(500000.0, -2.0 / 128.0); // pair 1: b^(-2/d)
    const double stored = bf16(theta);
    const QString text = guitest::named<QLabel>(view, QStringLiteral("diagnosis"))->text();
    EXPECT_TRUE(text.contains(QStringLiteral("base 500000, head_dim 128, bf16"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QString::number(theta, 'g', 10))) << text.toStdString();
    EXPECT_TRUE(text.contains(QString::number(stored, 'g', 10))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("position 4095 the phase of pair 1 is %1 rad off")
                                  .arg(std::abs(stored - theta) * 4095.0, 0, 'g', 4)))
        << text.toStdString();
}

} // namespace

namespace {

/// The numbers this session's text of the bf16-positions pitfall states, from the engine, in both
/// languages: the first collisions (bf16 257, fp16 2049), the lab's L limit and the read-out's 96
/// positions.
TEST(PitfallText, LowPrecisionPositionsNumbersAreTheEngines) {
    const QString bf16 = QString::number(pecards::firstPositionCollision(pecards::StorageFormat::Bfloat16));
    const QString fp16 = QString::number(pecards::firstPositionCollision(pecards::StorageFormat::Float16));
    EXPECT_EQ(bf16, QStringLiteral("257"));
    EXPECT_EQ(fp16, QStringLiteral("2049"));
    for (const char* language : {"en", "zh_CN"}) {
        QFile file(QStringLiteral(":/pitfalls/positions-low-precision.%1.html").arg(QLatin1String(language)));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << language;
        const QString text = QString::fromUtf8(file.readAll());
        for (const QString& number : {bf16, fp16, QString::number(PitfallView::kMaxLength),
                 QString::number(pecards::kInvariantPositions)})
            EXPECT_TRUE(text.contains(number)) << language << ": " << number.toStdString();
    }
}

} // namespace
