#pragma once
/// @file axisticks.h
/// @brief Tick values for heatmap axes, colour bars and charts on screen (the exports' rule,
/// figure/ticks.h), and the compact number format of their labels.

#include <QString>
#include <functional>
#include <optional>
#include <vector>

namespace pecards::gui {

/// @brief Ticks in [low, high], at most max(2, `maxTicks`) of them: the exports' nice steps
/// (pecards::app::valueTicks, 1/2/2.5/5 x 10^k); with `integers`, entry indices
/// (pecards::app::indexTicks, integer 1/2/5 x 10^k steps: positions, dimensions, buckets). Empty
/// when low > high or either is not finite; {low} when they are equal.
std::vector<double> niceTicks(double low, double high, int maxTicks, bool integers);

/// @brief Most ticks an axis `pixels` long takes for labels `extent` pixels long along it: one per
/// two extents, and three where three fit with a third of an extent between labels (a short
/// colour bar at a large font showed a single "0"); at least 2.
int tickCapacity(int pixels, int extent);

/// @brief Powers of ten in [low, high] (0 < low < high) for a logarithmic colour bar, every
/// k-th decade so that at most about `maxTicks` remain. Where fewer than min(3, maxTicks) powers of
/// ten fall inside: 1, 2 and 5 x 10^k when that gives 3 to max(maxTicks, 3) ticks, else the nice
/// linear ticks (niceTicks) when they are more. Empty when none of these lies in the range.
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

/// @brief The labels of `ticks` when every one is a power of ten, in one format (decadesAsPowers,
/// decadeLabel); none otherwise (a bar of 1, 2 and 5 x 10^k, or of nice linear values).
std::optional<TickLabels> decadeTickLabels(const std::vector<double>& ticks);

} // namespace pecards::gui
