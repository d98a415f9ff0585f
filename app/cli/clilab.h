#pragma once
/// @file clilab.h
/// @brief The context-extension lab quantities of pecards-cli (scaling_lab.h): every scaling of
/// --scalings at the common --factor, training length --original-max-pos L0 and target --length L.

#include "cliparser.h"
#include "outputarray.h"
#include "pecards/backend.h"
#include "pecards/scaling_lab.h"

namespace pecards::cli {

/// @brief The lab settings of a request: the scalings, --factor (the card's scaling factor), L0
/// (trainingLength of the card's scaling, i.e. --original-max-pos, else --max-pos) and L = --length.
/// @throws UsageError naming --original-max-pos when no L0 is given.
ScalingLabSettings labSettings(const CardParams& params, const std::vector<RopeScalingType>& scalings);

/// @brief The lab curves (Curve::ScalingRatio, ScoreVsDistance, DynamicBase, AttentionEntropy);
/// their columns are listed in cliquantities.cpp. @throws UsageError, pecards::InvalidParameter
OutputArray computeLabCurve(const CliQuantity& quantity, const CardParams& params, const CurveInputs& inputs,
    const std::vector<RopeScalingType>& scalings);

/// @brief The unseen-angles grid of each scaling for the request's window, size and reduction:
/// shape (scalings, rows, cols). @throws pecards::InvalidParameter, ComputeLimitExceeded
OutputArray computeLabGrids(
    Backend& backend, const ViewRequest& view, const std::vector<RopeScalingType>& scalings);

} // namespace pecards::cli
