#include "lessons/lessoncontroller.h"

#include "cards/cardregistry.h"
#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "lessons/builtinlessons.h"
#include "lessons/lessoneditor.h"
#include "lessons/lessonplayer.h"
#include "settings/languageswitcher.h"
#include "widgets/warningdialog.h"
#include "window/stagescreen.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QStyle>
#include <workspace/lessonfile.h>

namespace pecards::gui {

LessonController::LessonController(
    QMainWindow* window, DeckModel& deck, const QList<CardPage*>& cards, const LanguageSwitcher* language)
    : QObject(window)
    , m_window(window)
    , m_deck(deck)
    , m_language(language)
    , m_player(new LessonPlayer(window, deck, cards)) {
    // The lesson panel makes room for the player and comes back after it.
    connect(m_player, &LessonPlayer::activeChanged, this, [this](bool active) {
        if (!m_editorDock)
            return;
        if (active) {
            m_editorWasVisible = m_editorDock->isVisible();
            m_editorDock->hide();
        } else {
            m_editorDock->setVisible(m_editorWasVisible);
        }
    });
}

LessonController::~LessonController() {
    delete m_editorDock;
}

QString LessonController::fileFilter() {
    return tr("PE Cards lesson (*.pelesson *.json)");
}

void LessonController::addCurrentState() {
    pecards::app::LessonStep step;
    step.state = workspaceOf(m_deck);
    step.state.check.reset(); // a step shows cards: the author's check files are not the class's
    const CardEntry* card
        = m_deck.activeCard() < 0 ? nullptr : findCardEntry(m_deck.cardId(m_deck.activeCard()));
    step.title
        = tr("%1, step %2").arg(card ? cardTitle(*card) : tr("Compare")).arg(m_lesson.steps.size() + 1);
    if (m_lesson.title.isEmpty())
        m_lesson.title = tr("My lesson");
    m_lesson.steps.push_back(step);
    emit lessonChanged();
    editorDock()->show(); // the new step, ready for its title, text and question
}

QDockWidget* LessonController::editorDock() {
    if (!m_editorDock) {
        m_editorDock = new QDockWidget(tr("Lesson"), m_window);
        m_editorDock->setObjectName(QStringLiteral("lessonEditor"));
        m_editorDock->setWidget(new LessonEditor(this, m_editorDock));
        m_window->addDockWidget(Qt::RightDockWidgetArea, m_editorDock);
        fitEditorDock(); // before it is first shown, so the window never grows
    }
    return m_editorDock;
}

void LessonController::fitEditorDock() {
    if (m_editorDock->isFloating())
        return;
    const int room = stageWidth(m_window);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest); // the deck's minimum as it is now
    const QWidget* deck = m_window->centralWidget();
    const int needed = std::max(deck->minimumWidth(), deck->minimumSizeHint().width())
        + m_editorDock->minimumSizeHint().width()
        + m_window->style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent);
    if (needed <= room)
        return;
    // It floats, and cannot be dragged back where it would widen the window.
    m_editorDock->setAllowedAreas(Qt::NoDockWidgetArea);
    m_editorDock->setFloating(true);
    const QRect window = m_window->geometry();
    const int width = std::min(m_editorDock->sizeHint().width(), window.width() / 3);
    m_editorDock->setGeometry(window.right() - width, window.top(), width, window.height());
}

void LessonController::setStep(int index, const pecards::app::LessonStep& step) {
    if (index < 0 || index >= m_lesson.steps.size())
        return;
    m_lesson.steps[index] = step;
    emit lessonChanged();
}

void LessonController::moveStep(int from, int to) {
    const auto count = static_cast<int>(m_lesson.steps.size());
    if (from < 0 || from >= count || to < 0 || to >= count || from == to)
        return;
    m_lesson.steps.move(from, to);
    emit lessonChanged();
}

void LessonController::removeStep(int index) {
    if (index < 0 || index >= m_lesson.steps.size())
        return;
    m_lesson.steps.removeAt(index);
    emit lessonChanged();
}

void LessonController::setTitle(const QString& title) {
    m_lesson.title = title;
    emit lessonChanged();
}

bool LessonController::open(const QString& path) {
    QString error;
    const std::optional<pecards::app::Lesson> lesson = pecards::app::openLesson(path, &error);
    if (!lesson) {
        fail(tr("Cannot open lesson"), error);
        return false;
    }
    m_lesson = *lesson;
    m_path = path;
    m_lastError.clear();
    emit lessonChanged();
    return true;
}

void LessonController::askOpen() {
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open lesson"), QFileInfo(m_path).absolutePath(), fileFilter());
    if (!path.isEmpty() && open(path))
        play();
}

bool LessonController::save() {
    return m_path.isEmpty() ? saveAs() : saveTo(m_path);
}

bool LessonController::saveAs() {
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save lesson"),
        m_path.isEmpty() ? QStringLiteral("lesson.pelesson") : m_path, fileFilter());
    return !path.isEmpty() && saveTo(path);
}

bool LessonController::saveTo(const QString& path) {
    QString error;
    if (!pecards::app::saveLesson(path, m_lesson, &error)) {
        fail(tr("Cannot save lesson"), error);
        return false;
    }
    m_path = path;
    m_lastError.clear();
    emit lessonChanged();
    return true;
}

QStringList LessonController::builtInLessons() const {
    return pecards::gui::builtInLessons(m_language->language());
}

void LessonController::play(int step) {
    if (!m_lesson.steps.isEmpty()) {
        m_player->play(m_lesson, step);
        return;
    }
    const QStringList lessons = builtInLessons();
    if (!lessons.isEmpty())
        playBuiltIn(lessons.front());
}

bool LessonController::playBuiltIn(const QString& resource) {
    QString error;
    const std::optional<pecards::app::Lesson> lesson = pecards::app::openLesson(resource, &error);
    if (!lesson) {
        fail(tr("Cannot open lesson"), error);
        return false;
    }
    m_player->play(*lesson);
    return true;
}

void LessonController::fail(const QString& title, const QString& message) {
    m_lastError = message;
    emit failed(message);
    openWarning(m_window, title, message);
}

} // namespace pecards::gui
