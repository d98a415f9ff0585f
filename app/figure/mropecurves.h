#pragma once
/// @file mropecurves.h
/// @brief The multimodal card's charts: the three position-id rows of the composed sequence
/// (CurveKind::MropeIds) and the pair map of the M-RoPE layouts side by side
/// (CurveKind::MropePairMap), both computed by the engine (pecards/mrope.h).

#include "figure/curves.h"

namespace pecards::app {

/// @brief MropeIds: x = token index, y = its id; step curves "t", "h", "w" (transformers
/// `get_rope_index` of the card's family, mropePositionIds). For text the three coincide.
/// MropePairMap: x = dimension k of the head, y = the layout row (2: blocked over half-split
/// pairs, Qwen2-VL and Qwen2.5-VL; 1: interleaved over half-split pairs, Qwen3-VL; 0: blocked over
/// adjacent dimensions, GLM-4.xV), the card's mrope_section and rotary_dim in each; scatter series
/// "t", "h", "w" and "passes through" (k >= rotary_dim).
/// @throws pecards::InvalidParameter for a card other than multimodal or invalid parameters,
/// naming the value and the allowed range.
CurveSet mropeCurves(const CurveRequest& request);

/// @brief The row of `layout` over `pairing` in the MropePairMap chart (2, 1 or 0).
int mropePairMapRow(pecards::MropeLayout layout, pecards::RopeLayout pairing);

} // namespace pecards::app
