// Help > Choosing an encoding: the table shows the engine's numbers for the card's target, an
// invalid target shows the engine's message, and the dialog fits a 1280 x 720 screen with every
// column visible, also in Chinese. The dialog is saved to <temp>/pecards-encoding-choice.png and
// <temp>/pecards-encoding-choice-zh.png to be looked at.
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "window/encodingchoicedialog.h"
#include "window/mainwindow.h"

#include <QDir>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>

using namespace pecards::gui;

namespace {

using guitest::awaitSignals;

pecards::CardParams t5SmallCard() {
    pecards::CardParams params;
    params.card = pecards::Card::Alibi;
    params.length = 512;
    params.alibi.heads = 8;
    params.alibi.head_dim = 64;
    return params;
}

} // namespace

TEST(EncodingChoiceDialog, ShowsTheEngineNumbersForTheCard) {
    EncodingChoiceDialog dialog(t5SmallCard());
    QSignalSpy answered(&dialog, &EncodingChoiceDialog::answered);
    ASSERT_TRUE(awaitSignals(answered));
    QTableWidget* table = guitest::named<QTableWidget>(&dialog, QStringLiteral("families"));
    ASSERT_EQ(table->rowCount(), 14);
    // T5: 32 buckets x 8 heads, once for all layers; ALiBi and RoPE learn nothing.
    EXPECT_EQ(table->item(3, 1)->text(), QLocale().toString(256));
    EXPECT_EQ(table->item(5, 1)->text(), QLocale().toString(0));
    EXPECT_EQ(table->item(6, 1)->text(), QLocale().toString(0));
    // Learned table: L x d_model = 512 x 512.
    EXPECT_EQ(table->item(1, 1)->text(), QLocale().toString(262144));
    EXPECT_TRUE(table->item(13, 7)->text().contains(QStringLiteral("no released model")));
    EXPECT_FALSE(guitest::named<QLabel>(&dialog, QStringLiteral("message"))->isVisibleTo(&dialog));
}

TEST(EncodingChoiceDialog, InvalidTargetShowsTheEngineMessage) {
    EncodingChoiceDialog dialog(t5SmallCard());
    QSignalSpy answered(&dialog, &EncodingChoiceDialog::answered);
    ASSERT_TRUE(awaitSignals(answered));
    auto spins = dialog.findChildren<QSpinBox*>();
    ASSERT_EQ(spins.size(), 6);
    spins[1]->setValue(7); // head_dim
    ASSERT_TRUE(awaitSignals(answered, 2));
    EXPECT_TRUE(guitest::named<QLabel>(&dialog, QStringLiteral("message"))->isVisibleTo(&dialog));
    EXPECT_TRUE(guitest::named<QLabel>(&dialog, QStringLiteral("message"))
                    ->text()
                    .contains(QStringLiteral("head_dim = 7 is invalid")));
    EXPECT_EQ(guitest::named<QTableWidget>(&dialog, QStringLiteral("families"))->rowCount(),
        14); // the last good table stays
}

// The rescaled rows say how far their angles go and the fine-tune each scaling needs, with the
// figures lesson 05 and the RoPE card give (TeachingNumbers.TheFineTuningEachScalingNeedsIsSaidOneWay).
TEST(EncodingChoiceDialog, RescaledRowsNameTheirFactorAndFineTune) {
    pecards::CardParams params; // RoPE card: L = 4096 trained at L0 = L; the target asks for twice
    params.length = 8192;
    params.rope.scaling.original_max_position_embeddings = 4096;
    ComputeService service(cpuBackendFactory());
    MainWindow window(&service);
    for (const bool zh : {false, true}) {
        ASSERT_TRUE(window.setLanguage(zh ? QStringLiteral("zh_CN") : QStringLiteral("en")));
        EncodingChoiceDialog dialog(params);
        QSignalSpy answered(&dialog, &EncodingChoiceDialog::answered);
        ASSERT_TRUE(awaitSignals(answered));
        QTableWidget* table = guitest::named<QTableWidget>(&dialog, QStringLiteral("families"));
        const QString pi = table->item(7, 5)->text();
        const QString yarn = table->item(8, 5)->text();
        EXPECT_TRUE(pi.contains(QStringLiteral("s = 2"))) << pi.toStdString();
        EXPECT_TRUE(pi.contains(QStringLiteral("18"))) << pi.toStdString();
        EXPECT_TRUE(pi.contains(QStringLiteral("0.5"))) << pi.toStdString();
        EXPECT_TRUE(pi.contains(
            zh ? QStringLiteral("约 1000 步") : QStringLiteral("about 1000 steps in Chen et al. 2023")))
            << pi.toStdString();
        EXPECT_TRUE(yarn.contains(zh ? QStringLiteral("约 400 步") : QStringLiteral("about 400 steps")))
            << yarn.toStdString();
        EXPECT_TRUE(table->item(6, 5)->text().contains(QLocale().toString(4096))) << "RoPE's overshoot";
    }
    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
}

TEST(EncodingChoiceDialog, FitsA1280x720ScreenWithEveryColumn) {
    pecards::CardParams params; // the RoPE card's defaults
    EncodingChoiceDialog dialog(params);
    QSignalSpy answered(&dialog, &EncodingChoiceDialog::answered);
    dialog.show();
    ASSERT_TRUE(awaitSignals(answered));
    EXPECT_LE(dialog.width(), 1280);
    EXPECT_LE(dialog.height(), 720 - 60); // room for a title bar and a panel
    QTableWidget* table = guitest::named<QTableWidget>(&dialog, QStringLiteral("families"));
    EXPECT_EQ(table->horizontalScrollBar()->maximum(), 0);
    // Fourteen families do not fit 660 px: the table scrolls by pixel, and shows a good part at once.
    EXPECT_GE(table->rowAt(table->viewport()->height() - 1), 5);
    const QString path = QDir::temp().filePath(QStringLiteral("pecards-encoding-choice.png"));
    EXPECT_TRUE(dialog.grab().save(path));
}

TEST(EncodingChoiceDialog, ChineseFitsToo) {
    ComputeService service(cpuBackendFactory());
    MainWindow window(&service);
    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    {
        EncodingChoiceDialog dialog(pecards::CardParams {});
        QSignalSpy answered(&dialog, &EncodingChoiceDialog::answered);
        dialog.show();
        ASSERT_TRUE(awaitSignals(answered));
        EXPECT_EQ(dialog.windowTitle(), QStringLiteral("选择位置编码"));
        EXPECT_EQ(guitest::named<QTableWidget>(&dialog, QStringLiteral("families"))
                      ->horizontalScrollBar()
                      ->maximum(),
            0);
        EXPECT_TRUE(
            dialog.grab().save(QDir::temp().filePath(QStringLiteral("pecards-encoding-choice-zh.png"))));
    }
    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
}
