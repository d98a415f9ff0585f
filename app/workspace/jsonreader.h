#pragma once
/// @file jsonreader.h
/// @brief Strict, typed reading of one JSON object of a workspace file: every key must be
/// present with the right type, unknown keys are errors, and every error names the full key
/// path (e.g. "cards[1].params.rope.head_dim").

#include "pecards/errors.h"
#include "pecards/params.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QString>
#include <stdexcept>
#include <string>
#include <vector>

namespace pecards::app {

/// @brief The largest whole number a JSON double holds exactly, 2^53.
inline constexpr double kMaxExactJsonInteger = 9007199254740992.0;

/// @brief A workspace file's content is not what the format says. what() is
/// "<key path>: <problem>", e.g. "cards[0].params.rope.head_dim: expected an integer, got \"abc\"".
class WorkspaceFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// @brief Reads the keys of one JSON object; throws WorkspaceFormatError on the first problem.
class JsonReader {
public:
    /// @param path the object's key path, "" for the document root
    JsonReader(QJsonObject object, QString path);

    /// @brief Key path of this object ("cards[0].params"; "" for the root).
    const QString& path() const { return m_path; }

    /// @brief Key path of `key` inside this object ("rope.head_dim").
    QString pathOf(const QString& key) const;

    bool boolean(const char* key);
    /// @brief A whole number in [INT_MIN, INT_MAX].
    int integer(const char* key);
    /// @brief A whole number exactly representable as a JSON double (|n| <= 2^53).
    qint64 int64(const char* key);
    /// @brief A non-negative whole number <= 2^53, or a decimal string for larger values.
    quint64 uint64(const char* key);
    /// @brief A finite number.
    double number(const char* key);
    QString string(const char* key);
    /// @brief An array of finite numbers.
    std::vector<double> numbers(const char* key);
    QJsonArray array(const char* key);
    JsonReader object(const char* key);
    /// @brief True when the object has `key` (for optional keys; reading it is still needed).
    bool has(const char* key) const;
    /// @brief True (and the key counts as read) when the key holds null; false when it holds
    /// something else, which the caller then reads. The key must be present.
    bool isNull(const char* key);

    /// @brief A name of params.h / view.h (`fromString<Enum>`), e.g. "half-split".
    template <typename Enum> Enum enumeration(const char* key) {
        const QString name = string(key);
        try {
            return fromString<Enum>(name.toStdString());
        } catch (const InvalidParameter& e) {
            fail(key,
                QStringLiteral("unknown name \"%1\" (%2)").arg(name, QString::fromStdString(e.allowed())));
        }
    }

    /// @brief Throws if the object has keys that were not read (typos, fields of a newer format).
    void finish() const;

    /// @brief Throws WorkspaceFormatError "<path of key>: <problem>".
    [[noreturn]] void fail(const char* key, const QString& problem) const;

private:
    QJsonValue take(const char* key);

    QJsonObject m_object;
    QString m_path;
    QSet<QString> m_read;
};

/// @brief Element `index` of `array` (the value of `key` in `parent`) read as an object, with
/// the key path "<key>[<index>]". @throws WorkspaceFormatError when the element is not an object.
JsonReader arrayElement(const JsonReader& parent, const char* key, const QJsonArray& array, qsizetype index);

/// @brief Short description of a JSON value for messages: "\"abc\"", "12.5", "an object", ...
QString describeJson(const QJsonValue& value);

/// @brief Runs `check`; an InvalidParameter it throws is rethrown with "<path>." before its name
/// (the key path of the value inside a workspace or lesson file).
template <typename Check> void withKeyPath(const std::string& path, Check check) {
    try {
        check();
    } catch (const InvalidParameter& e) {
        throw InvalidParameter(path + "." + e.name(), e.value(), e.allowed());
    }
}

} // namespace pecards::app
