#pragma once
/// @file lesson.h
/// @brief A lesson as a plain value: an ordered list of steps, each a deck state (workspace.h)
/// with a title, a short rich text, an optional question (predict, then reveal) and an
/// optional animation of one parameter. Saved and opened as versioned JSON by lessonfile.h.

#include "workspace/workspace.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace pecards::app {

/// @brief Version of the lesson file format this build writes and reads.
inline constexpr int kLessonFormatVersion = 1;

/// @brief Fewest and most answers of a question.
inline constexpr int kMinAnswers = 2;
inline constexpr int kMaxAnswers = 4;

/// @brief Longest animation, in seconds.
inline constexpr double kMaxAnimationSeconds = 60.0;

/// @brief A question asked before the step's picture is shown: the class predicts, then the
/// player reveals the picture together with the right answer.
struct LessonQuestion {
    QString prompt; ///< rich text
    QStringList answers; ///< kMinAnswers..kMaxAnswers, plain text
    int correct = 0; ///< index of the one right answer
    bool operator==(const LessonQuestion&) const = default;
};

/// @brief How an animation interpolates between `from` and `to`.
enum class AnimationScale {
    Linear, ///< from + t (to - from)
    Log, ///< from (to / from)^t; from and to > 0 (e.g. base 10^4 -> 5·10^5)
};

/// @brief A parameter of the step's active card swept from `from` to `to` over `seconds`.
struct LessonAnimation {
    /// "position": the position m the sweepable views mark (as presentation mode's sweep),
    /// in [0, L - 1]; otherwise the key path of a number in the card's parameters as
    /// paramsjson.h writes them, e.g. "rope.base", "length", "rope.scaling.factor". A parameter
    /// that is a whole number (length, head_dim, heads, ...) takes rounded values.
    QString parameter;
    double from = 0.0;
    double to = 0.0;
    double seconds = 1.0; ///< (0, kMaxAnimationSeconds]
    AnimationScale scale = AnimationScale::Linear;
    bool operator==(const LessonAnimation&) const = default;
};

/// @brief Most entries a step circles, and the longest label of one.
inline constexpr int kMaxMarkers = 8;
inline constexpr int kMaxMarkerLabel = 40;

/// @brief Most views a step shows large at once (side by side, or two by two).
inline constexpr int kMaxShownViews = 4;

/// @brief An entry of the step's large view (its first shown view, shownViews) circled for the class
/// ("S[100,110] against S[400,410]"): row and column in entry indices of that view's quantity,
/// inside its full extent, and a short plain-text label.
struct LessonMarker {
    qint64 row = 0;
    qint64 col = 0;
    QString label; ///< plain text, at most kMaxMarkerLabel characters; may be empty
    bool operator==(const LessonMarker&) const = default;
};

/// @brief One step: the deck state it shows and what it says.
struct LessonStep {
    QString title; ///< plain text, not empty
    QString text; ///< rich text (the subset QTextDocument shows, as the card texts)
    std::optional<LessonQuestion> question;
    std::optional<LessonAnimation> animation; ///< needs an active card (state.activeCard >= 0)
    /// A pitfall of the active card shown in its Pitfalls view (pitfall.h), None for the views.
    Pitfall pitfall = Pitfall::None;
    /// Entries circled on the large view (optional in the file: "markers"); need an active card
    /// whose first shown view is a heatmap, and no pitfall.
    QList<LessonMarker> markers;
    /// The views the step shows large, by name (viewNamesOf), at most kMaxShownViews, distinct,
    /// each a view or chart of the active card (optional in the file: "show"); empty: its first
    /// view. Not on a pitfall step (that shows its Pitfalls view).
    QStringList show;
    Workspace state; ///< cards, views (zoom windows, colour maps), compare pair, active card
    bool operator==(const LessonStep&) const = default;
};

/// @brief A whole lesson.
struct Lesson {
    QString title; ///< plain text, not empty
    QList<LessonStep> steps; ///< at least one
    bool operator==(const Lesson&) const = default;
};

/// @brief The names a step's `show` list uses for `card`'s views, in the card's order: each
/// heatmap view's quantity ("unseen-angles", pecards::toString), then each chart's name
/// ("scaling-ratio", CardChart::chart).
QStringList viewNamesOf(const WorkspaceCard& card);

/// @brief The views `step` shows large, by name: its `show` list, else the active card's first
/// view (its first heatmap, else its first chart); empty for a pitfall step or no active card.
QStringList shownViews(const LessonStep& step);

/// @brief The animated parameter's value at time fraction `t` in [0, 1] (the scale's
/// interpolation; rounded to a whole number for whole-number parameters and "position").
/// @throws InvalidParameter if the parameter is not a number of `params` (see LessonAnimation).
double animationValue(const LessonAnimation& animation, const CardParams& params, double t);

/// @brief `params` with the animated parameter set to `value` (not for "position").
/// @throws InvalidParameter naming the parameter when it is not a number of `params` or the
/// result is not valid (pecards::validate).
CardParams withAnimatedValue(const CardParams& params, const QString& parameter, double value);

/// @brief The parameter name of the sweep position m.
inline const QString kAnimatePosition = QStringLiteral("position");

} // namespace pecards::app
