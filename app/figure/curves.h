#pragma once
/// @file curves.h
/// @brief Line/point data of the card charts (waves, RoPE polar pair, spectrum, long-term
/// decay, ALiBi bias per head, relative buckets, score against offset), computed from the
/// engine's functions.
///
/// The one source of chart data: the GUI's compute worker calls `computeCurves` and its chart
/// widgets only draw the result; the chart figures (chartbuilder.h) of the GUI's export and of
/// `pecards-cli render` are made from the same `CurveSet`.

#include "figure/chartspec.h"

#include <QPointF>
#include <QString>
#include <cstdint>
#include <optional>
#include <pecards/params.h>
#include <vector>

namespace pecards::app {

/// @brief Which chart a curve request fills.
enum class CurveKind {
    Waves, ///< sinusoidal: PE[p, dim] over p; RoPE: cos/sin(p theta_i) of chosen pairs i
    RopePolar, ///< RoPE: angle p*theta_i (mod 2 pi) of chosen pairs at position p, with a trail
    Spectrum, ///< wavelength 2 pi / w_i per pair i (log y), unscaled and scaled
    Decay, ///< RoFormer §3.4.3 long-term decay bound B(r) over distance r (log x)
    AlibiHeads, ///< ALiBi bias against distance i - j for every head
    RelativeBuckets, ///< T5 bucket of n = j - i, or Shaw clipped index, over n
    ScoreVsOffset, ///< positional-only score over the offset n = j - i (sinusoidal, RoPE)
    PhaseError, ///< RoPE |phase error| of pair channels[0] (default 1) over positions 1..extent-1 for
                ///< positions / inv_freq / cos-sin stored in fp32, bf16, fp16, first collisions marked
    ScalingRatio, ///< lab: theta'_i / theta_i of every scaling per pair (labcurves.h)
    ScoreVsDistance, ///< lab: score against distance of every scaling, L0 marked
    DynamicBase, ///< lab: dynamic NTK base b' against sequence length; `position` = the current length
    CriticalDimension, ///< lab: Liu et al. 2023 extrapolation limit against the tuned base
                       ///< (extrapolationcurves.h)
    BaseBound, ///< lab: Men et al. 2024 first m with B(m) < 0 against the base, smallest passing base
    InterpolationFit, ///< lab: Chen et al. 2023 Fig. 2, fitted a(s) extrapolated and interpolated
    PartialRotation, ///< lab: Barbero et al. 2024 p-RoPE score against distance for several p
    DomainAwareSimilarity, ///< trick: similarity rows of PE + edge biases against plain PE (trickcurves.h)
    GatedScore, ///< trick: a query row of the gated score against alpha = 1
    GatedAttention, ///< trick: a query row of the gated attention against alpha = 1
    DistillationError, ///< trick: PE distillation error per position, training range shaded
    LearnedTable, ///< checkpoint's learned table P[p, c] beside the sinusoid PE[p, c] (learnedcurves.h)
    LearnedSimilarity, ///< similarity rows P_i·P_j of the learned table against PE_i·PE_j
    LearnedDifference, ///< ||P_p - PE_p|| per position: how far the learned table is from the sinusoid
    PairMap, ///< RoPE: the dimension each dimension rotates with, or passes through (pairmapcurves.h)
    MropeIds, ///< multimodal: the t, h, w position ids of every token (mropecurves.h)
    MropePairMap, ///< multimodal: the axis each dimension follows in the three M-RoPE layouts
};

/// @brief RopePolar position shown first: the pairs are already spread out at first sight.
inline constexpr std::int64_t kDefaultPolarPosition = 10;

/// @brief What to draw: a plain value, copied to the worker thread.
struct CurveRequest {
    pecards::CardParams params;
    CurveKind kind = CurveKind::Spectrum;
    std::vector<int> channels; ///< dimensions (Waves, sinusoidal) or pair indices i (Waves/RopePolar, RoPE)
    std::int64_t position = 0; ///< RopePolar: position p shown; DynamicBase: sequence length n
    /// Waves: positions 0..extent-1; AlibiHeads/RelativeBuckets/ScoreVsOffset: max |distance|
    std::int64_t extent = 128;
    bool operator==(const CurveRequest&) const = default;
};

/// @brief One drawn series.
struct Curve {
    QString name;
    std::vector<QPointF> points; ///< (x, y); polar: (angle in degrees, radius)
    bool scatter = false; ///< points instead of a line
    bool emphasised = false; ///< drawn thicker (the selected head, the current position)
    bool followsPrevious = false; ///< drawn in the colour of the curve before it (a trail)
    /// A function of an integer (T5 bucket, Shaw index): drawn as steps (drawnPoints), its data
    /// the points themselves.
    bool steps = false;
};

/// @brief The polyline a curve is drawn as: its points, or for a step curve the staircase that
/// holds each value from the midpoint before its x to the midpoint after it (from the first x
/// to the last, so the axes still end at the data).
std::vector<QPointF> drawnPoints(const Curve& curve);

/// @brief A chart's worth of curves with its axes.
struct CurveSet {
    QString xTitle;
    QString yTitle;
    bool xLog = false;
    bool yLog = false;
    bool polar = false; ///< x = angle in degrees [0, 360), y = radius
    std::vector<Curve> curves;
    std::vector<ChartRegion> regions {}; ///< shaded ranges (YaRN ramp, Llama 3 band) and markers
};

/// @brief Computes the curves with the engine's functions (sinusoidalTable, ropeScaledInvFreq,
/// ropeAngles, ropeLongTermDecay, alibiSlopes, alibiBias, t5Bucket, shawIndex).
/// @throws pecards::InvalidParameter for invalid parameters or channels (a dimension or pair
/// outside [0, d-1] / [0, r/2-1]), naming the value and the allowed range.
CurveSet computeCurves(const CurveRequest& request);

/// @brief The chart's stable name, as pecards-cli calls it and captions print it: "waves",
/// "polar", "spectrum", "decay", "bias-vs-distance", "buckets-vs-offset", "score-vs-offset", "phase-error",
/// "scaling-ratio", "score-vs-distance", "dynamic-base", "critical-dimension", "base-bound", "pi-fit",
/// "partial-rope", "domain-aware-similarity", "gated-score",
/// "gated-attention", "distillation-error", "learned-table", "learned-similarity",
/// "learned-difference", "pair-map", "mrope-ids", "mrope-pair-map".
const char* chartName(CurveKind kind);

/// @brief The chart called `name` (chartName), or none.
std::optional<CurveKind> chartKindNamed(const QString& name);

/// @brief "waves, polar, spectrum, ..." (every chartName) for messages.
QString chartNames();

/// @brief The channels a chart shows when none are chosen: RopePolar pairs {0, n/8, n/4, n-1},
/// RoPE waves pairs {0, n/8, n/4} (n = rotary_dim / 2), sinusoidal waves the sine columns
/// {0, n/8, n/4} rounded down to even (n = d_model); duplicates removed; empty for other charts.
std::vector<int> defaultChannels(const pecards::CardParams& params, CurveKind kind);

/// @brief The reach a chart starts with: Waves 100 positions, AlibiHeads 64, RelativeBuckets
/// 300, ScoreVsOffset 256, PhaseError 8192 (positions); 0 for charts without one.
std::int64_t defaultExtent(CurveKind kind);

/// @brief Positional-only score at each offset n = j - i (docs/quantities.md, Score):
/// sinusoidal S(n) = sum_i cos(n w_i) = PE_i . PE_j; RoPE a^2 (R_i q_rot).(R_j k_rot) +
/// q_pass . k_pass with the probe q, k (probe.h), a the attention factor, frequencies scaled
/// at rope.seq_len (params.length when 0). Shape: offsets.size().
/// @throws pecards::InvalidParameter for invalid parameters or a card other than sinusoidal,
/// RoPE or hybrid.
std::vector<double> scoreAtOffsets(
    const pecards::CardParams& params, const std::vector<std::int64_t>& offsets);

} // namespace pecards::app
