#include "workspace/jsonreader.h"

#include <QStringList>
#include <climits>
#include <cmath>

namespace pecards::app {

namespace {

bool isWhole(double v) {
    return std::isfinite(v) && std::floor(v) == v && std::abs(v) <= kMaxExactJsonInteger;
}

} // namespace

QString describeJson(const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(value.toDouble(), 'g', 17);
    case QJsonValue::String:
        return QLatin1Char('"') + value.toString() + QLatin1Char('"');
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

JsonReader::JsonReader(QJsonObject object, QString path)
    : m_object(std::move(object))
    , m_path(std::move(path)) {
}

QString JsonReader::pathOf(const QString& key) const {
    return m_path.isEmpty() ? key : m_path + QLatin1Char('.') + key;
}

void JsonReader::fail(const char* key, const QString& problem) const {
    throw WorkspaceFormatError(
        (pathOf(QString::fromUtf8(key)) + QStringLiteral(": ") + problem).toStdString());
}

QJsonValue JsonReader::take(const char* key) {
    const QString name = QString::fromUtf8(key);
    const auto it = m_object.constFind(name);
    if (it == m_object.constEnd()) {
        fail(key, QStringLiteral("missing"));
    }
    m_read.insert(name);
    return *it;
}

bool JsonReader::boolean(const char* key) {
    const QJsonValue v = take(key);
    if (!v.isBool()) {
        fail(key, QStringLiteral("expected true or false, got %1").arg(describeJson(v)));
    }
    return v.toBool();
}

int JsonReader::integer(const char* key) {
    const QJsonValue v = take(key);
    const double d = v.toDouble();
    if (!v.isDouble() || !isWhole(d) || d < INT_MIN || d > INT_MAX) {
        fail(key, QStringLiteral("expected an integer, got %1").arg(describeJson(v)));
    }
    return static_cast<int>(d);
}

qint64 JsonReader::int64(const char* key) {
    const QJsonValue v = take(key);
    if (!v.isDouble() || !isWhole(v.toDouble())) {
        fail(key, QStringLiteral("expected an integer, got %1").arg(describeJson(v)));
    }
    return v.toInteger();
}

quint64 JsonReader::uint64(const char* key) {
    const QJsonValue v = take(key);
    if (v.isDouble() && isWhole(v.toDouble()) && v.toDouble() >= 0) {
        return static_cast<quint64>(v.toInteger());
    }
    if (v.isString()) {
        bool ok = false;
        const quint64 parsed = v.toString().toULongLong(&ok, 10);
        if (ok && !v.toString().startsWith(QLatin1Char('+'))) {
            return parsed;
        }
    }
    fail(key, QStringLiteral("expected a non-negative integer, got %1").arg(describeJson(v)));
}

double JsonReader::number(const char* key) {
    const QJsonValue v = take(key);
    if (!v.isDouble() || !std::isfinite(v.toDouble())) {
        fail(key, QStringLiteral("expected a number, got %1").arg(describeJson(v)));
    }
    return v.toDouble();
}

QString JsonReader::string(const char* key) {
    const QJsonValue v = take(key);
    if (!v.isString()) {
        fail(key, QStringLiteral("expected a string, got %1").arg(describeJson(v)));
    }
    return v.toString();
}

std::vector<double> JsonReader::numbers(const char* key) {
    const QJsonArray items = array(key);
    std::vector<double> out;
    out.reserve(static_cast<std::size_t>(items.size()));
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QJsonValue v = items.at(i);
        if (!v.isDouble() || !std::isfinite(v.toDouble())) {
            fail(key, QStringLiteral("element %1: expected a number, got %2").arg(i).arg(describeJson(v)));
        }
        out.push_back(v.toDouble());
    }
    return out;
}

QJsonArray JsonReader::array(const char* key) {
    const QJsonValue v = take(key);
    if (!v.isArray()) {
        fail(key, QStringLiteral("expected an array, got %1").arg(describeJson(v)));
    }
    return v.toArray();
}

JsonReader JsonReader::object(const char* key) {
    const QJsonValue v = take(key);
    if (!v.isObject()) {
        fail(key, QStringLiteral("expected an object, got %1").arg(describeJson(v)));
    }
    return JsonReader(v.toObject(), pathOf(QString::fromUtf8(key)));
}

bool JsonReader::has(const char* key) const {
    return m_object.contains(QString::fromUtf8(key));
}

bool JsonReader::isNull(const char* key) {
    const QString name = QString::fromUtf8(key);
    if (!m_object.contains(name)) {
        fail(key, QStringLiteral("missing"));
    }
    if (!m_object.value(name).isNull()) {
        return false; // the caller reads the value
    }
    m_read.insert(name);
    return true;
}

void JsonReader::finish() const {
    QStringList unknown;
    for (auto it = m_object.constBegin(); it != m_object.constEnd(); ++it) {
        if (!m_read.contains(it.key())) {
            unknown << it.key();
        }
    }
    if (!unknown.isEmpty()) {
        throw WorkspaceFormatError((pathOf(unknown.front()) + QStringLiteral(": unknown key")).toStdString());
    }
}

JsonReader arrayElement(const JsonReader& parent, const char* key, const QJsonArray& array, qsizetype index) {
    const QString path = parent.pathOf(QString::fromUtf8(key)) + QStringLiteral("[%1]").arg(index);
    if (!array.at(index).isObject()) {
        throw WorkspaceFormatError(
            (path + QStringLiteral(": expected an object, got ") + describeJson(array.at(index)))
                .toStdString());
    }
    return JsonReader(array.at(index).toObject(), path);
}

} // namespace pecards::app
