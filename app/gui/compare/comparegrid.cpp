#include "compare/comparegrid.h"

#include "widgets/heatmapwidget.h"

#include <QResizeEvent>
#include <algorithm>
#include <array>
#include <limits>

namespace pecards::gui {

CompareGrid::CompareGrid(QWidget* parent)
    : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding); // all the room the tab has
}

void CompareGrid::setViews(const QList<QWidget*>& views) {
    for (const QPointer<QWidget>& view : m_views) {
        if (view)
            view->deleteLater();
    }
    m_views.clear();
    for (QWidget* view : views) {
        view->setParent(this);
        view->show();
        m_views.push_back(view);
    }
    arrange();
}

void CompareGrid::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrange();
}

QSize CompareGrid::aroundPlot() const {
    // The heatmap's margins (tick labels, colour bar, read-out), the view's tool row and a title
    // of up to three lines.
    QMargins margins(190, 8, 110, 80);
    if (!m_views.isEmpty() && m_views.front()) {
        if (const auto* heatmap = m_views.front()->findChild<HeatmapWidget*>())
            margins = heatmap->plotMargins();
    }
    const int line = fontMetrics().lineSpacing();
    return {margins.left() + margins.right() + 8, margins.top() + margins.bottom() + 5 * line + 16};
}

int CompareGrid::plotSide(QSize cell) const {
    const QSize around = aroundPlot();
    return std::min(cell.width() - around.width(), cell.height() - around.height());
}

void CompareGrid::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        arrange(); // larger text leaves other room (presentation mode)
}

void CompareGrid::arrange() {
    if (m_views.size() == 1 && m_views.front()) {
        m_views.front()->setGeometry(rect());
        return;
    }
    if (m_views.size() != 3)
        return;
    const int w = width();
    const int h = height();
    // Candidates: three columns, A | B over A − B, three rows; the largest square plot wins.
    struct Candidate {
        int columns;
        int rows;
    };
    // Before the grid has a size every cell is negative: the first candidate then stands.
    int best = 0;
    int bestSide = std::numeric_limits<int>::min();
    const std::array<Candidate, 3> candidates {{{3, 1}, {2, 2}, {1, 3}}};
    for (int n = 0; n < 3; ++n) {
        const QSize cell((w - (candidates[n].columns - 1) * kGap) / candidates[n].columns,
            (h - (candidates[n].rows - 1) * kGap) / candidates[n].rows);
        const int side = plotSide(cell);
        if (side > bestSide) {
            bestSide = side;
            best = n;
        }
    }
    const Candidate chosen = candidates[best];
    m_columns = chosen.columns;
    const int cellWidth = (w - (chosen.columns - 1) * kGap) / chosen.columns;
    int cellHeight = (h - (chosen.rows - 1) * kGap) / chosen.rows;
    const auto* heatmap = m_views.front() ? m_views.front()->findChild<HeatmapWidget*>() : nullptr;
    if (heatmap && heatmap->isSquarePlot() && bestSide > 0) {
        // A square plot limited by the width: the cell no taller than it needs (with two lines to
        // spare for titles longer than the estimate), so the read-out stays under the plot.
        cellHeight = std::min(cellHeight, bestSide + aroundPlot().height() + 2 * fontMetrics().lineSpacing());
    }
    for (int n = 0; n < 3; ++n) {
        if (!m_views[n])
            continue;
        const int column = n % chosen.columns;
        const int row = n / chosen.columns;
        int x = column * (cellWidth + kGap);
        if (chosen.columns == 2 && n == 2)
            x = (w - cellWidth) / 2; // A − B centred under A | B
        m_views[n]->setGeometry(x, row * (cellHeight + kGap), cellWidth, cellHeight);
    }
}

} // namespace pecards::gui
