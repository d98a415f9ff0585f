#pragma once
/// @file pairbandstrip.h
/// @brief The strip under the pair-usage heatmap (#28): one cell per rotary pair, aligned with the
/// heatmap's columns, orange where the scaling under test moves the pair (darker the further: YaRN's
/// ramp, llama3's smooth band), with a line where the
/// wavelength first exceeds the training length L0 (Liu et al. 2023's critical dimension) and one
/// where a proportional (p-RoPE) layer stops rotating. It only paints what it is given.

#include <QPointer>
#include <QWidget>
#include <vector>

namespace pecards::gui {

class HeatmapWidget;

class PairBandStrip : public QWidget {
    Q_OBJECT
public:
    explicit PairBandStrip(QWidget* parent = nullptr);

    /// @brief What to paint.
    struct Bands {
        std::vector<bool> moved; ///< one entry per pair
        /// how far each moved pair moves, in [0, 1] (pecards::pairMoveDegree): lighter to darker orange
        std::vector<double> degree;
        int criticalPair = -1; ///< first pair whose wavelength exceeds L0; -1: none
        int rotatingPairs = -1; ///< pairs that rotate when fewer than moved.size(); -1: all
    };
    void setBands(Bands bands);
    const Bands& bands() const { return m_bands; }
    /// @brief The heatmap whose plot's columns the cells line up with (its plotRect, mapped here).
    void alignWith(const HeatmapWidget* heatmap);

    QSize sizeHint() const override { return {400, 22}; }
    QSize minimumSizeHint() const override { return {100, 22}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    Bands m_bands;
    QPointer<const HeatmapWidget> m_heatmap;
};

} // namespace pecards::gui
