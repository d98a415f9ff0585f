// The app and the CLI mean the same thing (#32, item 4; the engineer's review W4, C13): for every
// card, with no config and with configs of each scaling family, the request a card's first
// heatmap sends equals the one `pecards-cli compute` builds from the same words (card, quantity,
// window, size, reduction, --config). A rule kept by one front end alone shows up as a difference.

#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "cli/cliparser.h"
#include "guitestsupport.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "windowtest.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <algorithm>

using namespace pecards::gui;

namespace {

class SameRequest : public guitest::WindowTest<1280, 720> {
protected:
    /// The first heatmap view of card `id`, shown, once it has sent its request for the card's
    /// parameters (its answer is not needed: under the sanitizers a 10M-position view takes long).
    const HeatmapController* firstHeatmap(const QString& id) {
        CardPage* card = showCard(id);
        const HeatmapController* found = nullptr;
        for (ViewSlot* slot : card->viewSlots()) {
            if (auto* panel = qobject_cast<HeatmapPanel*>(slot->view()); panel && !found)
                found = panel->controller();
        }
        if (found) {
            EXPECT_TRUE(guitest::awaitCondition(
                [&] {
                    const pecards::ViewRequest& sent = found->lastRequest();
                    return sent.params == card->params() && sent.out_rows > 0
                        && sent.window == pecards::fullExtent(sent.params, found->quantity());
                },
                "the view's request"));
        }
        return found;
    }

    /// The CLI's request for the same words as the app's `request`.
    pecards::ViewRequest cliRequest(
        const QString& card, const pecards::ViewRequest& request, const QString& config) {
        QStringList arguments {QStringLiteral("pecards-cli"), QStringLiteral("compute"),
            QStringLiteral("--card"), card, QStringLiteral("--quantity"),
            QString::fromStdString(pecards::toString(request.quantity)), QStringLiteral("--rows"),
            QStringLiteral("%1:%2").arg(request.window.row_begin).arg(request.window.row_end),
            QStringLiteral("--cols"),
            QStringLiteral("%1:%2").arg(request.window.col_begin).arg(request.window.col_end),
            QStringLiteral("--view"), QStringLiteral("%1x%2").arg(request.out_rows).arg(request.out_cols),
            QStringLiteral("--reduction"), QString::fromStdString(pecards::toString(request.reduction)),
            QStringLiteral("--out"), m_dir.filePath(QStringLiteral("x.npy"))};
        if (!config.isEmpty())
            arguments << QStringLiteral("--config") << config;
        return pecards::cli::parseCommandLine(arguments).view;
    }

    QTemporaryDir m_dir;
};

TEST_F(SameRequest, EveryCardWithAndWithoutAConfig) {
    const QString data = QStringLiteral(PECARDS_TEST_DATA_DIR "/configs/");
    // No model; Llama 2 (none); Llama 3.1 (llama3 from 8192); Phi-3.5 (longrope: the seq_len
    // rule); Qwen2.5-VL (M-RoPE); Gemma 3 1B (per-layer bases, sliding); BLOOM (ALiBi); T5;
    // gpt-oss (yarn, sinks); a Llama 4 Scout-style config (llama3, NoPE layers, 10M positions).
    for (const QString& file : {QString(), QStringLiteral("llama-2-7b-hf.config.json"),
             QStringLiteral("llama-3.1-8b.mlc-preset.json"),
             QStringLiteral("phi-3.5-mini-instruct.mlc-preset.json"),
             QStringLiteral("qwen2.5-vl-7b-instruct.json"), QStringLiteral("gemma-3-1b-it.mlc-preset.json"),
             QStringLiteral("bloom-560m.hf-reconstructed.json"), QStringLiteral("t5-base.config.json"),
             QStringLiteral("2026/gpt-oss-120b.json"),
             QStringLiteral("llama-4-scout-style.hf-reconstructed.json")}) {
        const QString config = file.isEmpty() ? QString() : data + file;
        if (!config.isEmpty()) {
            QSignalSpy applied(&m_window, &MainWindow::modelApplied);
            m_window.openConfig(config);
            ASSERT_TRUE(guitest::awaitSignals(applied)) << file.toStdString();
        }
        for (const CardEntry& entry : cardRegistry()) {
            const std::vector<pecards::Card> used = m_window.model().cards();
            if (!config.isEmpty() && std::find(used.begin(), used.end(), entry.card) == used.end())
                continue; // pecards-cli --config refuses a card the model does not use
            const HeatmapController* heatmap = firstHeatmap(entry.id);
            ASSERT_NE(heatmap, nullptr) << entry.id.toStdString();
            const pecards::ViewRequest& app = heatmap->lastRequest();
            const pecards::ViewRequest cli = cliRequest(entry.id, app, config);
            EXPECT_TRUE(cli.params == app.params)
                << file.toStdString() << ", card " << entry.id.toStdString();
            // Which part differs, when they do:
            EXPECT_EQ(cli.params.length, app.params.length);
            EXPECT_TRUE(cli.params.rope == app.params.rope) << "rope";
            EXPECT_TRUE(cli.params.alibi == app.params.alibi) << "alibi";
            EXPECT_TRUE(cli.params.relative == app.params.relative) << "relative";
            EXPECT_TRUE(cli.params.sinusoidal == app.params.sinusoidal) << "sinusoidal";
            EXPECT_EQ(cli.quantity, app.quantity);
            EXPECT_EQ(cli.window, app.window);
            EXPECT_EQ(cli.out_rows, app.out_rows);
            EXPECT_EQ(cli.out_cols, app.out_cols);
        }
    }
}

} // namespace
