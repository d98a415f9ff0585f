#pragma once
// The caption of a chart: every value the chart reads, as the view captions give theirs
// (caption.h).

#include "figure/curves.h"

#include <QString>

namespace pecards::app {

/// @brief The caption of a chart, e.g. "RoPE decay · head_dim=128 · base=10000 ·
/// layout=half-split · scaling=none · L=4096 · distances 1–4095, 320 log-spaced".
///
/// The card's parameters the chart reads (as formatCaption; the probe for score-vs-offset),
/// the length L, and the chart's own inputs: channels ("dims" or "pairs"), the position m of
/// the polar chart, and the span of positions, distances or offsets drawn.
QString formatChartCaption(const CurveRequest& request);

} // namespace pecards::app
