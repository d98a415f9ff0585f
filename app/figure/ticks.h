#pragma once
/// @file ticks.h
/// @brief "Nice" axis ticks (1, 2, 2.5, 5 x 10^k steps) and their labels.
///
/// The step rule is the classic one of Heckbert, "Nice numbers for graph labels",
/// Graphics Gems (1990): round the raw step (range / (count - 1)) up to the next
/// 1, 2, 2.5 or 5 times a power of ten, then take every multiple inside the range.

#include <QString>
#include <QtGlobal>
#include <vector>

namespace pecards::app {

/// @brief Ticks of a continuous value range.
struct ValueTicks {
    std::vector<double> values; ///< ascending multiples of `step` in [min, max]
    double step = 0.0; ///< distance between ticks (> 0)
};

/// @brief Nice ticks for the values [min, max]: at most `maxCount` multiples of a 1/2/2.5/5 x
/// 10^k step, all inside the range (a tick within 1e-9 steps of an end counts as inside).
/// @param min, max finite, min < max
/// @param maxCount >= 2
/// @throws std::invalid_argument for a non-finite or empty range or maxCount < 2.
ValueTicks valueTicks(double min, double max, int maxCount);

/// @brief Nice ticks for entry indices first..last (positions, dimensions): at most
/// `maxCount` multiples of the finest integer step 1/2/5 x 10^k that gives no more, inside
/// [first, last]; never empty.
/// A single entry (first == last) gives that entry.
/// @throws std::invalid_argument if last < first or maxCount < 2.
std::vector<qint64> indexTicks(qint64 first, qint64 last, int maxCount);

/// @brief Formats a tick value with as many decimals as `step` needs (0.25 -> 2 decimals),
/// scientific notation for magnitudes >= 1e6 or steps < 1e-4, the C locale's digits and a
/// typographic minus sign (U+2212). Values within 1e-9 steps of zero print as "0".
QString formatTick(double value, double step);

/// @brief Whether the labels of the powers of ten 10^first .. 10^last are all written as powers
/// ("10⁻⁶" .. "10⁰") rather than as numbers ("0.001" .. "10000"): one format for the whole axis
/// or colour bar (the author's A-U2: not "10⁷" above "10000"), powers when any lies outside
/// [10^-3, 10^4]. The app's axes and colour bars and the exported charts follow it.
bool decadesAsPowers(int first, int last);

/// @brief The label of 10^k: "10ᵏ" with `powers` (decadesAsPowers), else the number written out
/// ("0.001", "100").
QString decadeLabel(int k, bool powers);

} // namespace pecards::app
