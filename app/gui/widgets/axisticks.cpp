#include "widgets/axisticks.h"

#include "figure/ticks.h"

#include <algorithm>
#include <cmath>
#include <figure/mathtext.h>
#include <utility>

namespace pecards::gui {

std::vector<double> niceTicks(double low, double high, int maxTicks, bool integers) {
    if (!(low <= high) || !std::isfinite(low) || !std::isfinite(high) || maxTicks < 1)
        return {};
    if (low == high)
        return {low};
    // The exports' rule (figure/ticks.h), so that a view and its figure read alike.
    const int count = std::max(2, maxTicks);
    constexpr double kIndexRange = 4e18; // indices as qint64
    if (integers && std::abs(low) < kIndexRange && std::abs(high) < kIndexRange) {
        const auto first = static_cast<qint64>(std::ceil(low));
        const auto last = static_cast<qint64>(std::floor(high));
        if (last < first)
            return {};
        std::vector<double> ticks;
        for (const qint64 tick : pecards::app::indexTicks(first, last, count))
            ticks.push_back(static_cast<double>(tick));
        return ticks;
    }
    return pecards::app::valueTicks(low, high, count).values;
}

int tickCapacity(int pixels, int extent) {
    const int e = std::max(extent, 1);
    return std::max({2, pixels / (2 * e), std::min(3, 3 * pixels / (4 * e))});
}

QString tickLabel(double value) {
    if (std::abs(value) < 1e7 && value == std::round(value))
        return QString::number(static_cast<long long>(value));
    return pecards::app::displayNumber(value, 4);
}

std::vector<double> decadeTicks(double low, double high, int maxTicks) {
    std::vector<double> ticks;
    if (!(low > 0.0 && high > low))
        return ticks;
    const int first = static_cast<int>(std::ceil(std::log10(low) - 1e-9));
    const int last = static_cast<int>(std::floor(std::log10(high) + 1e-9));
    const int every = std::max(1, (last - first + 1 + std::max(maxTicks, 1) - 1) / std::max(maxTicks, 1));
    for (int exponent = first; exponent <= last; exponent += every)
        ticks.push_back(std::pow(10.0, exponent));
    if (static_cast<int>(ticks.size()) >= std::min(3, maxTicks))
        return ticks;
    // Fewer than three powers of ten in the range (a bidirectional T5 attention spans about one
    // decade): 1, 2 and 5 x 10^k, else nice linear values, placed on the log scale.
    std::vector<double> finer;
    for (int exponent = first - 1; exponent <= last; ++exponent) {
        for (const double mantissa : {1.0, 2.0, 5.0}) {
            const double value = mantissa * std::pow(10.0, exponent);
            if (value >= low * (1.0 - 1e-12) && value <= high * (1.0 + 1e-12))
                finer.push_back(value);
        }
    }
    if (finer.size() >= 3 && static_cast<int>(finer.size()) <= std::max(maxTicks, 3))
        return finer;
    std::vector<double> linear = niceTicks(low, high, std::max(maxTicks, 3), false);
    return linear.size() > ticks.size() ? linear : ticks;
}

QString positionTickLabel(double value) {
    if (std::abs(value) >= 1e4) {
        for (const auto& [unit, suffix] : {std::pair {1e6, u'M'}, std::pair {1e3, u'k'}}) {
            if (std::abs(value) < unit)
                continue;
            const QString mantissa = QString::number(value / unit, 'g', 15);
            if (mantissa.size() <= 4) // "1", "1.2", "512", "2.25": no digit lost
                return mantissa + QChar(suffix);
        }
    }
    return QString::number(value, 'f', 0);
}

TickLabels valueTickLabels(
    const std::vector<double>& ticks, const std::function<bool(const QString&)>& fits) {
    TickLabels result;
    if (ticks.empty())
        return result;
    const auto distinct = [](const std::vector<QString>& labels) {
        for (std::size_t n = 1; n < labels.size(); ++n) {
            if (labels[n] == labels[n - 1])
                return false;
        }
        return true;
    };
    int precision = 3;
    for (; precision <= 17; ++precision) {
        result.labels.clear();
        for (const double tick : ticks)
            result.labels.push_back(
                precision == 3 ? tickLabel(tick) : pecards::app::displayNumber(tick, precision));
        if (distinct(result.labels))
            break;
    }
    if (std::all_of(result.labels.begin(), result.labels.end(), fits))
        return result;
    // Offset notation: the first tick, then each tick's difference from it.
    const double offset = ticks.front();
    result.offset = pecards::app::displayNumber(offset, std::min(precision, 17));
    result.labels.clear();
    for (const double tick : ticks) {
        const double delta = tick - offset;
        result.labels.push_back(delta == 0.0
                ? QStringLiteral("+0")
                : (delta > 0 ? QStringLiteral("+") : QString()) + pecards::app::decimalNumber(delta, 4));
    }
    return result;
}

std::optional<TickLabels> decadeTickLabels(const std::vector<double>& ticks) {
    std::vector<int> exponents;
    for (const double tick : ticks) {
        const double k = std::round(std::log10(tick));
        if (!(tick > 0.0) || std::abs(tick / std::pow(10.0, k) - 1.0) >= 1e-12)
            return std::nullopt;
        exponents.push_back(static_cast<int>(k));
    }
    if (exponents.empty())
        return std::nullopt;
    const auto [first, last] = std::minmax_element(exponents.begin(), exponents.end());
    TickLabels labels;
    for (const int k : exponents)
        labels.labels.push_back(pecards::app::decadeLabel(k, pecards::app::decadesAsPowers(*first, *last)));
    return labels;
}

} // namespace pecards::gui
