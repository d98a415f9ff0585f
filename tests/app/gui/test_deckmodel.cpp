// The deck model (app/gui/deck/deckmodel.h) on its own, without widgets: it owns every card's
// parameters, keeps the last valid ones, validates once per change, and keeps one undo history
// whose steps report the cards they changed.
#include "deck/deckmodel.h"

#include <QSignalSpy>
#include <QUndoStack>
#include <gtest/gtest.h>
#include <pecards/params.h>
#include <stdexcept>

namespace {

using pecards::gui::DeckModel;

pecards::CardParams ropeAt(double base) {
    pecards::CardParams params = pecards::startParams(pecards::Card::Rope);
    params.rope.base = base;
    return params;
}

TEST(DeckModel, KeepsTheLastValidParametersWhileTheEditedOnesAreInvalid) {
    DeckModel deck;
    const int rope = deck.addCard(QStringLiteral("rope"), ropeAt(10000.0), {});
    EXPECT_EQ(deck.shownParams(rope), deck.params(rope));
    pecards::CardParams typed = ropeAt(10000.0);
    typed.rope.head_dim = 63; // odd: refused by pecards::validate
    deck.setParams(rope, typed);
    EXPECT_NE(deck.shownParams(rope), deck.params(rope)); // refused: not shown
    EXPECT_EQ(deck.params(rope).rope.head_dim, 63);
    EXPECT_EQ(deck.shownParams(rope), ropeAt(10000.0)); // what the views still show
    deck.setParams(rope, ropeAt(500000.0));
    EXPECT_EQ(deck.shownParams(rope), deck.params(rope));
    EXPECT_EQ(deck.shownParams(rope).rope.base, 500000.0);
}

TEST(DeckModel, ReportsAChangeOnlyWhenTheParametersDiffer) {
    DeckModel deck;
    deck.addCard(QStringLiteral("sinusoidal"), pecards::startParams(pecards::Card::Sinusoidal), {});
    const int rope = deck.addCard(QStringLiteral("rope"), ropeAt(10000.0), {});
    QSignalSpy changed(&deck, &DeckModel::cardChanged);
    deck.setParams(rope, ropeAt(10000.0));
    deck.edit(rope, ropeAt(10000.0), QStringLiteral("Nothing"));
    EXPECT_EQ(changed.count(), 0);
    EXPECT_EQ(deck.undoStack()->count(), 0); // an edit that changes nothing is no step
    deck.edit(rope, ropeAt(20000.0), QStringLiteral("Base"));
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.at(0).at(0).toInt(), rope);
}

TEST(DeckModel, QuickEditsOfOneCardWithOneNameAreOneStepAndOthersAreNot) {
    DeckModel deck;
    const int sinusoidal
        = deck.addCard(QStringLiteral("sinusoidal"), pecards::startParams(pecards::Card::Sinusoidal), {});
    const int rope = deck.addCard(QStringLiteral("rope"), ropeAt(10000.0), {});
    for (const double base : {11000.0, 12000.0, 13000.0}) // a dragged slider
        deck.edit(rope, ropeAt(base), QStringLiteral("Change parameters"));
    EXPECT_EQ(deck.undoStack()->count(), 1);
    deck.edit(rope, ropeAt(14000.0), QStringLiteral("Load a model")); // another name: its own step
    pecards::CardParams longer = deck.params(sinusoidal);
    longer.length *= 2;
    deck.edit(sinusoidal, longer, QStringLiteral("Change parameters")); // another card: its own step
    EXPECT_EQ(deck.undoStack()->count(), 3);
    deck.undoStack()->undo();
    deck.undoStack()->undo();
    EXPECT_EQ(deck.params(rope).rope.base, 13000.0);
    deck.undoStack()->undo();
    EXPECT_EQ(deck.params(rope).rope.base, 10000.0);
    EXPECT_EQ(deck.params(sinusoidal), pecards::startParams(pecards::Card::Sinusoidal));
}

TEST(DeckModel, AnUndoOrRedoStepReportsTheCardsItChangedOnceItIsComplete) {
    DeckModel deck;
    const int sinusoidal
        = deck.addCard(QStringLiteral("sinusoidal"), pecards::startParams(pecards::Card::Sinusoidal), {});
    const int rope = deck.addCard(QStringLiteral("rope"), ropeAt(10000.0), {});
    QSignalSpy recalled(&deck, &DeckModel::cardsRecalled);
    deck.undoStack()->beginMacro(QStringLiteral("Load a model")); // one step over two cards
    pecards::CardParams longer = deck.params(sinusoidal);
    longer.length *= 2;
    deck.edit(sinusoidal, longer, QStringLiteral("Load a model"));
    deck.edit(rope, ropeAt(500000.0), QStringLiteral("Load a model"));
    deck.undoStack()->endMacro();
    EXPECT_EQ(recalled.count(), 0); // the edit itself is made where the user looks
    deck.undoStack()->undo();
    ASSERT_EQ(recalled.count(), 1);
    EXPECT_EQ(
        recalled.at(0).at(0).value<QList<int>>(), (QList<int> {rope, sinusoidal})); // undone last to first
    EXPECT_EQ(deck.params(rope), ropeAt(10000.0));
    deck.undoStack()->redo();
    ASSERT_EQ(recalled.count(), 2);
    EXPECT_EQ(recalled.at(1).at(0).value<QList<int>>(), (QList<int> {sinusoidal, rope}));
    EXPECT_EQ(deck.params(sinusoidal), longer);
}

TEST(DeckModel, ACardOutsideTheDeckIsRefusedWithItsIndexAndTheRange) {
    DeckModel deck;
    deck.addCard(QStringLiteral("rope"), ropeAt(10000.0), {});
    try {
        static_cast<void>(deck.params(1));
        FAIL() << "no exception";
    } catch (const std::out_of_range& error) {
        EXPECT_STREQ(error.what(), "DeckModel: card 1 is outside [0, 1)");
    }
    EXPECT_THROW(deck.setParams(-1, ropeAt(10000.0)), std::out_of_range);
    EXPECT_THROW(deck.edit(2, ropeAt(10000.0), QStringLiteral("x")), std::out_of_range);
}

} // namespace
