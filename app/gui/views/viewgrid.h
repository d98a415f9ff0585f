#pragma once
/// @file viewgrid.h
/// @brief The view slots of a card in a grid that reflows to the space it gets: two columns
/// when two slots fit side by side, else one column; when the slots do not fit the height, the
/// grid scrolls. So the grid never forces the window's width (1024 x 640 screens and up).
///
/// In focus mode (presentation, a lesson step) the focused slots fill the whole area: one alone,
/// two side by side (stacked when they do not fit), three or four two by two.

#include <QList>
#include <QScrollArea>

class QGridLayout;

namespace pecards::gui {

class ViewSlot;

class ViewGrid : public QScrollArea {
    Q_OBJECT
public:
    explicit ViewGrid(QWidget* parent = nullptr);

    /// @brief Adds a slot after the others (the grid owns it from then on).
    void addSlot(ViewSlot* slot);
    /// @brief The widget the slots live in (their parent).
    QWidget* content() const { return m_content; }

    /// @brief Shows only the slots `indices` (in that order), filling the grid; an empty
    /// list (or none valid) shows every slot again. Indices out of range are ignored.
    void focusSlots(const QList<int>& indices);

    /// @brief Columns in use now (1 or kMaxColumns).
    int columns() const { return m_columns; }

    static constexpr int kMaxColumns = 2;
    static constexpr int kSpacing = 6;
    static constexpr int kSlotMinimumWidth = 300; ///< narrowest a slot is laid out
    static constexpr int kSlotMinimumHeight = 250; ///< lowest a slot is laid out

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Places the slots for the viewport width (reflow) and the focus.
    void arrange();
    int columnsFor(int width) const;

    QWidget* m_content = nullptr;
    QGridLayout* m_layout = nullptr;
    QList<ViewSlot*> m_slots;
    int m_columns = kMaxColumns;
    QList<int> m_focus; ///< the focused slots, empty: all
};

} // namespace pecards::gui
