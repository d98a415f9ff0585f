#pragma once
/// @file cardpage.h
/// @brief Base of the deck's cards: the card text (front/back,
/// flip), a header with the reference and the live convention, a grid of view slots and the
/// side panel of parameter controls. Built lazily on first show (`load` -> `doLoad`).
///
/// The parameters are the deck model's (deckmodel.h): the page observes its card there and
/// sends the form's edits to it; it stores no copy of its own.

#include "cards/cardregistry.h"
#include "cardtext/cardtext.h"
#include "views/viewfigure.h"

#include <QList>
#include <QWidget>
#include <figure/cardhandout.h>
#include <figure/coverspec.h>
#include <optional>
#include <pecards/params.h>
#include <pecards/pitfallparams.h>

class QHBoxLayout;
class QLabel;
class QPushButton;
class QScrollArea;
class QStackedWidget;
class QTextBrowser;

namespace pecards::gui {

using pecards::app::CardSide;

class ComputeService;
class DeckModel;
class ParameterForm;
class PitfallView;
class ViewGrid;
class ViewSlot;

class CardPage : public QWidget {
    Q_OBJECT
public:
    /// @param card the page's card in `deck` (its index, tab order)
    CardPage(const CardEntry& entry, ComputeService* service, DeckModel* deck, int card,
        QWidget* parent = nullptr);

    /// @brief Builds the card's widgets once (called when the card is first shown).
    void load();

    const CardEntry& entry() const { return m_entry; }
    /// @brief The card's parameters in the deck model (as edited last; may be invalid).
    const pecards::CardParams& params() const;
    /// @brief Replaces the card's parameters in the deck model without an undo step (a layer
    /// group, a lesson frame); views and text follow.
    void setParams(const pecards::CardParams& params);
    /// @brief Replaces the parameters as an undoable step named `what` ("Load Llama 3.1").
    void edit(const pecards::CardParams& params, const QString& what);
    /// @brief Card > Reset to defaults: the card's first parameters, as an undoable step.
    void resetToDefaults();
    DeckModel* deck() const { return m_deck; }
    /// @brief The page's card in deck().
    int cardIndex() const { return m_card; }

    /// @brief Turns the card text over (front: formula, idea, problem, paper; back:
    /// parameters, usual values, implementation, failure + fix, misconceptions).
    void flip();
    CardSide side() const { return m_side; }
    /// @brief Card text language: "en" or "zh_CN".
    void setLanguage(const QString& language);
    /// @brief The HTML shown now (convention inserted).
    QString currentText() const;

    ParameterForm* form() const { return m_form; }
    const QList<ViewSlot*>& viewSlots() const { return m_slots; }
    /// @brief Shows only the view slots `indices`, in that order, filling the whole grid
    /// (presentation mode, a lesson step; views/viewgrid.h); an empty list shows every slot in the
    /// normal grid again.
    void focusViews(const QList<int>& indices);

    /// @brief The computed data of the visible views (heatmaps and charts), in grid order (for
    /// "Export card"); the titles of visible views that show no picture (an error message, or
    /// still computing) go to `leftOut` when it is not null, so an export can say what it omits.
    /// While the Pitfalls view is shown: its correct and buggy maps (buggy − correct is left out;
    /// its Save… button saves it).
    QList<ShownView> visibleViews(QStringList* leftOut = nullptr) const;
    /// @brief The cover page of the card's handout: its title, `model` and every parameter.
    pecards::app::CoverSpec coverPage(const QString& model) const;
    /// @brief The texts of the card's handout (figure/cardhandout.h) in the card's language: its
    /// front and back with the convention line of the parameters shown, its heading and header
    /// line; the figures are left to the caller.
    pecards::app::CardHandout handoutTexts() const;
    /// @brief The view holding the keyboard focus, else the first visible view with a result
    /// (for "Copy figure"); none when no view shows a result.
    std::optional<ShownView> currentView() const;
    /// @brief True when every view not hidden shows a result or a message (the Pitfalls view
    /// when it is shown).
    bool allViewsAnswered() const;
    /// @brief True when every visible heatmap shows its final picture
    /// (HeatmapController::showsFinalPicture; charts are computed exactly).
    bool allViewsFinal() const;

    /// @brief Shows the Pitfalls view (pitfallview.h) in place of the view grid, on `pitfall`
    /// (a pitfall of this card). Also reached from the links on the back of the card.
    void showPitfalls(pecards::Pitfall pitfall);
    /// @brief Shows the view grid again.
    void showViews();
    bool pitfallsShown() const;
    /// @brief Shows or hides the text side ("textPane": title, convention, card text): a lesson shows its
    /// own text in their place (lessonplayer.h).
    void setTextVisible(bool visible);
    /// @brief Shows or hides the parameter controls: presentation mode gives their room to the
    /// views (presentationcontroller.h), as it does with the compare tab's panels. While they are
    /// hidden, the Pitfalls view takes the text side's room too: it carries its own diagnosis
    /// (its maps were about 195 px at 1280x720 beside the card's text).
    void setControlsVisible(bool visible);
    PitfallView* pitfallView() const { return m_pitfalls; }

    /// The Card > Flip action's shortcut (the flip button's tooltip names it).
    static constexpr QKeyCombination kFlipShortcut {Qt::CTRL | Qt::Key_F};
    static constexpr int kTextMinimumWidth = 200; ///< the text pane; its splitter handle widens it
    static constexpr int kControlsMinimumWidth = 230; ///< the control pane (scrolls sideways below)
    static constexpr int kControlsMaximumWidth = 280; ///< its widest first size

protected:
    void showEvent(QShowEvent* event) override;
    /// @brief Retranslates the header, the convention line and the view titles.
    void changeEvent(QEvent* event) override;
    /// @brief Builds the default layout; a subclass may extend it (then call the base first).
    virtual void doLoad();
    /// @brief A new row under the card's buttons where a subclass puts card-specific widgets;
    /// the text pane is kept at least as wide as each row wants (call fitTextPane after
    /// changing their texts).
    QHBoxLayout* addHeaderRow();
    /// @brief Widens the text pane's minimum to the widest header row, so no button is cut
    /// (texts change with the side, the language and presentation mode's font).
    void fitTextPane();

    /// @brief The deck model changed this card's parameters; the page has shown them. A card
    /// with widgets of its own (the relative card's head picker) follows here.
    virtual void paramsShown(const pecards::CardParams& /*params*/) { }

private:
    /// Shows the model's parameters: the form (unless they came from it), views, header, text.
    void applyParams();
    /// Each slot shows its chosen view when it is available for `params`, else a stand-in:
    /// the first available view of the card that no other slot shows.
    void fitViews(const pecards::CardParams& params);
    /// Views of one quantity share one colour range (the union of their automatic ranges), so
    /// equal colours mean equal values across the card.
    void shareColorRanges();
    void refreshText();
    /// Replaces the shown convention line with `convention` in the shown document; false when
    /// the line is not found (the caller loads the whole text).
    bool replaceShownConvention(const QString& convention);
    void refreshHeader();
    /// Builds the parameter controls (again after a language change: labels are translated).
    void buildForm();

    CardEntry m_entry;
    ComputeService* m_service;
    DeckModel* m_deck;
    int m_card;
    bool m_loaded = false;
    bool m_textWanted = true; ///< setTextVisible's last word
    /// Shows the text side when it is wanted, unless the Pitfalls view is shown without controls.
    void showTextSide();
    CardSide m_side = CardSide::Front;
    QString m_language = QStringLiteral("en");
    QList<QHBoxLayout*> m_headerRows; ///< the button row and the rows of addHeaderRow
    QLabel* m_title = nullptr;
    QLabel* m_convention = nullptr;
    QPushButton* m_flip = nullptr;
    QTextBrowser* m_text = nullptr;
    QString m_shownHtml;
    CardSide m_shownSide = CardSide::Front;
    QString m_shownLanguage;
    QString m_shownConvention; ///< the convention line inside the shown text
    ParameterForm* m_form = nullptr;
    QScrollArea* m_controls = nullptr;
    ViewGrid* m_grid = nullptr;
    QList<ViewSlot*> m_slots;
    QStackedWidget* m_stack = nullptr; ///< the view grid, or the Pitfalls view in its place
    PitfallView* m_pitfalls = nullptr;
    QPushButton* m_pitfallButton = nullptr;
};

} // namespace pecards::gui
