#pragma once
/// @file lessonsmenu.h
/// @brief The Lessons menu: play (F6), the built-in lessons by title, add the current state as
/// a step, the lesson panel, open / save lessons.

namespace pecards::gui {

class MainWindow;

/// @brief Adds the Lessons menu to `window`'s menu bar.
void buildLessonsMenu(MainWindow& window);

} // namespace pecards::gui
