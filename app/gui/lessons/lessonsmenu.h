#pragma once
/// @file lessonsmenu.h
/// @brief The Lessons menu: play (F6), the built-in lessons by title, add the current state as
/// a step, the lesson panel, open / save lessons.

class QMenuBar;

namespace pecards::gui {

class LessonController;

/// @brief Adds the Lessons menu, acting on `lessons`, to `bar`.
void buildLessonsMenu(QMenuBar& bar, LessonController& lessons);

} // namespace pecards::gui
