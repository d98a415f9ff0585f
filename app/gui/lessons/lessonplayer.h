#pragma once
/// @file lessonplayer.h
/// @brief Plays a lesson (workspace/lesson.h) full screen, like presentation mode: one step at a
/// time (Space or Right: reveal, then next; Left: back; Esc or F6: leave), the step's title,
/// text and progress ("Step 4 of 12") in a side panel (lessonsteppanel.h), the step's first
/// view large. A question step first shows the question on the previous step's picture (the user's
/// state before the first step); the next key
/// reveals the step's picture together with the right answer and the text ("predict, then
/// reveal"). Leaving restores the user's own state (parameters, views, compare pair, tab,
/// Pitfalls views) exactly.
///
/// Steps are shown by replacing the deck model's state (deck/deckworkspace.h; the cards compute on the
/// ComputeService worker); an animation sets one parameter from a QTimer (latest wins on the worker, so a
/// slow device skips frames) and ends on the step's own state.

#include "widgets/windowmode.h"

#include <QElapsedTimer>
#include <QFont>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <workspace/lesson.h>

class QDockWidget;
class QMainWindow;

namespace pecards::gui {

class CardPage;
class DeckModel;
class HeatmapWidget;
class ViewPanel;
class LessonStepPanel;

class LessonPlayer : public QObject {
    Q_OBJECT
public:
    /// @param window the window played in (its docks, bars and mode); `deck` its state; `cards`
    /// the deck's card pages in the model's order (their Pitfalls views, large view and sweeps).
    LessonPlayer(QMainWindow* window, DeckModel& deck, const QList<CardPage*>& cards);

    /// @brief Starts `lesson` (at least one step) at `step`: saves the user's state, goes full
    /// screen and shows the step. Playing while active replaces the lesson, keeping the state
    /// saved first.
    void play(const pecards::app::Lesson& lesson, int step = 0);
    /// @brief Leaves: the user's state, window mode and bars as they were before play().
    void stop();
    bool isActive() const { return m_active; }

    /// @brief Reveals a question step's answer and picture, else goes to the next step (the
    /// last step stays).
    void next();
    /// @brief The previous step, revealed (on the first step: nothing).
    void back();

    /// @brief Index of the step shown, 0-based.
    int stepIndex() const { return m_index; }
    /// @brief False while a question step waits for its reveal.
    bool isRevealed() const { return m_revealed; }
    /// @brief True while an animation runs.
    bool isAnimating() const { return m_animation.isActive(); }
    const pecards::app::Lesson& lesson() const { return m_lesson; }
    LessonStepPanel* panel() const { return m_panel; }

    /// @brief Animation frames per second.
    static constexpr int kFramesPerSecond = 12;

signals:
    void activeChanged(bool active);
    /// @brief A step was shown (`revealed` false: its question waits).
    void stepShown(int index, bool revealed);

protected:
    /// @brief The lesson keys, application-wide while active.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void show(int index, bool revealed);
    /// The slots of `card` showing the views `names` (lesson.h shownViews), in that order; a name
    /// no slot shows is left out.
    static QList<int> shownSlots(const CardPage& card, const QStringList& names);
    /// Applies the step's state, its pitfall and the large view; starts its animation.
    void applyStep(const pecards::app::LessonStep& step);
    CardPage* activeCard(const pecards::app::LessonStep& step) const;
    void animate();
    /// Puts every sweep mark back where it was before play() (a position animation moves them)
    /// and removes the shown step's circles.
    void restoreSweeps();

    QMainWindow* m_window;
    DeckModel& m_deck;
    QList<CardPage*> m_cards;
    pecards::app::Lesson m_lesson;
    bool m_active = false;
    int m_index = 0;
    bool m_revealed = true;
    int m_applied = -1; ///< the step whose state is on screen, -1: the user's
    pecards::app::Workspace m_saved; ///< the user's state before play(), the card on screen included
    QList<QPair<QPointer<CardPage>, pecards::Pitfall>> m_savedPitfalls; ///< cards showing their Pitfalls view
    WindowMode m_windowMode; ///< how the window was shown before, to show it so again
    QSize m_deckMinimum; ///< the central widget's own minimum size before play(), given back by stop()
    QFont m_normalFont; ///< the application font before play(), given back by stop()
    /// Lesson font size / normal size: larger for the room, less than presentation's 1.6 so the
    /// step panel and two views still fit 1280x720.
    static constexpr double kLessonFontScale = 1.25;
    QDockWidget* m_dock = nullptr;
    LessonStepPanel* m_panel = nullptr;
    QTimer m_animation;
    QElapsedTimer m_clock;
    QPointer<CardPage> m_animated; ///< the card the animation sets
    QList<QPair<QPointer<ViewPanel>, int>> m_sweepBefore; ///< sweepable views' positions before play()
    QPointer<HeatmapWidget> m_circled; ///< the view the shown step's markers circle
};

} // namespace pecards::gui
