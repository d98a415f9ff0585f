#pragma once
/// @file comparegrid.h
/// @brief Where the compare tab puts its views: A, B and A − B in three cells of one size (so
/// A and B are computed at the same pixels and subtract entry by entry), arranged side by side,
/// as A | B over A − B, or one above the other, whichever gives the largest square plot; or one
/// chart filling the area.

#include <QList>
#include <QPointer>
#include <QWidget>

namespace pecards::gui {

class CompareGrid : public QWidget {
    Q_OBJECT
public:
    explicit CompareGrid(QWidget* parent = nullptr);

    /// @brief Shows these views (one: it fills the grid; three: A, B, A − B), deleting the ones
    /// shown before. The grid takes ownership.
    void setViews(const QList<QWidget*>& views);
    const QList<QPointer<QWidget>>& views() const { return m_views; }

    /// @brief Columns of the arrangement chosen for three views (3, 2 or 1).
    int columns() const { return m_columns; }

    QSize minimumSizeHint() const override { return {kMinimumWidth, kMinimumHeight}; }
    QSize sizeHint() const override { return {900, 600}; }

    static constexpr int kMinimumWidth = 360;
    static constexpr int kMinimumHeight = 300;
    static constexpr int kGap = 4;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void arrange();
    /// The room a view takes around its heatmap's plot (estimated from the fonts).
    QSize aroundPlot() const;
    /// The side of the square plot a cell of this size leaves.
    int plotSide(QSize cell) const;

    QList<QPointer<QWidget>> m_views;
    int m_columns = 3;
};

} // namespace pecards::gui
