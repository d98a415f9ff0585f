// The model strip: a config with several layer groups (Gemma 3 local/global, Qwen2.5-VL M-RoPE)
// shows one cell per layer, clicking a group drives the RoPE card with that group's parameters;
// a scaled config opens at its extended context; File > Open weights puts a T5 checkpoint's
// bias (written by the test) on the Relative card, and a lying file changes nothing.

#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "cards/parameterform.h"
#include "cards/relativecard.h"
#include "cardtext/convention.h"
#include "common/npyfile.h"
#include "compute/backendprovider.h"
#include "compute/computeservice.h"
#include "deck/deckmodel.h"
#include "guitestsupport.h"
#include "views/chartpanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "widgets/modelstrip.h"
#include "widgets/sliderspin.h"
#include "window/mainwindow.h"
#include "window/modeldetailsdialog.h"
#include "windowtest.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtEndian>
#include <cmath>
#include <gtest/gtest.h>
#include <pecards/backend.h>
#include <pecards/rope.h>

using namespace pecards::gui;

namespace {

template <guitest::Device Compute> class ModelStripAt : public guitest::WindowTest<1280, 720, Compute> {
protected:
    using guitest::WindowTest<1280, 720, Compute>::m_window;

    void open(const QString& path) {
        QSignalSpy applied(&m_window, &MainWindow::modelApplied);
        QSignalSpy failed(&m_window, &MainWindow::modelFailed);
        m_window.openConfig(path);
        ASSERT_TRUE(guitest::awaitCondition(
            [&] { return applied.count() > 0 || failed.count() > 0; }, "the model config"));
        ASSERT_EQ(failed.count(), 0) << failed.at(0).at(0).toString().toStdString();
    }

    /// Clicks the strip's cell of `layer`.
    void clickLayer(int layer) {
        ModelStrip* strip = m_window.modelStrip();
        const int layers = strip->positions().num_layers;
        const double cell = (strip->width() - 12.0) / layers;
        QTest::mouseClick(
            strip, Qt::LeftButton, Qt::NoModifier, QPoint(static_cast<int>(6 + (layer + 0.5) * cell), 6 + 9));
    }
};

using ModelStripTest = ModelStripAt<guitest::Device::Cpu>;
/// The app's own device choice: views of ten million positions go to OpenCL, as when a user opens
/// such a model (on the CPU reference the first exact picture takes seconds, and under the
/// sanitizers minutes, all waited for when the window closes).
using ModelStripOnDevice = ModelStripAt<guitest::Device::Automatic>;

TEST_F(ModelStripTest, Gemma3GroupsDriveTheRopeCard) {
    open(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/gemma-3-1b-it.mlc-preset.json"));
    ModelStrip* strip = m_window.modelStrip();
    EXPECT_TRUE(strip->isVisible());
    ASSERT_EQ(strip->positions().num_layers, 26);
    ASSERT_EQ(strip->positions().groups.size(), 2u);
    // The file has no _name_or_path: the title names the file, not the model_type.
    EXPECT_TRUE(m_window.windowTitle().contains(QStringLiteral("gemma-3-1b-it.mlc-preset")));
    // Opens on the global layers (rope_theta 1e6).
    EXPECT_EQ(m_window.card(QStringLiteral("rope"))->params().rope.base, 1e6);
    clickLayer(0); // a local layer
    EXPECT_EQ(strip->selectedGroup(), 0);
    EXPECT_EQ(m_window.card(QStringLiteral("rope"))->params().rope.base, 1e4);
    clickLayer(5); // global: (5 + 1) % 6 == 0
    EXPECT_EQ(strip->selectedGroup(), 1);
    EXPECT_EQ(m_window.card(QStringLiteral("rope"))->params().rope.base, 1e6);
    EXPECT_EQ(m_window.currentCard(), m_window.card(QStringLiteral("rope")));
}

TEST_F(ModelStripTest, ScaledConfigOpensAtTheExtendedContext) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("qwen25-yarn.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"_name_or_path": "Qwen/Qwen2.5-7B-Instruct", "model_type": "qwen2", "hidden_size": 3584,
        "num_attention_heads": 28, "num_hidden_layers": 28, "max_position_embeddings": 32768,
        "rope_theta": 1000000.0, "rope_scaling": {"type": "yarn", "factor": 4.0,
        "original_max_position_embeddings": 32768}})");
    file.close();
    open(path);
    EXPECT_EQ(m_window.card(QStringLiteral("rope"))->params().length, 131072);
    EXPECT_TRUE(m_window.windowTitle().contains(QStringLiteral("Qwen/Qwen2.5-7B-Instruct")));
}

TEST_F(ModelStripOnDevice, ScoutStyleConfigOpensAtItsTenMillionPositions) {
    // Llama 4 Scout: max_position_embeddings 10485760, within the length limit 2^24, and llama3
    // scaling with equal frequency factors (no blended band).
    open(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/llama-4-scout-style.hf-reconstructed.json"));
    m_window.showTab(QStringLiteral("rope"));
    CardPage* rope = m_window.card(QStringLiteral("rope"));
    rope->load();
    EXPECT_EQ(rope->params().length, 10485760);
    EXPECT_EQ(rope->params().rope.scaling.type, pecards::RopeScalingType::Llama3);
    EXPECT_EQ(rope->params().rope.scaling.high_freq_factor, 1.0);
    // Its RoPE layers attend within chunks of 8192 (the engineer's review C11): the card's mask.
    EXPECT_EQ(rope->params().attention_chunk, 8192);
    auto* length = qobject_cast<SliderSpin*>(rope->form()->control(QStringLiteral("length")));
    ASSERT_NE(length, nullptr);
    EXPECT_EQ(length->value(), 10485760.0);
    EXPECT_EQ(length->spinBox()->text(), QStringLiteral("10485760"));
    EXPECT_TRUE(length->inputMessage().isEmpty()) << length->inputMessage().toStdString();
    // The control reaches the limit itself: 2^24 is the slider's last step.
    length->setValue(static_cast<double>(pecards::kMaxLength));
    EXPECT_EQ(length->slider()->value(), length->slider()->maximum());
    EXPECT_EQ(length->spinBox()->text(), QStringLiteral("16777216"));
}

TEST_F(ModelStripTest, LongRopeCardNamesTheChosenFactorList) {
    open(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/phi-3.5-mini-instruct.mlc-preset.json"));
    CardPage* rope = m_window.card(QStringLiteral("rope"));
    EXPECT_EQ(rope->params().length, 131072);
    // The card text is HTML: ">" appears as "&gt;".
    EXPECT_TRUE(rope->currentText().contains(QStringLiteral("long factors (seq_len 131072 &gt; L0 4096)")))
        << rope->currentText().toStdString();
}

// Qwen3-Next: 36 Gated DeltaNet layers have no attention; clicking one changes no card and says
// so; clicking a full-attention layer puts exactly its partial RoPE on the card.
TEST_F(ModelStripTest, Qwen3NextLinearAttentionLayersAreShownWithoutPositionalEncoding) {
    open(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/2026/qwen3-next-80b-a3b-thinking.json"));
    ModelStrip* strip = m_window.modelStrip();
    ASSERT_EQ(strip->positions().num_layers, 48);
    ASSERT_EQ(strip->positions().groups.size(), 2u);
    EXPECT_EQ(strip->positions().groups[0].treatment, pecards::LayerTreatment::NoAttention);
    EXPECT_EQ(strip->positions().groups[0].layers.size(), 36u);
    EXPECT_TRUE(strip->groupSummary(0).contains(QStringLiteral("no attention")))
        << strip->groupSummary(0).toStdString();
    const pecards::RopeParams before = m_window.card(QStringLiteral("rope"))->params().rope;
    clickLayer(0); // linear attention
    EXPECT_EQ(m_window.card(QStringLiteral("rope"))->params().rope, before);
    clickLayer(3); // full attention: 64 of 256 dims, base 1e7
    const pecards::RopeParams rope = m_window.card(QStringLiteral("rope"))->params().rope;
    EXPECT_EQ(rope.head_dim, 256);
    EXPECT_EQ(rope.rotary_dim, 64);
    EXPECT_EQ(rope.base, 1e7);
}

// Clicking a group puts its whole parameters on the card, its sliding window included, and a
// proportional group its convention (Gemma 4's global layers).
TEST_F(ModelStripTest, Gemma4GroupsCarryTheirWindowAndProportionalRope) {
    open(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/2026/gemma-4-31b-it.json"));
    clickLayer(0); // sliding: window 1024, head_dim 256, base 1e4
    pecards::CardParams params = m_window.card(QStringLiteral("rope"))->params();
    EXPECT_EQ(params.sliding_window, 1024);
    EXPECT_EQ(params.rope.head_dim, 256);
    EXPECT_EQ(params.rope.partial, pecards::RopePartial::Classic);
    clickLayer(5); // full: proportional, 64 of 256 pairs of a 512 head rotate, no window
    params = m_window.card(QStringLiteral("rope"))->params();
    EXPECT_EQ(params.sliding_window, 0);
    EXPECT_EQ(params.rope.head_dim, 512);
    EXPECT_EQ(params.rope.rotary_dim, 128);
    EXPECT_EQ(params.rope.partial, pecards::RopePartial::Proportional);
    EXPECT_TRUE(m_window.modelStrip()->groupSummary(1).contains(
        QStringLiteral("proportional: 64 of 256 pairs rotate")));
}

// Model > Details: the groups, where each value came from, and the logit-scale chart with
// Ministral 3's llama_4_scaling_beta staircase.
TEST_F(ModelStripTest, DetailsShowGroupsSourcesAndLogitScales) {
    open(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/2026/devstral-small-2-24b-instruct.json"));
    ModelDetailsDialog dialog(m_window.model());
    auto* tabs = dialog.findChild<QTabWidget*>();
    ASSERT_NE(tabs, nullptr);
    EXPECT_EQ(tabs->count(), 3);
    auto* groups = guitest::named<QTableWidget>(&dialog, QStringLiteral("groups"));
    EXPECT_EQ(groups->rowCount(), 1);
    EXPECT_EQ(groups->item(0, 5)->text(), QStringLiteral("100000000")); // rope_theta 1e8, written out
    auto* sourceTable = guitest::named<QTableWidget>(&dialog, QStringLiteral("sources"));
    QStringList sources;
    for (int row = 0; row < sourceTable->rowCount(); ++row)
        sources << sourceTable->item(row, 0)->text() + QStringLiteral(" <- ")
                + sourceTable->item(row, 1)->text();
    EXPECT_TRUE(sources.contains(QStringLiteral("factor <- config: text_config.rope_parameters.factor")))
        << sources.join(QLatin1Char('\n')).toStdString();
    const pecards::app::CurveSet& curves
        = guitest::named<ChartWidget>(&dialog, QStringLiteral("logitChart"))->curves();
    ASSERT_EQ(curves.curves.size(), 1u);
    EXPECT_TRUE(curves.curves[0].name.contains(QStringLiteral("llama_4_scaling_beta")));
    bool stepAt8192 = false;
    for (const QPointF& point : curves.curves[0].points)
        stepAt8192 = stepAt8192 || (point.x() == 8192.0 && std::abs(point.y() - 1.0693147180559945) < 1e-15);
    EXPECT_TRUE(stepAt8192);
}

// Model > Details names the vision tower's 2-D RoPE: Devstral's Pixtral tower gives its rows the
// even frequencies of 1e4^(-2k/64), k = 0..30, and its columns the odd ones, k = 1..31.
TEST_F(ModelStripTest, DetailsNameTheVisionTowersRowAndColumnPairs) {
    open(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/2026/devstral-small-2-24b-instruct.json"));
    ModelDetailsDialog dialog(m_window.model());
    const QString text = guitest::named<QLabel>(&dialog, QStringLiteral("visionTower"))->text();
    EXPECT_TRUE(text.contains(QStringLiteral("Vision tower (Pixtral): 2-D RoPE, head_dim 64, θ = 10000.")))
        << text.toStdString();
    EXPECT_TRUE(
        text.contains(QStringLiteral("16 pairs turn with the patch's row (θ from 1 to %1 radians per patch)")
                          .arg(QStringLiteral("1.78 × 10⁻⁴")))) // 10^4^(-60/64), written as mathematics
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("16 with its column (%1 to %2)")
                                  .arg(QStringLiteral("0.75"), QStringLiteral("1.33 × 10⁻⁴"))))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("110 patches a side"))) << text.toStdString();
}

// Model > Details says how get_rope_index numbers the tokens: Qwen2.5-Omni's time alignment from
// its thinker_config (25 ids per second, 2-second chunks of 50 ids).
TEST_F(ModelStripTest, DetailsNameTheOmniPositionIdRules) {
    const pecards::app::ModelConfig model = pecards::app::parseModelConfig(R"({"model_type": "qwen2_5_omni",
        "thinker_config": {"model_type": "qwen2_5_omni_thinker", "position_id_per_seconds": 25,
            "seconds_per_chunk": 2, "vision_config": {"spatial_merge_size": 2},
            "text_config": {"model_type": "qwen2_5_omni_text", "hidden_size": 3584, "num_attention_heads": 28,
                "num_hidden_layers": 28, "rope_theta": 1000000, "max_position_embeddings": 32768,
                "rope_scaling": {"type": "default", "mrope_section": [16, 24, 24]}}}})",
        QStringLiteral("omni.json"));
    ModelDetailsDialog dialog(model);
    const QString text = guitest::named<QLabel>(&dialog, QStringLiteral("positionIds"))->text();
    EXPECT_TRUE(text.contains(QStringLiteral("Position ids (qwen2.5-omni)"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("(H/2) × (W/2)"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("25 ids per second"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("chunks of 2 s (50 ids)"))) << text.toStdString();
    // A text-only model has no such line.
    ModelDetailsDialog plain(pecards::app::parseModelConfig(
        R"({"model_type": "qwen3", "hidden_size": 4096, "num_attention_heads": 32, "head_dim": 128})",
        QStringLiteral("qwen3.json")));
    EXPECT_EQ(plain.findChild<QLabel*>(QStringLiteral("positionIds")), nullptr);
}

// The notes quote what a config holds; a label's rich-text guess would render an <img> there and
// open the file it names (the kind of the review's FIFO lesson): they are plain text.
TEST_F(ModelStripTest, DetailsShowTheConfigsNotesAsTextNotHtml) {
    open(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/2026/devstral-small-2-24b-instruct.json"));
    pecards::app::ModelConfig model = m_window.model();
    const QString note = QStringLiteral("rope_type \"<img src=\"/dev/zero\">\" is not known");
    model.notes.append(note);
    ModelDetailsDialog dialog(model);
    dialog.show();
    QCoreApplication::processEvents(); // lays the labels out: a rendered /dev/zero would fill the memory
    bool shown = false;
    for (const QLabel* label : dialog.findChildren<QLabel*>()) {
        if (label->text().contains(note)) {
            shown = true;
            EXPECT_EQ(label->textFormat(), Qt::PlainText);
        }
    }
    EXPECT_TRUE(shown);
}

TEST_F(ModelStripTest, Llama4TooltipNotesTheQueryTemperature) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("llama4.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"model_type": "llama4_text", "hidden_size": 5120, "num_attention_heads": 40,
        "head_dim": 128, "num_hidden_layers": 8, "max_position_embeddings": 131072, "rope_theta": 500000.0,
        "attention_chunk_size": 8192, "attn_temperature_tuning": true, "floor_scale": 8192, "attn_scale": 0.1})");
    file.close();
    open(path);
    ModelStrip* strip = m_window.modelStrip();
    ASSERT_EQ(strip->positions().groups.size(), 2u);
    EXPECT_FALSE(strip->groupSummary(0).contains(QStringLiteral("attn_temperature_tuning")));
    const QString nope = strip->groupSummary(1);
    EXPECT_TRUE(nope.contains(QStringLiteral("attn_temperature_tuning"))) << nope.toStdString();
    EXPECT_TRUE(nope.contains(QStringLiteral("log(floor((p + 1) / 8192) + 1) × 0.1 + 1")))
        << nope.toStdString();
}

TEST_F(ModelStripTest, OpenQkVectorsKeepsTheFileNamesAndNamesAWrongShape) {
    QTemporaryDir dir;
    const auto npy = [&](const char* name, std::int64_t rows, std::int64_t cols) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        pecards::app::writeNpy(
            path, {rows, cols}, std::vector<double>(static_cast<std::size_t>(rows * cols), 0.25));
        return path;
    };
    CardPage* rope = m_window.card(QStringLiteral("rope"));
    ASSERT_EQ(m_window.currentCard(), rope);
    pecards::CardParams params = rope->params();
    params.length = 16;
    params.rope.head_dim = 8;
    rope->setParams(params);
    m_window.openContentVectors(npy("q.npy", 16, 8), npy("k.npy", 20, 8));
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return rope->params().probe.content_q != nullptr; }, "the Q/K vectors"));
    EXPECT_EQ(rope->params().probe.content_q_file, "q.npy");
    EXPECT_EQ(rope->params().probe.content_k_file, "k.npy");
    EXPECT_EQ(rope->params().probe.content_k->rows(), 20);
    // The content views' titles name the files, not the seed the vectors no longer come from (#32, C3).
    rope->viewSlots().at(0)->showView(QStringLiteral("content-score"));
    const QString title = rope->viewSlots().at(0)->view()->title();
    EXPECT_TRUE(title.contains(QStringLiteral("q, k from q.npy, k.npy"))) << title.toStdString();
    EXPECT_FALSE(title.contains(QStringLiteral("seed"))) << title.toStdString();
    // d = 6 where the card needs head_dim 8: refused, naming the file, its shape and the shape needed.
    const pecards::CardParams before = rope->params();
    m_window.openContentVectors(npy("q.npy", 16, 8), npy("k6.npy", 16, 6));
    QMessageBox* box = nullptr;
    ASSERT_TRUE(guitest::awaitCondition(
        [&] {
            for (QMessageBox* candidate : m_window.findChildren<QMessageBox*>()) {
                if (candidate->text().contains(QStringLiteral("k6.npy")))
                    box = candidate;
            }
            return box != nullptr;
        },
        "the wrong-shape message"));
    EXPECT_EQ(
        box->text(), QStringLiteral("k6.npy has shape (16, 6); this card needs (rows >= L = 16, d = 8)"));
    EXPECT_EQ(rope->params(), before);
    box->close();
}

QByteArray learnedCheckpoint();

TEST_F(ModelStripTest, OpenWeightsPutsALearnedTableOnTheSinusoidalCard) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gpt2.safetensors"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(learnedCheckpoint());
    file.close();
    CardPage* card = m_window.card(QStringLiteral("sinusoidal"));
    card->load();
    m_window.openWeights(path);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return card->params().sinusoidal.learned != nullptr; }, "the learned table"));
    const pecards::CardParams params = card->params();
    EXPECT_EQ(params.sinusoidal.learned->rows(), 8);
    EXPECT_EQ(params.sinusoidal.d_model, 4); // the sinusoid beside it has the table's width
    EXPECT_EQ(params.length, 8); // the table's positions (GPT-2: 1024), whatever L was before
    EXPECT_EQ(params.sinusoidal.learned_file, "gpt2.safetensors");
    // The learned views are on screen at once, after the sinusoid's own first view (review C15).
    EXPECT_EQ(card->viewSlots().at(1)->chosenView(), QStringLiteral("learned-table"));
    EXPECT_EQ(card->viewSlots().at(2)->chosenView(), QStringLiteral("learned-similarity"));
    EXPECT_EQ(card->viewSlots().at(3)->chosenView(), QStringLiteral("learned-difference"));
    EXPECT_EQ((*params.sinusoidal.learned)(5, 3), 5.0 * 0.25 + 3.0); // P[p, c] = 0.25 p + c
    EXPECT_EQ(m_window.currentCard(), card);
    // The learned views answer through the worker: P - PE at p = 0 is (0, 1, 2, 3) - (0, 1, 0, 1).
    card->viewSlots().at(0)->showView(QStringLiteral("learned-difference"));
    auto* panel = qobject_cast<ChartPanel*>(card->viewSlots().at(0)->view());
    ASSERT_NE(panel, nullptr);
    ChartWidget* chart = panel->findChild<ChartWidget*>();
    ASSERT_NE(chart, nullptr);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return chart->curves().curves.size() == 2 && chart->message().isEmpty(); },
        "the difference chart"));
    EXPECT_NEAR(chart->curves().curves[0].points[0].y(), std::sqrt(8.0), 1e-12);
}

/// A GPT-2-like checkpoint: transformer.wpe.weight, 8 positions x d_model 4, P[p, c] = 0.25 p + c.
QByteArray learnedCheckpoint() {
    QByteArray data;
    for (int p = 0; p < 8; ++p) {
        for (int c = 0; c < 4; ++c) {
            char bytes[4];
            qToLittleEndian<float>(0.25f * static_cast<float>(p) + static_cast<float>(c), bytes);
            data.append(bytes, 4);
        }
    }
    const QByteArray header
        = R"({"transformer.wpe.weight": {"dtype": "F32", "shape": [8, 4], "data_offsets": [0, )"
        + QByteArray::number(data.size()) + "]}}";
    QByteArray size(8, '\0');
    qToLittleEndian<quint64>(static_cast<quint64>(header.size()), size.data());
    return size + header + data;
}

QByteArray t5Checkpoint(qint64 lie) {
    QByteArray data;
    for (int b = 0; b < 32; ++b) {
        for (int h = 0; h < 2; ++h) {
            char bytes[4];
            qToLittleEndian<float>(0.5f * static_cast<float>(b) + static_cast<float>(h), bytes);
            data.append(bytes, 4);
        }
    }
    const QByteArray header
        = R"({"encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight": {"dtype": "F32", "shape": [32, 2], "data_offsets": [0, )"
        + QByteArray::number(data.size() + lie) + "]}}";
    QByteArray size(8, '\0');
    qToLittleEndian<quint64>(static_cast<quint64>(header.size()), size.data());
    return size + header + data;
}

TEST_F(ModelStripTest, OpenWeightsPutsTheCheckpointBiasOnTheT5Card) {
    QTemporaryDir dir;
    const QString lying = dir.filePath(QStringLiteral("lying.safetensors"));
    const QString good = dir.filePath(QStringLiteral("t5.safetensors"));
    for (const auto& [path, lie] : {std::pair {lying, qint64 {8}}, std::pair {good, qint64 {0}}}) {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(t5Checkpoint(lie));
    }
    const pecards::CardParams before = m_window.card(QStringLiteral("relative"))->params();
    m_window.openWeights(lying);
    QTest::qWait(300);
    EXPECT_EQ(m_window.card(QStringLiteral("relative"))->params(), before); // nothing changed
    m_window.openWeights(good);
    ASSERT_TRUE(guitest::awaitCondition(
        [&] { return !m_window.card(QStringLiteral("relative"))->params().relative.bucket_values.empty(); },
        "the T5 bias"));
    const pecards::RelativeParams relative = m_window.card(QStringLiteral("relative"))->params().relative;
    ASSERT_EQ(relative.bucket_values.size(), 32u);
    EXPECT_EQ(relative.bucket_values[3], 1.5); // head 1 (column 0): 0.5 b
    EXPECT_EQ(relative.variant, pecards::RelativeVariant::T5);
    // The head picker covers every head of the checkpoint, counted from 1.
    auto* card = qobject_cast<RelativeCard*>(m_window.card(QStringLiteral("relative")));
    ASSERT_NE(card, nullptr);
    QSpinBox* picker = guitest::named<QSpinBox>(card, QStringLiteral("t5-head"));
    ASSERT_NE(picker, nullptr);
    // Shown in the card header (not hidden; the text pane itself may be collapsed at 1280x720).
    EXPECT_FALSE(picker->isHidden());
    EXPECT_EQ(picker->minimum(), 1);
    EXPECT_EQ(picker->maximum(), 2);
    EXPECT_EQ(card->t5Head(), 1);
    picker->setValue(2); // column 1: 0.5 b + 1
    EXPECT_EQ(card->t5Head(), 2);
    const std::vector<double>& second = card->params().relative.bucket_values;
    ASSERT_EQ(second.size(), 32u);
    for (int b = 0; b < 32; ++b)
        EXPECT_EQ(second[static_cast<std::size_t>(b)], 0.5 * b + 1.0) << b;
    m_window.deckModel()->undoStack()->undo(); // back to head 1, and the picker follows
    EXPECT_EQ(card->params().relative.bucket_values[3], 1.5);
    EXPECT_EQ(picker->value(), 1);
    // Bucket values from elsewhere (defaults): the picker goes away.
    card->resetToDefaults();
    EXPECT_EQ(card->t5Head(), 0);
    EXPECT_TRUE(picker->isHidden());
}

} // namespace

namespace {

// The engineer's review C11: clicking Llama 4's NoPE group changed nothing. It now shows the
// RoPE card without rotation: every pair still (θ_i = 0), so the positional score is q·k at every
// (i, j) (the all-ones probe: head_dim), the titles say NoPE; the RoPE group brings its chunks back.
TEST_F(ModelStripTest, ANoPEGroupShowsItsPositionFreeScore) {
    open(QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/llama-4-scout-style.hf-reconstructed.json"));
    const pecards::LayerGroup& nope = m_window.modelStrip()->positions().groups.at(1);
    ASSERT_EQ(nope.treatment, pecards::LayerTreatment::NoPE);
    clickLayer(nope.layers.front());
    CardPage* rope = m_window.card(QStringLiteral("rope"));
    EXPECT_EQ(m_window.currentCard(), rope);
    pecards::CardParams params = rope->params();
    EXPECT_EQ(params.rope.partial, pecards::RopePartial::NoPE);
    EXPECT_EQ(params.attention_chunk, 0); // full attention
    EXPECT_EQ(pecards::ropeInvFreq(params.rope), Eigen::VectorXd::Zero(params.rope.head_dim / 2));
    const QString convention = pecards::app::cardConvention(params);
    EXPECT_TRUE(convention.contains(QStringLiteral("NoPE"))) << convention.toStdString();
    // The score itself, from the engine: q·k = head_dim for the all-ones probe, everywhere.
    pecards::ViewRequest request;
    params.length = 64;
    request.params = params;
    request.quantity = pecards::Quantity::Score;
    request.window = {0, 64, 0, 64};
    request.out_rows = 64;
    request.out_cols = 64;
    for (const double v : pecards::makeCpuBackend()->compute(request).values)
        ASSERT_NEAR(v, params.rope.head_dim, 1e-9);
    clickLayer(0); // a RoPE layer: rotation and chunks again
    EXPECT_EQ(rope->params().rope.partial, pecards::RopePartial::Classic);
    EXPECT_EQ(rope->params().attention_chunk, 8192);
}

} // namespace
