#include "cards/paramscommand.h"

#include "cards/cardpage.h"

#include <QDateTime>

namespace pecards::gui {

ParamsCommand::ParamsCommand(
    CardPage* card, pecards::CardParams before, pecards::CardParams after, const QString& text, bool applied)
    : QUndoCommand(text)
    , m_card(card)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_skipRedo(applied)
    , m_time(QDateTime::currentMSecsSinceEpoch()) {
    setObsolete(m_before == m_after); // nothing changed: the stack drops it
}

void ParamsCommand::undo() {
    m_card->setParams(m_before);
}

void ParamsCommand::redo() {
    if (m_skipRedo) {
        m_skipRedo = false;
        return;
    }
    m_card->setParams(m_after);
}

bool ParamsCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const ParamsCommand*>(other);
    if (next->m_card != m_card || next->m_time - m_time > kMergeMilliseconds || text() != next->text())
        return false;
    m_after = next->m_after;
    m_time = next->m_time;
    setObsolete(m_before == m_after); // dragged back to where it started
    return true;
}

} // namespace pecards::gui
