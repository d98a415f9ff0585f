#pragma once
/// @file deckcommand.h
/// @brief One undoable edit of the deck model on its undo stack: a card's parameters (a control
/// moved, a preset, a model loaded, Reset to defaults) or a view slot's state (the view chosen, a
/// zoom, a reduction, colours, a chart's tools). Quick successive edits of one target with the
/// same name (a dragged slider, wheel zoom steps) merge into one step.

#include "deck/deckmodel.h"

#include <QDateTime>
#include <QUndoCommand>
#include <type_traits>

namespace pecards::gui {

/// @tparam Value pecards::CardParams (`slot` -1), SlotState or CompareState (`card` and `slot` -1)
template <typename Value> class DeckCommand : public QUndoCommand {
public:
    DeckCommand(DeckModel* deck, int card, int slot, Value before, Value after, const QString& text)
        : QUndoCommand(text)
        , m_deck(deck)
        , m_card(card)
        , m_slot(slot)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_time(QDateTime::currentMSecsSinceEpoch()) {
        setObsolete(m_before == m_after); // nothing changed: the stack drops it
    }

    void undo() override { m_deck->recall(m_card, m_slot, m_before); }
    void redo() override {
        if (m_pushed) {
            m_deck->recall(m_card, m_slot, m_after);
            return;
        }
        m_pushed = true; // the push itself is made where the user looks: no recall
        m_deck->apply(m_card, m_slot, m_after);
    }
    int id() const override {
        if constexpr (std::is_same_v<Value, pecards::CardParams>)
            return 0x5043; // "PC"
        else if constexpr (std::is_same_v<Value, SlotState>)
            return 0x5053; // "PS"
        else
            return 0x4343; // "CC"
    }
    /// @brief Absorbs a following edit of the same target with the same name made within
    /// DeckModel::kMergeMilliseconds.
    bool mergeWith(const QUndoCommand* other) override {
        const auto* next = static_cast<const DeckCommand*>(other);
        if (next->m_deck != m_deck || next->m_card != m_card || next->m_slot != m_slot
            || next->m_time - m_time > DeckModel::kMergeMilliseconds || text() != next->text())
            return false;
        m_after = next->m_after;
        m_time = next->m_time;
        setObsolete(m_before == m_after); // dragged back to where it started
        return true;
    }

private:
    DeckModel* m_deck;
    int m_card;
    int m_slot;
    Value m_before;
    Value m_after;
    bool m_pushed = false;
    qint64 m_time; ///< when the last merged edit was made (ms since the epoch)
};

} // namespace pecards::gui
