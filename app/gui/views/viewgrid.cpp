#include "views/viewgrid.h"

#include "views/viewslot.h"

#include <QGridLayout>
#include <QResizeEvent>
#include <QScrollBar>
#include <algorithm>

namespace pecards::gui {

ViewGrid::ViewGrid(QWidget* parent)
    : QScrollArea(parent)
    , m_content(new QWidget(this))
    , m_layout(new QGridLayout(m_content)) {
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(kSpacing);
    setWidget(m_content);
    setMinimumWidth(kSlotMinimumWidth);
    setMinimumHeight(kSlotMinimumHeight);
}

void ViewGrid::addSlot(ViewSlot* slot) {
    slot->setParent(m_content);
    m_slots.push_back(slot);
    arrange();
}

void ViewGrid::focusSlot(int index) {
    m_focus = index >= 0 && index < m_slots.size() ? index : -1;
    arrange();
}

int ViewGrid::columnsFor(int width) const {
    int slotWidth = kSlotMinimumWidth;
    for (const ViewSlot* slot : m_slots)
        slotWidth = std::max(slotWidth, slot->minimumSizeHint().width());
    // The vertical scroll bar's width is always reserved, so showing it cannot flip the columns.
    const int usable = width - 2 * frameWidth() - verticalScrollBar()->sizeHint().width();
    return usable >= kMaxColumns * slotWidth + (kMaxColumns - 1) * kSpacing ? kMaxColumns : 1;
}

void ViewGrid::resizeEvent(QResizeEvent* event) {
    QScrollArea::resizeEvent(event);
    if (columnsFor(event->size().width()) != m_columns)
        arrange();
}

void ViewGrid::arrange() {
    m_columns = m_focus >= 0 ? 1 : columnsFor(width());
    for (ViewSlot* slot : m_slots)
        m_layout->removeWidget(slot);
    for (int row = 0; row < m_layout->rowCount(); ++row)
        m_layout->setRowStretch(row, 0);
    for (int column = 0; column < m_layout->columnCount(); ++column)
        m_layout->setColumnStretch(column, 0);
    int cell = 0;
    for (int n = 0; n < m_slots.size(); ++n) {
        ViewSlot* slot = m_slots.at(n);
        const bool shown = m_focus < 0 || n == m_focus;
        slot->setVisible(shown);
        if (!shown)
            continue;
        m_layout->addWidget(slot, cell / m_columns, cell % m_columns);
        m_layout->setRowStretch(cell / m_columns, 1);
        m_layout->setColumnStretch(cell % m_columns, 1);
        ++cell;
    }
}

} // namespace pecards::gui
