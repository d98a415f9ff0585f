#pragma once
/// @file flagreader.h
/// @brief The parsed command line of pecards-cli: QCommandLineParser over the flag table
/// (cliflags.h) with typed getters that name the flag when a value is malformed or out of range.

#include "cliflags.h"
#include "clivalues.h"
#include "common/fileerror.h"
#include "common/npyfile.h"
#include "usageerror.h"

#include <Eigen/Core>
#include <QCommandLineParser>
#include <QStringList>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace pecards::cli {

inline constexpr std::int64_t kIntMin = std::numeric_limits<int>::min();
inline constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
inline constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();
inline constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

/// @brief QCommandLineParser with the flag table, and typed getters that name the flag on failure.
/// @throws UsageError (constructor) for an unknown flag or a missing value.
class FlagReader {
public:
    explicit FlagReader(const QStringList& arguments) {
        for (const CliFlag& flag : cliFlags()) {
            const QString name = QString::fromLatin1(flag.name);
            if (flag.valueName) {
                m_parser.addOption(QCommandLineOption(
                    name, QString::fromStdString(flag.help), QString::fromLatin1(flag.valueName)));
            } else {
                m_parser.addOption(QCommandLineOption(name, QString::fromStdString(flag.help)));
            }
        }
        m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
        if (!m_parser.parse(arguments)) {
            throw UsageError(QString(), m_parser.errorText() + QStringLiteral(" (see pecards-cli --help)"));
        }
    }

    bool isSet(const char* name) const { return m_parser.isSet(QString::fromLatin1(name)); }
    QString text(const char* name) const { return m_parser.value(QString::fromLatin1(name)); }
    static QString flag(const char* name) { return QStringLiteral("--") + QString::fromLatin1(name); }
    QStringList positional() const { return m_parser.positionalArguments(); }

    template <typename T>
    void setInt(const char* name, T& field, std::int64_t minimum, std::int64_t maximum) const {
        if (isSet(name)) {
            field = static_cast<T>(parseInteger(flag(name), text(name), minimum, maximum));
        }
    }
    void setNumber(const char* name, double& field) const {
        if (isSet(name)) {
            field = parseNumber(flag(name), text(name));
        }
    }
    void setList(const char* name, std::vector<double>& field) const {
        if (isSet(name)) {
            field = parseNumberList(flag(name), text(name));
        }
    }
    template <typename Enum> void setEnum(const char* name, Enum& field) const {
        if (isSet(name)) {
            field = parseEnum<Enum>(flag(name), text(name));
        }
    }
    /// The .npy file of flag `name` (its first `maxRows` rows; -1 = all), or nullptr when unset.
    std::shared_ptr<const Eigen::MatrixXd> matrix(const char* name, std::int64_t maxRows = -1) const {
        if (!isSet(name)) {
            return nullptr;
        }
        try {
            return std::make_shared<const Eigen::MatrixXd>(app::readNpyMatrix(text(name), maxRows));
        } catch (const app::FileError& error) {
            throw UsageError(flag(name), QString::fromUtf8(error.what()));
        }
    }
    std::vector<double> rangeOrList(
        const char* name, std::int64_t defaultBegin, std::int64_t defaultEnd) const {
        if (isSet(name)) {
            return parseRangeOrList(flag(name), text(name));
        }
        return parseRangeOrList(
            flag(name), QString::number(defaultBegin) + u':' + QString::number(defaultEnd));
    }

private:
    QCommandLineParser m_parser;
};

} // namespace pecards::cli
