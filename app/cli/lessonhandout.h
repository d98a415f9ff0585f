#pragma once
/// @file lessonhandout.h
/// @brief `pecards-cli render --lesson FILE --out lesson.pdf`: a handout of a lesson for
/// students, one A4 page per step: the title, the text, the figures of the views the step shows
/// (its `show` list, else its first view; computed by the backend, drawn by app/figure as `render`
/// draws any view or chart) and the question with its answers; a question asks on the picture
/// before it, as the app does, and its answer (marked), its own figures and the explanation follow
/// on the next page.

#include "cliparser.h"
#include "handoutfigures.h"
#include "pecards/backend.h"
#include "workspace/lesson.h"

#include <QByteArray>
#include <vector>

namespace pecards::cli {

/// @brief The figures a step's page draws: the views it shows (app::shownViews: heatmaps and
/// charts, in order); for a pitfall step its first view with the pitfall's bug (pitfall.kind set,
/// L at most 1024 as the Pitfalls view shows it). Empty when the step has no active card or view.
/// @throws UsageError naming --lesson for a chart name that is not a chart.
std::vector<HandoutFigure> lessonStepFigures(const app::LessonStep& step);

/// @brief The step whose picture a page of step `step` of `lesson` shows: a step without a
/// question its own; a question step asks on the picture before it, as the app does (the previous
/// step, none for a first step), and its answer page (`answerPage`) shows its own.
const app::LessonStep* lessonPictureStep(const app::Lesson& lesson, int step, bool answerPage);

/// @brief The figures on that page: lessonStepFigures of lessonPictureStep (none without one).
std::vector<HandoutFigure> lessonPageFigures(const app::Lesson& lesson, int step, bool answerPage);

/// @brief The compare pair a step shows on the compare tab (no active card, a pair in its state):
/// its first pair, printed as A, B and A − B as `render --workspace` prints a pair; none otherwise.
const app::ComparePair* lessonComparePair(const app::LessonStep& step);

/// @brief The handout as PDF bytes (figure size, dpi and fonts from `options`).
/// @throws pecards::InvalidParameter, pecards::ComputeLimitExceeded, std::runtime_error as
/// viewFigure; app::FileError when the PDF cannot be generated.
QByteArray lessonHandoutPdf(Backend& backend, const app::Lesson& lesson, const RenderOptions& options);

} // namespace pecards::cli
