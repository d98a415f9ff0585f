#include "deck/paramscommand.h"

#include "deck/deckmodel.h"

#include <QDateTime>

namespace pecards::gui {

ParamsCommand::ParamsCommand(
    DeckModel* deck, int card, pecards::CardParams before, pecards::CardParams after, const QString& text)
    : QUndoCommand(text)
    , m_deck(deck)
    , m_card(card)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_time(QDateTime::currentMSecsSinceEpoch()) {
    setObsolete(m_before == m_after); // nothing changed: the stack drops it
}

void ParamsCommand::undo() {
    m_deck->recall(m_card, m_before);
}

void ParamsCommand::redo() {
    if (m_pushed) {
        m_deck->recall(m_card, m_after);
        return;
    }
    m_pushed = true;
    m_deck->apply(m_card, m_after);
}

bool ParamsCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const ParamsCommand*>(other);
    if (next->m_deck != m_deck || next->m_card != m_card
        || next->m_time - m_time > DeckModel::kMergeMilliseconds || text() != next->text())
        return false;
    m_after = next->m_after;
    m_time = next->m_time;
    setObsolete(m_before == m_after); // dragged back to where it started
    return true;
}

} // namespace pecards::gui
