#pragma once
/// @file patchpanel.h
/// @brief The multimodal card's vision-tower view: the 2-D RoPE score of one patch against every
/// patch of the grid, drawn as the image it is (rows x columns of patches), with the query patch
/// circled. The tower's head, theta and grid are the card's (MultimodalParams::tower); the score
/// is the engine's `pecards::visionPatchScore` with the card's probe kind and seed, computed off
/// the UI thread (QtConcurrent), the latest parameters winning.

#include "views/viewpanel.h"

#include <Eigen/Core>
#include <QFutureWatcher>

namespace pecards::gui {

class HeatmapWidget;

class PatchPanel : public ViewPanel {
    Q_OBJECT
public:
    PatchPanel(const ViewSpec& spec, QWidget* parent = nullptr);

    void setParams(const pecards::CardParams& params) override;
    bool hasResult() const override { return m_hasResult; }
    /// @brief None: the patch map has no figure export yet (the CLI's patch-score writes its data).
    std::optional<ShownView> shownView() const override { return std::nullopt; }

    HeatmapWidget* heatmap() const { return m_heatmap; }
    /// @brief The scores shown (rows x cols of the grid); empty while a message is shown.
    const Eigen::MatrixXd& scores() const { return m_scores; }

protected:
    /// @brief Never called: the panel has no Save button.
    void saveView() override { }

private:
    /// What one computation returns: the scores, or the engine's message.
    struct Result {
        Eigen::MatrixXd scores;
        QString error;
    };
    void submit();
    void onComputed();

    HeatmapWidget* m_heatmap = nullptr;
    QFutureWatcher<Result> m_watcher;
    pecards::CardParams m_params;
    pecards::CardParams m_shown; ///< the parameters of the computation running or shown
    Eigen::MatrixXd m_scores;
    bool m_hasResult = false;
    bool m_pending = false;
};

} // namespace pecards::gui
