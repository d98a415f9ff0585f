#pragma once
/// @file pitfallgrid.h
/// @brief How the Pitfalls view shares its room (#31, T-B2): its three map cells (correct,
/// buggy, buggy − correct, each a map under its title) and its text (caption, diagnosis,
/// invariants), side by side above the text on wide, short areas or two by two with the text in
/// the fourth cell on narrow ones (the 1280x720 window, a lesson beside its panel), whichever
/// draws the larger square maps. Decided again whenever the widget's size changes.

#include <QWidget>
#include <array>

class QBoxLayout;
class QGridLayout;

namespace pecards::gui {

class HeatmapWidget;

class PitfallGrid : public QWidget {
    Q_OBJECT
public:
    enum class Arrangement { Row, Grid };

    /// @param cells the three map cells, in order; `maps` their maps and `head` the widget of
    ///        the first cell's title row whose height it takes (the Save… button), for measuring
    /// @param text the caption, diagnosis and invariants; `textParts` the layout of the latter
    ///        two, beside each other in a row, above each other in the grid
    PitfallGrid(const std::array<QWidget*, 3>& cells, const std::array<HeatmapWidget*, 3>& maps,
        const QWidget* head, QWidget* text, QBoxLayout* textParts, QWidget* parent = nullptr);

    Arrangement arrangement() const { return m_arrangement; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    static constexpr int kRowMapsStretch = 3; ///< the maps' and the text's shares of the height
    static constexpr int kRowTextStretch = 2; ///< in the Row arrangement
    /// The arrangement whose maps are larger in an area of `area` pixels (the maps' margins, the
    /// titles' lines and the stretch factors as laid out).
    Arrangement bestArrangement(QSize area) const;
    /// Places the cells and the text in `arrangement` (nothing when it is the current one).
    void arrange(Arrangement arrangement);

    std::array<QWidget*, 3> m_cells;
    std::array<HeatmapWidget*, 3> m_maps;
    const QWidget* m_head;
    QWidget* m_text;
    QBoxLayout* m_textParts;
    QGridLayout* m_grid;
    Arrangement m_arrangement = Arrangement::Grid; ///< the constructor arranges Row
};

} // namespace pecards::gui
