#pragma once
/// @file labcurves.h
/// @brief The charts of the context-extension lab (pecards/scaling_lab.h): every RoPE scaling at a
/// common factor side by side, for the card's model, training length L0 and length L.
///
/// Runs on the compute worker thread (computeCurves dispatches here); the charts only draw.

#include "figure/curves.h"

#include <pecards/scaling_lab.h>

namespace pecards::app {

/// @brief The training length L0 the lab views take when the card gives none (no model loaded, no
/// L0 or max_position_embeddings): L / 4, so that they compare the scalings at factor 4 instead of
/// drawing every curve at s = 1 or refusing (#32, the engineer's review B3 and C10); their titles
/// say so. 0 when the card gives an L0, or when L / 4 < 2.
std::int64_t labDemonstrationL0(const pecards::CardParams& params);

/// @brief `params` with labDemonstrationL0 as rope.scaling.original_max_position_embeddings when
/// it applies (what the lab charts and the unseen-angles map compute from), else `params`.
pecards::CardParams labParams(const pecards::CardParams& params);

/// @brief The factor s at which the lab compares every scaling: the card's scaling factor when the
/// card is scaled or its factor is not the unscaled 1 (a `--factor` given without `--scaling`: the
/// teacher-author review A-W1, where render drew s = L / L0 = 16 for `--factor 8` while compute
/// used 8), else L / `l0` (at least 1). The app, `render` and `compute` all take it from here.
double labFactor(const pecards::CardParams& params, std::int64_t l0);

/// @brief The lab settings of card parameters (labParams first): all six scalings (none, linear,
/// dynamic, yarn, llama3, longrope); L0 = cardTrainingLength; L = length; the common factor s =
/// labFactor. Never throws (compareScalings checks L0 <= L).
pecards::ScalingLabSettings labSettings(const pecards::CardParams& params);

/// @brief CurveKind::ScalingRatio (theta'_i/theta_i per pair, log y; YaRN ramp and Llama 3 smoothed
/// band shaded), ScoreVsDistance (random-probe average score per scaling against distance, log x,
/// L0 marked, with the decay bound) and DynamicBase (b' against sequence length, L0 marked, the
/// sequence length request.position emphasised).
/// @throws pecards::InvalidParameter (invalid parameters, L0 above L)
CurveSet labCurves(const CurveRequest& request);

} // namespace pecards::app
