#pragma once
/// @file teachingoverlay.h
/// @brief What a teacher does to the picture while presenting or playing a lesson (#31 item 5):
/// a pen that draws over the window (D; the mouse draws while it is held), a pointer that marks
/// where the mouse is for the back of the room (L), a blank screen (B; B or Esc brings the picture
/// back) and erasing (E, or Esc while something is drawn: the first Esc erases, the next one
/// leaves as before). A transparent widget over the whole window that takes the mouse only while
/// the pen is on; the drawing is the teacher's, never part of the deck, a workspace or a figure.
/// Available only while presentation mode or a lesson is on; leaving both erases and turns
/// everything off.

#include <QList>
#include <QPainterPath>
#include <QPointF>
#include <QWidget>
#include <optional>

class QAction;
class QMainWindow;

namespace pecards::gui {

class TeachingOverlay : public QWidget {
    Q_OBJECT
public:
    /// @param window the window drawn over; the overlay follows its size. Its View menu gets the
    /// four actions (pen, pointer, blank screen, erase) with their keys.
    explicit TeachingOverlay(QMainWindow* window);

    /// @brief Presentation or a lesson is on: the actions work. Off: erases, and the pen, pointer
    /// and blank screen are turned off.
    void setAvailable(bool available);
    bool isAvailable() const { return m_available; }

    void setPen(bool on);
    bool isPenOn() const { return m_pen; }
    void setPointer(bool on);
    bool isPointerOn() const { return m_pointer; }
    /// @brief A black screen over everything (the class looks at the teacher).
    void setBlank(bool on);
    bool isBlank() const { return m_blank; }
    /// @brief Removes every stroke drawn.
    void erase();
    /// @brief Strokes drawn since the last erase (a stroke: one press, drag and release).
    int strokeCount() const { return static_cast<int>(m_strokes.size()); }

    QAction* penAction() const { return m_penAction; }
    QAction* pointerAction() const { return m_pointerAction; }
    QAction* blankAction() const { return m_blankAction; }
    QAction* eraseAction() const { return m_eraseAction; }

    /// @brief The pen's colour (widgets/teachingink.h).
    static QColor penColor();

protected:
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    /// The window's size (the overlay follows it); application-wide while available: Esc while
    /// something is drawn or the screen is blank, and the mouse for the pointer.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    /// Sets `mode` (pen, pointer, blank) to `on` while available, checks its action to match.
    void turn(bool& mode, QAction* action, bool on);
    /// Shown while there is something to draw or the pen takes the mouse; transparent for the
    /// mouse unless the pen is on or the screen is blank.
    void refresh();
    /// Pen strokes are this wide, in device-independent pixels, at the window's font size.
    qreal penWidth() const;

    QMainWindow* m_window;
    bool m_available = false;
    bool m_pen = false;
    bool m_pointer = false;
    bool m_blank = false;
    QList<QPainterPath> m_strokes;
    std::optional<QPointF> m_pointerAt; ///< the mouse, in the overlay's coordinates
    QAction* m_penAction = nullptr;
    QAction* m_pointerAction = nullptr;
    QAction* m_blankAction = nullptr;
    QAction* m_eraseAction = nullptr;
};

} // namespace pecards::gui
