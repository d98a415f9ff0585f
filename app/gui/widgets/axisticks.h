#pragma once
/// @file axisticks.h
/// @brief "Nice" tick values (1, 2, 5 x 10^k steps) for heatmap axes and colour bars, and the
/// compact number format of their labels.

#include <QString>
#include <functional>
#include <vector>

namespace pecards::gui {

/// @brief Ticks in [low, high] with a 1/2/5 x 10^k step, at most about `maxTicks` of them.
/// With `integers`, the step is at least 1 (positions, dimensions). Empty when low > high.
std::vector<double> niceTicks(double low, double high, int maxTicks, bool integers);

/// @brief Powers of ten in [low, high] (0 < low < high) for a logarithmic colour bar, every
/// k-th decade so that at most about `maxTicks` remain. Empty when the range holds no power of ten.
std::vector<double> decadeTicks(double low, double high, int maxTicks);

/// @brief Short label: integers exactly up to 10^7, else 4 significant digits ("-0.125", "1.2e+06").
QString tickLabel(double value);

/// @brief Label of a position or count tick, engineering style where that loses no digit:
/// "1M", "1.2M", "512k", "405203", "4095".
QString positionTickLabel(double value);

/// @brief Labels of value ticks (colour bars) that tell every tick apart: the fewest
/// significant digits (at least 3) that make them distinct; when those do not fit (`fits`
/// says so for a label), offset notation: `offset` holds the common value and each label the
/// difference from it ("+0.002"), so a deep zoom still reads.
struct TickLabels {
    std::vector<QString> labels;
    QString offset; ///< empty: the labels are the values themselves
};
TickLabels valueTickLabels(const std::vector<double>& ticks, const std::function<bool(const QString&)>& fits);

} // namespace pecards::gui
