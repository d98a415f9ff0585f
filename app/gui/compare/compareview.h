#pragma once
/// @file compareview.h
/// @brief The compare tab: two parameter panels (A, B) of any two cards, or of one card with
/// two parameter sets, and three heatmaps A, B and A - B of a chosen quantity.

#include "compare/comparecontroller.h"

#include <QWidget>

class ComputeService;
class HeatmapWidget;
class ParameterForm;
class QComboBox;
class QGridLayout;
class QLabel;
class QScrollArea;

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(ComputeService* service, QWidget* parent = nullptr);

    /// @brief Shows card `idA` with `a` against card `idB` with `b` (ids from the registry).
    void compare(const QString& idA, const pecards::CardParams& a, const QString& idB,
        const pecards::CardParams& b, pecards::Quantity quantity);
    /// @brief Ready-made comparisons: "rope-base" (RoPE base 10^4 vs 5·10^5), "alibi-hybrid"
    /// (ALiBi vs RoPE+ALiBi), "alibi-forms" (causal vs BLOOM row offset). False if unknown.
    bool showPreset(const QString& name);

    CompareController* controller() const { return m_controller; }
    HeatmapWidget* heatmap(CompareController::Side side) const { return m_heatmaps[side]; }
    ParameterForm* form(CompareController::Side side) const {
        return m_forms[side == CompareController::B ? 1 : 0];
    }

    static constexpr int kPanelMinimumWidth = 200; ///< each parameter panel (scrolls sideways)
    static constexpr int kThreeColumnWidth = 1400; ///< from this width A, B, A - B side by side

protected:
    /// @brief Reflows the heatmaps: three columns when wide, else A | B over A - B.
    void resizeEvent(QResizeEvent* event) override;

private:
    void arrangeMaps(int columns);
    void setCard(CompareController::Side side, const QString& id, const pecards::CardParams& params);
    void refreshQuantities();
    void refreshTitles();

    ComputeService* m_service;
    CompareController* m_controller = nullptr;
    std::array<HeatmapWidget*, 3> m_heatmaps {};
    std::array<QLabel*, 3> m_titles {};
    std::array<ParameterForm*, 2> m_forms {};
    std::array<QScrollArea*, 2> m_scrolls {};
    std::array<QComboBox*, 2> m_cards {};
    std::array<QString, 2> m_cardIds;
    QComboBox* m_quantity = nullptr;
    QComboBox* m_reduction = nullptr;
    QGridLayout* m_maps = nullptr;
    int m_mapColumns = 2;
};
