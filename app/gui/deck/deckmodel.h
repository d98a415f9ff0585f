#pragma once
/// @file deckmodel.h
/// @brief The one owner of the deck's state: every card's parameters (and the last valid ones),
/// what each of its view slots shows and how (slotstate.h), the compare tab (comparestate.h), the
/// card on screen, the last implementation check, and one undo history of the edits
/// (#27, "the deck is a model"). Widgets observe it (cardChanged, slotChanged) and send it edits;
/// nothing else stores a card's parameters (the form keeps the value being edited, the views one
/// "last sent" request each). The model is thin: state and commands, no requests, colours or
/// widgets (qrenderdoc's CaptureContext, hotspot's FilterAndZoomStack: one state handed to every
/// page).

#include "deck/comparestate.h"
#include "deck/slotstate.h"

#include <QList>
#include <QObject>
#include <QString>
#include <optional>
#include <pecards/params.h>
#include <workspace/workspace.h>

class QUndoStack;

namespace pecards::gui {

template <typename Value> class DeckCommand;

class DeckModel : public QObject {
    Q_OBJECT
public:
    explicit DeckModel(QObject* parent = nullptr);
    /// @brief Disconnects the undo stack first: clearing it while it is destroyed announces
    /// changes of a model that is gone.
    ~DeckModel() override;

    /// @brief Appends the card `id` of the card registry ("rope"; tab order) showing `params`, its
    /// view slots showing `states` (grid order); returns its index.
    int addCard(const QString& id, const pecards::CardParams& params, const QList<SlotState>& states);
    int cardCount() const { return static_cast<int>(m_cards.size()); }
    /// @brief The card's registry id. Throws std::out_of_range as params().
    const QString& cardId(int card) const;
    /// @brief The index of the card with registry id `id`, -1 if none.
    int indexOf(const QString& id) const;

    /// @brief The card on screen (its index), -1 for the compare tab.
    int activeCard() const { return m_active; }
    /// @brief Shows card `card` (-1: the compare tab); not an undo step (moving between tabs
    /// changes nothing). Emits activeCardChanged when it differs. Throws std::out_of_range for an
    /// index outside [-1, cardCount()).
    void setActiveCard(int card);

    /// @brief The last implementation check started (saved in workspaces); none before the first.
    const std::optional<pecards::app::CheckSetup>& check() const { return m_check; }
    /// @brief Replaces it (a check started, a workspace opened); emits checkChanged when it differs.
    void setCheck(const std::optional<pecards::app::CheckSetup>& check);

    /// @brief The card's parameters as edited last; may be invalid (a typed value the engine
    /// refuses, whose message the views show). Throws std::out_of_range for an index outside
    /// [0, cardCount()).
    const pecards::CardParams& params(int card) const;
    /// @brief The card's last valid parameters (pecards::validate passed): what its views, title
    /// and text show while params() is invalid; equal to params() otherwise.
    const pecards::CardParams& shownParams(int card) const;

    /// @brief Replaces the card's parameters as one undoable step named `what` ("Change
    /// parameters", "Load Llama 3.1"). Successive edits of one card with the same name within
    /// kMergeMilliseconds are one step (a dragged slider). Emits cardChanged when they differ.
    void edit(int card, const pecards::CardParams& params, const QString& what);
    /// @brief Replaces the card's parameters without an undo step (a lesson's animation frame, a
    /// layer group of the open model, a workspace being opened). Emits cardChanged when they
    /// differ.
    void setParams(int card, const pecards::CardParams& params);

    /// @brief The card's view slots (its grid, in order). Throws std::out_of_range as params().
    int slotCount(int card) const;
    const SlotState& slot(int card, int slot) const;
    /// @brief Replaces what slot `slot` of `card` shows, as one undoable step named `what`
    /// (merged as edit() does: wheel zoom steps). Emits slotChanged when the states differ.
    void editSlot(int card, int slot, const SlotState& state, const QString& what);
    /// @brief Replaces the slot's state without an undo step (a workspace, the window a parameter
    /// change reset). Emits slotChanged when the states differ.
    void setSlot(int card, int slot, const SlotState& state);

    /// @brief What the compare tab shows.
    const CompareState& compareState() const { return m_compare; }
    /// @brief Replaces it as one undoable step named `what` (merged as edit() does). Emits
    /// compareChanged when the states differ.
    void editCompare(const CompareState& state, const QString& what);
    /// @brief Replaces it without an undo step (the tab's first comparison, a workspace).
    void setCompare(const CompareState& state);

    /// @brief The deck's one undo history (Edit > Undo/Redo): every edit of every card.
    QUndoStack* undoStack() const { return m_undo; }

    static constexpr qint64 kMergeMilliseconds = 700;

signals:
    /// @brief The card's parameters changed (an edit, an undo or redo, setParams).
    void cardChanged(int card);
    /// @brief What slot `slot` of `card` shows changed (an edit, an undo or redo, setSlot).
    void slotChanged(int card, int slot);
    /// @brief The compare state changed (an edit, an undo or redo, setCompare).
    void compareChanged();
    /// @brief An undo or redo step changed these cards (in the order it changed them; -1: the
    /// compare tab), after the step is complete: the window shows one of them, so nothing
    /// changes out of sight.
    void cardsRecalled(const QList<int>& cards);
    /// @brief Another card (or the compare tab, -1) is on screen.
    void activeCardChanged(int card);
    void checkChanged();

private:
    friend class DeckCommand<pecards::CardParams>;
    friend class DeckCommand<SlotState>;
    friend class DeckCommand<CompareState>;
    struct Card {
        QString id; ///< the card registry's id
        pecards::CardParams params;
        pecards::CardParams shown; ///< the last valid parameters
        QList<SlotState> states;
    };
    Card& at(int card);
    const Card& at(int card) const;
    /// Stores `params` (and, when valid, as the shown ones); emits cardChanged when they differ.
    void apply(int card, int slot, const pecards::CardParams& params);
    /// Stores `state` as slot `slot`'s; emits slotChanged when they differ.
    void apply(int card, int slot, const SlotState& state);
    /// Stores the compare state (`card` and `slot` are -1); emits compareChanged when they differ.
    void apply(int card, int slot, const CompareState& state);
    /// apply() from an undo or redo: also remembers the card for cardsRecalled.
    template <typename Value> void recall(int card, int slot, const Value& value) {
        if (!m_recalled.contains(card))
            m_recalled.push_back(card);
        apply(card, slot, value);
    }

    QList<Card> m_cards;
    QUndoStack* m_undo;
    CompareState m_compare;
    int m_active = -1;
    std::optional<pecards::app::CheckSetup> m_check;
    QList<int> m_recalled; ///< cards the undo or redo step under way changed (-1: compare)
};

} // namespace pecards::gui
