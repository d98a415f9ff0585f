#include "lessons/lessonsmenu.h"

#include "lessons/lessoncontroller.h"

#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <workspace/lessonfile.h>

namespace pecards::gui {

void buildLessonsMenu(QMenuBar& bar, LessonController& controller) {
    LessonController* lessons = &controller;
    QMenu* menu = bar.addMenu(LessonController::tr("&Lessons"));
    QAction* play
        = menu->addAction(LessonController::tr("&Play lesson"), lessons, [lessons] { lessons->play(); });
    play->setShortcut(QKeySequence(Qt::Key_F6));
    play->setStatusTip(
        LessonController::tr("Full screen, one step at a time: Space or → next (a question first, "
                             "then its answer with the picture), ← back, Esc leaves"));
    QMenu* builtIn = menu->addMenu(LessonController::tr("&Built-in lessons"));
    for (const QString& resource : lessons->builtInLessons()) {
        // Reading a few kB of embedded JSON for the titles; nothing is computed here.
        const std::optional<pecards::app::Lesson> lesson = pecards::app::openLesson(resource);
        if (lesson)
            builtIn->addAction(
                lesson->title, lessons, [lessons, resource] { lessons->playBuiltIn(resource); });
    }
    menu->addSeparator();
    QAction* add = menu->addAction(
        LessonController::tr("&Add current state as step"), lessons, &LessonController::addCurrentState);
    add->setStatusTip(LessonController::tr("The cards, their views and zoom windows and the compare pair as "
                                           "they are now become the lesson's next step"));
    menu->addAction(LessonController::tr("Lesson pa&nel"), lessons, [lessons] {
        QDockWidget* dock = lessons->editorDock();
        dock->setVisible(!dock->isVisible());
    });
    menu->addSeparator();
    menu->addAction(LessonController::tr("&Open lesson…"), lessons, &LessonController::askOpen);
    menu->addAction(LessonController::tr("&Save lesson"), lessons, &LessonController::save);
    menu->addAction(LessonController::tr("Save lesson &as…"), lessons, &LessonController::saveAs);
}

} // namespace pecards::gui
