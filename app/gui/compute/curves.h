#pragma once
/// @file curves.h
/// @brief Line/point data of the card charts (waves, RoPE polar pair, spectrum, long-term
/// decay, ALiBi bias per head, relative buckets), computed from the engine's functions.
///
/// `computeCurves` runs on the compute worker thread; the chart widgets only draw the result.

#include <QPointF>
#include <QString>
#include <cstdint>
#include <pecards/params.h>
#include <vector>

/// @brief Which chart a curve request fills.
enum class CurveKind {
    Waves, ///< sinusoidal: PE[p, dim] over p; RoPE: cos/sin(p theta_i) of chosen pairs i
    RopePolar, ///< RoPE: angle p*theta_i (mod 2 pi) of chosen pairs at position p, with a trail
    Spectrum, ///< wavelength 2 pi / w_i per pair i (log y), unscaled and scaled
    Decay, ///< RoFormer §3.4.3 long-term decay bound B(r) over distance r (log x)
    AlibiHeads, ///< ALiBi bias against distance i - j for every head
    RelativeBuckets, ///< T5 bucket of n = j - i, or Shaw clipped index, over n
    ScalingRatio, ///< lab: theta'_i / theta_i of every scaling per pair (labcurves.h)
    ScoreVsDistance, ///< lab: score against distance of every scaling, L0 marked
    DynamicBase, ///< lab: dynamic NTK base b' against sequence length; `position` = the current length
};

/// @brief What to draw: a plain value, copied to the worker thread.
struct CurveRequest {
    pecards::CardParams params;
    CurveKind kind = CurveKind::Spectrum;
    std::vector<int> channels; ///< dimensions (Waves, sinusoidal) or pair indices i (Waves/RopePolar, RoPE)
    std::int64_t position = 0; ///< RopePolar: position p shown; DynamicBase: sequence length n
    std::int64_t extent = 128; ///< Waves: positions 0..extent-1; AlibiHeads/RelativeBuckets: max |distance|
    bool operator==(const CurveRequest&) const = default;
};

/// @brief One drawn series.
struct Curve {
    QString name;
    std::vector<QPointF> points; ///< (x, y); polar: (angle in degrees, radius)
    bool scatter = false; ///< points instead of a line
    bool emphasised = false; ///< drawn thicker (the selected head, the current position)
    bool followsPrevious = false; ///< drawn in the colour of the curve before it (a trail)
};

/// @brief A shaded x interval [x0, x1] drawn behind the curves, or a vertical marker when x0 == x1.
struct ChartRegion {
    QString name;
    double x0 = 0.0;
    double x1 = 0.0;
};

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
