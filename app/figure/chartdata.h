#pragma once
/// @file chartdata.h
/// @brief The numbers behind a chart as CSV (#32, the engineer's review C9: a chart's Save… offered
/// only PNG, SVG and PDF, so reading θ'_i/θ_i for one pair meant switching to pecards-cli).

#include "figure/curves.h"

#include <QByteArray>
#include <QString>

namespace pecards::app {

/// @brief The chart's curves in long form: a header line `series,<x title>,<y title>` (titles
/// quoted, inner quotes doubled), then one line per point, `<series>,x,y`, every number in `%.17g`
/// (round-trips every double), the curves in the chart's order. Shaded regions are not data and
/// are left out.
QByteArray chartCsv(const CurveSet& curves);

/// @brief Writes chartCsv(curves) to `path` atomically (outputfile.h). @throws FileError naming the path.
void saveChartData(const QString& path, const CurveSet& curves);

} // namespace pecards::app
