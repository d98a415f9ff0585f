#include "workspace/lesson.h"

#include "pecards/errors.h"
#include "workspace/jsonreader.h"
#include "workspace/paramsjson.h"

#include <QJsonObject>
#include <cmath>

namespace pecards::app {

namespace {

/// The value at `path` ("rope.scaling.factor") of `object`; an undefined value when absent.
QJsonValue valueAt(const QJsonObject& object, const QStringList& path) {
    QJsonValue value = object;
    for (const QString& key : path) {
        if (!value.isObject())
            return QJsonValue(QJsonValue::Undefined);
        value = value.toObject().value(key);
    }
    return value;
}

/// `object` with the value at `path` replaced by `value` (the path exists).
QJsonObject withValueAt(QJsonObject object, const QStringList& path, const QJsonValue& value) {
    if (path.size() == 1) {
        object.insert(path.front(), value);
        return object;
    }
    object.insert(path.front(), withValueAt(object.value(path.front()).toObject(), path.mid(1), value));
    return object;
}

/// The number the parameter names in `params` as JSON, or throws InvalidParameter.
QJsonValue numberAt(const QJsonObject& json, const QString& parameter) {
    const QJsonValue value = valueAt(json, parameter.split(u'.'));
    if (!value.isDouble()) {
        throw InvalidParameter("parameter", parameter.toStdString(),
            "\"position\" or the key path of a number in the card's parameters (e.g. rope.base, length)");
    }
    return value;
}

/// Whether the parameter at `path` holds a whole number: the strict reader refuses a value
/// half-way between two whole numbers there as "expected an integer" (jsonreader.h). Qt keeps
/// whole doubles (a base of 10000) as integers inside QJsonObject, so the JSON type cannot tell.
bool isWholeNumber(const QJsonObject& json, const QString& parameter, const QJsonValue& value) {
    try {
        cardParamsFromJson(JsonReader(
            withValueAt(json, parameter.split(u'.'), QJsonValue(value.toDouble() + 0.5)), QString()));
    } catch (const WorkspaceFormatError& e) {
        return QString::fromStdString(e.what()).contains(QStringLiteral("expected an integer"));
    }
    return false;
}

} // namespace

double animationValue(const LessonAnimation& animation, const CardParams& params, double t) {
    const bool whole = animation.parameter == kAnimatePosition || [&] {
        const QJsonObject json = cardParamsToJson(params);
        return isWholeNumber(json, animation.parameter, numberAt(json, animation.parameter));
    }();
    const double value = animation.scale == AnimationScale::Log
        ? animation.from * std::pow(animation.to / animation.from, t)
        : animation.from + t * (animation.to - animation.from);
    return whole ? std::round(value) : value;
}

CardParams withAnimatedValue(const CardParams& params, const QString& parameter, double value) {
    const QJsonObject json = cardParamsToJson(params);
    const QJsonValue old = numberAt(json, parameter);
    const QJsonValue replacement = isWholeNumber(json, parameter, old)
        ? QJsonValue(static_cast<qint64>(std::llround(value)))
        : QJsonValue(value);
    try {
        return cardParamsFromJson(
            JsonReader(withValueAt(json, parameter.split(u'.'), replacement), QString()));
    } catch (const WorkspaceFormatError& e) {
        throw InvalidParameter(parameter.toStdString(), formatValue(value),
            "a value giving valid card parameters (" + std::string(e.what()) + ")");
    }
}

QStringList viewNamesOf(const WorkspaceCard& card) {
    QStringList names;
    for (const CardView& view : card.views)
        names << QString::fromStdString(toString(view.quantity));
    for (const CardChart& chart : card.charts)
        names << chart.chart;
    return names;
}

QStringList shownViews(const LessonStep& step) {
    if (step.state.activeCard < 0 || step.pitfall != Pitfall::None)
        return {};
    if (!step.show.isEmpty())
        return step.show;
    const QStringList names = viewNamesOf(step.state.cards.at(step.state.activeCard));
    return names.isEmpty() ? QStringList {} : QStringList {names.front()};
}

} // namespace pecards::app
