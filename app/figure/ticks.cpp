#include "figure/ticks.h"

#include "figure/mathtext.h"

#include <QLocale>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace pecards::app {

namespace {

/// Smallest m x 10^k >= raw with m from `mantissas` (ascending, the last one < 10); `raw`
/// itself where 10^k underflows (subnormal raw), so the step is never 0.
template <std::size_t N> double niceStep(double raw, const std::array<double, N>& mantissas) {
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10.0 * power;
    for (const double m : mantissas) {
        if (m * power >= raw * (1.0 - 1e-12)) {
            step = m * power;
            break;
        }
    }
    return step > 0.0 ? step : raw;
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
    // Start at or below the densest nice step that fits and coarsen until they fit: this picks
    // the densest nice step with at most maxCount ticks. A step s holds at least
    // floor(range / s) multiples, so every step that fits exceeds range / (maxCount + 1); starting
    // at range / maxCount could skip it ([-45, 45] at 3 ticks: 30 rounds up to 50, one tick "0",
    // where 25 gives -25, 0, 25). The range is divided before subtracting, so [-1e308, 1e308]
    // does not overflow to infinity.
    const double raw = max / (maxCount + 1) - min / (maxCount + 1);
    double step = niceStep(raw > 0.0 ? raw : std::numeric_limits<double>::denorm_min(), kValueMantissas);
    ValueTicks ticks;
    // Each pass makes at most maxCount + 1 ticks and the step grows by >= 1.25x per pass (or
    // doubles), so
    // both loops end, also where k * step cannot tell neighbouring multiples apart (|k| > 2^53).
    while (std::isfinite(step)) {
        ticks.values.clear();
        const double tolerance = 1e-9 * step;
        // Divided before subtracting: min - tolerance overflows to -inf near -DBL_MAX.
        const double firstMultiple = std::ceil(min / step - 1e-9);
        for (int n = 0; n <= maxCount; ++n) {
            const double value = (firstMultiple + n) * step;
            if (!std::isfinite(value) || value > max + tolerance
                || (!ticks.values.empty() && value <= ticks.values.back())) {
                break;
            }
            ticks.values.push_back(std::abs(value) < tolerance ? 0.0 : value);
        }
        if (static_cast<int>(ticks.values.size()) <= maxCount) {
            ticks.step = step;
            return ticks;
        }
        // The next coarser nice step; where the step is subnormal, step * 1.0001 rounds back
        // to step, so it doubles instead: the loop ends within ~2100 passes in any case.
        const double next = niceStep(step * 1.0001, kValueMantissas);
        step = next > step ? next : 2.0 * step;
    }
    // The next nice step overflowed (ranges near the whole double range, e.g. [-1e308, 1e308] at
    // 2 ticks): the two ends, with the largest finite step where max - min overflows.
    ticks.values = {min, max};
    ticks.step = std::isfinite(max - min) ? max - min : std::numeric_limits<double>::max();
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
    // last - first in qint64 where it fits (converting the ends first loses the span near 2^62:
    // 2387225703656530176..+3 became 512), else in double. Steps are capped at 5 x 10^18.
    qint64 exactSpan = 0;
    const double span = __builtin_sub_overflow(last, first, &exactSpan)
        ? static_cast<double>(last) - static_cast<double>(first)
        : static_cast<double>(exactSpan);
    const auto stepFor = [](double raw) {
        return static_cast<qint64>(std::llround(std::min(niceStep(raw, kIndexMantissas), 5e18)));
    };
    // Start ten times finer than span / maxCount and coarsen one 1/2/5 level at a time: the first
    // step with at most maxCount ticks is then at most 2.5 times one that had more than maxCount
    // (>= 3), so at least one of its multiples lies in [first, last]. Starting at the nice step
    // above span / maxCount could give none (63..4095 at 2 ticks: step 5000).
    qint64 step = stepFor(std::max(1.0, span / (10.0 * maxCount)));
    std::vector<qint64> ticks;
    for (;;) {
        ticks.clear();
        // The first multiple of step at or after first (first may be negative in principle).
        qint64 value = first / step * step;
        if (value < first) {
            value += step; // first > 0 and not a multiple: no overflow (value < first)
        }
        // At most maxCount + 1 ticks per pass; stops before value + step would overflow.
        while (value <= last && static_cast<int>(ticks.size()) <= maxCount) {
            ticks.push_back(value);
            if (__builtin_add_overflow(value, step, &value)) {
                break;
            }
        }
        if (static_cast<int>(ticks.size()) <= maxCount) {
            return ticks;
        }
        const qint64 coarser = stepFor(static_cast<double>(step) * 1.0001);
        if (coarser <= step) { // only for spans near the whole qint64 range: keep the first ones
            ticks.resize(static_cast<std::size_t>(maxCount));
            return ticks;
        }
        step = coarser;
    }
}

QString formatTick(double value, double step) {
    if (std::abs(value) < 1e-9 * step) {
        value = 0.0;
    }
    const QLocale c = QLocale::c();
    QString text;
    if (!(std::isfinite(step) && step > 0.0) || !std::isfinite(value)) {
        text = c.toString(value, 'g', 6); // no step to derive the precision from
    } else if (value != 0.0 && (std::abs(value) >= 1e6 || step < 1e-4)) {
        // Enough significant digits to tell neighbouring ticks apart (clamped before the cast:
        // value / step may overflow).
        const double digits = std::ceil(std::log10(std::abs(value) / step));
        // Written as mathematics: "10⁻⁵", "2.5 × 10⁶" (not printf's "1e-05").
        text = writtenPowers(c.toString(value, 'e', static_cast<int>(std::clamp(digits, 0.0, 6.0))));
    } else {
        const double scaled = step / std::pow(10.0, std::floor(std::log10(step)));
        const int fractionDigits = scaled > 2.4 && scaled < 2.6 ? 1 : 0; // 2.5 x 10^k needs one more
        const int decimals = static_cast<int>(std::clamp(
            fractionDigits - std::floor(std::log10(step)), 0.0, 20.0)); // 20: steps >= 1e-4 need <= 5
        text = c.toString(value, 'f', decimals);
    }
    if (text.startsWith(QLatin1Char('-'))) {
        text.replace(0, 1, QChar(0x2212));
    }
    return text;
}

bool decadesAsPowers(int first, int last) {
    return first < -3 || last > 4;
}

QString decadeLabel(int k, bool powers) {
    if (powers)
        return QStringLiteral("10") + superscript(QString::number(k));
    return QString::number(std::pow(10.0, k), 'f', std::max(0, -k));
}

} // namespace pecards::app
