#pragma once
/// @file modelstrip.h
/// @brief The layer strip shown above the deck once a model config is open: one cell per layer,
/// coloured by the group its positional treatment belongs to (pecards::ModelPositions), with a
/// legend naming each group. Clicking a cell selects its group (groupClicked).

#include <QWidget>
#include <pecards/modelpositions.h>

class QPainter;

namespace pecards::gui {

class ModelStrip : public QWidget {
    Q_OBJECT
public:
    explicit ModelStrip(QWidget* parent = nullptr);

    /// @brief Shows `positions` (the strip hides itself when it has no groups).
    /// @param selected the group drawn as selected (the one the cards show).
    void setPositions(const pecards::ModelPositions& positions, int selected);
    const pecards::ModelPositions& positions() const { return m_positions; }
    int selectedGroup() const { return m_selected; }
    /// @brief One line per group: name, treatment, layer count and parameters (also the legend).
    QString groupSummary(int group) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// @brief A cell of group `group` was clicked.
    void groupClicked(int group);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF cellsRect() const;
    int layerAt(QPointF point) const;
    /// The group whose legend line is at `point`, or -1.
    int legendLineAt(QPointF point) const;
    QColor groupColor(int group) const;
    /// Fills `rect` in the group's colour, with the M-RoPE layout's pattern over it.
    void fillGroup(QPainter& painter, const QRectF& rect, int group) const;

    pecards::ModelPositions m_positions;
    std::vector<int> m_groupOfLayer;
    int m_selected = 0;
};

} // namespace pecards::gui
