#pragma once
/// @file cliextrapolation.h
/// @brief The RoPE extrapolation figures of pecards-cli (pecards/rope_extrapolation.h,
/// pecards/position_interpolation_fit.h): critical-dimension, base-bound, pi-fit and partial-rope for
/// the card's RoPE model, training length L0 = --original-max-pos (else --max-pos) and L = --length.

#include "cliparser.h"
#include "outputarray.h"

namespace pecards::cli {

/// @brief The quantity's table (columns listed in cliquantities.cpp).
/// @throws UsageError (L0 missing), pecards::InvalidParameter, ComputeLimitExceeded
OutputArray computeExtrapolationCurve(
    const CliQuantity& quantity, const CardParams& params, const CurveInputs& inputs);

} // namespace pecards::cli
