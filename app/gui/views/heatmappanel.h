#pragma once
/// @file heatmappanel.h
/// @brief A card view showing one engine quantity as a heatmap, with its tools: reduction
/// (sample/mean/max/min), reset zoom, colour map (context menu) and export.

#include "views/viewpanel.h"

class QComboBox;

namespace pecards::gui {

class ComputeService;
class HeatmapController;
class HeatmapWidget;

class HeatmapPanel : public ViewPanel {
    Q_OBJECT
public:
    /// @param tag unique tag of this view's requests
    HeatmapPanel(
        const ViewSpec& spec, ComputeService* service, const QString& tag, QWidget* parent = nullptr);

    void setParams(const pecards::CardParams& params) override;
    bool hasResult() const override;
    std::optional<ShownView> shownView() const override;

    /// @brief Every heatmap follows a presentation sweep: a marker on position m (the row m;
    /// for position x position quantities also the column m).
    bool isSweepable() const override { return true; }
    void setSweepPosition(int m) override;
    int sweepPosition() const override;

    HeatmapWidget* heatmap() const { return m_heatmap; }
    HeatmapController* controller() const { return m_controller; }
    QComboBox* reductionBox() const { return m_reduction; }

    /// @brief Shows `view`'s window, reduction, colour map, locked range and scale (a workspace
    /// being opened, an undo); a colour map equal to the quantity's default means "automatic".
    /// Its quantity is not checked (readState does).
    void applyView(const pecards::app::CardView& view);
    /// @brief The window, reduction, colours, locked range and scale shown now.
    pecards::app::CardView view() const;
    void writeState(SlotState& state) const override;
    void readState(const SlotState& state) override;

protected:
    /// @brief Saves the figure (PNG/SVG/PDF) or the numbers (.npy/.csv) of the heatmap shown.
    void saveView() override;

private:
    void showContextMenu(const QPoint& position);

    ComputeService* m_service; ///< recomputes the heatmap at print resolution for "Save…"
    HeatmapWidget* m_heatmap = nullptr;
    HeatmapController* m_controller = nullptr;
    QComboBox* m_reduction = nullptr;
};

} // namespace pecards::gui
