#pragma once
/// @file lessonsteppanel.h
/// @brief The lesson player's side panel: progress ("Step 4 of 12"), the step's title, its
/// question with the answers (the right one marked only once revealed), its text (shown with the
/// picture), the keys, and Back / Next / Leave buttons for the mouse. The labels' object names:
/// progress, stepTitle, question, answer1-4 ("B. 31 ✓" once revealed), text (hidden until revealed).
/// The class's answer is recorded before the reveal: a click on an answer (or the key 1-4 in the
/// player) marks it "chosen", in blue; the mark stays through the reveal, beside the green right
/// answer, and clears on another step.

#include <QList>
#include <QWidget>
#include <optional>
#include <workspace/lesson.h>

class QLabel;
class QPushButton;

namespace pecards::gui {

class LessonStepPanel : public QWidget {
    Q_OBJECT
public:
    explicit LessonStepPanel(QWidget* parent = nullptr);

    /// @brief Shows step `index` of `count` of the lesson titled `lesson`; `revealed` false hides
    /// the text and the right answer (a question step before its reveal).
    void showStep(
        const QString& lesson, const pecards::app::LessonStep& step, int index, int count, bool revealed);

    /// @brief Marks answer `answer` (from 0) as the class's choice; -1 clears it. An index the
    /// step's question lacks, or a step without a question, changes nothing.
    void choose(int answer);
    /// @brief The chosen answer (from 0), or -1.
    int chosen() const { return m_chosen; }

    static constexpr int kPanelWidth = 340;

signals:
    void nextRequested();
    void backRequested();
    void leaveRequested();

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    /// Texts and colours of the answers: the right one (once revealed) and the chosen one.
    void markAnswers();

    QLabel* m_progress;
    QLabel* m_title;
    QLabel* m_question;
    QList<QLabel*> m_answers;
    QLabel* m_body;
    QLabel* m_keys;
    QPushButton* m_back;
    QPushButton* m_next;
    QPushButton* m_leave;
    bool m_revealed = true;
    bool m_hasQuestion = false;
    std::optional<pecards::app::LessonQuestion> m_shownQuestion;
    int m_chosen = -1;
    int m_index = 0;
    int m_count = 0;
};

} // namespace pecards::gui
