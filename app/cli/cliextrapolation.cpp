#include "cliextrapolation.h"

#include "clilab.h"
#include "figure/extrapolationcurves.h"
#include "usageerror.h"

#include <pecards/position_interpolation_fit.h>
#include <pecards/rope.h>
#include <pecards/rope_extrapolation.h>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

/// Columns [beta, d_extra, T_extra(beta)], --points tuned bases from b (first row: the model).
OutputArray criticalDimension(const CardParams& params, std::int64_t l0, int points) {
    const int r = rotaryDim(params.rope);
    const CriticalDimension c = pecards::criticalDimension(r, params.rope.base, l0);
    const std::vector<double> bases = app::tunedBases(params.rope.base, points);
    OutputArray out {{static_cast<std::int64_t>(bases.size()), 3}, {}};
    for (const double beta : bases) {
        // Every pair turning inside L0 means no limit: T_extra is written as 0, as CriticalDimension does.
        const double limit = c.pairs == r / 2 ? 0.0 : extrapolationLimit(r, beta, c.dimension);
        out.values.insert(out.values.end(), {beta, static_cast<double>(c.dimension), limit});
    }
    return out;
}

/// Columns [base, first m with B(m) < 0 (-1: none), minimum reached, passes (1/0)] per scanned base.
OutputArray baseBound(const CardParams& params) {
    const std::vector<BaseBoundPoint> scan
        = baseBoundScan(rotaryDim(params.rope), params.length, baseBoundGrid(params.length));
    OutputArray out {{static_cast<std::int64_t>(scan.size()), 4}, {}};
    for (const BaseBoundPoint& p : scan) {
        out.values.insert(out.values.end(),
            {p.base, static_cast<double>(p.first_negative), p.minimum, p.first_negative < 0 ? 1.0 : 0.0});
    }
    return out;
}

/// Columns [s, a(s), a(s L0 / L)] at --points distances s evenly spaced in [0, L].
OutputArray interpolationFit(const CardParams& params, std::int64_t l0, int points) {
    const AttentionScoreFit fit
        = fitAttentionScore(rotaryDim(params.rope), params.rope.base, l0, params.probe.seed);
    const auto length = static_cast<double>(params.length);
    const Eigen::VectorXd s = Eigen::VectorXd::LinSpaced(points, 0.0, length);
    const Eigen::VectorXd extrapolated = attentionScoreAt(fit, s);
    const Eigen::VectorXd interpolated = attentionScoreAt(fit, s * (static_cast<double>(l0) / length));
    OutputArray out {{points, 3}, {}};
    for (Eigen::Index n = 0; n < s.size(); ++n) {
        out.values.insert(out.values.end(), {s[n], extrapolated[n], interpolated[n]});
    }
    return out;
}

/// Columns [distance, then the score for each p of app::kPartialFractions].
OutputArray partialRotation(const CardParams& params, int points) {
    const std::vector<std::int64_t> distances = distanceSamples(params.length, points);
    const std::vector<double> fractions(std::begin(app::kPartialFractions), std::end(app::kPartialFractions));
    const Eigen::MatrixXd score
        = partialRotationScore(ropeInvFreq(params.rope.base, rotaryDim(params.rope)), fractions, distances);
    OutputArray out {{static_cast<std::int64_t>(distances.size()), score.rows() + 1}, {}};
    for (std::size_t n = 0; n < distances.size(); ++n) {
        out.values.push_back(static_cast<double>(distances[n]));
        for (Eigen::Index f = 0; f < score.rows(); ++f) {
            out.values.push_back(score(f, static_cast<Eigen::Index>(n)));
        }
    }
    return out;
}

} // namespace

OutputArray computeExtrapolationCurve(
    const CliQuantity& quantity, const CardParams& params, const CurveInputs& inputs) {
    validate(params.rope);
    if (quantity.curve == Curve::BaseBound) {
        return baseBound(params);
    }
    if (quantity.curve == Curve::PartialRotation) {
        return partialRotation(params, inputs.points);
    }
    ScalingLabSettings settings = labSettings(params, {});
    static_cast<void>(compareScalings(params.rope, settings)); // checks L0 <= L
    const std::int64_t l0 = settings.original_max_position_embeddings;
    switch (quantity.curve) {
    case Curve::CriticalDimension:
        return criticalDimension(params, l0, inputs.points);
    case Curve::InterpolationFit:
        return interpolationFit(params, l0, inputs.points);
    default:
        break;
    }
    throw UsageError(
        u"--quantity"_s, QString::fromLatin1(quantity.name) + u" is not an extrapolation figure"_s);
}

} // namespace pecards::cli
