#include "views/pitfallgrid.h"

#include "widgets/heatmapwidget.h"

#include <QBoxLayout>
#include <QGridLayout>
#include <QResizeEvent>
#include <algorithm>

namespace pecards::gui {

PitfallGrid::PitfallGrid(const std::array<QWidget*, 3>& cells, const std::array<HeatmapWidget*, 3>& maps,
    const QWidget* head, QWidget* text, QBoxLayout* textParts, QWidget* parent)
    : QWidget(parent)
    , m_cells(cells)
    , m_maps(maps)
    , m_head(head)
    , m_text(text)
    , m_textParts(textParts)
    , m_grid(new QGridLayout(this)) {
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(4);
    arrange(Arrangement::Row);
}

PitfallGrid::Arrangement PitfallGrid::bestArrangement(QSize area) const {
    const int spacing = m_grid->spacing();
    const QMargins margins = m_maps[0]->plotMargins();
    const int head = m_head->sizeHint().height() + 2;
    // The side of the square each map gets in a cell of `width` x `height` under a title line
    // (`titleLines` lines where the titles wrap).
    const auto side = [&](int width, int height, int titleLines) {
        const int title = std::max(head, titleLines * fontMetrics().lineSpacing());
        return std::min(
            width - margins.left() - margins.right(), height - title - 2 - margins.top() - margins.bottom());
    };
    const int rowWidth = (area.width() - 2 * spacing) / 3;
    const int rowHeight = (area.height() - spacing) * kRowMapsStretch / (kRowMapsStretch + kRowTextStretch);
    const int row = side(rowWidth, rowHeight, 2);
    const int grid = side((area.width() - spacing) / 2, (area.height() - spacing) / 2, 1);
    return grid > row ? Arrangement::Grid : Arrangement::Row;
}

void PitfallGrid::arrange(Arrangement arrangement) {
    if (arrangement == m_arrangement)
        return;
    m_arrangement = arrangement;
    for (QWidget* cell : m_cells)
        m_grid->removeWidget(cell);
    m_grid->removeWidget(m_text);
    for (int row = 0; row < 2; ++row)
        m_grid->setRowStretch(row, 0);
    for (int column = 0; column < 3; ++column)
        m_grid->setColumnStretch(column, 0);
    if (arrangement == Arrangement::Row) { // three maps side by side, the text under them
        for (int n = 0; n < 3; ++n) {
            m_grid->addWidget(m_cells[n], 0, n);
            m_grid->setColumnStretch(n, 1);
        }
        m_grid->addWidget(m_text, 1, 0, 1, 3);
        m_grid->setRowStretch(0, kRowMapsStretch);
        m_grid->setRowStretch(1, kRowTextStretch);
        m_textParts->setDirection(QBoxLayout::LeftToRight);
    } else { // two by two: the maps take three cells, the text the fourth
        m_grid->addWidget(m_cells[0], 0, 0);
        m_grid->addWidget(m_cells[1], 0, 1);
        m_grid->addWidget(m_cells[2], 1, 0);
        m_grid->addWidget(m_text, 1, 1);
        for (int n = 0; n < 2; ++n) {
            m_grid->setRowStretch(n, 1);
            m_grid->setColumnStretch(n, 1);
        }
        m_textParts->setDirection(QBoxLayout::TopToBottom);
    }
}

void PitfallGrid::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrange(bestArrangement(event->size())); // a new size: the window's, or the precision chart's room
}

} // namespace pecards::gui
