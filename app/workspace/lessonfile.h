#pragma once
/// @file lessonfile.h
/// @brief Lesson files: versioned JSON ({"format": "pecards-lesson", "version": 1, ...}), saved
/// atomically and opened all-or-nothing, read as strictly as workspace files (jsonreader.h).
///
/// Document layout (version 1; docs/lessons.md):
///
///     {"format": "pecards-lesson", "version": 1, "app_version": "0.1.0", "title": "RoPE",
///      "steps": [{"title": "One pair rotates", "text": "<p>rich text</p>",
///                 "question": null | {"prompt": "...", "answers": ["a", "b"], "correct": 1},
///                 "animation": null | {"parameter": "rope.base", "from": 10000, "to": 500000,
///                                      "seconds": 4, "scale": "log"},
///                 "pitfall": null | "rope-small-base",
///                 "state": {"active_card": 0, "cards": [...], "compare": [...]}}]}
///
/// "state" is a workspace's state (workspacefile.h): cards with parameters and views (zoom
/// windows, reductions, colour maps), compare pairs and the active card.

#include "workspace/jsonreader.h"
#include "workspace/lesson.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace pecards::app {

/// @brief The lesson as an indented UTF-8 JSON document.
/// @throws InvalidParameter naming the step and field ("steps[2].question.correct") when the
/// lesson could not be opened again: no title, no steps, a step without a title, a question
/// with fewer than 2 or more than 4 answers or `correct` outside them, an animation whose
/// parameter or range is invalid (checkLessonStep), a pitfall of another card, or an invalid
/// state (as workspaceToJson).
QByteArray lessonToJson(const Lesson& lesson);

/// @brief Parses and checks a whole document; nothing is returned unless all of it is valid.
/// @throws WorkspaceFormatError naming the problem and its key path: not JSON, another format,
/// a newer version, a missing / mistyped / unknown key, or any problem lessonToJson refuses.
Lesson lessonFromJson(const QByteArray& json);

/// @brief Opens a lesson file (or a ":/lessons/..." resource).
/// @return the lesson, or nullopt with `error` = "Cannot open lesson <path>: <problem>".
std::optional<Lesson> openLesson(const QString& path, QString* error = nullptr);

/// @brief Saves atomically (writeOutputFile): a failure leaves the previous file intact.
/// @return true on success; false with `error` = "Cannot save lesson <path>: <reason>".
bool saveLesson(const QString& path, const Lesson& lesson, QString* error = nullptr);

/// @brief Checks one step's own fields (title, question, animation, pitfall) against its state.
/// @throws InvalidParameter naming the field (e.g. "question.correct").
void checkLessonStep(const LessonStep& step);

} // namespace pecards::app
