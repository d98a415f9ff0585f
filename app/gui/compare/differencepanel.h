#pragma once
/// @file differencepanel.h
/// @brief The compare tab's A − B view: the difference of the two heatmaps shown (A and B, each
/// a HeatmapPanel with its own controller), drawn on the diverging map centred at 0, with the
/// panels' tools: zoom and Full (asked of A and B, whose windows follow), the exact hover value
/// (A's and B's exact values from their controllers' probes) and Save… (the figure of A − B,
/// figure/comparefigures.h; the compare tab handles it, CompareView::exportFigures). A − B of values in
/// different units is refused with the message and no picture (pecards::app::viewDifference).

#include "views/viewpanel.h"

#include <optional>

namespace pecards::gui {

class HeatmapWidget;

class DifferencePanel : public ViewPanel {
    Q_OBJECT
public:
    DifferencePanel(const ViewSpec& spec, QWidget* parent = nullptr);

    /// @brief Shows A − B of the two heatmaps (the same window and pixels), in `fullExtent`; an
    /// InvalidParameter of viewDifference (units, extents) is shown as the message, without a picture.
    void showDifference(const ShownHeatmap& a, const ShownHeatmap& b, const pecards::Window& fullExtent);
    /// @brief Shows a side's failure over the last difference (which stays, dimmed).
    void showMessage(const QString& message);

    /// @brief Hover: the entry under the cursor in any of the three maps; the read-out shows the
    /// pixel's A − B until both exact values arrive (setExactValue).
    void startProbe(qint64 row, qint64 col, int pixelRow, int pixelCol);
    /// @brief The exact value of A (`sideB` false) or B at (row, col) from the side's controller.
    void setExactValue(bool sideB, qint64 row, qint64 col, double value);

    /// @brief The figure of A − B from the grids on screen (compareFigureSpecs, whose A − B
    /// Save… writes computed again at print resolution: CompareView::exportFigures); none
    /// without a picture.
    std::optional<pecards::app::FigureSpec> figure() const;

    HeatmapWidget* heatmap() const { return m_heatmap; }

    void setParams(const pecards::CardParams&) override { } ///< fed by showDifference
    bool hasResult() const override { return m_hasResult; }
    /// @brief None: the difference is no view of one card's quantity (figure() is its figure).
    std::optional<ShownView> shownView() const override { return std::nullopt; }

signals:
    /// @brief The user asked for the full extent (Full or a double click).
    void resetRequested();

protected:
    /// @brief Nothing: the compare tab saves A − B with A and B (ViewPanel::setSaveHandler).
    void saveView() override;

private:
    struct Exact {
        qint64 row = -1;
        qint64 col = -1;
        std::optional<double> a;
        std::optional<double> b;
    };
    void showExactReadout();
    static QString idleReadout();

    HeatmapWidget* m_heatmap = nullptr;
    std::optional<ShownHeatmap> m_a; ///< the sides of the difference shown
    std::optional<ShownHeatmap> m_b;
    bool m_hasResult = false;
    Exact m_exact;
    QString m_pixelText;
};

} // namespace pecards::gui
