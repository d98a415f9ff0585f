#include "figure/trickcurves.h"

#include <QCoreApplication>
#include <algorithm>
#include <pecards/errors.h>
#include <pecards/sinusoidal.h>
#include <pecards/tricks.h>

/// Translation context of the trick charts (translated on the worker thread, as Curves).
class TrickCurves {
    Q_DECLARE_TR_FUNCTIONS(TrickCurves)
};

namespace pecards::app {

namespace {

void requireSinusoidal(const CurveRequest& request) {
    if (request.params.card != pecards::Card::Sinusoidal) {
        throw pecards::InvalidParameter("card", pecards::toString(request.params.card),
            std::string("sinusoidal (the ") + chartName(request.kind) + " chart)");
    }
}

Curve row(const QString& name, const Eigen::RowVectorXd& values, bool emphasised) {
    Curve curve {name, {}, false, emphasised};
    for (Eigen::Index j = 0; j < values.size(); ++j)
        curve.points.emplace_back(static_cast<double>(j), values(j));
    return curve;
}

CurveSet domainAware(const CurveRequest& request) {
    requireSinusoidal(request);
    const pecards::SinusoidalParams& sin = request.params.sinusoidal;
    const pecards::TrickParams& tricks = request.params.tricks;
    const std::int64_t length = request.params.length;
    const Eigen::MatrixXd aware = pecards::domainAwareTable(sin, length, tricks);
    const Eigen::MatrixXd plain = pecards::sinusoidalTable(sin, 0, length);
    CurveSet set {
        TrickCurves::tr("key position j"), TrickCurves::tr("similarity Tᵢ·Tⱼ"), false, false, false, {}};
    // Row 0 carries a start bias; row L/2 only meets the biased columns (row L-1 mirrors row 0).
    std::vector<std::int64_t> queries {0, length / 2};
    queries.erase(std::unique(queries.begin(), queries.end()), queries.end());
    // The plain rows come second, drawn thin over the thick biased ones where the two agree.
    for (const std::int64_t i : queries) {
        set.curves.push_back(
            row(TrickCurves::tr("row %1, PE + bias").arg(i), aware.row(i) * aware.transpose(), true));
        set.curves.push_back(
            row(TrickCurves::tr("row %1, plain PE").arg(i), plain.row(i) * plain.transpose(), false));
    }
    const std::int64_t n = std::min<std::int64_t>(tricks.edge_positions, length);
    if (n > 0) {
        set.regions.push_back(
            {TrickCurves::tr("first %1 positions: start bias").arg(n), 0.0, static_cast<double>(n - 1)});
        set.regions.push_back({TrickCurves::tr("last %1 positions: end bias").arg(n),
            static_cast<double>(length - n), static_cast<double>(length - 1)});
    }
    return set;
}

QString gateText(const pecards::TrickParams& t) {
    switch (t.gate) {
    case pecards::GateCurve::Constant:
        return TrickCurves::tr("α = %1").arg(t.alpha);
    case pecards::GateCurve::LinearRamp:
        return TrickCurves::tr("α ramp %1 → %2").arg(t.alpha).arg(t.alpha_end);
    case pecards::GateCurve::Sigmoid:
        return TrickCurves::tr("α sigmoid %1 → %2 at %3 ± %4")
            .arg(t.alpha)
            .arg(t.alpha_end)
            .arg(t.gate_center)
            .arg(t.gate_width);
    }
    return {};
}

CurveSet gated(const CurveRequest& request) {
    requireSinusoidal(request);
    const pecards::CardParams& p = request.params;
    const std::int64_t i = p.tricks.query >= 0 ? p.tricks.query : p.length / 2;
    pecards::TrickParams ungated = p.tricks;
    ungated.gate = pecards::GateCurve::Constant;
    ungated.alpha = 1.0;
    const bool attention = request.kind == CurveKind::GatedAttention;
    const auto compute = [&](const pecards::TrickParams& tricks) {
        return attention ? pecards::gatedAttention(p.sinusoidal, p.length, pecards::visibility(p), tricks)
                         : pecards::gatedScore(p.sinusoidal, p.length, tricks);
    };
    CurveSet set {TrickCurves::tr("key position j"),
        attention ? TrickCurves::tr("attention of query %1").arg(i)
                  : TrickCurves::tr("score of query %1").arg(i),
        false, false, false, {}};
    set.curves.push_back(row(TrickCurves::tr("α = 1 (plain PE)"), compute(ungated).row(i), false));
    set.curves.push_back(row(gateText(p.tricks), compute(p.tricks).row(i), true));
    set.regions.push_back(
        {TrickCurves::tr("query i = %1").arg(i), static_cast<double>(i), static_cast<double>(i)});
    return set;
}

CurveSet distillation(const CurveRequest& request) {
    const pecards::CardParams& p = request.params;
    const bool sinusoidal = p.card == pecards::Card::Sinusoidal;
    const double base = sinusoidal ? p.sinusoidal.base : p.rope.base;
    const pecards::DistillationResult result = pecards::distillPositions(base, p.tricks);
    CurveSet set {TrickCurves::tr("position p"),
        TrickCurves::tr("max error over %1 outputs").arg(p.tricks.distill_head_dim), false, true, false, {}};
    Curve error {TrickCurves::tr("inside %1, beyond %2")
                     .arg(result.inside_max, 0, 'g', 3)
                     .arg(result.beyond_max, 0, 'g', 3),
        {}, false, true};
    for (Eigen::Index n = 0; n < result.error.size(); ++n)
        error.points.emplace_back(static_cast<double>(n), std::max(result.error(n), 1e-12)); // log axis
    set.curves.push_back(std::move(error));
    set.regions.push_back({TrickCurves::tr("training range [0, %1)").arg(p.tricks.train_length), 0.0,
        static_cast<double>(p.tricks.train_length - 1)});
    return set;
}

} // namespace

CurveSet trickCurves(const CurveRequest& request) {
    switch (request.kind) {
    case CurveKind::DomainAwareSimilarity:
        return domainAware(request);
    case CurveKind::GatedScore:
    case CurveKind::GatedAttention:
        return gated(request);
    case CurveKind::DistillationError:
        return distillation(request);
    default:
        break;
    }
    throw pecards::InvalidParameter(
        "chart", std::to_string(static_cast<int>(request.kind)), "a trick chart kind");
}

} // namespace pecards::app
