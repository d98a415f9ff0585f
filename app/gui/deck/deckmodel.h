#pragma once
/// @file deckmodel.h
/// @brief The one owner of the deck's state: every card's parameters, the last valid ones, and
/// one undo history of the edits (#27, stage 1 of "the deck is a model"). Widgets observe it
/// (cardChanged) and send it edits; nothing else stores a card's parameters (the form keeps the
/// value being edited, the views one "last sent" request each). The model is thin: state and
/// commands, no requests, colours or widgets (qrenderdoc's CaptureContext, hotspot's
/// FilterAndZoomStack: one state handed to every page).

#include <QList>
#include <QObject>
#include <QString>
#include <pecards/params.h>

class QUndoStack;

namespace pecards::gui {

class DeckModel : public QObject {
    Q_OBJECT
public:
    explicit DeckModel(QObject* parent = nullptr);

    /// @brief Appends a card (tab order) showing `params`; returns its index.
    int addCard(const pecards::CardParams& params);
    int cardCount() const { return static_cast<int>(m_cards.size()); }

    /// @brief The card's parameters as edited last; may be invalid (a typed value the engine
    /// refuses, whose message the views show). Throws std::out_of_range for an index outside
    /// [0, cardCount()).
    const pecards::CardParams& params(int card) const;
    /// @brief The card's last valid parameters (pecards::validate passed): what its views, title
    /// and text show while params() is invalid; equal to params() otherwise.
    const pecards::CardParams& shownParams(int card) const;
    /// @brief True when params(card) passed pecards::validate (checked once per change).
    bool isValid(int card) const;

    /// @brief Replaces the card's parameters as one undoable step named `what` ("Change
    /// parameters", "Load Llama 3.1"). Successive edits of one card with the same name within
    /// kMergeMilliseconds are one step (a dragged slider). Emits cardChanged when they differ.
    void edit(int card, const pecards::CardParams& params, const QString& what);
    /// @brief Replaces the card's parameters without an undo step (a lesson's animation frame, a
    /// layer group of the open model, a workspace being opened). Emits cardChanged when they
    /// differ.
    void setParams(int card, const pecards::CardParams& params);

    /// @brief The deck's one undo history (Edit > Undo/Redo): every edit of every card.
    QUndoStack* undoStack() const { return m_undo; }

    static constexpr qint64 kMergeMilliseconds = 700;

signals:
    /// @brief The card's parameters changed (an edit, an undo or redo, setParams).
    void cardChanged(int card);
    /// @brief An undo or redo step changed these cards (in the order it changed them), after the
    /// step is complete: the window shows one of them, so nothing changes out of sight.
    void cardsRecalled(const QList<int>& cards);

private:
    friend class ParamsCommand;
    struct Card {
        pecards::CardParams params;
        pecards::CardParams shown; ///< the last valid parameters
        bool valid = true;
    };
    Card& at(int card);
    const Card& at(int card) const;
    /// Stores `params` (and, when valid, as the shown ones); emits cardChanged when they differ.
    void apply(int card, const pecards::CardParams& params);
    /// apply() from an undo or redo: also remembers the card for cardsRecalled.
    void recall(int card, const pecards::CardParams& params);

    QList<Card> m_cards;
    QUndoStack* m_undo;
    QList<int> m_recalled; ///< cards the undo or redo step under way changed
};

} // namespace pecards::gui
