#pragma once
/// @file lessoncontroller.h
/// @brief The lesson being authored and its file: Lessons > Add current state as step (the
/// whole deck state, deck/deckworkspace.h), edits from the lesson panel (lessoneditor.h), Save /
/// Save as / Open (pecards::app::saveLesson / openLesson: atomic save, all-or-nothing open), and
/// playing it or a built-in lesson (lessonplayer.h). A corrupt or newer lesson file shows its
/// message and changes nothing.

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <workspace/lesson.h>

class QDockWidget;
class QMainWindow;

namespace pecards::gui {

class CardPage;
class DeckModel;
class LanguageSwitcher;
class LessonPlayer;

class LessonController : public QObject {
    Q_OBJECT
public:
    /// @param window the window its docks and dialogs belong to; `deck` its state; `cards` the
    /// deck's card pages in the model's order (for the player); `language` says which built-in
    /// lessons F6 plays. All must outlive this object.
    LessonController(QMainWindow* window, DeckModel& deck, const QList<CardPage*>& cards,
        const LanguageSwitcher* language);
    /// Deletes the lesson panel first: it is the window's child but calls this controller, and a
    /// floating panel's line edits commit on the focus loss of their own deletion.
    ~LessonController() override;

    LessonPlayer* player() const { return m_player; }
    /// @brief The lesson being authored (no steps until one is added or a file is opened).
    const pecards::app::Lesson& lesson() const { return m_lesson; }
    QString currentPath() const { return m_path; }
    /// @brief The last error message (empty after a success).
    QString lastError() const { return m_lastError; }

    /// @brief Appends the deck as it is now as a step titled after the card on screen.
    void addCurrentState();
    /// @brief Replaces step `index` (title, text, question; its state is kept by the caller).
    void setStep(int index, const pecards::app::LessonStep& step);
    /// @brief Moves step `from` to position `to`.
    void moveStep(int from, int to);
    void removeStep(int index);
    void setTitle(const QString& title);

    /// @brief Opens `path` as the lesson being authored: replaced only if the whole file is
    /// valid; otherwise the message is shown (message box, `failed`) and nothing changes.
    bool open(const QString& path);
    /// @brief Asks for a lesson file, opens it and plays it.
    void askOpen();
    /// @brief Saves to the current file, or asks for one.
    bool save();
    bool saveAs();
    /// @brief Saves the lesson to `path`; on failure a message box, `failed`, false.
    bool saveTo(const QString& path);

    /// @brief Plays the lesson being authored from `step`, or the first built-in lesson of the
    /// UI language when it has no steps (F6).
    void play(int step = 0);
    /// @brief The built-in lessons of the UI language (":/lessons/..." resources, in order).
    QStringList builtInLessons() const;
    /// @brief Opens and plays a built-in lesson (":/lessons/...").
    bool playBuiltIn(const QString& resource);

    /// @brief The lesson panel (lessoneditor.h), a dock on the right, created on first use.
    QDockWidget* editorDock();

    /// @brief File dialog filter of lesson files.
    static QString fileFilter();

signals:
    /// @brief The authored lesson changed (steps, titles, texts, file).
    void lessonChanged();
    void failed(const QString& message);

private:
    /// Floats the editor at the window's right edge, not to be docked again, when docking it would
    /// make the window wider than its stage (T-B4: at 1280x720 the docked panel grew the window to
    /// 1330 px).
    void fitEditorDock();
    void fail(const QString& title, const QString& message);

    QMainWindow* m_window;
    DeckModel& m_deck;
    const LanguageSwitcher* m_language;
    LessonPlayer* m_player;
    QPointer<QDockWidget> m_editorDock;
    bool m_editorWasVisible = false; ///< the lesson panel before the player started
    pecards::app::Lesson m_lesson;
    QString m_path;
    QString m_lastError;
};

} // namespace pecards::gui
