#pragma once
/// @file logitscalecurves.h
/// @brief The chart of a model's logit multipliers against the query position (pecards::
/// logitScales): one curve per factor and layer group, as the app's *Model > Details* draws it.

#include "figure/curves.h"

#include <pecards/logitscale.h>
#include <vector>

namespace pecards::app {

/// @brief One curve per factor, named "<group> (<n> layers): <factor>", through its exact
/// points (steps drawn as near-vertical segments); x = query position, y = multiplier of q·k.
/// An empty list gives a chart without curves.
CurveSet logitScaleCurves(const std::vector<pecards::LogitFactor>& factors);

} // namespace pecards::app
