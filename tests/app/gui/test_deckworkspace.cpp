// Saving is writing the deck model, opening is replacing its state (app/gui/deck/deckworkspace.h):
// checked on a deck model built as the window builds it, without a widget, and once against the
// window (a card never opened saves what its panels show once opened).
#include "cards/cardregistry.h"
#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "guitestsupport.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "windowtest.h"

#include <QUndoStack>
#include <gtest/gtest.h>
#include <workspace/workspacefile.h>

namespace {

using namespace pecards::gui;

/// Every card of the registry with its defaults and default views, in deck order (as MainWindow).
void addRegistryCards(DeckModel& deck) {
    for (const CardEntry& entry : cardRegistry()) {
        QList<SlotState> states;
        for (const QString& view : entry.defaultViews)
            states.push_back({view, std::nullopt, std::nullopt});
        deck.addCard(entry.id, entry.defaults(), states);
    }
}

pecards::app::CardView viewOf(pecards::Quantity quantity, const pecards::Window& window, int slot) {
    pecards::app::CardView view;
    view.quantity = quantity;
    view.window = window;
    view.slot = slot;
    return view;
}

TEST(DeckWorkspace, ANewDeckSavesEveryCardsDefaultViewsAtTheirFullExtent) {
    DeckModel deck;
    addRegistryCards(deck);
    const pecards::app::Workspace saved = workspaceOf(deck);
    ASSERT_EQ(saved.cards.size(), deck.cardCount());
    const int rope = deck.indexOf(QStringLiteral("rope"));
    ASSERT_GE(rope, 0);
    const pecards::app::WorkspaceCard& card = saved.cards.at(rope);
    EXPECT_EQ(card.params, findCardEntry(QStringLiteral("rope"))->defaults());
    // The RoPE card's grid: score and phase heatmaps, then the polar and spectrum charts.
    ASSERT_GE(card.views.size(), 2);
    const std::int64_t length = card.params.length;
    EXPECT_EQ(card.views.at(0).quantity, pecards::Quantity::Score);
    EXPECT_EQ(card.views.at(0).window, (pecards::Window {0, length, 0, length}));
    EXPECT_EQ(card.views.at(0).slot, 0);
    EXPECT_FALSE(card.views.at(0).colorRange.has_value()); // the automatic range
    EXPECT_FALSE(card.views.at(0).logarithmic.has_value()); // the quantity's own scale
    EXPECT_EQ(card.views.at(1).quantity, pecards::Quantity::Phase);
    // The phase map: positions x rotary pairs (head_dim / 2 of them).
    EXPECT_EQ(card.views.at(1).window, (pecards::Window {0, length, 0, card.params.rope.head_dim / 2}));
    ASSERT_FALSE(card.charts.isEmpty());
    EXPECT_EQ(card.charts.at(0).chart, QStringLiteral("polar"));
    EXPECT_EQ(card.charts.at(0).position, 10); // the polar chart's first position m
    EXPECT_EQ(card.charts.at(0).reach, 0); // the chart's own default
    EXPECT_EQ(card.charts.at(0).slot, 2);
    EXPECT_EQ(saved.activeCard, -1); // nothing shown yet: the compare tab
    EXPECT_FALSE(saved.check.has_value());
    EXPECT_TRUE(saved.compare.isEmpty()); // the compare tab has not compared anything yet
    // What is saved opens again: valid parameters, windows inside their extents.
    EXPECT_EQ(pecards::app::workspaceFromJson(pecards::app::workspaceToJson(saved)), saved);
}

TEST(DeckWorkspace, OpeningReplacesEveryPartOfTheStateWithoutAnUndoStep) {
    DeckModel source;
    addRegistryCards(source);
    const int rope = source.indexOf(QStringLiteral("rope"));
    pecards::CardParams params = source.params(rope);
    params.rope.base = 500000.0;
    params.length = 2048;
    source.setParams(rope, params);
    pecards::app::CardView zoom = viewOf(pecards::Quantity::Score, {100, 612, 40, 296}, 0);
    zoom.reduction = pecards::Reduction::Max;
    zoom.colormap = QStringLiteral("magma");
    zoom.colorRange = std::make_pair(-2.0, 3.0);
    zoom.logarithmic = false;
    pecards::app::CardView unslotted = zoom;
    unslotted.slot.reset(); // the model keeps the state, the slot is its place
    source.setSlot(rope, 0, {QStringLiteral("score"), unslotted, std::nullopt});
    pecards::app::CardChart waves {QStringLiteral("waves"), {0, 3}, 0, 300, std::nullopt};
    source.setSlot(rope, 3, {QStringLiteral("waves"), std::nullopt, waves});
    source.setActiveCard(rope);
    pecards::app::CheckSetup check;
    check.first = QStringLiteral("/tmp/cos.npy");
    check.second = QStringLiteral("/tmp/sin.npy");
    check.params = params;
    source.setCheck(check);
    const pecards::app::Workspace saved = workspaceOf(source);
    EXPECT_EQ(saved.cards.at(rope).views.at(0), zoom);
    EXPECT_EQ(saved.activeCard, rope);

    DeckModel target;
    addRegistryCards(target);
    EXPECT_TRUE(showWorkspace(target, saved).isEmpty());
    EXPECT_EQ(target.params(rope), params);
    EXPECT_EQ(target.slot(rope, 0).heatmap, unslotted);
    EXPECT_EQ(target.slot(rope, 3).view, QStringLiteral("waves"));
    EXPECT_EQ(target.slot(rope, 3).chart, waves);
    EXPECT_EQ(target.activeCard(), rope);
    EXPECT_EQ(target.check(), check);
    EXPECT_EQ(workspaceOf(target), saved);
    EXPECT_EQ(target.undoStack()->count(), 0); // opening is not an edit
}

TEST(DeckWorkspace, AnOlderFileWithoutSlotsFillsTheHeatmapSlotsInOrder) {
    DeckModel deck;
    addRegistryCards(deck);
    const int rope = deck.indexOf(QStringLiteral("rope"));
    pecards::app::Workspace older;
    for (int card = 0; card < deck.cardCount(); ++card)
        older.cards.push_back({deck.params(card), {}, {}});
    const std::int64_t length = deck.params(rope).length;
    // pecards-cli handouts: views in order, no slots; three views for two heatmap slots.
    older.cards[rope].views = {viewOf(pecards::Quantity::Attention, {0, length, 0, length}, -1),
        viewOf(pecards::Quantity::Table, {0, length, 0, 64}, -1),
        viewOf(pecards::Quantity::Score, {0, length, 0, length}, -1)};
    for (pecards::app::CardView& view : older.cards[rope].views)
        view.slot.reset();
    older.activeCard = rope;
    EXPECT_TRUE(showWorkspace(deck, older).isEmpty());
    EXPECT_EQ(deck.slot(rope, 0).view, QStringLiteral("attention"));
    EXPECT_EQ(deck.slot(rope, 1).view, QStringLiteral("table"));
    EXPECT_EQ(deck.slot(rope, 2).view, QStringLiteral("score")); // the first chart slot
    // A card with no views in the file shows its first chart in its heatmap slots.
    const int alibi = deck.indexOf(QStringLiteral("alibi"));
    const CardEntry& alibiEntry = *findCardEntry(QStringLiteral("alibi"));
    const ViewSpec* first = findViewSpec(alibiEntry.views, deck.slot(alibi, 0).view);
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first->kind, ViewKind::Chart);
}

// T-C1: a hand-written lesson step or workspace names its charts without slots; they take the
// slots after the views in order (they were dropped without a word), and one too many is named.
TEST(DeckWorkspace, ChartsWithoutSlotsTakeTheSlotsAfterTheViews) {
    DeckModel deck;
    addRegistryCards(deck);
    const int rope = deck.indexOf(QStringLiteral("rope"));
    pecards::app::Workspace written;
    for (int card = 0; card < deck.cardCount(); ++card)
        written.cards.push_back({deck.params(card), {}, {}});
    const std::int64_t length = deck.params(rope).length;
    written.cards[rope].views = {viewOf(pecards::Quantity::Score, {0, length, 0, length}, -1)};
    written.cards[rope].views.front().slot.reset();
    written.cards[rope].charts = {pecards::app::CardChart {QStringLiteral("spectrum"), {}, 10, 0, {}},
        pecards::app::CardChart {QStringLiteral("scaling-ratio"), {}, 10, 0, {}}};
    written.activeCard = rope;
    EXPECT_TRUE(showWorkspace(deck, written).isEmpty());
    EXPECT_EQ(deck.slot(rope, 0).view, QStringLiteral("score"));
    EXPECT_EQ(deck.slot(rope, 1).view, QStringLiteral("spectrum"));
    EXPECT_EQ(deck.slot(rope, 2).view, QStringLiteral("lab-ratio"));
    ASSERT_TRUE(deck.slot(rope, 1).chart);
    EXPECT_EQ(deck.slot(rope, 1).chart->chart, QStringLiteral("spectrum"));
    const auto grid = static_cast<int>(
        workspaceOf(deck).cards[rope].views.size() + workspaceOf(deck).cards[rope].charts.size());
    while (written.cards[rope].charts.size() < grid)
        written.cards[rope].charts.push_back(written.cards[rope].charts.front());
    const QString note = showWorkspace(deck, written);
    EXPECT_TRUE(note.contains(QStringLiteral("the workspace has %1").arg(grid + 1))) << note.toStdString();
}

TEST(DeckWorkspace, WhatTheDeckCannotShowIsNamedAndTheRestIsShown) {
    DeckModel deck;
    addRegistryCards(deck);
    const int rope = deck.indexOf(QStringLiteral("rope"));
    pecards::app::Workspace workspace = workspaceOf(deck);
    const pecards::CardParams ropeDefaults = workspace.cards.at(rope).params;
    workspace.compare = {{ropeDefaults, ropeDefaults, pecards::Quantity::Score, std::nullopt, std::nullopt}};
    pecards::app::WorkspaceCard second = workspace.cards.at(rope);
    second.params.rope.base = 123456.0;
    workspace.cards.push_back(second); // a second RoPE card: the deck has one of each
    const int alibi = deck.indexOf(QStringLiteral("alibi"));
    workspace.cards[alibi].views.front().quantity = pecards::Quantity::Phase; // ALiBi has no phase
    workspace.compare.push_back(workspace.compare.front());
    workspace.activeCard = static_cast<int>(workspace.cards.size()) - 1; // the card not shown
    const QString note = showWorkspace(deck, workspace);
    EXPECT_TRUE(note.contains(QStringLiteral("A second card of the same type is not shown")))
        << note.toStdString();
    EXPECT_TRUE(note.contains(QStringLiteral("has no phase view"))) << note.toStdString();
    EXPECT_TRUE(note.contains(QStringLiteral("Only the first of 2 compare pairs is shown")))
        << note.toStdString();
    EXPECT_EQ(deck.params(rope).rope.base, workspace.cards.at(rope).params.rope.base); // the first one
    EXPECT_EQ(deck.activeCard(), -1); // the active card is not in the deck: the compare tab
}

TEST(DeckWorkspace, AComparePairOpensOnItsQuantityDrawnAsSaved) {
    DeckModel deck;
    addRegistryCards(deck);
    pecards::app::Workspace workspace = workspaceOf(deck);
    pecards::CardParams a = findCardEntry(QStringLiteral("alibi"))->defaults();
    pecards::CardParams b = findCardEntry(QStringLiteral("hybrid"))->defaults();
    workspace.compare
        = {{a, b, pecards::Quantity::Attention, pecards::Reduction::Max, QStringLiteral("gray")}};
    EXPECT_TRUE(showWorkspace(deck, workspace).isEmpty());
    const CompareState& compare = deck.compareState();
    EXPECT_EQ(compare.cardA, QStringLiteral("alibi"));
    EXPECT_EQ(compare.cardB, QStringLiteral("hybrid"));
    EXPECT_EQ(compare.view, QStringLiteral("attention"));
    ASSERT_TRUE(compare.heatmap.has_value());
    EXPECT_EQ(compare.heatmap->quantity, pecards::Quantity::Attention);
    EXPECT_EQ(compare.heatmap->window, (pecards::Window {0, a.length, 0, a.length}));
    EXPECT_EQ(compare.heatmap->reduction, pecards::Reduction::Max);
    EXPECT_EQ(compare.heatmap->colormap, QStringLiteral("gray"));
    EXPECT_EQ(workspaceOf(deck).compare, workspace.compare);

    // A quantity the two cards do not both offer: the first view they share.
    workspace.compare.front().quantity = pecards::Quantity::Phase;
    showWorkspace(deck, workspace);
    const QList<ViewSpec> shared = sharedViews(
        *findCardEntry(QStringLiteral("alibi")), a, *findCardEntry(QStringLiteral("hybrid")), b);
    ASSERT_FALSE(shared.isEmpty());
    EXPECT_EQ(deck.compareState().view, shared.front().id);
}

using DeckWorkspaceWindow = guitest::WindowTest<1600, 1000>;

TEST_F(DeckWorkspaceWindow, ACardNeverOpenedSavesTheHeatmapsItsPanelsShowOnceOpened) {
    const pecards::app::Workspace unopened = workspaceOf(*m_window.deckModel());
    CardPage* alibi = showCard(QStringLiteral("alibi"));
    for (ViewSlot* slot : alibi->viewSlots()) {
        if (auto* heatmap = qobject_cast<HeatmapPanel*>(slot->view())) {
            ASSERT_TRUE(guitest::awaitCondition([heatmap] { return heatmap->hasResult(); }, "the heatmap"));
        }
    }
    const pecards::app::Workspace opened = workspaceOf(*m_window.deckModel());
    const int card = alibi->cardIndex();
    ASSERT_FALSE(opened.cards.at(card).views.isEmpty());
    EXPECT_EQ(opened.cards.at(card).views, unopened.cards.at(card).views);
}

} // namespace
