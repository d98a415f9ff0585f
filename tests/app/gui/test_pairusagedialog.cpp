// File > Pair usage of a checkpoint… (#28): a checkpoint written here with a planted head is read
// off the UI thread; the heatmap pools the layers, the strip marks the pairs the RoPE card's scaling
// moves, the table gives each head's share, the headline names the most exposed head; one layer's
// heads are shown on request; "Use this head" puts the head's longest pairs on the card's probe (or
// says why not); a bad checkpoint is refused in words and what was shown stays.

#include "deck/deckmodel.h"
#include "guitestsupport.h"
#include "pairusage/pairbandstrip.h"
#include "pairusage/pairusagedialog.h"
#include "support/randomparams.h"
#include "support/safetensorswriter.h"
#include "widgets/heatmapwidget.h"
#include "windowtest.h"

#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <gtest/gtest.h>
#include <pecards/pairusage.h>

using namespace pecards::gui;

namespace {

/// 4 query heads and 2 key heads of 8 channels (pairs (i, i + 4)), hidden 16, 2 layers, L0 2048.
const QByteArray kConfig = R"({"model_type": "llama", "hidden_size": 16, "num_attention_heads": 4,
    "num_key_value_heads": 2, "head_dim": 8, "num_hidden_layers": 2, "max_position_embeddings": 2048})";

/// The checkpoint (query and key projections of 2 layers) and kConfig in `dir`.
void writeModel(const QTemporaryDir& dir, const Eigen::MatrixXd (&q)[2], const Eigen::MatrixXd (&k)[2]) {
    pecards::test::SafetensorsWriter writer;
    for (int layer = 0; layer < 2; ++layer) {
        const QString prefix = QStringLiteral("model.layers.%1.self_attn.").arg(layer);
        writer.add(prefix + QStringLiteral("q_proj.weight"), q[layer]);
        writer.add(prefix + QStringLiteral("k_proj.weight"), k[layer]);
    }
    ASSERT_TRUE(writer.write(dir.filePath(QStringLiteral("model.safetensors"))));
    QFile config(dir.filePath(QStringLiteral("config.json")));
    ASSERT_TRUE(config.open(QIODevice::WriteOnly));
    config.write(kConfig);
}

class PairUsageDialogTest : public ::testing::Test {
protected:
    PairUsageDialogTest() {
        m_rope.card = pecards::Card::Rope;
        m_rope.rope.head_dim = 8;
        m_rope.rope.base = 10000;
        for (int layer = 0; layer < 2; ++layer) {
            m_q[layer] = pecards::test::normalMatrix(32, 16, 30 + layer);
            m_k[layer] = pecards::test::normalMatrix(16, 16, 40 + layer);
        }
        m_q[1].middleRows(24, 8).setZero(); // layer 1, query head 3: pair 0 only
        m_q[1](24, 0) = 3.0;
        m_q[1](28, 0) = 4.0; // parallel rows: singular value 5
        writeModel(m_dir, m_q, m_k);
    }
    PairUsageSetup setup() const {
        return {m_dir.filePath(QStringLiteral("config.json")), m_dir.path(), std::nullopt};
    }
    static void read(PairUsageDialog& dialog, const PairUsageSetup& setup) {
        QSignalSpy done(&dialog, &PairUsageDialog::finished);
        dialog.read(setup);
        ASSERT_TRUE(guitest::awaitSignals(done, 1));
    }

    QTemporaryDir m_dir;
    pecards::CardParams m_rope;
    Eigen::MatrixXd m_q[2];
    Eigen::MatrixXd m_k[2];
};

TEST_F(PairUsageDialogTest, ReadsEveryLayerAndMarksThePairsTheCardsScalingMoves) {
    // Linear scaling moves every pair: every head's share is 100 %.
    m_rope.rope.scaling.type = pecards::RopeScalingType::Linear;
    m_rope.rope.scaling.factor = 2.0;
    PairUsageDialog dialog(m_rope, QString());
    read(dialog, setup());
    EXPECT_TRUE(
        dialog.status().contains(QStringLiteral("2 RoPE layers × 4 query heads (2 key heads) × 4 pairs")))
        << dialog.status().toStdString();
    EXPECT_EQ(dialog.shownLayer(), -1);
    const auto* map = dialog.findChild<HeatmapWidget*>();
    ASSERT_EQ(map->frame().grid.rows, 2); // layers
    ASSERT_EQ(map->frame().grid.cols, 4); // pairs
    EXPECT_NEAR(map->frame().grid.at(1, 0), dialog.outcome().layers[1].product.col(0).mean(), 1e-12);
    EXPECT_EQ(dialog.findChild<PairBandStrip*>()->bands().moved, std::vector<bool>(4, true));
    EXPECT_EQ(
        dialog.findChild<PairBandStrip*>()->bands().degree, std::vector<double>(4, 1.0)); // PI: ln 2 each
    EXPECT_TRUE(dialog.legend().contains(QStringLiteral("linear (PI) ×2"))) << dialog.legend().toStdString();
    const auto* table = dialog.findChild<QTableWidget*>(QStringLiteral("headTable"));
    ASSERT_EQ(table->rowCount(), 8); // 2 layers x 4 heads
    EXPECT_EQ(table->item(0, 4)->text(), QStringLiteral("100.0 %"));
    EXPECT_TRUE(dialog.headline().contains(QStringLiteral("100 %"))) << dialog.headline().toStdString();
}

TEST_F(PairUsageDialogTest, OneLayersHeadsAndTheHeadPutOnTheCard) {
    std::optional<pecards::CardParams> used;
    PairUsageDialog dialog(m_rope, QString(), nullptr,
        [&used](const pecards::CardParams& params, const QString&) { used = params; });
    read(dialog, setup());
    dialog.showLayer(1);
    const auto* map = dialog.findChild<HeatmapWidget*>();
    ASSERT_EQ(map->frame().grid.rows, 4); // heads
    // The planted head: pair 0 only, parallel rows 3 e_0 and 4 e_0: singular value 5.
    const pecards::app::LayerUsage& layer = dialog.outcome().layers[1];
    EXPECT_DOUBLE_EQ(layer.query(3, 0), 5.0);
    EXPECT_EQ(layer.query.row(3).tail(3).norm(), 0.0);
    // No scaling on the card nor in the config: nothing moves, and the headline says so.
    EXPECT_EQ(dialog.findChild<PairBandStrip*>()->bands().moved, std::vector<bool>(4, false));
    EXPECT_EQ(dialog.headline(), QStringLiteral("No scaling is under test, so no head's usage moves."));
    const auto* table = dialog.findChild<QTableWidget*>(QStringLiteral("headTable"));
    ASSERT_EQ(table->rowCount(), 4);
    int planted = -1;
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->item(row, 1)->text() == QStringLiteral("3"))
            planted = row;
    }
    ASSERT_GE(planted, 0);
    EXPECT_EQ(table->item(planted, 5)->text(), QStringLiteral("0")); // top pair
    ASSERT_TRUE(dialog.useHead(planted));
    ASSERT_TRUE(used.has_value());
    // Pair i's longest query and key on its first channel i; the second channels i + 4 are 0.
    const std::vector<double> q(used->probe.q.begin(), used->probe.q.end());
    EXPECT_EQ(q, (std::vector<double> {5.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0}));
    for (int i = 0; i < 4; ++i) {
        EXPECT_DOUBLE_EQ(
            used->probe.k[static_cast<std::size_t>(i)], layer.key(1, i)); // head 3 reads key head 1
        EXPECT_EQ(used->probe.k[static_cast<std::size_t>(i + 4)], 0.0);
    }
    // A card of another head size cannot take the head: said, not done.
    m_rope.rope.head_dim = 16;
    PairUsageDialog other(m_rope, QString(), nullptr,
        [&used](const pecards::CardParams& params, const QString&) { used = params; });
    read(other, setup());
    used.reset();
    EXPECT_FALSE(other.useHead(0));
    EXPECT_FALSE(used.has_value());
    EXPECT_TRUE(other.status().contains(QStringLiteral("The RoPE card has 8 pairs and layer")))
        << other.status().toStdString();
}

TEST_F(PairUsageDialogTest, TheFigureShownIsSavedAsTheCliDrawsIt) {
    PairUsageDialog dialog(m_rope, QString());
    EXPECT_FALSE(dialog.saveFigure(m_dir.filePath(QStringLiteral("early.png")))); // nothing read yet
    read(dialog, setup());
    dialog.showLayer(1);
    const QString png = m_dir.filePath(QStringLiteral("layer1.png"));
    ASSERT_TRUE(dialog.saveFigure(png)) << dialog.status().toStdString();
    QFile file(png);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QImage image = QImage::fromData(file.readAll(), "PNG");
    EXPECT_EQ(image.size(), QSize(1800, 1350)); // the default figure, 6 x 4.5 in at 300 dpi
    EXPECT_FALSE(dialog.saveFigure(m_dir.filePath(QStringLiteral("layer1.txt"))));
    EXPECT_TRUE(dialog.status().startsWith(QStringLiteral("Not saved: "))) << dialog.status().toStdString();
}

TEST_F(PairUsageDialogTest, ABadCheckpointIsRefusedAndWhatWasShownStays) {
    PairUsageDialog dialog(m_rope, QString());
    read(dialog, setup());
    const int rows = dialog.findChild<HeatmapWidget*>()->frame().grid.rows;
    PairUsageSetup bad = setup();
    bad.checkpointPath = m_dir.filePath(QStringLiteral("absent.safetensors"));
    read(dialog, bad);
    EXPECT_TRUE(dialog.status().startsWith(QStringLiteral("Not read: "))) << dialog.status().toStdString();
    EXPECT_TRUE(dialog.status().contains(QStringLiteral("absent.safetensors")));
    EXPECT_EQ(dialog.findChild<HeatmapWidget*>()->frame().grid.rows, rows);
    EXPECT_EQ(dialog.outcome().layers.size(), 2);
}

} // namespace

namespace {

class PairUsageWindow : public guitest::WindowTest<1280, 720> { };

TEST_F(PairUsageWindow, UseThisHeadIsAnUndoableEditOfTheRopeCardsProbe) {
    // A RoPE card of 8 channels (the checkpoint's head size), then the dialog from the window.
    CardPage* rope = showCard(QStringLiteral("rope"));
    pecards::CardParams params = rope->params();
    params.rope.head_dim = 8;
    params.rope.rotary_dim = 0;
    rope->setParams(params);
    QTemporaryDir dir;
    const Eigen::MatrixXd q[2] {
        pecards::test::normalMatrix(32, 16, 50), pecards::test::normalMatrix(32, 16, 51)};
    const Eigen::MatrixXd k[2] {
        pecards::test::normalMatrix(16, 16, 60), pecards::test::normalMatrix(16, 16, 61)};
    writeModel(dir, q, k);
    PairUsageDialog* dialog = m_window.openPairUsage();
    QSignalSpy done(dialog, &PairUsageDialog::finished);
    dialog->read({dir.filePath(QStringLiteral("config.json")), dir.path(), std::nullopt});
    ASSERT_TRUE(guitest::awaitSignals(done, 1));
    const int before = m_window.deckModel()->undoStack()->count();
    ASSERT_TRUE(dialog->useHead(0));
    EXPECT_EQ(rope->params().probe.q.size(), 8u);
    EXPECT_EQ(m_window.deckModel()->undoStack()->count(), before + 1);
    m_window.deckModel()->undoStack()->undo();
    EXPECT_TRUE(rope->params().probe.q.empty());
    dialog->close();
}

} // namespace
