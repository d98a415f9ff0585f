#pragma once
/// @file chartpanel.h
/// @brief A card view showing a chart (waves, RoPE polar pair, spectrum, decay, ALiBi heads,
/// relative buckets) with the chart's own tools (channels, position, reach). Object names: the
/// legend under the chart "legend", the RoPE polar / dynamic NTK position slider "position".

#include "compute/computejobs.h"
#include "views/viewpanel.h"

class QLabel;
class QLineEdit;
class QSpinBox;

namespace pecards::gui {

class ChartWidget;
class ComputeService;
class SliderSpin;

class ChartPanel : public ViewPanel {
    Q_OBJECT
public:
    ChartPanel(const ViewSpec& spec, ComputeService* service, const QString& tag, QWidget* parent = nullptr);

    void setParams(const pecards::CardParams& params) override;
    bool hasResult() const override { return m_hasResult; }
    std::optional<ShownView> shownView() const override;

    /// @brief Draws B's curves too, on the same axes (the compare tab): the chart's tools apply
    /// to both sides, the curves are overlayCurves(A's, B's) and saved as overlayChartSpec; a
    /// chart whose axes differ between A and B shows the message instead. nullopt: the card's
    /// curves only (the default).
    void setOverlay(std::optional<pecards::CardParams> paramsB);

    ChartWidget* chart() const { return m_chart; }
    const pecards::app::CurveRequest& lastRequest() const { return m_request; }

    /// @brief The chart's tools: its name (figure/curves.h chartName), the channels typed
    /// (empty: automatic; left out while the text is not a list of whole numbers), the position
    /// m or length n, and the reach or positions shown (0 without that tool).
    void writeState(SlotState& state) const override;
    void readState(const SlotState& state) override;

    /// @brief True for charts a position sweep animates: the RoPE polar pairs (rotated to
    /// position m) and the ALiBi bias per head (drawn out to distance m).
    bool isSweepable() const override;
    /// @brief Shows position m (presentation animation): polar: the pairs at m; ALiBi heads:
    /// distances 0..max(2, m). No-op for other charts. The worker computes; latest wins.
    void setSweepPosition(int m) override;
    /// @brief The position a sweep sets (polar: m; ALiBi heads: the reach), to restore it after.
    int sweepPosition() const override;

protected:
    void showEvent(QShowEvent* event) override;
    /// @brief Saves the chart figure (chartFigureSpec) as PNG, SVG or PDF.
    void saveView() override;

private:
    void submit();
    /// Shows the curves (overlaid with B's when both sides answered the latest requests).
    void showCurves();
    std::vector<int> channels() const;
    /// The message for channel text that is not a list of whole numbers (naming the text and
    /// the allowed indices); empty when it is one.
    QString channelTextError() const;
    /// The card's curves (A) or, in the compare tab's overlay, B's.
    enum class Side { A, B };
    /// The callbacks that bring `side`'s answers here.
    JobReplies replies(Side side);
    void onCurves(Side side, const CurveResult& result);
    void onFailure(Side side, const ComputeFailure& failure);

    ComputeService* m_service;
    QString m_tag;
    ChartWidget* m_chart = nullptr;
    QLabel* m_legend = nullptr;
    QLineEdit* m_channels = nullptr; ///< Waves / RopePolar
    SliderSpin* m_position = nullptr; ///< RopePolar
    bool m_reading = false; ///< readState or a sweep sets the tools: no stateEdited
    std::int64_t m_wantedPosition
        = pecards::app::kDefaultPolarPosition; ///< the user's m, shown while m <= L-1
    QSpinBox* m_extent = nullptr; ///< Waves / AlibiHeads / RelativeBuckets
    pecards::app::CurveRequest m_request; ///< the next (or last) request: its params are the ones set last
    bool m_hasParams = false;
    bool m_hasResult = false;
    std::optional<ShownChart> m_shown; ///< the curves on screen, none while a message is shown
    bool m_dirty = true;
    quint64 m_shownId = 0;
    std::optional<pecards::CardParams> m_overlay; ///< setOverlay: B's parameters
    QString m_overlayTag; ///< the tag of B's requests
    std::optional<CurveResult> m_resultA; ///< the newest answers of A and (overlay) B
    std::optional<CurveResult> m_resultB;
};

} // namespace pecards::gui
