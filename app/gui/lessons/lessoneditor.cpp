#include "lessons/lessoneditor.h"

#include "lessons/lessoncontroller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace pecards::gui {

LessonEditor::LessonEditor(LessonController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller) {
    auto* column = new QVBoxLayout(this);
    auto* titleRow = new QFormLayout;
    m_lessonTitleLabel = new QLabel(this);
    m_lessonTitle = new QLineEdit(this);
    titleRow->addRow(m_lessonTitleLabel, m_lessonTitle);
    column->addLayout(titleRow);
    m_steps = new QListWidget(this);
    m_steps->setObjectName(QStringLiteral("steps"));
    column->addWidget(m_steps, 1);
    auto* buttons = new QGridLayout;
    m_add = new QPushButton(this);
    m_up = new QPushButton(this);
    m_up->setObjectName(QStringLiteral("moveUp"));
    m_down = new QPushButton(this);
    m_down->setObjectName(QStringLiteral("moveDown"));
    m_delete = new QPushButton(this);
    m_delete->setObjectName(QStringLiteral("deleteStep"));
    m_play = new QPushButton(this);
    buttons->addWidget(m_add, 0, 0, 1, 2);
    buttons->addWidget(m_play, 0, 2);
    buttons->addWidget(m_up, 1, 0);
    buttons->addWidget(m_down, 1, 1);
    buttons->addWidget(m_delete, 1, 2);
    column->addLayout(buttons);
    auto* form = new QFormLayout;
    m_titleLabel = new QLabel(this);
    m_title = new QLineEdit(this);
    m_title->setObjectName(QStringLiteral("stepTitle"));
    form->addRow(m_titleLabel, m_title);
    m_textLabel = new QLabel(this);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("stepText"));
    m_text->setTabChangesFocus(true);
    form->addRow(m_textLabel, m_text);
    m_asks = new QCheckBox(this);
    m_asks->setObjectName(QStringLiteral("asksQuestion"));
    form->addRow(m_asks);
    m_prompt = new QLineEdit(this);
    m_prompt->setObjectName(QStringLiteral("prompt"));
    form->addRow(QStringLiteral("?"), m_prompt);
    m_correct = new QComboBox(this);
    m_correct->setObjectName(QStringLiteral("correctAnswer"));
    for (int a = 0; a < pecards::app::kMaxAnswers; ++a) {
        const QString letter(QChar(u'A' + a));
        auto* answer = new QLineEdit(this);
        answer->setObjectName(QStringLiteral("answer%1").arg(a + 1));
        m_answers.push_back(answer);
        form->addRow(letter, answer);
        m_correct->addItem(letter);
    }
    m_correctLabel = new QLabel(this);
    form->addRow(m_correctLabel, m_correct);
    column->addLayout(form);

    connect(m_lessonTitle, &QLineEdit::editingFinished, this, [this] {
        if (m_lessonTitle->text() != m_controller->lesson().title)
            m_controller->setTitle(m_lessonTitle->text());
    });
    connect(m_steps, &QListWidget::currentRowChanged, this, &LessonEditor::showSelected);
    connect(m_add, &QPushButton::clicked, m_controller, &LessonController::addCurrentState);
    connect(m_up, &QPushButton::clicked, this, [this] { moveSelected(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveSelected(+1); });
    connect(m_delete, &QPushButton::clicked, this, &LessonEditor::deleteSelected);
    connect(m_play, &QPushButton::clicked, this,
        [this] { m_controller->play(std::max(0, m_steps->currentRow())); });
    connect(m_title, &QLineEdit::editingFinished, this, &LessonEditor::commit);
    connect(m_text, &QPlainTextEdit::textChanged, this, &LessonEditor::commit);
    connect(m_asks, &QCheckBox::toggled, this, &LessonEditor::commit);
    connect(m_prompt, &QLineEdit::editingFinished, this, &LessonEditor::commit);
    for (QLineEdit* answer : m_answers)
        connect(answer, &QLineEdit::editingFinished, this, &LessonEditor::commit);
    connect(m_correct, &QComboBox::currentIndexChanged, this, &LessonEditor::commit);
    connect(m_controller, &LessonController::lessonChanged, this, &LessonEditor::refresh);
    retranslate();
    refresh();
}

void LessonEditor::moveSelected(int delta) {
    const int row = m_steps->currentRow();
    const int to = row + delta;
    if (row < 0 || to < 0 || to >= m_steps->count())
        return;
    m_controller->moveStep(row, to);
    m_steps->setCurrentRow(to);
}

void LessonEditor::deleteSelected() {
    const int row = m_steps->currentRow();
    if (row >= 0)
        m_controller->removeStep(row);
}

void LessonEditor::refresh() {
    const pecards::app::Lesson& lesson = m_controller->lesson();
    m_updating = true;
    const int row = m_steps->currentRow();
    const int before = m_steps->count();
    {
        const QSignalBlocker blocker(m_steps);
        m_steps->clear();
        for (qsizetype s = 0; s < lesson.steps.size(); ++s)
            m_steps->addItem(QStringLiteral("%1. %2").arg(s + 1).arg(lesson.steps.at(s).title));
        const auto count = static_cast<int>(lesson.steps.size());
        // A new step (added at the end) is selected; otherwise the selection stays.
        m_steps->setCurrentRow(count == 0 ? -1 : count > before || row < 0 || row >= count ? count - 1 : row);
    }
    if (!m_lessonTitle->hasFocus())
        m_lessonTitle->setText(lesson.title);
    m_updating = false;
    showSelected();
}

void LessonEditor::showSelected() {
    const int row = m_steps->currentRow();
    const bool has = row >= 0 && row < m_controller->lesson().steps.size();
    for (QWidget* field : std::initializer_list<QWidget*> {m_title, m_text, m_asks, m_up, m_down, m_delete})
        field->setEnabled(has);
    if (!has)
        return;
    const pecards::app::LessonStep& step = m_controller->lesson().steps.at(row);
    m_updating = true;
    if (!m_title->hasFocus())
        m_title->setText(step.title);
    if (m_text->toPlainText() != step.text)
        m_text->setPlainText(step.text);
    m_asks->setChecked(step.question.has_value());
    const pecards::app::LessonQuestion question = step.question.value_or(pecards::app::LessonQuestion {});
    if (!m_prompt->hasFocus())
        m_prompt->setText(question.prompt);
    for (int a = 0; a < m_answers.size(); ++a) {
        if (!m_answers.at(a)->hasFocus())
            m_answers.at(a)->setText(question.answers.value(a));
        m_answers.at(a)->setEnabled(step.question.has_value());
    }
    m_prompt->setEnabled(step.question.has_value());
    m_correct->setEnabled(step.question.has_value());
    m_correct->setCurrentIndex(question.correct);
    m_updating = false;
}

void LessonEditor::commit() {
    const int row = m_steps->currentRow();
    if (m_updating || row < 0 || row >= m_controller->lesson().steps.size())
        return;
    pecards::app::LessonStep step = m_controller->lesson().steps.at(row);
    step.title = m_title->text();
    step.text = m_text->toPlainText();
    if (m_asks->isChecked()) {
        pecards::app::LessonQuestion question;
        question.prompt = m_prompt->text();
        // Answers up to the last one filled in; an empty one before it is named when saving.
        int last = -1;
        for (int a = 0; a < m_answers.size(); ++a) {
            if (!m_answers.at(a)->text().trimmed().isEmpty())
                last = a;
        }
        for (int a = 0; a <= last; ++a)
            question.answers << m_answers.at(a)->text();
        question.correct = m_correct->currentIndex();
        step.question = question;
    } else {
        step.question.reset();
    }
    if (step == m_controller->lesson().steps.at(row))
        return;
    m_controller->setStep(row, step);
}

void LessonEditor::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LessonEditor::retranslate() {
    m_lessonTitleLabel->setText(tr("Lesson title"));
    m_add->setText(tr("Add current state"));
    m_add->setToolTip(tr("The deck as it is now (cards, views, zoom windows, colour maps, compare pair) "
                         "becomes the next step"));
    m_up->setText(tr("Move up"));
    m_down->setText(tr("Move down"));
    m_delete->setText(tr("Delete"));
    m_play->setText(tr("Play from here"));
    m_titleLabel->setText(tr("Step title"));
    m_textLabel->setText(tr("Text"));
    m_text->setPlaceholderText(tr("Rich text, e.g. <p>θ<sub>i</sub> = b<sup>−2i/d</sup></p>"));
    m_asks->setText(tr("Ask a question first (predict, then reveal)"));
    m_prompt->setPlaceholderText(tr("The question"));
    m_correctLabel->setText(tr("Right answer"));
}

} // namespace pecards::gui
