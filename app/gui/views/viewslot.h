#pragma once
/// @file viewslot.h
/// @brief One cell of a card's view grid: a choice of what to show and the current panel
/// (HeatmapPanel, ChartPanel or the spec's own panel), created on demand, in a framed box. The
/// choice offers only the views available for the card's parameters. What the slot shows and how
/// (the chosen view, its zoom, reduction, colours or chart tools) is the deck model's (deckmodel.h,
/// slotstate.h): the user's choices and the panel's edits go to the model as undoable steps, and
/// the slot shows whatever the model says (an undo, a workspace). No style sheet: widgets
/// under one do not follow application font changes (presentation mode).

#include "views/viewspec.h"

#include <QFrame>
#include <QList>
#include <functional>
#include <pecards/params.h>

class QComboBox;
class QVBoxLayout;

namespace pecards::gui {

class ComputeService;
class DeckModel;
class ViewPanel;

class ViewSlot : public QFrame {
    Q_OBJECT
public:
    using TitleFunction = std::function<QString(const ViewSpec&, const pecards::CardParams&)>;

    /// @param card the card in `deck` whose parameters the slot shows
    /// @param slot the slot's index in the card's grid (its state in `deck`)
    /// @param tagPrefix e.g. "rope/slot0"; the panel's tag appends the view id
    ViewSlot(ComputeService* service, DeckModel& deck, int card, int slot, const QString& tagPrefix,
        const QList<ViewSpec>& specs, TitleFunction title, QWidget* parent = nullptr);

    /// @brief The user chooses the view with this id (an undoable step in the deck model; no-op
    /// for an unknown id).
    void showView(const QString& id);
    /// @brief The view chosen for this slot (the deck model's); while it is not available for
    /// the parameters, a stand-in is shown instead.
    const QString& chosenView() const;
    /// @brief Shows `id` in place of the chosen view (which is unavailable now); showChosen()
    /// brings the chosen view back once it is available again.
    void showStandIn(const QString& id);
    /// @brief Shows the chosen view (the first time after the slot is made: its owner connects
    /// viewShown first).
    void showChosen();
    ViewPanel* view() const { return m_view; }
    QComboBox* choice() const { return m_choice; }

    /// @brief The card's parameters changed in the deck model: the panel, its title (the last
    /// valid parameters: what the picture shows) and the choice of views follow.
    void showParams();

    /// @brief Sets the panel's title again (after a language change); computes nothing.
    void refreshTitle();

signals:
    /// @brief A new panel is shown (the user's choice or a stand-in).
    void viewShown(ViewPanel* view);

public:
    static constexpr int kChoiceCharacters = 11; ///< least width of the view choice; the list opens wider
    static constexpr int kChoiceStretch = 100; ///< its share of a row's free room (the row's stretch has 1)

protected:
    void changeEvent(QEvent* event) override;

private:
    void show(const QString& id);
    /// The model's state of this slot changed: show its view and what it says.
    void followModel();
    /// The panel shows the chosen view: its state (a window reset by new parameters, the
    /// defaults of a new view) becomes the model's, without an undo step.
    void storeShownState();
    /// The choice may grow up to the width of the name shown.
    void fitChoice();
    /// The choice lists the available views, the one shown selected.
    void refreshChoice();

    ComputeService* m_service;
    DeckModel& m_deck;
    int m_card;
    int m_slot;
    QString m_tagPrefix;
    QList<ViewSpec> m_specs;
    TitleFunction m_title;
    QComboBox* m_choice = nullptr;
    QVBoxLayout* m_layout = nullptr;
    ViewPanel* m_view = nullptr;
    bool m_hasParams = false; ///< showParams was called: the card's views are computed
    bool m_stateShown = false; ///< the panel shows the model's state (read once per panel)
    bool m_storing = false; ///< storeShownState is writing the model: nothing to follow
};

} // namespace pecards::gui
