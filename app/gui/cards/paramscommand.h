#pragma once
/// @file paramscommand.h
/// @brief One undoable change of a card's parameters (a control moved, a preset, Reset to
/// defaults) on the card's QUndoStack. Quick successive edits of one card (a slider being
/// dragged) merge into one step.

#include <QUndoCommand>
#include <pecards/params.h>

namespace pecards::gui {

class CardPage;

class ParamsCommand : public QUndoCommand {
public:
    /// @param applied true when `after` is already in force (a control's own edit): the first
    /// redo() then does nothing.
    ParamsCommand(CardPage* card, pecards::CardParams before, pecards::CardParams after, const QString& text,
        bool applied);

    void undo() override;
    void redo() override;
    int id() const override { return kId; }
    /// @brief Absorbs a following edit of the same card made within kMergeMilliseconds.
    bool mergeWith(const QUndoCommand* other) override;

    static constexpr int kId = 0x5043; ///< "PC"
    static constexpr qint64 kMergeMilliseconds = 700;

private:
    CardPage* m_card;
    pecards::CardParams m_before;
    pecards::CardParams m_after;
    bool m_skipRedo;
    qint64 m_time; ///< when the last merged edit was made (ms since the epoch)
};

} // namespace pecards::gui
