#pragma once
/// @file lessonhandout.h
/// @brief `pecards-cli render --lesson FILE --out lesson.pdf`: a handout of a lesson for
/// students, one A4 page per step: the title, the text, the figure of the step's first view
/// (computed by the backend, drawn by app/figure as `render` draws any view) and the question
/// with its answers; a question step's answer (marked) and explanation follow on the next page.

#include "cliparser.h"
#include "pecards/backend.h"
#include "workspace/lesson.h"

#include <QByteArray>
#include <optional>

namespace pecards::cli {

/// @brief The view a step's page draws: the active card's first view, computed at the printed
/// plot's pixel size; for a pitfall step that view with the pitfall's bug (pitfall.kind set, L
/// at most 1024 as the Pitfalls view shows it). None when the step has no active card or no view.
std::optional<ViewRequest> lessonStepView(const app::LessonStep& step);

/// @brief The handout as PDF bytes (figure size, dpi and fonts from `options`).
/// @throws pecards::InvalidParameter, pecards::ComputeLimitExceeded, std::runtime_error as
/// viewFigure; app::FileError when the PDF cannot be generated.
QByteArray lessonHandoutPdf(Backend& backend, const app::Lesson& lesson, const RenderOptions& options);

} // namespace pecards::cli
