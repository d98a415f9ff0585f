#pragma once
/// @file chartbuilder.h
/// @brief Turns computed chart data (curves.h) into a `ChartSpec`: title, axes with their
/// scales, series with legend names and colours, and the caption with every parameter value.
///
/// The GUI's chart export and `pecards-cli render` both call `makeChartSpec` on the CurveSet of
/// the same CurveRequest, so their files are identical. Titles are translatable (context
/// "pecards::app::ChartBuilder"); the caption is not (caption.h).

#include "figure/chartspec.h"
#include "figure/curves.h"

namespace pecards::app {

/// @brief The chart's name in titles, e.g. "spectrum of wavelengths" (translated).
QString chartTitle(CurveKind kind);

/// @brief The figure of computed curves: title "<card> — <chart>", axes from the set (log
/// scales as computed), one series per curve (scatter curves as points, emphasised curves
/// thicker, a curve that follows the previous one in its colour, else the next palette colour)
/// and the caption formatChartCaption(request).
/// @param curves the result of computeCurves(request)
ChartSpec makeChartSpec(const CurveRequest& request, const CurveSet& curves);

} // namespace pecards::app
