#pragma once
/// @file trickcurves.h
/// @brief The charts of the article's three tricks (pecards/tricks.h): rows of the domain-aware
/// similarity map against the plain sinusoidal one, a query row of the gated score and attention
/// against alpha = 1, and the PE distillation error inside and beyond its training range.
///
/// Runs on the compute worker thread (computeCurves dispatches here); the charts only draw.

#include "figure/curves.h"

namespace pecards::app {

/// @brief CurveKind::DomainAwareSimilarity (rows i = 0 and L/2 of T T^T with T = PE + B and of
/// PE PE^T, the biased edges shaded), GatedScore and GatedAttention (query row tricks.query, or L/2,
/// gated and at alpha = 1) and DistillationError (max |MLP - target| per position, log y, the
/// training range shaded; base = the card's sinusoidal base or RoPE theta).
/// @throws pecards::InvalidParameter (invalid parameters, L > 4096 for the dense maps, a card
///         without the chart)
CurveSet trickCurves(const CurveRequest& request);

} // namespace pecards::app
