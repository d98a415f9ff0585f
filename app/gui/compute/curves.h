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
    PhaseError, ///< RoPE |phase error| of pair channels[0] (default 1) over positions 1..extent-1 for
                ///< positions / inv_freq / cos-sin stored in fp32, bf16, fp16, first collisions marked
};

/// @brief What to draw: a plain value, copied to the worker thread.
struct CurveRequest {
    pecards::CardParams params;
    CurveKind kind = CurveKind::Spectrum;
    std::vector<int> channels; ///< dimensions (Waves, sinusoidal) or pair indices i (Waves/RopePolar, RoPE)
    std::int64_t position = 0; ///< RopePolar: position p shown
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

/// @brief A chart's worth of curves with its axes.
struct CurveSet {
    QString xTitle;
    QString yTitle;
    bool xLog = false;
    bool yLog = false;
    bool polar = false; ///< x = angle in degrees [0, 360), y = radius
    std::vector<Curve> curves;
};

/// @brief Computes the curves with the engine's functions (sinusoidalTable, ropeScaledInvFreq,
/// ropeAngles, ropeLongTermDecay, alibiSlopes, alibiBias, t5Bucket, shawIndex).
/// @throws pecards::InvalidParameter for invalid parameters or channels (a dimension or pair
/// outside [0, d-1] / [0, r/2-1]), naming the value and the allowed range.
CurveSet computeCurves(const CurveRequest& request);
