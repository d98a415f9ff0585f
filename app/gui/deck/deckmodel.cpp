#include "deck/deckmodel.h"

#include "deck/deckcommand.h"

#include <QUndoStack>
#include <pecards/errors.h>
#include <stdexcept>
#include <string>
#include <utility>

namespace pecards::gui {

namespace {

bool passesValidation(const pecards::CardParams& params) {
    try {
        pecards::validate(params);
        return true;
    } catch (const pecards::InvalidParameter&) {
        return false;
    }
}

} // namespace

DeckModel::DeckModel(QObject* parent)
    : QObject(parent)
    , m_undo(new QUndoStack(this)) {
    // An undo or redo step is complete when the stack's index moves: report what it changed.
    connect(m_undo, &QUndoStack::indexChanged, this, [this] {
        if (m_recalled.isEmpty())
            return;
        const QList<int> cards = std::exchange(m_recalled, {});
        emit cardsRecalled(cards);
    });
}

DeckModel::~DeckModel() {
    m_undo->disconnect();
}

int DeckModel::addCard(const QString& id, const pecards::CardParams& params, const QList<SlotState>& states) {
    // The first parameters are shown even when invalid: there are no earlier ones.
    m_cards.push_back({id, params, params, states});
    return cardCount() - 1;
}

const QString& DeckModel::cardId(int card) const {
    return at(card).id;
}

int DeckModel::indexOf(const QString& id) const {
    for (int card = 0; card < cardCount(); ++card) {
        if (m_cards.at(card).id == id)
            return card;
    }
    return -1;
}

void DeckModel::setActiveCard(int card) {
    if (card != -1)
        at(card); // checks the index
    if (card == m_active)
        return;
    m_active = card;
    emit activeCardChanged(card);
}

void DeckModel::setCheck(const std::optional<pecards::app::CheckSetup>& check) {
    if (check == m_check)
        return;
    m_check = check;
    emit checkChanged();
}

DeckModel::Card& DeckModel::at(int card) {
    return const_cast<Card&>(std::as_const(*this).at(card));
}

const DeckModel::Card& DeckModel::at(int card) const {
    if (card < 0 || card >= cardCount())
        throw std::out_of_range("DeckModel: card " + std::to_string(card) + " is outside [0, "
            + std::to_string(cardCount()) + ")");
    return m_cards.at(card);
}

const pecards::CardParams& DeckModel::params(int card) const {
    return at(card).params;
}

const pecards::CardParams& DeckModel::shownParams(int card) const {
    return at(card).shown;
}

void DeckModel::edit(int card, const pecards::CardParams& params, const QString& what) {
    const Card& current = at(card);
    if (current.params == params)
        return;
    m_undo->push(new DeckCommand<pecards::CardParams>(this, card, -1, current.params, params, what));
}

void DeckModel::setParams(int card, const pecards::CardParams& params) {
    apply(card, -1, params);
}

int DeckModel::slotCount(int card) const {
    return static_cast<int>(at(card).states.size());
}

const SlotState& DeckModel::slot(int card, int slot) const {
    const Card& target = at(card);
    if (slot < 0 || slot >= target.states.size())
        throw std::out_of_range("DeckModel: slot " + std::to_string(slot) + " of card " + std::to_string(card)
            + " is outside [0, " + std::to_string(target.states.size()) + ")");
    return target.states.at(slot);
}

void DeckModel::editSlot(int card, int slot, const SlotState& state, const QString& what) {
    const SlotState& current = this->slot(card, slot);
    if (current == state)
        return;
    m_undo->push(new DeckCommand<SlotState>(this, card, slot, current, state, what));
}

void DeckModel::setSlot(int card, int slot, const SlotState& state) {
    apply(card, slot, state);
}

void DeckModel::editCompare(const CompareState& state, const QString& what) {
    if (m_compare == state)
        return;
    m_undo->push(new DeckCommand<CompareState>(this, -1, -1, m_compare, state, what));
}

void DeckModel::setCompare(const CompareState& state) {
    apply(-1, -1, state);
}

void DeckModel::apply(int /*card*/, int /*slot*/, const CompareState& state) {
    if (m_compare == state)
        return;
    m_compare = state;
    emit compareChanged();
}

void DeckModel::apply(int card, int /*slot*/, const pecards::CardParams& params) {
    Card& target = at(card);
    if (target.params == params)
        return;
    target.params = params;
    if (passesValidation(params)) // the one validation of this change on the UI thread
        target.shown = params;
    emit cardChanged(card);
}

void DeckModel::apply(int card, int slot, const SlotState& state) {
    auto& target = const_cast<SlotState&>(this->slot(card, slot)); // checks the indices
    if (target == state)
        return;
    target = state;
    emit slotChanged(card, slot);
}

} // namespace pecards::gui
