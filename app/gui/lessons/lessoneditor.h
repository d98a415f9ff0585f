#pragma once
/// @file lessoneditor.h
/// @brief The lesson panel (Lessons > Lesson panel): the lesson's title, its steps in order
/// (add the current state, move up/down, delete, play from the selected step) and the selected
/// step's title, text (rich text) and optional question with 2-4 answers and the right one.
/// Every edit goes to the LessonController at once (the controls' object names: steps, moveUp,
/// moveDown, deleteStep, stepTitle, stepText, asksQuestion, prompt, answer1-4, correctAnswer); a step's deck
/// state is set only by "Add current state as step".

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace pecards::gui {

class LessonController;

class LessonEditor : public QWidget {
    Q_OBJECT
public:
    explicit LessonEditor(LessonController* controller, QWidget* parent = nullptr);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    /// Moves the selected step up (-1) or down (+1).
    void moveSelected(int delta);
    void deleteSelected();
    /// The list from the controller's lesson, keeping the selection.
    void refresh();
    /// The selected step's fields.
    void showSelected();
    /// The fields to the selected step.
    void commit();

    LessonController* m_controller;
    QLabel* m_lessonTitleLabel;
    QLineEdit* m_lessonTitle;
    QListWidget* m_steps;
    QPushButton* m_add;
    QPushButton* m_up;
    QPushButton* m_down;
    QPushButton* m_delete;
    QPushButton* m_play;
    QLabel* m_titleLabel;
    QLineEdit* m_title;
    QLabel* m_textLabel;
    QPlainTextEdit* m_text;
    QCheckBox* m_asks;
    QLineEdit* m_prompt;
    QList<QLineEdit*> m_answers;
    QLabel* m_correctLabel;
    QComboBox* m_correct;
    bool m_updating = false; ///< true while the fields are filled from the lesson
};

} // namespace pecards::gui
