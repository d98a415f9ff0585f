#include "workspace/lessonfile.h"

#include "pecards/errors.h"
#include "pecards/pitfall.h"
#include "workspace/jsondocument.h"
#include "workspace/jsonreader.h"
#include "workspace/lessontext.h"
#include "workspace/workspacefile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>

namespace pecards::app {

namespace {

const QString kLessonFormat = QStringLiteral("pecards-lesson");

void checkQuestion(const LessonQuestion& question) {
    if (question.prompt.trimmed().isEmpty()) {
        throw InvalidParameter("question.prompt", "\"\"", "a question (not empty)");
    }
    checkLessonRichText(question.prompt, "question.prompt");
    const auto count = static_cast<int>(question.answers.size());
    if (count < kMinAnswers || count > kMaxAnswers) {
        throw InvalidParameter("question.answers", std::to_string(count) + " answers",
            "[" + std::to_string(kMinAnswers) + ", " + std::to_string(kMaxAnswers) + "] answers");
    }
    for (int a = 0; a < count; ++a) {
        if (question.answers.at(a).trimmed().isEmpty()) {
            throw InvalidParameter(
                "question.answers[" + std::to_string(a) + "]", "\"\"", "an answer (not empty)");
        }
    }
    if (question.correct < 0 || question.correct >= count) {
        throw InvalidParameter("question.correct", std::to_string(question.correct),
            "the index of the right answer, in [0, " + std::to_string(count - 1) + "]");
    }
}

void checkAnimation(const LessonAnimation& animation, const Workspace& state) {
    if (state.activeCard < 0) {
        throw InvalidParameter("animation", "a step without an active card",
            "a step whose state has an active card (the animation sweeps its parameter)");
    }
    if (!(animation.seconds > 0.0) || animation.seconds > kMaxAnimationSeconds) {
        throw InvalidParameter("animation.seconds", formatValue(animation.seconds),
            "in (0, " + formatValue(kMaxAnimationSeconds) + "]");
    }
    if (animation.scale == AnimationScale::Log && !(animation.from > 0.0 && animation.to > 0.0)) {
        throw InvalidParameter("animation.from",
            formatValue(animation.from) + " to " + formatValue(animation.to), "both > 0 for a log scale");
    }
    const WorkspaceCard& card = state.cards.at(state.activeCard);
    if (animation.parameter == kAnimatePosition) {
        for (const double m : {animation.from, animation.to}) {
            if (!(m >= 0.0) || m > static_cast<double>(card.params.length - 1) || m != std::round(m)) {
                throw InvalidParameter("animation.from", formatValue(m),
                    "a whole position in [0, " + std::to_string(card.params.length - 1) + "] (L - 1)");
            }
        }
        return;
    }
    // Both ends must give valid parameters whose views still fit (a swept length must not
    // shrink below a zoom window).
    for (const double t : {0.0, 1.0}) {
        CardParams params;
        withKeyPath("animation", [&] {
            params = withAnimatedValue(
                card.params, animation.parameter, animationValue(animation, card.params, t));
        });
        for (const CardView& view : card.views) {
            ViewRequest request;
            request.params = params;
            request.quantity = view.quantity;
            request.window = view.window;
            request.reduction = view.reduction;
            withKeyPath("animation", [&] { validate(request); });
        }
    }
}

QJsonValue questionToJson(const std::optional<LessonQuestion>& question) {
    if (!question) {
        return QJsonValue(QJsonValue::Null);
    }
    return QJsonObject {{QStringLiteral("prompt"), question->prompt},
        {QStringLiteral("answers"), QJsonArray::fromStringList(question->answers)},
        {QStringLiteral("correct"), question->correct}};
}

QJsonValue animationToJson(const std::optional<LessonAnimation>& animation) {
    if (!animation) {
        return QJsonValue(QJsonValue::Null);
    }
    return QJsonObject {{QStringLiteral("parameter"), animation->parameter},
        {QStringLiteral("from"), animation->from}, {QStringLiteral("to"), animation->to},
        {QStringLiteral("seconds"), animation->seconds},
        {QStringLiteral("scale"),
            animation->scale == AnimationScale::Log ? QStringLiteral("log") : QStringLiteral("linear")}};
}

/// The strings of array `key`; an element that is not one fails with `problem` (%1 its index, %2
/// what it is).
QStringList strings(JsonReader& r, const char* key, const QString& problem) {
    const QJsonArray array = r.array(key);
    QStringList values;
    for (qsizetype n = 0; n < array.size(); ++n) {
        if (!array.at(n).isString())
            r.fail(key, problem.arg(n).arg(describeJson(array.at(n))));
        values.push_back(array.at(n).toString());
    }
    return values;
}

LessonQuestion questionFromJson(JsonReader r) {
    LessonQuestion question;
    question.prompt = r.string("prompt");
    question.answers = strings(r, "answers", QStringLiteral("answer %1: expected a string, got %2"));
    question.correct = r.integer("correct");
    r.finish();
    return question;
}

LessonAnimation animationFromJson(JsonReader r) {
    LessonAnimation animation;
    animation.parameter = r.string("parameter");
    animation.from = r.number("from");
    animation.to = r.number("to");
    animation.seconds = r.number("seconds");
    const QString scale = r.string("scale");
    if (scale == QStringLiteral("log")) {
        animation.scale = AnimationScale::Log;
    } else if (scale != QStringLiteral("linear")) {
        r.fail("scale", QStringLiteral("unknown name \"%1\" (allowed: linear, log)").arg(scale));
    }
    r.finish();
    return animation;
}

QJsonValue markersToJson(const QList<LessonMarker>& markers) {
    QJsonArray array;
    for (const LessonMarker& marker : markers) {
        array.append(QJsonObject {{QStringLiteral("row"), marker.row}, {QStringLiteral("col"), marker.col},
            {QStringLiteral("label"), marker.label}});
    }
    return array;
}

LessonMarker markerFromJson(JsonReader r) {
    LessonMarker marker;
    marker.row = r.int64("row");
    marker.col = r.int64("col");
    marker.label = r.string("label");
    r.finish();
    return marker;
}

void checkMarkers(const LessonStep& step) {
    if (step.markers.isEmpty())
        return;
    if (step.markers.size() > kMaxMarkers) {
        throw InvalidParameter("markers", std::to_string(step.markers.size()) + " markers",
            "at most " + std::to_string(kMaxMarkers));
    }
    // The markers circle the step's first shown view, which must be a heatmap.
    const QStringList shown = shownViews(step);
    const QList<CardView> views
        = step.state.activeCard >= 0 ? step.state.cards.at(step.state.activeCard).views : QList<CardView> {};
    const auto marked = std::find_if(views.begin(), views.end(), [&](const CardView& view) {
        return !shown.isEmpty() && QString::fromStdString(toString(view.quantity)) == shown.front();
    });
    if (marked == views.end()) {
        throw InvalidParameter("markers", "a step without a heatmap to mark",
            "a step whose first shown view is a heatmap of its active card, and no pitfall (the markers "
            "circle entries of that view)");
    }
    const CardParams& params = step.state.cards.at(step.state.activeCard).params;
    const Quantity quantity = marked->quantity;
    const Window extent = fullExtent(params, quantity);
    for (qsizetype m = 0; m < step.markers.size(); ++m) {
        const LessonMarker& marker = step.markers.at(m);
        const std::string name = "markers[" + std::to_string(m) + "]";
        if (marker.row < extent.row_begin || marker.row >= extent.row_end) {
            throw InvalidParameter(name + ".row", std::to_string(marker.row),
                "in [" + std::to_string(extent.row_begin) + ", " + std::to_string(extent.row_end)
                    + ") (the rows of the view's " + toString(quantity) + ")");
        }
        if (marker.col < extent.col_begin || marker.col >= extent.col_end) {
            throw InvalidParameter(name + ".col", std::to_string(marker.col),
                "in [" + std::to_string(extent.col_begin) + ", " + std::to_string(extent.col_end)
                    + ") (the columns of the view's " + toString(quantity) + ")");
        }
        if (marker.label.size() > kMaxMarkerLabel || marker.label.contains(QLatin1Char('<'))) {
            throw InvalidParameter(name + ".label", "\"" + marker.label.left(60).toStdString() + "\"",
                "plain text of at most " + std::to_string(kMaxMarkerLabel) + " characters");
        }
    }
}

void checkShown(const LessonStep& step) {
    if (step.show.isEmpty())
        return;
    if (step.show.size() > kMaxShownViews) {
        throw InvalidParameter("show", std::to_string(step.show.size()) + " views",
            "1 to " + std::to_string(kMaxShownViews) + " views");
    }
    if (step.state.activeCard < 0 || step.pitfall != Pitfall::None) {
        throw InvalidParameter("show", "a step without views to show",
            "a step with an active card and no pitfall (a pitfall step shows its Pitfalls view)");
    }
    const QStringList names = viewNamesOf(step.state.cards.at(step.state.activeCard));
    for (qsizetype v = 0; v < step.show.size(); ++v) {
        const QString& name = step.show.at(v);
        const std::string key = "show[" + std::to_string(v) + "]";
        if (!names.contains(name)) {
            throw InvalidParameter(key, "\"" + name.left(60).toStdString() + "\"",
                "a view or chart of the step's active card: "
                    + names.join(QStringLiteral(", ")).toStdString());
        }
        if (step.show.indexOf(name) != v)
            throw InvalidParameter(key, "\"" + name.toStdString() + "\"", "a view not shown already");
    }
}

LessonStep stepFromJson(JsonReader r) {
    LessonStep step;
    step.title = r.string("title");
    step.text = r.string("text");
    if (!r.isNull("question")) {
        step.question = questionFromJson(r.object("question"));
    }
    if (!r.isNull("animation")) {
        step.animation = animationFromJson(r.object("animation"));
    }
    if (!r.isNull("pitfall")) {
        step.pitfall = r.enumeration<Pitfall>("pitfall");
    }
    if (r.has("markers")) { // optional: lessons written before markers have none
        const QJsonArray markers = r.array("markers");
        for (qsizetype m = 0; m < markers.size(); ++m)
            step.markers.append(markerFromJson(arrayElement(r, "markers", markers, m)));
    }
    if (r.has("show")) // optional: lessons written before it show their first view
        step.show = strings(r, "show", QStringLiteral("view %1: expected a view's name, got %2"));
    JsonReader state = r.object("state");
    step.state = workspaceStateFromJson(state);
    state.finish();
    r.finish();
    try {
        checkLessonStep(step);
    } catch (const InvalidParameter& e) {
        throw WorkspaceFormatError(
            (r.path() + QStringLiteral(": ") + QString::fromStdString(e.what())).toStdString());
    }
    return step;
}

} // namespace

void checkLessonStep(const LessonStep& step) {
    if (step.title.trimmed().isEmpty()) {
        throw InvalidParameter("title", "\"\"", "a title (not empty)");
    }
    checkLessonRichText(step.text, "text");
    if (step.question) {
        checkQuestion(*step.question);
    }
    if (step.animation) {
        checkAnimation(*step.animation, step.state);
    }
    checkShown(step);
    checkMarkers(step);
    if (step.pitfall != Pitfall::None) {
        const Card card = step.state.activeCard >= 0 ? step.state.cards.at(step.state.activeCard).params.card
                                                     : Card::Sinusoidal;
        const std::vector<Pitfall> pitfalls = pitfallsOf(card);
        if (step.state.activeCard < 0
            || std::find(pitfalls.begin(), pitfalls.end(), step.pitfall) == pitfalls.end()) {
            throw InvalidParameter("pitfall", toString(step.pitfall),
                "a pitfall of the step's active card (pecards-cli pitfalls lists them)");
        }
    }
}

QByteArray lessonToJson(const Lesson& lesson) {
    if (lesson.title.trimmed().isEmpty()) {
        throw InvalidParameter("title", "\"\"", "a lesson title (not empty)");
    }
    if (lesson.steps.isEmpty()) {
        throw InvalidParameter("steps", "0 steps", "at least one step");
    }
    QJsonArray steps;
    for (qsizetype i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps.at(i);
        const std::string where = "steps[" + std::to_string(i) + "]";
        withKeyPath(where, [&] { checkLessonStep(step); });
        QJsonObject state;
        withKeyPath(where + ".state", [&] { state = workspaceStateToJson(step.state); });
        QJsonObject written {{QStringLiteral("title"), step.title}, {QStringLiteral("text"), step.text},
            {QStringLiteral("question"), questionToJson(step.question)},
            {QStringLiteral("animation"), animationToJson(step.animation)},
            {QStringLiteral("pitfall"),
                step.pitfall == Pitfall::None ? QJsonValue(QJsonValue::Null)
                                              : QJsonValue(QString::fromStdString(toString(step.pitfall)))},
            {QStringLiteral("state"), state}};
        if (!step.markers.isEmpty()) // optional: a step without markers reads as before
            written.insert(QStringLiteral("markers"), markersToJson(step.markers));
        if (!step.show.isEmpty()) // optional: a step without it shows its first view
            written.insert(QStringLiteral("show"), QJsonArray::fromStringList(step.show));
        steps.append(written);
    }
    QJsonObject root = documentEnvelope(kLessonFormat, kLessonFormatVersion);
    root.insert(QStringLiteral("title"), lesson.title);
    root.insert(QStringLiteral("steps"), steps);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Lesson lessonFromJson(const QByteArray& json) {
    JsonReader reader(documentRoot(json, QStringLiteral("lesson"), kLessonFormat), QString());
    readDocumentVersion(reader, QStringLiteral("lesson"), kLessonFormatVersion);
    Lesson lesson;
    lesson.title = reader.string("title");
    if (lesson.title.trimmed().isEmpty()) {
        reader.fail("title", QStringLiteral("empty: a lesson needs a title"));
    }
    const QJsonArray steps = reader.array("steps");
    if (steps.isEmpty()) {
        reader.fail("steps", QStringLiteral("no steps: a lesson needs at least one"));
    }
    for (qsizetype i = 0; i < steps.size(); ++i) {
        lesson.steps.append(stepFromJson(arrayElement(reader, "steps", steps, i)));
    }
    reader.finish();
    return lesson;
}

std::optional<Lesson> openLesson(const QString& path, QString* error) {
    return openJsonDocument<Lesson>(path, QStringLiteral("lesson"), lessonFromJson, error);
}

bool saveLesson(const QString& path, const Lesson& lesson, QString* error) {
    return saveJsonDocument(
        path, QStringLiteral("lesson"), [&lesson] { return lessonToJson(lesson); }, error);
}

} // namespace pecards::app
