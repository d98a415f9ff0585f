#include "clivalues.h"

#include "pecards/errors.h"
#include "pecards/paramtable.h"
#include "pecards/tricks.h"
#include "pecards/view.h"
#include "usageerror.h"

#include <QStringList>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

constexpr std::int64_t kMaxListSize = std::int64_t {1} << 20;

/// ": allowed: <range>" of a flag of the parameter table (each card's when two parameters share
/// the flag with different ranges), so a value that is not a number still learns what is
/// allowed; "" for other flags.
QString tableRange(const QString& flag) {
    QStringList ranges, owned;
    for (const ParamSpec& spec : kParamTable) {
        const QString range = QString::fromStdString(allowedText(spec));
        if (u"--"_s + QLatin1StringView(spec.flag.data(), static_cast<qsizetype>(spec.flag.size())) != flag
            || ranges.contains(range)) {
            continue;
        }
        ranges << range;
        owned << range + u" ("_s
                + QLatin1StringView(spec.owner.data(), static_cast<qsizetype>(spec.owner.size())) + u')';
    }
    if (ranges.isEmpty()) {
        return {};
    }
    return u": allowed: "_s + (ranges.size() == 1 ? ranges.front() : owned.join(u"; "_s));
}

} // namespace

std::int64_t parseInteger(
    const QString& flag, const QString& text, std::int64_t minimum, std::int64_t maximum) {
    bool ok = false;
    const qlonglong value = text.trimmed().toLongLong(&ok);
    if (!ok) {
        const bool bounded = minimum > std::numeric_limits<std::int64_t>::min()
            || maximum < std::numeric_limits<std::int64_t>::max();
        const QString range = tableRange(flag);
        throw UsageError(flag,
            quoted(text) + u" is not an integer"_s
                + (range.isEmpty() && bounded ? u": allowed: in ["_s + QString::number(minimum) + u", "_s
                            + QString::number(maximum) + u']'
                                              : range));
    }
    if (value < minimum || value > maximum) {
        throw UsageError(flag,
            quoted(text) + u" is out of range: allowed: in ["_s + QString::number(minimum) + u", "_s
                + QString::number(maximum) + u']');
    }
    return value;
}

std::uint64_t parseUnsigned(const QString& flag, const QString& text) {
    bool ok = false;
    const qulonglong value = text.trimmed().toULongLong(&ok);
    if (!ok) {
        throw UsageError(flag, quoted(text) + u" is not an unsigned integer in [0, 2^64-1]"_s);
    }
    return value;
}

double parseNumber(const QString& flag, const QString& text) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value)) {
        throw UsageError(flag, quoted(text) + u" is not a finite number"_s + tableRange(flag));
    }
    return value;
}

std::vector<double> parseNumberList(const QString& flag, const QString& text) {
    const QStringList parts = text.split(u',');
    if (parts.size() > kMaxListSize) {
        throw UsageError(
            flag, u"has "_s + QString::number(parts.size()) + u" entries: allowed: at most 2^20"_s);
    }
    std::vector<double> values;
    values.reserve(static_cast<std::size_t>(parts.size()));
    for (const QString& part : parts) {
        bool ok = false;
        const double value = part.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(value)) {
            throw UsageError(flag,
                quoted(part) + u" in "_s + quoted(text) + u" is not a finite number (expected X,X,...)"_s);
        }
        values.push_back(value);
    }
    return values;
}

std::pair<std::int64_t, std::int64_t> parseRange(const QString& flag, const QString& text) {
    const QStringList parts = text.split(u':');
    bool okBegin = false;
    bool okEnd = false;
    const qlonglong begin = parts.size() == 2 ? parts[0].trimmed().toLongLong(&okBegin) : 0;
    const qlonglong end = parts.size() == 2 ? parts[1].trimmed().toLongLong(&okEnd) : 0;
    if (!okBegin || !okEnd) {
        throw UsageError(flag, quoted(text) + u" is not a range A:B of integers (half-open [A, B))"_s);
    }
    if (end <= begin) {
        throw UsageError(flag, quoted(text) + u" is an empty range: allowed: A:B with A < B"_s);
    }
    return {begin, end};
}

std::vector<double> parseRangeOrList(const QString& flag, const QString& text) {
    if (!text.contains(u':')) {
        return parseNumberList(flag, text);
    }
    const auto [begin, end] = parseRange(flag, text);
    // end > begin, so the unsigned difference is exact even where end - begin overflows int64
    // (-1:9223372036854775807 was a negative count that passed, then failed in reserve()).
    if (static_cast<std::uint64_t>(end) - static_cast<std::uint64_t>(begin)
        > static_cast<std::uint64_t>(kMaxListSize)) {
        throw UsageError(flag, quoted(text) + u" has more than 2^20 values"_s);
    }
    std::vector<double> values;
    values.reserve(static_cast<std::size_t>(end - begin));
    for (std::int64_t value = begin; value < end; ++value) {
        values.push_back(static_cast<double>(value));
    }
    return values;
}

std::pair<int, int> parseRowsByCols(
    const QString& flag, const QString& text, int maximum, const QString& what) {
    const QStringList parts = text.toLower().split(u'x');
    if (parts.size() != 2) {
        throw UsageError(flag, quoted(text) + u" is not "_s + what);
    }
    return {static_cast<int>(parseInteger(flag, parts[0], 1, maximum)),
        static_cast<int>(parseInteger(flag, parts[1], 1, maximum))};
}

std::pair<int, int> parseViewSize(const QString& flag, const QString& text) {
    return parseRowsByCols(flag, text, kMaxOutputPixels, u"an output size RxC (e.g. 512x512)"_s);
}

std::pair<double, double> parseValueRange(const QString& flag, const QString& text) {
    const QStringList parts = text.split(u':');
    bool okLo = false;
    bool okHi = false;
    const double lo = parts.size() == 2 ? parts[0].trimmed().toDouble(&okLo) : 0.0;
    const double hi = parts.size() == 2 ? parts[1].trimmed().toDouble(&okHi) : 0.0;
    if (!okLo || !okHi || !std::isfinite(lo) || !std::isfinite(hi)) {
        throw UsageError(flag, quoted(text) + u" is not a value range lo:hi of finite numbers"_s);
    }
    if (!(lo < hi)) {
        throw UsageError(flag, quoted(text) + u" is an empty range: allowed: lo:hi with lo < hi"_s);
    }
    return {lo, hi};
}

std::pair<double, double> parseFigureSize(
    const QString& flag, const QString& text, double minimum, double maximum) {
    const QStringList parts = text.toLower().split(u'x');
    if (parts.size() != 2) {
        throw UsageError(flag, quoted(text) + u" is not a figure size WxH in inches (e.g. 6x4.5)"_s);
    }
    std::pair<double, double> size;
    for (const auto& [part, value] :
        {std::pair {parts[0], &size.first}, std::pair {parts[1], &size.second}}) {
        bool ok = false;
        *value = part.trimmed().toDouble(&ok);
        if (!ok || !(*value >= minimum && *value <= maximum)) {
            throw UsageError(flag,
                quoted(text) + u" is out of range: allowed: WxH inches, each in ["_s
                    + QString::number(minimum) + u", "_s + QString::number(maximum) + u']');
        }
    }
    return size;
}

template <typename Enum> Enum parseEnum(const QString& flag, const QString& text) {
    try {
        return pecards::fromString<Enum>(text.trimmed().toStdString());
    } catch (const pecards::InvalidParameter& error) {
        throw UsageError(
            flag, quoted(text) + u" is not allowed: allowed: "_s + QString::fromStdString(error.allowed()));
    }
}

template pecards::Card parseEnum<pecards::Card>(const QString&, const QString&);
template pecards::SinusoidalLayout parseEnum<pecards::SinusoidalLayout>(const QString&, const QString&);
template pecards::SinusoidalFrequencies parseEnum<pecards::SinusoidalFrequencies>(
    const QString&, const QString&);
template pecards::RopeLayout parseEnum<pecards::RopeLayout>(const QString&, const QString&);
template pecards::RopePartial parseEnum<pecards::RopePartial>(const QString&, const QString&);
template pecards::RopeScalingType parseEnum<pecards::RopeScalingType>(const QString&, const QString&);
template pecards::AlibiForm parseEnum<pecards::AlibiForm>(const QString&, const QString&);
template pecards::RelativeVariant parseEnum<pecards::RelativeVariant>(const QString&, const QString&);
template pecards::TxlTerm parseEnum<pecards::TxlTerm>(const QString&, const QString&);
template pecards::ProbeKind parseEnum<pecards::ProbeKind>(const QString&, const QString&);
template pecards::Pitfall parseEnum<pecards::Pitfall>(const QString&, const QString&);
template pecards::StorageFormat parseEnum<pecards::StorageFormat>(const QString&, const QString&);
template pecards::Reduction parseEnum<pecards::Reduction>(const QString&, const QString&);
template pecards::Normaliser parseEnum<pecards::Normaliser>(const QString&, const QString&);
template pecards::GateCurve parseEnum<pecards::GateCurve>(const QString&, const QString&);

QString quoted(const QString& text) {
    return u'"' + text + u'"';
}

} // namespace pecards::cli
