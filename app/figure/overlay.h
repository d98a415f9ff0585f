#pragma once
/// @file overlay.h
/// @brief A and B on one chart (the compare tab's chart views and their exported figures): the
/// curves of both sides on shared axes, refused when the axes do not measure the same thing.

#include "figure/chartspec.h"
#include "figure/curves.h"

namespace pecards::app {

/// @brief The curves of `a` named "A: <name>", then those of `b` named "B: <name>", on a's axes
/// (a curve equal on both sides, name and points, is drawn once as "A, B: <name>"); the shaded
/// regions of both (B's named "B: <name>" where they differ from A's).
/// @throws pecards::InvalidParameter named "B axes" when the axis titles or scales differ (one
///         chart cannot show two units); the message gives both titles.
CurveSet overlayCurves(const CurveSet& a, const CurveSet& b);

/// @brief The figure of an overlay: makeChartSpec(a, overlaid) titled "A: <A's title> · B: <B's
/// title>" (one title when both agree) with the captions of both requests.
ChartSpec overlayChartSpec(const CurveRequest& a, const CurveRequest& b, const CurveSet& overlaid);

} // namespace pecards::app
