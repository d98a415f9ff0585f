#pragma once
/// @file presentationcontroller.h
/// @brief Presentation mode for classrooms (View > Presentation, F5; Esc leaves): full screen,
/// large fonts and thick chart lines, one view at a time, keyboard navigation (Left/Right:
/// previous/next tab, the compare tab included, where presenting may also start; Up/Down:
/// previous/next view; Space: flip the card) and a sweep of
/// position m driven by a QTimer (RoPE pairs rotating in the polar chart, the ALiBi bias drawn
/// out to distance m) at a chosen speed (+/- keys or the speed box), pausable (P).
///
/// The animation only sets the view's position; the worker computes (latest wins), so a slow
/// device skips frames instead of queueing them.

#include "widgets/windowmode.h"

#include <QFont>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QTimer>

class QLabel;
class QMainWindow;
class QTabWidget;
class QSpinBox;
class QToolBar;
class QToolButton;

namespace pecards::gui {

class CardPage;
class ViewPanel;
class ChartPanel;
class CompareView;

class PresentationController : public QObject {
    Q_OBJECT
public:
    /// @param window the window presented (its bars, mode and fonts); `deck` its tabs (the cards,
    /// then `compare`). All must outlive this object.
    PresentationController(QMainWindow* window, QTabWidget* deck, CompareView* compare);

    bool isActive() const { return m_active; }
    /// @brief Enters (full screen, large fonts, the sweep running) or leaves (everything as before).
    void setActive(bool active);
    void toggle() { setActive(!m_active); }

    /// @brief Next (+1) or previous (-1) tab of the deck, the compare tab included; wraps.
    void stepCard(int delta);
    /// @brief Next (+1) or previous (-1) view of the current card, or of the compare tab's
    /// choice of views; wraps.
    void stepView(int delta);
    /// @brief Index of the view shown in the current card's grid.
    int viewIndex() const { return m_viewIndex; }

    /// @brief The swept position m, in [0, sweepEnd()).
    int position() const { return m_position; }
    /// @brief The sweep runs from 0 to min(L, kMaxSweep) - 1, then starts over.
    int sweepEnd() const;
    /// @brief Sweep speed in positions per second, [kMinSpeed, kMaxSpeed].
    int speed() const { return m_speed; }
    void setSpeed(int positionsPerSecond);
    bool isPaused() const { return m_paused; }
    void setPaused(bool paused);
    /// @brief Shows position m (taken modulo sweepEnd()).
    void setPosition(int m);
    /// @brief Moves the sweep one position on (what a timer tick does).
    void advance();

    static constexpr int kMinSpeed = 1;
    static constexpr int kMaxSpeed = 60;
    static constexpr int kDefaultSpeed = 6;
    static constexpr int kMaxSweep = 512;
    static constexpr double kFontScale = 1.6; ///< presentation font size / normal size
    static constexpr double kLineScale = 2.2; ///< chart line widths / normal widths

signals:
    void activeChanged(bool active);
    void positionChanged(int m);

protected:
    /// @brief The presentation keys, application-wide while active.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    CardPage* currentCard() const;
    /// Shows only the view `m_viewIndex` of the current card, with thick lines.
    void showCurrentView();
    void showAllViews();
    /// Sends m to the visible sweepable view (chart or heatmap), if any.
    void applyPosition();
    void refreshToolBar();
    QToolBar* buildToolBar();

    QMainWindow* m_window;
    QTabWidget* m_deck;
    CompareView* m_compare;
    QTimer m_timer;
    bool m_active = false;
    bool m_paused = false;
    WindowMode m_windowMode; ///< how the window was shown before, to show it so again
    QFont m_normalFont;
    int m_viewIndex = 0;
    int m_position = 0;
    int m_speed = kDefaultSpeed;
    QToolBar* m_toolBar = nullptr;
    QLabel* m_positionLabel = nullptr;
    QSpinBox* m_speedBox = nullptr;
    QToolButton* m_pauseButton = nullptr;
    QMetaObject::Connection m_compareViewShown; ///< while presenting
    QList<QPair<QPointer<ViewPanel>, int>> m_sweepBefore; ///< swept views' positions before presenting
};

} // namespace pecards::gui
