// The deck in a real window (offscreen): sliders change heatmaps, probed pixels match the
// engine's formulas, invalid input shows the InvalidParameter message over the last good image,
// model presets set the cards' parameters.
#include "cards/cardpage.h"
#include "cards/parameterform.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/chartpanel.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewpanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "widgets/heatmapwidget.h"
#include "widgets/sliderspin.h"
#include "window/mainwindow.h"
#include "windowtest.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMimeData>
#include <QScrollBar>
#include <QSlider>
#include <QTextBrowser>
#include <QTextDocument>
#include <QUrl>
#include <cmath>
#include <limits>
#include <pecards/alibi.h>

using namespace pecards::gui;

namespace {

using guitest::ropeOnesScore;

class CardViews : public guitest::WindowTest<1600, 1000> {
protected:
    static HeatmapPanel* heatmapPanel(CardPage* card, int slot) {
        return qobject_cast<HeatmapPanel*>(card->viewSlots().at(slot)->view());
    }

    static SliderSpin* number(CardPage* card, const char* id) {
        return qobject_cast<SliderSpin*>(card->form()->control(QString::fromLatin1(id)));
    }

    /// Sets a number control as a user does: types the value into the spin box and presses Enter.
    static void type(SliderSpin* control, const QString& text) {
        QDoubleSpinBox* spin = control->spinBox();
        spin->selectAll();
        QTest::keyClicks(spin, text);
        QTest::keyClick(spin, Qt::Key_Return);
    }

    /// Waits until the panel shows a frame computed for `length` at the size it is drawn (a first
    /// picture whose labels moved the plot's edges is asked for again at the new size).
    static ::testing::AssertionResult awaitFrame(HeatmapPanel* panel, std::int64_t length) {
        return guitest::awaitCondition(
            [panel, length] {
                const HeatmapWidget* heatmap = panel->heatmap();
                const HeatmapFrame& frame = heatmap->frame();
                return !frame.isNull() && frame.fullExtent.row_end == length && heatmap->message().isEmpty()
                    && frame.grid.cols
                    == std::min<qint64>(heatmap->plotPixels().width(), frame.grid.window.cols())
                    && frame.grid.rows
                    == std::min<qint64>(heatmap->plotPixels().height(), frame.grid.window.rows());
            },
            "a frame of the requested length, at the size it is drawn");
    }
};

} // namespace

TEST_F(CardViews, MovingTheBaseSliderChangesTheHeatmapToTheNewExactScores) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    HeatmapPanel* score = heatmapPanel(rope, 0);
    ASSERT_EQ(score->spec().quantity, pecards::Quantity::Score);
    type(number(rope, "length"), QStringLiteral("64")); // 64 x 64: one entry per pixel
    ASSERT_TRUE(awaitFrame(score, 64));
    const QImage before = score->heatmap()->frame().image;
    EXPECT_NEAR(score->heatmap()->frame().grid.at(10, 3), ropeOnesScore(10000.0, 128, 7), 1e-9);

    SliderSpin* base = number(rope, "base");
    QSignalSpy frames(score->controller(), &HeatmapController::frameShown);
    base->slider()->setValue(base->slider()->value() - 24); // one decade down: base 1000
    ASSERT_TRUE(guitest::awaitCondition(
        [score] { return score->controller()->lastRequest().params.rope.base == 1000.0; },
        "the slider's request"));
    ASSERT_TRUE(guitest::awaitCondition(
        [score] {
            return score->heatmap()->frame().grid.window.rows() == 64 && score->controller()->hasResult()
                && std::abs(score->heatmap()->frame().grid.at(10, 3) - ropeOnesScore(1000.0, 128, 7)) < 1e-9;
        },
        "the heatmap of base 1000"));
    EXPECT_GE(frames.count(), 1);
    EXPECT_NE(score->heatmap()->frame().image, before);
    EXPECT_EQ(base->spinBox()->value(), 1000.0);
}

// The teacher's T-C8 and T-W1: the causal-mask box said "off" while the causal form was masked,
// and the row-offset forms were masked whatever it said. The causal form -m(i-j) is masked by
// definition (the box shows it checked and cannot be changed); BLOOM's +m j follows the box.
TEST_F(CardViews, TheCausalMaskBoxSaysWhatTheAlibiPictureShows) {
    CardPage* alibi = showCard(QStringLiteral("alibi"));
    type(number(alibi, "length"), QStringLiteral("64"));
    HeatmapPanel* bias = heatmapPanel(alibi, 0);
    ASSERT_EQ(bias->spec().quantity, pecards::Quantity::Score);
    auto* causal = qobject_cast<QCheckBox*>(alibi->form()->control(QStringLiteral("causal")));
    auto* form = qobject_cast<QComboBox*>(alibi->form()->control(QStringLiteral("alibi_form")));
    ASSERT_TRUE(causal && form);
    const auto shownAbove = [&] { // the entry (10, 20), above the diagonal, once the picture is L = 64
        const bool ready = guitest::awaitCondition(
            [&] {
                const HeatmapFrame& frame = bias->heatmap()->frame();
                return !frame.isNull() && frame.grid.rows == 64 && bias->controller()->hasResult()
                    && m_service.isIdle();
            },
            "the score at L = 64");
        EXPECT_TRUE(ready);
        return bias->heatmap()->frame().grid.at(10, 20);
    };
    ASSERT_EQ(alibi->params().alibi.form, pecards::AlibiForm::Causal);
    EXPECT_TRUE(causal->isChecked());
    EXPECT_FALSE(causal->isEnabled());
    EXPECT_EQ(shownAbove(), -std::numeric_limits<double>::infinity());

    form->setCurrentIndex(form->findData(static_cast<int>(pecards::AlibiForm::RowOffsetBloom)));
    ASSERT_EQ(alibi->params().alibi.form, pecards::AlibiForm::RowOffsetBloom);
    EXPECT_TRUE(causal->isEnabled());
    EXPECT_FALSE(causal->isChecked());
    const double slope = pecards::alibiSlopes(alibi->params().alibi)[alibi->params().alibi.head];
    EXPECT_DOUBLE_EQ(shownAbove(), slope * 20.0); // +m j, unmasked
    causal->click();
    EXPECT_TRUE(alibi->params().causal);
    EXPECT_EQ(shownAbove(), -std::numeric_limits<double>::infinity());
}

TEST_F(CardViews, HoveredPixelAtTwoToTheTwentyMatchesTheAlibiBias) {
    CardPage* alibi = showCard(QStringLiteral("alibi"));
    HeatmapPanel* bias = heatmapPanel(alibi, 0);
    ASSERT_EQ(bias->spec().quantity, pecards::Quantity::Score);
    type(number(alibi, "length"), QStringLiteral("1048576"));
    ASSERT_TRUE(awaitFrame(bias, std::int64_t {1} << 20));
    HeatmapWidget* heatmap = bias->heatmap();
    const QRect plot = heatmap->plotRect();
    const QPoint point(plot.left() + plot.width() * 3 / 10, plot.top() + plot.height() * 7 / 10);
    const auto entry = heatmap->entryAt(point);
    ASSERT_TRUE(entry.has_value());

    QSignalSpy probes(bias->controller(), &HeatmapController::probeAnswered);
    QTest::mouseMove(heatmap, point);
    ASSERT_TRUE(guitest::awaitSignals(probes));
    const auto probe = *bias->controller()->lastProbe();
    EXPECT_FALSE(probe.fromGrid); // 2^20 positions on a few hundred pixels: asked the engine for 1 x 1
    EXPECT_EQ(probe.row, entry->first);
    EXPECT_EQ(probe.col, entry->second);
    ASSERT_GT(probe.row, probe.col); // lower triangle: not masked
    // Default head index 2 of 8: h = 3, m = 2^(-8*3/8) = 1/8; causal bias -m (i - j).
    const double slope = std::pow(2.0, -3.0);
    EXPECT_DOUBLE_EQ(probe.value, -slope * static_cast<double>(probe.row - probe.col));
    EXPECT_DOUBLE_EQ(
        probe.value, pecards::alibiBias(pecards::AlibiForm::Causal, slope, probe.row, probe.col, 1 << 20));
    EXPECT_TRUE(heatmap->readout().contains(QStringLiteral("exact, double-precision reference")));

    // A newer picture while the pointer stays (a window around the entry): the read-out asks again,
    // for the entry now under the pointer, instead of falling back to the idle text.
    bias->controller()->setWindow(
        {entry->first - 4000, entry->first + 4000, entry->second - 4000, entry->second + 4000});
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return heatmap->frame().grid.window.row_begin == entry->first - 4000; }, "the window"));
    const auto under = heatmap->entryAt(point);
    ASSERT_TRUE(under.has_value());
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            const auto last = bias->controller()->lastProbe();
            return heatmap->readout().contains(QStringLiteral("exact, double-precision reference")) && last
                && last->row == under->first && last->col == under->second;
        },
        "the entry under the pointer asked again"));

    // Zoom down to 16 x 16 positions: every pixel is one entry, read straight from the grid.
    bias->controller()->setWindow({700000, 700016, 699990, 700006});
    ASSERT_TRUE(guitest::awaitCondition(
        [heatmap] { return heatmap->frame().grid.window.row_begin == 700000; }, "zoom"));
    EXPECT_EQ(heatmap->frame().grid.rows, 16);
    QTest::mouseMove(heatmap, QPoint(plot.left() + plot.width() / 32, plot.top() + plot.height() * 31 / 32));
    ASSERT_TRUE(
        guitest::awaitCondition([&] { return bias->controller()->lastProbe()->fromGrid; }, "exact probe"));
    const auto exact = *bias->controller()->lastProbe();
    EXPECT_EQ(exact.row, 700015);
    EXPECT_EQ(exact.col, 699990);
    EXPECT_DOUBLE_EQ(exact.value, -slope * 25.0);
    // Above the diagonal the causal form is masked.
    EXPECT_TRUE(std::isinf(heatmap->frame().grid.at(0, 15)) && heatmap->frame().grid.at(0, 15) < 0);
}

TEST_F(CardViews, PairTextThatIsNotANumberIsNamedWithTheAllowedRange) {
    // "1,abc" in the polar chart's pairs used to reach the engine as pair -1 ("pair i = -1");
    // the message names what was typed and the indices allowed, over the last curves.
    CardPage* rope = showCard(QStringLiteral("rope"));
    auto* polar = qobject_cast<ChartPanel*>(rope->viewSlots().at(2)->view());
    ASSERT_NE(polar, nullptr);
    ASSERT_TRUE(guitest::awaitCondition([&] { return m_service.isIdle(); }, "idle"));
    auto* pairs = polar->findChild<QLineEdit*>();
    ASSERT_NE(pairs, nullptr);
    pairs->setText(QStringLiteral("1, abc"));
    emit pairs->editingFinished();
    ASSERT_TRUE(
        guitest::awaitCondition([polar] { return !polar->chart()->message().isEmpty(); }, "the message"));
    const QString message = polar->chart()->message();
    EXPECT_TRUE(message.contains(QStringLiteral("\"abc\""))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("0 to 63"))) << message.toStdString(); // head_dim 128
    EXPECT_FALSE(message.contains(QStringLiteral("-1"))) << message.toStdString();
    pairs->setText(QStringLiteral("1, 2"));
    emit pairs->editingFinished();
    EXPECT_TRUE(guitest::awaitCondition([polar] { return polar->chart()->message().isEmpty(); }, "recovery"));
}

TEST_F(CardViews, OddHeadDimShowsTheMessageAndKeepsTheLastGoodImage) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    HeatmapPanel* score = heatmapPanel(rope, 0);
    ASSERT_TRUE(awaitFrame(score, 4096));
    ASSERT_TRUE(guitest::awaitCondition([&] { return m_service.isIdle(); }, "idle"));
    const QImage good = score->heatmap()->frame().image;
    const std::vector<double> goodValues = score->heatmap()->frame().grid.values;

    type(number(rope, "head_dim"), QStringLiteral("7")); // odd values can be typed on purpose
    ASSERT_TRUE(
        guitest::awaitCondition([score] { return !score->heatmap()->message().isEmpty(); }, "the message"));
    const QString message = score->heatmap()->message();
    EXPECT_TRUE(message.contains(QStringLiteral("head_dim d (head_dim) = 7"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("1024"))) << message.toStdString(); // the allowed range
    EXPECT_EQ(score->heatmap()->frame().image, good);
    EXPECT_EQ(score->heatmap()->frame().grid.values, goodValues);
    auto* polar = qobject_cast<ChartPanel*>(rope->viewSlots().at(2)->view());
    ASSERT_NE(polar, nullptr);
    ASSERT_TRUE(
        guitest::awaitCondition([polar] { return !polar->chart()->message().isEmpty(); }, "chart message"));
    EXPECT_TRUE(polar->chart()->message().contains(QStringLiteral("head_dim d (head_dim) = 7")));
    const QImage rendered = score->heatmap()->grab().toImage(); // painting the message must not crash
    EXPECT_FALSE(rendered.isNull());

    type(number(rope, "head_dim"), QStringLiteral("64"));
    ASSERT_TRUE(
        guitest::awaitCondition([score] { return score->heatmap()->message().isEmpty(); }, "recovery"));
    // Pixel (0, 0) is the exact mean of its block of entries (the default reduction of scores).
    const pecards::Grid& grid = score->heatmap()->frame().grid;
    ASSERT_EQ(score->controller()->lastRequest().reduction, pecards::Reduction::Mean);
    const std::int64_t rows = 4096 / grid.rows; // block of pixel 0: [0, floor(4096 / R))
    const std::int64_t cols = 4096 / grid.cols;
    double sum = 0.0;
    for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t j = 0; j < cols; ++j)
            sum += ropeOnesScore(10000.0, 64, i - j);
    EXPECT_NEAR(grid.at(0, 0), sum / static_cast<double>(rows * cols), 1e-9);
}

TEST_F(CardViews, CardTextCarriesTheLiveConventionAndFlips) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    const QString front = rope->currentText();
    EXPECT_TRUE(front.contains(QStringLiteral("half-split (GPT-NeoX, HF LLaMA rotate_half)")))
        << front.toStdString();
    pecards::CardParams params = rope->params();
    params.rope.scaling.type = pecards::RopeScalingType::Yarn;
    params.rope.scaling.factor = 4.0;
    params.rope.scaling.original_max_position_embeddings = 4096;
    rope->setParams(params);
    EXPECT_TRUE(rope->currentText().contains(QStringLiteral("scaling: yarn, factor 4, L0 = 4096")));
    rope->flip();
    EXPECT_EQ(rope->side(), CardSide::Back);
    EXPECT_NE(rope->currentText(), front);
    EXPECT_FALSE(rope->currentText().contains(QStringLiteral("is missing")));
}

/// The text the card shows, as plain text.
QString shownText(CardPage* card) {
    return card->findChild<QTextBrowser*>()->document()->toPlainText();
}

/// The plain text of `html` loaded into a new document: what a fresh card would show.
QString freshText(const QString& html) {
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText();
}

TEST_F(CardViews, ShownCardTextFollowsParameterStepsFlipsAndLanguageInPlace) {
    CardPage* rope = showCard(QStringLiteral("rope"));
    QTextBrowser* text = rope->findChild<QTextBrowser*>();
    ASSERT_NE(text, nullptr);
    text->setFixedHeight(160); // a short text pane: the reader scrolls
    ASSERT_TRUE(guitest::awaitCondition(
        [text] { return text->verticalScrollBar()->maximum() > 20; }, "a scrollable card text"));
    ASSERT_GT(text->verticalScrollBar()->maximum(), 20) << "the front text should need scrolling";
    text->verticalScrollBar()->setValue(20); // the reader's place
    pecards::CardParams params = rope->params();
    for (const double base : {12345.0, 500000.0, 10000.0}) {
        params.rope.base = base;
        rope->setParams(params);
        EXPECT_TRUE(shownText(rope).contains(QStringLiteral("base %1,").arg(base))) << base;
        EXPECT_EQ(shownText(rope), freshText(rope->currentText())) << base;
        EXPECT_EQ(text->verticalScrollBar()->value(), 20) << base;
    }
    params.rope.scaling.type = pecards::RopeScalingType::Linear;
    params.rope.scaling.factor = 2.0;
    rope->setParams(params);
    EXPECT_TRUE(shownText(rope).contains(QStringLiteral("scaling: linear, factor 2")));
    EXPECT_EQ(shownText(rope), freshText(rope->currentText()));
    rope->flip();
    EXPECT_EQ(shownText(rope), freshText(rope->currentText()));
    params.rope.base = 20000.0;
    rope->setParams(params);
    EXPECT_EQ(shownText(rope), freshText(rope->currentText()));
    rope->setLanguage(QStringLiteral("zh_CN"));
    EXPECT_EQ(shownText(rope), freshText(rope->currentText()));
    params.rope.base = 30000.0;
    rope->setParams(params);
    EXPECT_EQ(shownText(rope), freshText(rope->currentText()));
    rope->setLanguage(QStringLiteral("en"));
    EXPECT_EQ(shownText(rope), freshText(rope->currentText()));
}

TEST_F(CardViews, PresetAndDroppedConfigSetTheCardsParameters) {
    QSignalSpy applied(&m_window, &MainWindow::modelApplied);
    m_window.openConfig(QStringLiteral(":/presets/llama-3.1-8b.json"));
    ASSERT_TRUE(guitest::awaitSignals(applied));
    const pecards::CardParams rope = m_window.card(QStringLiteral("rope"))->params();
    EXPECT_EQ(rope.rope.base, 500000.0);
    EXPECT_EQ(rope.rope.head_dim, 128);
    EXPECT_EQ(rope.rope.scaling.type, pecards::RopeScalingType::Llama3);
    EXPECT_EQ(rope.rope.scaling.factor, 8.0);
    EXPECT_EQ(rope.length, 131072);
    EXPECT_EQ(m_window.currentCard(), m_window.card(QStringLiteral("rope")));
    EXPECT_TRUE(m_window.windowTitle().contains(applied.at(0).at(0).toString()));

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/t5-base.config.json"))});
    QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&m_window, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&m_window, &drop);
    QSignalSpy dropFailures(&m_window, &MainWindow::modelFailed);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return applied.count() == 2 || dropFailures.count() > 0; }, "the dropped model"));
    ASSERT_EQ(dropFailures.count(), 0) << dropFailures.at(0).at(0).toString().toStdString();
    const pecards::CardParams t5 = m_window.card(QStringLiteral("relative"))->params();
    EXPECT_EQ(t5.relative.variant, pecards::RelativeVariant::T5);
    EXPECT_EQ(t5.relative.num_buckets, 32);
    EXPECT_EQ(t5.relative.max_distance, 128);
    EXPECT_EQ(t5.length, 512);
    EXPECT_EQ(m_window.currentCard(), m_window.card(QStringLiteral("relative")));

    QSignalSpy failures(&m_window, &MainWindow::modelFailed);
    m_window.openConfig(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/mpt-7b.extracted.json"));
    ASSERT_TRUE(guitest::awaitSignals(failures));
    EXPECT_TRUE(failures.at(0).at(0).toString().contains(QStringLiteral("mpt-7b.extracted.json")));
}

TEST_F(CardViews, TheT5TitleSaysWhereTheBucketValuesComeFrom) {
    // #32, the engineer's review C3: after File > Open weights with a T5 relative_attention_bias the
    // titles still said "bucket values from the seed".
    CardPage* relative = showCard(QStringLiteral("relative"));
    const QString before = relative->viewSlots().at(0)->view()->title();
    EXPECT_TRUE(before.contains(QStringLiteral("bucket values from the seed"))) << before.toStdString();
    pecards::CardParams params = relative->params();
    params.relative.bucket_values.assign(static_cast<std::size_t>(params.relative.num_buckets), 0.5);
    relative->setParams(params);
    const QString after = relative->viewSlots().at(0)->view()->title();
    EXPECT_TRUE(after.contains(QStringLiteral("bucket values given"))) << after.toStdString();
    EXPECT_FALSE(after.contains(QStringLiteral("seed"))) << after.toStdString();
}
