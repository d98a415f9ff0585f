#include "figure/extrapolationcurves.h"

#include "figure/labcurves.h"
#include "figure/mathtext.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <pecards/errors.h>
#include <pecards/parambounds.h>
#include <pecards/position_interpolation_fit.h>
#include <pecards/rope.h>
#include <pecards/rope_extrapolation.h>
#include <pecards/scaling_lab.h>

/// Translation context of the extrapolation charts (translated on the worker thread, as Curves).
class ExtrapolationCurves {
    Q_DECLARE_TR_FUNCTIONS(ExtrapolationCurves)
};

namespace pecards::app {

namespace {

constexpr int kTunedBases = 200; ///< points of the T_extra curve
constexpr int kFitSamples = 1024; ///< distances of the Position Interpolation chart
constexpr int kPRopeDistanceSamples = 480; ///< log-spaced distances of the p-RoPE chart

/// A horizontal line at y from x0 to x1 (L0 and L levels).
Curve level(const QString& name, double y, double x0, double x1) {
    return {name, {QPointF(x0, y), QPointF(x1, y)}, false, false};
}

CurveSet criticalDimension(const pecards::CardParams& p, std::int64_t l0) {
    const int r = pecards::rotaryDim(p.rope);
    const pecards::CriticalDimension c = pecards::criticalDimension(r, p.rope.base, l0);
    CurveSet set {ExtrapolationCurves::tr("tuned base β"),
        ExtrapolationCurves::tr("extrapolation limit T_extra (positions)"), true, true, false, {}};
    const std::vector<double> bases = tunedBases(p.rope.base, kTunedBases);
    if (c.pairs == r / 2) {
        set.curves.push_back({ExtrapolationCurves::tr("every pair turns inside L0 = %1: no limit").arg(l0),
            {QPointF(bases.front(), static_cast<double>(l0))}, true, true});
        return set;
    }
    Curve line {
        ExtrapolationCurves::tr("T_extra(β), d_extra = %1 of %2").arg(c.dimension).arg(r), {}, false, false};
    for (const double beta : bases)
        line.points.emplace_back(beta, pecards::extrapolationLimit(r, beta, c.dimension));
    set.curves.push_back(std::move(line));
    set.curves.push_back(
        {ExtrapolationCurves::tr("b = %1: T_extra = %2").arg(p.rope.base, 0, 'g', 12).arg(c.limit, 0, 'f', 0),
            {QPointF(p.rope.base, c.limit)}, true, true});
    set.curves.push_back(level(
        ExtrapolationCurves::tr("L0 = %1").arg(l0), static_cast<double>(l0), bases.front(), bases.back()));
    set.curves.push_back(level(ExtrapolationCurves::tr("L = %1").arg(p.length), static_cast<double>(p.length),
        bases.front(), bases.back()));
    return set;
}

CurveSet baseBound(const pecards::CardParams& p) {
    const int r = pecards::rotaryDim(p.rope);
    const std::vector<pecards::BaseBoundPoint> scan
        = pecards::baseBoundScan(r, p.length, pecards::baseBoundGrid(p.length));
    const double smallest = pecards::smallestPassingBase(scan);
    CurveSet set {ExtrapolationCurves::tr("base b"),
        ExtrapolationCurves::tr("first m with B(m) < 0 (positions)"), true, true, false, {}};
    const auto top = static_cast<double>(p.length);
    Curve failing {ExtrapolationCurves::tr("first m with B(m) < 0"), {}, true, false};
    Curve passing {ExtrapolationCurves::tr("B(m) ≥ 0 on [0, %1]").arg(p.length), {}, true, false};
    for (const pecards::BaseBoundPoint& point : scan) {
        if (point.first_negative < 0)
            passing.points.emplace_back(point.base, top);
        else
            failing.points.emplace_back(
                point.base, static_cast<double>(std::max<std::int64_t>(point.first_negative, 1)));
    }
    const double x0 = scan.front().base;
    const double x1 = scan.back().base;
    for (Curve* curve : {&failing, &passing})
        if (!curve->points.empty())
            set.curves.push_back(std::move(*curve));
    set.curves.push_back(level(ExtrapolationCurves::tr("L = %1").arg(p.length), top, x0, x1));
    if (smallest > 0.0)
        set.regions.push_back({ExtrapolationCurves::tr("smallest passing base %1").arg(smallest, 0, 'f', 0),
            smallest, smallest});
    if (p.rope.base >= x0 && p.rope.base <= x1)
        set.regions.push_back({ExtrapolationCurves::tr("model base %1").arg(p.rope.base, 0, 'g', 12),
            p.rope.base, p.rope.base});
    return set;
}

CurveSet interpolationFit(const pecards::CardParams& p, std::int64_t l0) {
    const pecards::AttentionScoreFit fit
        = pecards::fitAttentionScore(pecards::rotaryDim(p.rope), p.rope.base, l0, p.probe.seed);
    const auto length = static_cast<double>(p.length);
    const Eigen::VectorXd s = Eigen::VectorXd::LinSpaced(kFitSamples, 0.0, length);
    const Eigen::VectorXd extrapolated = pecards::attentionScoreAt(fit, s);
    const Eigen::VectorXd interpolated
        = pecards::attentionScoreAt(fit, s * (static_cast<double>(l0) / length));
    CurveSet set {ExtrapolationCurves::tr("relative distance s (positions)"),
        ExtrapolationCurves::tr("|a(s)|"), false, true, false, {}};
    double inside = 0.0;
    double beyond = 0.0;
    for (Eigen::Index n = 0; n < s.size(); ++n)
        (s[n] <= static_cast<double>(l0) ? inside : beyond)
            = std::max(s[n] <= static_cast<double>(l0) ? inside : beyond, std::abs(extrapolated[n]));
    Curve extra {ExtrapolationCurves::tr("a(s): ≤ %1 in L0, %2 past")
                     .arg(displayNumber(inside, 2), displayNumber(beyond, 2)),
        {}, false, false};
    Curve inter {
        ExtrapolationCurves::tr("a(s·L0/L): ≤ %1").arg(interpolated.cwiseAbs().maxCoeff(), 0, 'g', 2), {},
        false, true};
    for (Eigen::Index n = 0; n < s.size(); ++n) {
        // |a| is exactly 0 with probability 0; such a point is left out of the log axis, not moved.
        if (extrapolated[n] != 0.0)
            extra.points.emplace_back(s[n], std::abs(extrapolated[n]));
        if (interpolated[n] != 0.0)
            inter.points.emplace_back(s[n], std::abs(interpolated[n]));
    }
    set.curves.push_back(std::move(extra));
    set.curves.push_back(std::move(inter));
    set.regions.push_back({ExtrapolationCurves::tr("fitted on integer s in [0, L0 = %1]").arg(l0), 0.0,
        static_cast<double>(l0)});
    return set;
}

CurveSet partialRotation(const pecards::CardParams& p, std::int64_t l0) {
    const int r = pecards::rotaryDim(p.rope);
    const Eigen::VectorXd theta = pecards::ropeInvFreq(p.rope.base, r);
    const int turning = pecards::criticalDimension(r, p.rope.base, l0).pairs;
    std::vector<std::int64_t> distances;
    const auto top = static_cast<double>(std::max<std::int64_t>(p.length - 1, 2));
    for (int k = 0; k < kPRopeDistanceSamples; ++k) {
        const auto d = static_cast<std::int64_t>(
            std::round(std::pow(top, static_cast<double>(k) / (kPRopeDistanceSamples - 1))));
        if (distances.empty() || d > distances.back())
            distances.push_back(d);
    }
    const std::vector<double> fractions(std::begin(kPartialFractions), std::end(kPartialFractions));
    const Eigen::MatrixXd score = pecards::partialRotationScore(theta, fractions, distances);
    CurveSet set {ExtrapolationCurves::tr("distance (positions)"),
        ExtrapolationCurves::tr("E[(Rᵢ q)·(Rⱼ q)], q ~ N(0, I/r)"), true, false, false, {}};
    double low = 0.0;
    double high = 1.0;
    for (std::size_t f = 0; f < fractions.size(); ++f) {
        const int kept = pecards::partialRotationPairs(r / 2, fractions[f]);
        // "> L0": rotating pairs whose wavelength exceeds L0 (they see new angles past L0).
        Curve line {ExtrapolationCurves::tr("p = %1: %2 rotate, %3 > L0")
                        .arg(fractions[f])
                        .arg(kept)
                        .arg(std::max(0, kept - turning)),
            {}, false, fractions[f] == 1.0};
        for (std::size_t n = 0; n < distances.size(); ++n) {
            const double v = score(static_cast<Eigen::Index>(f), static_cast<Eigen::Index>(n));
            line.points.emplace_back(static_cast<double>(std::max<std::int64_t>(distances[n], 1)), v);
            low = std::min(low, v);
            high = std::max(high, v);
        }
        set.curves.push_back(std::move(line));
    }
    set.curves.push_back({ExtrapolationCurves::tr("L0 = %1").arg(l0),
        {QPointF(static_cast<double>(l0), low), QPointF(static_cast<double>(l0), high)}, false, false});
    return set;
}

} // namespace

std::vector<double> tunedBases(double base, int count) {
    const double highest = std::min(pecards::kMaxBase, 1e4 * base);
    std::vector<double> out;
    for (int k = 0; k < count; ++k)
        out.push_back(base * std::pow(highest / base, static_cast<double>(k) / (count - 1)));
    return out;
}

CurveSet extrapolationCurves(const CurveRequest& request) {
    const pecards::CardParams& p = request.params;
    if (request.kind == CurveKind::BaseBound)
        return baseBound(p);
    pecards::ScalingLabSettings settings = labSettings(p);
    settings.types.clear();
    static_cast<void>(pecards::compareScalings(p.rope, settings)); // checks the model and L0 <= L
    const std::int64_t l0 = settings.original_max_position_embeddings;
    switch (request.kind) {
    case CurveKind::CriticalDimension:
        return criticalDimension(p, l0);
    case CurveKind::InterpolationFit:
        return interpolationFit(p, l0);
    case CurveKind::PartialRotation:
        return partialRotation(p, l0);
    default:
        break;
    }
    throw pecards::InvalidParameter(
        "chart", std::to_string(static_cast<int>(request.kind)), "an extrapolation chart kind");
}

} // namespace pecards::app
