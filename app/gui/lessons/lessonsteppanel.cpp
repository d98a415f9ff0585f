#include "lessons/lessonsteppanel.h"

#include "workspace/lessontext.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace pecards::gui {

namespace {

QLabel* wrappingLabel(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString letter(int answer) {
    return QString(QChar(u'A' + answer));
}

} // namespace

LessonStepPanel::LessonStepPanel(QWidget* parent)
    : QWidget(parent) {
    setMinimumWidth(kPanelWidth);
    setMaximumWidth(kPanelWidth);
    auto* outer = new QVBoxLayout(this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(scroll);
    auto* column = new QVBoxLayout(content);
    m_progress = new QLabel(content);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_title = wrappingLabel(content);
    m_title->setObjectName(QStringLiteral("stepTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.6);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_question = wrappingLabel(content);
    m_question->setObjectName(QStringLiteral("question"));
    QFont large = m_question->font();
    large.setPointSizeF(large.pointSizeF() * 1.25);
    m_question->setFont(large);
    column->addWidget(m_progress);
    column->addWidget(m_title);
    column->addWidget(m_question);
    for (int a = 0; a < pecards::app::kMaxAnswers; ++a) {
        QLabel* answer = wrappingLabel(content);
        answer->setObjectName(QStringLiteral("answer%1").arg(a + 1));
        answer->setTextFormat(Qt::PlainText);
        answer->setFont(large);
        answer->setMargin(4);
        answer->setCursor(Qt::PointingHandCursor);
        answer->installEventFilter(this); // a click records the class's answer
        m_answers.push_back(answer);
        column->addWidget(answer);
    }
    m_body = wrappingLabel(content);
    m_body->setObjectName(QStringLiteral("text"));
    m_body->setFont(large);
    column->addWidget(m_body);
    column->addStretch(1);
    scroll->setWidget(content);
    outer->addWidget(scroll, 1);
    m_keys = wrappingLabel(this);
    outer->addWidget(m_keys);
    auto* buttons = new QHBoxLayout;
    m_back = new QPushButton(this);
    m_next = new QPushButton(this);
    m_leave = new QPushButton(this);
    for (QPushButton* button : {m_back, m_next, m_leave}) {
        button->setFocusPolicy(Qt::NoFocus); // the keys stay with the player
        buttons->addWidget(button);
    }
    outer->addLayout(buttons);
    connect(m_back, &QPushButton::clicked, this, &LessonStepPanel::backRequested);
    connect(m_next, &QPushButton::clicked, this, &LessonStepPanel::nextRequested);
    connect(m_leave, &QPushButton::clicked, this, &LessonStepPanel::leaveRequested);
    retranslate();
}

void LessonStepPanel::showStep(
    const QString& lesson, const pecards::app::LessonStep& step, int index, int count, bool revealed) {
    if (index != m_index || count != m_count || step.question != m_shownQuestion)
        m_chosen = -1; // another step: the choice was for the last question
    m_index = index;
    m_count = count;
    m_revealed = revealed;
    m_hasQuestion = step.question.has_value();
    m_shownQuestion = step.question;
    m_title->setText(step.title.toHtmlEscaped());
    m_progress->setToolTip(lesson);
    m_question->setVisible(m_hasQuestion);
    m_question->setText(m_hasQuestion ? pecards::app::lessonTextForLabel(step.question->prompt) : QString());
    markAnswers();
    m_body->setVisible(revealed);
    m_body->setText(revealed ? pecards::app::lessonTextForLabel(step.text) : QString());
    retranslate();
}

void LessonStepPanel::choose(int answer) {
    if (!m_shownQuestion || answer < -1 || answer >= m_shownQuestion->answers.size())
        return;
    m_chosen = answer;
    markAnswers();
}

void LessonStepPanel::markAnswers() {
    const int marked = m_shownQuestion && m_revealed ? m_shownQuestion->correct : -1;
    for (int a = 0; a < m_answers.size(); ++a) {
        QLabel* label = m_answers.at(a);
        const bool shown = m_shownQuestion && a < m_shownQuestion->answers.size();
        label->setVisible(shown);
        if (!shown)
            continue;
        QString text = letter(a) + QStringLiteral(". ") + m_shownQuestion->answers.at(a);
        if (a == marked)
            text += QStringLiteral("  ✓");
        if (a == m_chosen)
            text += QStringLiteral("  ") + tr("(chosen)");
        label->setText(text);
        // The right answer is marked by a colour as well as the tick (theme-independent green),
        // the class's choice by a blue frame (a blue-green pair colour-blind readers tell apart).
        const QString border = a == m_chosen ? QStringLiteral("3px solid rgb(0, 114, 178)")
            : a == marked                    ? QStringLiteral("2px solid rgb(46, 160, 67)")
                                             : QStringLiteral("1px solid palette(mid)");
        const QString background
            = a == marked ? QStringLiteral("background: rgba(46, 160, 67, 60); ") : QString();
        label->setStyleSheet(QStringLiteral("QLabel { %1border: %2; }").arg(background, border));
    }
}

bool LessonStepPanel::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonRelease) {
        const qsizetype answer = m_answers.indexOf(qobject_cast<QLabel*>(watched));
        if (answer >= 0) {
            choose(static_cast<int>(answer));
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LessonStepPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LessonStepPanel::retranslate() {
    m_progress->setText(tr("Step %1 of %2").arg(m_index + 1).arg(m_count));
    const bool asking = m_hasQuestion && !m_revealed;
    m_keys->setText(asking
            ? tr("Predict (click an answer or 1–4), then Space or → reveals · ← back · D pen · B blank · "
                 "Esc leaves")
            : tr("Space or → next · ← back · D pen · B blank · Esc leaves"));
    m_back->setText(tr("Back"));
    m_next->setText(asking ? tr("Reveal") : tr("Next"));
    m_next->setEnabled(asking || m_index + 1 < m_count);
    m_back->setEnabled(m_index > 0);
    m_leave->setText(tr("Leave"));
}

} // namespace pecards::gui
