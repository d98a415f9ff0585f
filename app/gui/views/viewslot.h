#pragma once
/// @file viewslot.h
/// @brief One cell of a card's view grid: a choice of what to show and the current panel
/// (HeatmapPanel, ChartPanel or the spec's own panel), created on demand, in a framed box. The
/// choice offers only the views available for the card's parameters, which it reads from the
/// deck model (deckmodel.h). No style sheet: widgets
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
    /// @param tagPrefix e.g. "rope/slot0"; the panel's tag appends the view id
    ViewSlot(ComputeService* service, const DeckModel& deck, int card, const QString& tagPrefix,
        const QList<ViewSpec>& specs, TitleFunction title, QWidget* parent = nullptr);

    /// @brief Shows the view with this id as the user's choice (no-op for an unknown id).
    void showView(const QString& id);
    /// @brief The view chosen for this slot (by the user or the card's defaults); while it is
    /// not available for the parameters, a stand-in is shown instead.
    const QString& chosenView() const { return m_chosen; }
    /// @brief Shows `id` in place of the chosen view (which is unavailable now); the chosen
    /// view comes back by `showView(chosenView())` once it is available again.
    void showStandIn(const QString& id);
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
    /// The choice may grow up to the width of the name shown.
    void fitChoice();
    /// The choice lists the available views, the one shown selected.
    void refreshChoice();

    ComputeService* m_service;
    const DeckModel& m_deck;
    int m_card;
    QString m_tagPrefix;
    QList<ViewSpec> m_specs;
    TitleFunction m_title;
    QComboBox* m_choice = nullptr;
    QVBoxLayout* m_layout = nullptr;
    ViewPanel* m_view = nullptr;
    QString m_chosen;
    bool m_hasParams = false; ///< showParams was called: the card's views are computed
};

} // namespace pecards::gui
