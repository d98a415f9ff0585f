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

void ViewGrid::focusSlots(const QList<int>& indices) {
    m_focus.clear();
    for (const int index : indices) {
        if (index >= 0 && index < m_slots.size() && !m_focus.contains(index))
            m_focus.push_back(index);
    }
    arrange();
}

int ViewGrid::columnsFor(int width) const {
    if (m_focus.size() == 1)
        return 1;
    int slotWidth = kSlotMinimumWidth;
    for (int n = 0; n < m_slots.size(); ++n) {
        if (m_focus.isEmpty() || m_focus.contains(n))
            slotWidth = std::max(slotWidth, m_slots.at(n)->minimumSizeHint().width());
    }
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
    m_columns = columnsFor(width());
    for (ViewSlot* slot : m_slots)
        m_layout->removeWidget(slot);
    for (int row = 0; row < m_layout->rowCount(); ++row)
        m_layout->setRowStretch(row, 0);
    for (int column = 0; column < m_layout->columnCount(); ++column)
        m_layout->setColumnStretch(column, 0);
    QList<int> shown = m_focus;
    if (shown.isEmpty()) {
        for (int n = 0; n < m_slots.size(); ++n)
            shown.push_back(n);
    }
    for (int n = 0; n < m_slots.size(); ++n)
        m_slots.at(n)->setVisible(shown.contains(n));
    for (int cell = 0; cell < shown.size(); ++cell) {
        m_layout->addWidget(m_slots.at(shown.at(cell)), cell / m_columns, cell % m_columns);
        m_layout->setRowStretch(cell / m_columns, 1);
        m_layout->setColumnStretch(cell % m_columns, 1);
    }
}

} // namespace pecards::gui
