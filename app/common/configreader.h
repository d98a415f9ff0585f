#pragma once
/// @file configreader.h
/// @brief Typed access to the keys of one JSON object of a model config, with errors that name
/// the dotted key.

#include "common/numberliterals.h"

#include <QJsonObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace pecards::app {

/// @brief Reads typed values from a JSON object (a config or a nested block such as
/// `rope_scaling`). Keys that are absent or JSON `null` count as absent. A present key of the
/// wrong type throws ConfigError naming `<prefix><key>`.
class ConfigReader {
public:
    /// @param object the JSON object to read.
    /// @param fileName shown at the start of every error message.
    /// @param prefix dotted path of the object ("" for the top level, "rope_scaling." for the block).
    /// @param literals how the file wrote its numbers (nested readers share it); none: unknown.
    /// @param readLog where the keys looked up are recorded (nested readers share it); none: a new one.
    ConfigReader(QJsonObject object, QString fileName, QString prefix = {},
        std::shared_ptr<const NumberLiterals> literals = {}, std::shared_ptr<QSet<QString>> readLog = {});

    /// @brief True when the key is present and not null.
    bool has(const QString& key) const;
    /// @brief The first of `keys` that is present (not null), if any.
    std::optional<QString> firstPresent(const QStringList& keys) const;
    /// @brief The dotted path of `key`, e.g. "rope_scaling.factor".
    QString path(const QString& key) const;
    /// @brief The keys present (not null), in the object's order.
    QStringList keys() const;
    /// @brief The JSON object read.
    const QJsonObject& json() const { return m_object; }
    /// @brief The file name given at construction.
    const QString& fileName() const { return m_fileName; }
    /// @brief The dotted paths of every key looked up (present or not) through this reader, the
    /// readers object() made from it and any reader given the same log: what the parse read.
    const std::shared_ptr<QSet<QString>>& readLog() const { return m_readLog; }
    /// @brief How the file wrote its numbers, as given at construction (may be null).
    const std::shared_ptr<const NumberLiterals>& literals() const { return m_literals; }
    /// @brief True when the file wrote the number at `key` as an integer (`8`, not `8.0`), where
    /// Python reads an int; false when unknown.
    bool writtenAsInteger(const QString& key) const;
    /// @brief True when the file wrote the number at `key` with a fraction or an exponent (a
    /// Python float); false when unknown.
    bool writtenAsFloat(const QString& key) const;

    /// @brief A JSON number. @throws ConfigError if present but not a finite number.
    std::optional<double> number(const QString& key) const;
    /// @brief A JSON number with an integral value. @throws ConfigError otherwise.
    std::optional<std::int64_t> integer(const QString& key) const;
    /// @brief A JSON boolean. @throws ConfigError if present but not true/false.
    std::optional<bool> boolean(const QString& key) const;
    /// @brief A JSON boolean, or a number read as Python reads it in `if value:` (nonzero = true;
    /// Llama4TextConfig's attn_temperature_tuning defaults to 4). @throws ConfigError otherwise.
    std::optional<bool> truthiness(const QString& key) const;
    /// @brief True when the key holds a JSON string (keys that may be a number or a string).
    bool isString(const QString& key) const;
    /// @brief A JSON string. @throws ConfigError if present but not a string.
    std::optional<QString> string(const QString& key) const;
    /// @brief A JSON array of numbers. @throws ConfigError naming the bad element, e.g. "short_factor[3]".
    std::optional<std::vector<double>> numberList(const QString& key) const;
    /// @brief A JSON array of strings. @throws ConfigError naming the bad element, e.g. "layer_types[3]".
    std::optional<std::vector<QString>> stringList(const QString& key) const;
    /// @brief A nested JSON object as a reader with the extended prefix.
    /// @throws ConfigError if present but not an object.
    std::optional<ConfigReader> object(const QString& key) const;

    /// @brief Like number(), but a missing key throws ConfigError
    /// "<path> is missing (needed by <neededBy>)".
    double requiredNumber(const QString& key, const QString& neededBy) const;
    /// @brief Like integer(), but a missing key throws as requiredNumber().
    std::int64_t requiredInteger(const QString& key, const QString& neededBy) const;
    /// @brief Like numberList(), but a missing key throws as requiredNumber().
    std::vector<double> requiredNumberList(const QString& key, const QString& neededBy) const;

    /// @brief `value` (read from `key`, or its default) as an int.
    /// @throws ConfigError "<path> = <value> is invalid: must be a positive integer" unless
    /// 1 <= value <= INT_MAX.
    int positiveInt(const QString& key, std::int64_t value) const;

    /// @brief Throws ConfigError "<file>: <path(key)> <problem>".
    [[noreturn]] void fail(const QString& key, const QString& problem) const;

private:
    [[noreturn]] void failMissing(const QString& key, const QString& neededBy) const;

    QJsonObject m_object;
    QString m_fileName;
    QString m_prefix;
    std::shared_ptr<const NumberLiterals> m_literals;
    std::shared_ptr<QSet<QString>> m_readLog;
};

} // namespace pecards::app
