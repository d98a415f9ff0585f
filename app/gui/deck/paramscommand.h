#pragma once
/// @file paramscommand.h
/// @brief One undoable change of a card's parameters on the deck's undo stack (a control moved,
/// a preset, a model loaded, Reset to defaults). Quick successive edits of one card with the
/// same name (a slider being dragged) merge into one step.

#include <QUndoCommand>
#include <pecards/params.h>

namespace pecards::gui {

class DeckModel;

class ParamsCommand : public QUndoCommand {
public:
    /// @param card the card's index in `deck`
    ParamsCommand(DeckModel* deck, int card, pecards::CardParams before, pecards::CardParams after,
        const QString& text);

    void undo() override;
    void redo() override;
    int id() const override { return kId; }
    /// @brief Absorbs a following edit of the same card with the same name made within
    /// DeckModel::kMergeMilliseconds.
    bool mergeWith(const QUndoCommand* other) override;

    static constexpr int kId = 0x5043; ///< "PC"

private:
    DeckModel* m_deck;
    int m_card;
    pecards::CardParams m_before;
    pecards::CardParams m_after;
    bool m_pushed = false; ///< the first redo (the push itself) is not a recall
    qint64 m_time; ///< when the last merged edit was made (ms since the epoch)
};

} // namespace pecards::gui
