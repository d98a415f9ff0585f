#pragma once
/// @file pairmapcurves.h
/// @brief The RoPE pair map (CurveKind::PairMap): which dimensions of a head rotate together and
/// which pass through, in the card's layout and partial-rotary convention (pecards::ropePairing).

#include "figure/curves.h"

namespace pecards::app {

/// @brief Scatter series over x = dimension k of the head, y = the dimension it rotates with:
/// "rotates" (its pair has theta_i > 0), "paired, never turns" (theta_i = 0: the proportional
/// pairs past rotatingPairs), "passes through" (y = k: classic partial rotary, k >= r); empty
/// series are left out. Both axes span [0, head_dim - 1].
/// @throws pecards::InvalidParameter for a card other than RoPE or hybrid, or invalid RoPE
/// parameters (naming the value and the allowed range).
CurveSet pairMapCurves(const CurveRequest& request);

} // namespace pecards::app
