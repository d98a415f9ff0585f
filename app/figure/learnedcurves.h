#pragma once
/// @file learnedcurves.h
/// @brief The charts of a learned absolute position table from a checkpoint (GPT-2 `wpe.weight`,
/// BERT `position_embeddings.weight`, params.sinusoidal.learned) beside the sinusoid of the same
/// width: the table's columns over position, similarity rows P_i·P_j against PE_i·PE_j, and the
/// size of the difference P_p - PE_p per position (pecards/learned.h).
///
/// Runs on the compute worker thread (computeCurves dispatches here); the charts only draw.

#include "figure/curves.h"

namespace pecards::app {

/// @brief CurveKind::LearnedTable (P[p, c] and PE[p, c] over p for the request's channels, or
/// column 0), LearnedSimilarity (rows i = 0 and L/2 of P P^T and of PE PE^T) and
/// LearnedDifference (||P_p - PE_p||_2 and ||P_p||_2 per position p), for p in [0, L) with
/// L = params.length.
/// @throws pecards::InvalidParameter (not the sinusoidal card, no learned table loaded, L above
///         the table's rows or 4096, sinusoid d_model unequal to the table's width, a channel
///         outside [0, d_model - 1])
CurveSet learnedCurves(const CurveRequest& request);

} // namespace pecards::app
