#pragma once
/// @file compareview.h
/// @brief The compare tab: two parameter panels (A, B) of any two cards, or of one card with
/// two parameter sets, and any view both cards offer. A heatmap view shows A and B (each a
/// HeatmapPanel: zoom, exact hover, Full, Save…, on one window and one colour range) and A − B
/// (DifferencePanel), in cells of one size with square plots for position x position maps; a
/// chart view shows A's and B's curves on one chart (ChartPanel::setOverlay). The shared range
/// and the figures Save… writes (A, B, A − B) come from figure/comparefigures.h, the code
/// `pecards-cli render --workspace` draws compare pairs with.
///
/// What the tab shows is the deck model's compare state (comparestate.h): the user's edits (a
/// card, a form, the view, a preset, a zoom or the pixel rule) are undoable steps there, and an
/// undo or a workspace is shown by following the model.

#include "deck/comparestate.h"

#include <QWidget>
#include <array>
#include <figure/comparefigures.h>
#include <figure/figureexporter.h>
#include <functional>
#include <optional>
#include <pecards/params.h>
#include <views/viewspec.h>

class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;

namespace pecards::gui {

class ChartPanel;
class CompareGrid;
class ComputeService;
class DeckModel;
class DifferencePanel;
class HeatmapPanel;
class ParameterForm;

class CompareView : public QWidget {
    Q_OBJECT
public:
    enum Side { A = 0, B = 1 };

    /// @param deck the model whose compare state the tab shows and edits
    CompareView(ComputeService* service, DeckModel* deck, QWidget* parent = nullptr);

    /// @brief What the tab shows now (the cards, their parameters, the view, A's drawing).
    CompareState state() const;

    /// @brief Shows card `idA` with `a` against card `idB` with `b` (ids from the registry), as
    /// the heatmap of `quantity` when both cards offer it (else the first view both offer).
    void compare(const QString& idA, const pecards::CardParams& a, const QString& idB,
        const pecards::CardParams& b, pecards::Quantity quantity);
    /// @brief Ready-made comparisons: "rope-base" (RoPE base 10^4 vs 5·10^5), "alibi-hybrid"
    /// (ALiBi vs RoPE+ALiBi), "alibi-forms" (causal vs BLOOM row offset). False if unknown.
    bool showPreset(const QString& name);
    /// @brief Compare my model (#32, the engineer's review C2): side `side` becomes card `id` with
    /// `params` (the card on screen, its model's parameters included); the other side is kept.
    void setSide(Side side, const QString& id, const pecards::CardParams& params);
    /// @brief The same model with two scalings: A = `params` as they are, B = the same with the RoPE
    /// scaling `type` (typicalRopeScaling: the card's factor and L0 when set, else typical values).
    void compareScalings(const QString& id, const pecards::CardParams& params, pecards::RopeScalingType type);
    /// @brief Shows the view with this id (ViewSpec::id: "score", "spectrum", …) when both
    /// cards offer it for their parameters; false otherwise.
    bool showView(const QString& id);

    /// @brief Shows or hides the parameter panels of A and B (presentation mode gives their room
    /// to the views).
    void setPanelsVisible(bool visible);

    const pecards::CardParams& params(Side side) const { return m_params[side]; }
    /// @brief B while the keyboard focus is in B's parameters or view, else A.
    Side focusedSide() const;
    /// @brief The quantity of the heatmap view shown (the last one while a chart is shown).
    pecards::Quantity quantity() const { return m_quantity; }
    /// @brief The id of the view shown.
    const QString& viewId() const { return m_spec.id; }
    /// @brief True once every view shown answered (a picture or a message).
    bool hasResult() const;

    /// @brief Makes the figures Save… writes for the heatmaps shown: A and B computed again at
    /// print resolution with `options` (B at A's pixels) on the worker and drawn by
    /// app::compareFigureSpecs, as `pecards-cli render --workspace` draws a compare pair; `done`
    /// gets A, B and A − B, or `failed` a message (also "B unit" for values of two units). The
    /// job ends with `context`. False, and nothing started, while a chart is shown or a side
    /// has no picture yet.
    bool exportFigures(const pecards::app::FigureExportOptions& options, QObject* context,
        std::function<void(const pecards::app::CompareFigureSet&)> done,
        std::function<void(const QString&)> failed) const;

    /// @brief A's or B's heatmap (null while a chart is shown).
    HeatmapPanel* heatmapPanel(Side side) const { return m_panels[side]; }
    DifferencePanel* differencePanel() const { return m_difference; }
    /// @brief The overlay chart (null while heatmaps are shown).
    ChartPanel* chartPanel() const { return m_chart; }
    ParameterForm* form(Side side) const { return m_forms[side]; }
    QComboBox* viewChoice() const { return m_view; }
    CompareGrid* grid() const { return m_grid; }

    static constexpr int kPanelMinimumWidth = 200; ///< each parameter panel (scrolls sideways)
    static constexpr int kPanelMaximumWidth = 260; ///< the rest of the width goes to the views

protected:
    /// @brief Keeps A and B at one output size when their heatmaps are resized.
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    /// @brief A view was shown anew (a new choice, a preset, a workspace).
    void viewShown();

private:
    /// Runs `change` (the user's: a card, a form, the view, a preset) and records the result as
    /// one undoable step in the deck model.
    void userEdit(const std::function<void()>& change);
    /// The user's edit is done: the state becomes the model's as an undoable step.
    void record();
    /// A programmatic change is done (the first comparison, a workspace, a test): the model
    /// follows without an undo step.
    void store();
    /// Shows the model's compare state (an undo or redo, a workspace).
    void followModel();
    void setCard(Side side, const QString& id, const pecards::CardParams& params);
    void setSideParams(Side side, const pecards::CardParams& params);
    /// The views both cards offer for their parameters, in A's order (own panels excluded).
    QList<ViewSpec> sharedViews() const;
    void refreshViewChoice();
    void showSpec(const ViewSpec& spec);
    void connectHeatmaps();
    /// Shows A − B once A and B both show the answers to their latest requests.
    void refreshDifference();
    /// One colour range for A and B (the union of their ranges) when their units agree.
    void shareColorRange();
    /// B's window follows A's (and A's B's) inside app::commonWindow of the two, guarded
    /// against ping-pong.
    void syncWindow(Side from);
    /// A and B computed at one output size (the smaller of their plots).
    void shareOutputPixels();
    void refreshTitles();
    /// The figures "Save…" of A, B (`side`) or A − B (nullopt) writes: the compare set at print
    /// resolution (exportFigures); a side of a pair with no A − B (two units or extents) saves
    /// as a card's view does.
    void saveFigure(std::optional<Side> side);
    /// Texts set once (buttons, labels, the choices' entries) in the current language.
    void retranslate();

    ComputeService* m_service;
    DeckModel* m_deck;
    bool m_busy = false; ///< a change of the tab is under way: the model is told when it is done
    bool m_recording = false; ///< the model is being told: nothing to follow
    std::array<pecards::CardParams, 2> m_params;
    std::array<QString, 2> m_cardIds;
    std::array<ParameterForm*, 2> m_forms {};
    std::array<QScrollArea*, 2> m_scrolls {};
    std::array<QComboBox*, 2> m_cards {};
    QComboBox* m_view = nullptr;
    QLabel* m_intro = nullptr;
    QLabel* m_viewLabel = nullptr;
    std::array<QLabel*, 2> m_cardLabels {};
    QList<QPair<QPushButton*, QString>> m_presets; ///< the preset buttons and their ids
    CompareGrid* m_grid = nullptr;
    ViewSpec m_spec;
    pecards::Quantity m_quantity = pecards::Quantity::Score;
    std::array<HeatmapPanel*, 2> m_panels {};
    DifferencePanel* m_difference = nullptr;
    ChartPanel* m_chart = nullptr;
    bool m_settingUp = false; ///< compare(): both sides are being replaced
    bool m_syncing = false;
};

} // namespace pecards::gui
