#pragma once
/// @file extrapolationcurves.h
/// @brief The RoPE extrapolation figures practitioners reuse, reproduced from first principles
/// (pecards/rope_extrapolation.h, pecards/position_interpolation_fit.h) for the card's RoPE model,
/// training length L0 (cardTrainingLength: L when the model gives none) and length L.
///
/// Runs on the compute worker thread (computeCurves dispatches here); the charts only draw.

#include "figure/curves.h"

namespace pecards::app {

/// @brief The p values the partial-frequency chart and `pecards-cli compute --quantity partial-rope`
/// compare: 1 (RoPE), 0.75, 0.5, 0.25 and 0 (NoPE).
inline constexpr double kPartialFractions[] = {1.0, 0.75, 0.5, 0.25, 0.0};

/// @brief Tuned bases beta of the critical-dimension chart: `count` (>= 2) geometric steps from the
/// model's base b to min(1e12, 1e4 b), b first.
std::vector<double> tunedBases(double base, int count);

/// @brief CurveKind::CriticalDimension (Liu et al. 2023: T_extra = 2 pi beta^(d_extra/r) against the
/// tuned base beta, log-log, the model's base emphasised, L0 and L as horizontal lines),
/// BaseBound (Men et al. 2024: the first m with B(m) < 0 of each scanned base, passing bases at L,
/// the smallest passing base and the model's base marked), InterpolationFit (Chen et al. 2023 Fig. 2:
/// |a(s)| of the least-squares fit on [0, L0] extrapolated to [0, L] and interpolated as a(s L0 / L),
/// log y, seed = probe seed) and PartialRotation (Barbero et al. 2024 p-RoPE: the random-probe average
/// score against distance for each kPartialFractions value, L0 marked).
/// @throws pecards::InvalidParameter (invalid parameters, L0 above L), ComputeLimitExceeded
CurveSet extrapolationCurves(const CurveRequest& request);

} // namespace pecards::app
