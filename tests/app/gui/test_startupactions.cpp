// The start-up flags that set state (app/gui/window/startupactions.h) replace the deck model's
// state: the card on screen, --length, --views and --rows/--cols, read back from the model and
// from what the first view shows.
#include "deck/deckmodel.h"
#include "guitestsupport.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "window/startupactions.h"
#include "windowtest.h"

#include <QUndoStack>

using namespace pecards::gui;

namespace {

using StartupActions = guitest::WindowTest<1600, 1000>;

std::optional<pecards::gui::StartupOptions> parsed(const QStringList& flags) {
    QString error;
    std::optional<pecards::gui::StartupOptions> options
        = pecards::gui::parseStartupOptions(QStringList {QStringLiteral("pecards")} + flags, error);
    EXPECT_TRUE(options.has_value()) << error.toStdString();
    return options;
}

TEST_F(StartupActions, TheStateFlagsBecomeTheModelsStateAndNoUndoStep) {
    const std::optional<StartupOptions> options = parsed(
        {QStringLiteral("--card"), QStringLiteral("rope"), QStringLiteral("--length"), QStringLiteral("2048"),
            QStringLiteral("--views"), QStringLiteral("attention,table"), QStringLiteral("--rows"),
            QStringLiteral("100:300"), QStringLiteral("--cols"), QStringLiteral("64:512")});
    ASSERT_TRUE(options);
    applyStartupOptions(m_window.startupParts(), *options);
    const DeckModel& deck = *m_window.deckModel();
    const int rope = deck.indexOf(QStringLiteral("rope"));
    EXPECT_EQ(deck.activeCard(), rope);
    EXPECT_EQ(deck.params(rope).length, 2048);
    EXPECT_EQ(deck.slot(rope, 0).view, QStringLiteral("attention"));
    EXPECT_EQ(deck.slot(rope, 1).view, QStringLiteral("table"));
    ASSERT_TRUE(deck.slot(rope, 0).heatmap.has_value());
    EXPECT_EQ(deck.slot(rope, 0).heatmap->window, (pecards::Window {100, 300, 64, 512}));
    EXPECT_EQ(deck.undoStack()->count(), 0); // where the session starts, not an edit
    // What the first view shows follows the model.
    auto* attention
        = qobject_cast<HeatmapPanel*>(m_window.card(QStringLiteral("rope"))->viewSlots().at(0)->view());
    ASSERT_NE(attention, nullptr);
    EXPECT_EQ(attention->controller()->window(), (pecards::Window {100, 300, 64, 512}));
}

TEST_F(StartupActions, AWindowBeyondTheViewIsCutToItAndSaidSo) {
    const std::optional<StartupOptions> options
        = parsed({QStringLiteral("--card"), QStringLiteral("alibi"), QStringLiteral("--length"),
            QStringLiteral("512"), QStringLiteral("--cols"), QStringLiteral("600:9000")});
    ASSERT_TRUE(options);
    testing::internal::CaptureStderr();
    applyStartupOptions(m_window.startupParts(), *options);
    const std::string said = testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find("--cols 600:9000 reaches beyond the view's cols [0, 512); shown as 511:512"),
        std::string::npos)
        << said;
    const DeckModel& deck = *m_window.deckModel();
    const int alibi = deck.indexOf(QStringLiteral("alibi"));
    ASSERT_TRUE(deck.slot(alibi, 0).heatmap.has_value());
    EXPECT_EQ(deck.slot(alibi, 0).heatmap->window, (pecards::Window {0, 512, 511, 512}));
}

} // namespace
