#include "common/configreader.h"

#include "common/configerror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

/// Compact JSON text of a value for error messages ("\"abc\"", "[1,2]", "true").
QString describe(const QJsonValue& value) {
    if (value.isString()) {
        return u'"' + value.toString() + u'"';
    }
    if (value.isBool()) {
        return value.toBool() ? u"true"_s : u"false"_s;
    }
    if (value.isDouble()) {
        return QString::number(value.toDouble(), 'g', 17);
    }
    if (value.isArray()) {
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    }
    if (value.isObject()) {
        return u"{...}"_s;
    }
    return u"null"_s;
}

} // namespace

ConfigReader::ConfigReader(QJsonObject object, QString fileName, QString prefix,
    std::shared_ptr<const NumberLiterals> literals, std::shared_ptr<QSet<QString>> readLog)
    : m_object(std::move(object))
    , m_fileName(std::move(fileName))
    , m_prefix(std::move(prefix))
    , m_literals(std::move(literals))
    , m_readLog(readLog ? std::move(readLog) : std::make_shared<QSet<QString>>()) {
}

bool ConfigReader::writtenAsInteger(const QString& key) const {
    return m_literals && m_literals->isInteger(path(key));
}

bool ConfigReader::writtenAsFloat(const QString& key) const {
    return m_literals && m_literals->isFloat(path(key));
}

bool ConfigReader::has(const QString& key) const {
    m_readLog->insert(path(key));
    const QJsonValue value = m_object.value(key);
    return !value.isUndefined() && !value.isNull();
}

std::optional<QString> ConfigReader::firstPresent(const QStringList& keys) const {
    for (const QString& key : keys) {
        if (has(key)) {
            return key;
        }
    }
    return std::nullopt;
}

QStringList ConfigReader::keys() const {
    QStringList result;
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        if (!it.value().isNull()) {
            result.append(it.key());
        }
    }
    return result;
}

QString ConfigReader::path(const QString& key) const {
    return m_prefix + key;
}

void ConfigReader::fail(const QString& key, const QString& problem) const {
    throw ConfigError(path(key), m_fileName + u": "_s + path(key) + u' ' + problem);
}

void ConfigReader::failMissing(const QString& key, const QString& neededBy) const {
    fail(key, u"is missing (needed by "_s + neededBy + u')');
}

std::optional<double> ConfigReader::number(const QString& key) const {
    if (!has(key)) {
        return std::nullopt;
    }
    const QJsonValue value = m_object.value(key);
    if (!value.isDouble() || !std::isfinite(value.toDouble())) {
        fail(key, u"= "_s + describe(value) + u" is not a number"_s);
    }
    return value.toDouble();
}

std::optional<std::int64_t> ConfigReader::integer(const QString& key) const {
    const std::optional<double> value = number(key);
    if (!value) {
        return std::nullopt;
    }
    // 2^53: every integer below is exact in a JSON double.
    if (std::floor(*value) != *value || std::abs(*value) > 9007199254740992.0) {
        fail(key, u"= "_s + describe(m_object.value(key)) + u" is not an integer"_s);
    }
    return static_cast<std::int64_t>(*value);
}

std::optional<bool> ConfigReader::boolean(const QString& key) const {
    if (!has(key)) {
        return std::nullopt;
    }
    const QJsonValue value = m_object.value(key);
    if (!value.isBool()) {
        fail(key, u"= "_s + describe(value) + u" is not true or false"_s);
    }
    return value.toBool();
}

std::optional<bool> ConfigReader::truthiness(const QString& key) const {
    if (has(key) && m_object.value(key).isDouble()) {
        return *number(key) != 0.0;
    }
    return boolean(key);
}

bool ConfigReader::isString(const QString& key) const {
    m_readLog->insert(path(key));
    return m_object.value(key).isString();
}

std::optional<QString> ConfigReader::string(const QString& key) const {
    if (!has(key)) {
        return std::nullopt;
    }
    const QJsonValue value = m_object.value(key);
    if (!value.isString()) {
        fail(key, u"= "_s + describe(value) + u" is not a string"_s);
    }
    return value.toString();
}

std::optional<std::vector<double>> ConfigReader::numberList(const QString& key) const {
    if (!has(key)) {
        return std::nullopt;
    }
    const QJsonValue value = m_object.value(key);
    if (!value.isArray()) {
        fail(key, u"= "_s + describe(value) + u" is not a list of numbers"_s);
    }
    const QJsonArray array = value.toArray();
    std::vector<double> result;
    result.reserve(static_cast<std::size_t>(array.size()));
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonValue element = array.at(i);
        if (!element.isDouble() || !std::isfinite(element.toDouble())) {
            fail(key + u'[' + QString::number(i) + u']', u"= "_s + describe(element) + u" is not a number"_s);
        }
        result.push_back(element.toDouble());
    }
    return result;
}

std::optional<std::vector<QString>> ConfigReader::stringList(const QString& key) const {
    if (!has(key)) {
        return std::nullopt;
    }
    const QJsonValue value = m_object.value(key);
    if (!value.isArray()) {
        fail(key, u"= "_s + describe(value) + u" is not a list of strings"_s);
    }
    const QJsonArray array = value.toArray();
    std::vector<QString> result;
    result.reserve(static_cast<std::size_t>(array.size()));
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonValue element = array.at(i);
        if (!element.isString()) {
            fail(key + u'[' + QString::number(i) + u']', u"= "_s + describe(element) + u" is not a string"_s);
        }
        result.push_back(element.toString());
    }
    return result;
}

std::optional<ConfigReader> ConfigReader::object(const QString& key) const {
    if (!has(key)) {
        return std::nullopt;
    }
    const QJsonValue value = m_object.value(key);
    if (!value.isObject()) {
        fail(key, u"= "_s + describe(value) + u" is not a JSON object"_s);
    }
    return ConfigReader(value.toObject(), m_fileName, path(key) + u'.', m_literals, m_readLog);
}

double ConfigReader::requiredNumber(const QString& key, const QString& neededBy) const {
    const std::optional<double> value = number(key);
    if (!value) {
        failMissing(key, neededBy);
    }
    return *value;
}

std::int64_t ConfigReader::requiredInteger(const QString& key, const QString& neededBy) const {
    const std::optional<std::int64_t> value = integer(key);
    if (!value) {
        failMissing(key, neededBy);
    }
    return *value;
}

int ConfigReader::positiveInt(const QString& key, std::int64_t value) const {
    if (value < 1 || value > std::numeric_limits<int>::max()) {
        fail(key, u"= "_s + QString::number(value) + u" is invalid: must be a positive integer"_s);
    }
    return static_cast<int>(value);
}

std::vector<double> ConfigReader::requiredNumberList(const QString& key, const QString& neededBy) const {
    std::optional<std::vector<double>> value = numberList(key);
    if (!value) {
        failMissing(key, neededBy);
    }
    return std::move(*value);
}

} // namespace pecards::app
