#include "figure/ticks.h"

#include <QLocale>
#include <array>
#include <cmath>
#include <stdexcept>

namespace pecards::app {

namespace {

/// Smallest m x 10^k >= raw with m from `mantissas` (ascending, the last one < 10).
template <std::size_t N> double niceStep(double raw, const std::array<double, N>& mantissas) {
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : mantissas) {
        if (m * power >= raw * (1.0 - 1e-12)) {
            return m * power;
        }
    }
    return 10.0 * power;
}

constexpr std::array<double, 4> kValueMantissas {1.0, 2.0, 2.5, 5.0};
constexpr std::array<double, 3> kIndexMantissas {1.0, 2.0, 5.0};

} // namespace

ValueTicks valueTicks(double min, double max, int maxCount) {
    if (!std::isfinite(min) || !std::isfinite(max) || !(min < max)) {
        throw std::invalid_argument("valueTicks: the range must be finite with min < max");
    }
    if (maxCount < 2) {
        throw std::invalid_argument("valueTicks: maxCount must be >= 2");
    }
    // Start from range / maxCount (a little finer than needed) and coarsen until they fit:
    // this picks the densest nice step with at most maxCount ticks.
    double step = niceStep((max - min) / maxCount, kValueMantissas);
    ValueTicks ticks;
    for (;;) {
        ticks.values.clear();
        const double tolerance = 1e-9 * step;
        const double firstMultiple = std::ceil((min - tolerance) / step);
        for (double k = firstMultiple;; k += 1.0) {
            const double value = k * step;
            if (value > max + tolerance) {
                break;
            }
            ticks.values.push_back(std::abs(value) < tolerance ? 0.0 : value);
        }
        if (static_cast<int>(ticks.values.size()) <= maxCount) {
            break;
        }
        step = niceStep(step * 1.0001, kValueMantissas); // the next coarser nice step
    }
    ticks.step = step;
    return ticks;
}

std::vector<qint64> indexTicks(qint64 first, qint64 last, int maxCount) {
    if (last < first) {
        throw std::invalid_argument("indexTicks: last must be >= first");
    }
    if (maxCount < 2) {
        throw std::invalid_argument("indexTicks: maxCount must be >= 2");
    }
    if (first == last) {
        return {first};
    }
    const double raw = std::max(1.0, static_cast<double>(last - first) / maxCount);
    auto step = static_cast<qint64>(std::llround(niceStep(raw, kIndexMantissas)));
    std::vector<qint64> ticks;
    for (;;) {
        ticks.clear();
        // The first multiple of step at or after first (first may be negative in principle).
        qint64 value = first >= 0 ? (first + step - 1) / step * step : -((-first) / step) * step;
        for (; value <= last; value += step) {
            ticks.push_back(value);
        }
        if (static_cast<int>(ticks.size()) <= maxCount) {
            return ticks;
        }
        step = static_cast<qint64>(
            std::llround(niceStep(static_cast<double>(step) * 1.0001, kIndexMantissas)));
    }
}

QString formatTick(double value, double step) {
    if (std::abs(value) < 1e-9 * step) {
        value = 0.0;
    }
    const QLocale c = QLocale::c();
    QString text;
    if (value != 0.0 && (std::abs(value) >= 1e6 || step < 1e-4)) {
        // Enough significant digits to tell neighbouring ticks apart.
        const int digits = std::max(0, static_cast<int>(std::ceil(std::log10(std::abs(value) / step))));
        text = c.toString(value, 'e', std::min(digits, 6));
    } else {
        const double scaled = step / std::pow(10.0, std::floor(std::log10(step)));
        const int fractionDigits = scaled > 2.4 && scaled < 2.6 ? 1 : 0; // 2.5 x 10^k needs one more
        const int decimals = std::max(0, fractionDigits - static_cast<int>(std::floor(std::log10(step))));
        text = c.toString(value, 'f', decimals);
    }
    if (text.startsWith(QLatin1Char('-'))) {
        text.replace(0, 1, QChar(0x2212));
    }
    return text;
}

} // namespace pecards::app
