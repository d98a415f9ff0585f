#include "figure/labcurves.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <pecards/errors.h>
#include <pecards/rope.h>

/// Translation context of the lab charts (translated on the worker thread, as Curves).
class LabCurves {
    Q_DECLARE_TR_FUNCTIONS(LabCurves)
};

namespace pecards::app {

namespace {

constexpr int kScoreDistanceSamples = 480; ///< log-spaced distances of the score chart
constexpr int kLengthSamples = 400; ///< sequence lengths of the dynamic NTK chart

QString scalingName(pecards::RopeScalingType type) {
    return type == pecards::RopeScalingType::None ? LabCurves::tr("unscaled")
                                                  : QString::fromStdString(pecards::toString(type));
}

/// A vertical line at x from y0 to y1 (L0, L markers).
Curve marker(const QString& name, double x, double y0, double y1) {
    Curve curve {name, {QPointF(x, y0), QPointF(x, y1)}, false, false};
    return curve;
}

/// The lab's curve of `type`: named, drawn thick when it is the card's own scaling (`shown`; the
/// author's A-C2: YaRN was thick whatever the card), which its name says.
Curve labCurve(pecards::RopeScalingType type, pecards::RopeScalingType shown) {
    const bool own = type == shown;
    return Curve {
        own ? LabCurves::tr("%1 (this card)").arg(scalingName(type)) : scalingName(type), {}, false, own};
}

CurveSet scalingRatio(const pecards::ScalingComparison& c, double factor, pecards::RopeScalingType shown) {
    CurveSet set {LabCurves::tr("pair i"),
        LabCurves::tr("θ'ᵢ / θᵢ at L = %1 (s = %2)").arg(c.length).arg(factor), false, true, false, {}};
    for (const pecards::ScalingCurve& curve : c.curves) {
        Curve line = labCurve(curve.type, shown);
        for (Eigen::Index i = 0; i < curve.ratio.size(); ++i)
            line.points.emplace_back(static_cast<double>(i), curve.ratio(i));
        set.curves.push_back(std::move(line));
        if (curve.type == pecards::RopeScalingType::Yarn) {
            set.regions.push_back({LabCurves::tr("YaRN ramp [low, high] = [%1, %2]")
                                       .arg(curve.result.correction_low)
                                       .arg(curve.result.correction_high),
                curve.result.correction_low, curve.result.correction_high});
        }
        if (curve.type == pecards::RopeScalingType::Llama3) {
            const Eigen::VectorXi& band = curve.result.band;
            int first = -1;
            int last = -1;
            for (int i = 0; i < band.size(); ++i) {
                if (band(i) == 1) {
                    first = first < 0 ? i : first;
                    last = i;
                }
            }
            if (first >= 0)
                set.regions.push_back(
                    {LabCurves::tr("Llama 3 smoothed band (pairs %1-%2)").arg(first).arg(last), double(first),
                        double(last)});
        }
    }
    // Pairs whose wavelength exceeds L0 never complete a turn in training.
    const auto l0 = static_cast<double>(c.original_max_position_embeddings);
    for (Eigen::Index i = 0; i < c.wavelength.size(); ++i) {
        if (c.wavelength(i) > l0) {
            set.regions.push_back({LabCurves::tr("wavelength > L0 = %1 (from pair %2)").arg(l0).arg(i),
                static_cast<double>(i), static_cast<double>(i)});
            break;
        }
    }
    return set;
}

CurveSet scoreVsDistance(const pecards::ScalingComparison& c, pecards::RopeScalingType shown) {
    std::vector<std::int64_t> distances;
    const auto top = static_cast<double>(std::max<std::int64_t>(c.length - 1, 2));
    for (int k = 0; k < kScoreDistanceSamples; ++k) {
        const auto r = static_cast<std::int64_t>(
            std::round(std::pow(top, static_cast<double>(k) / (kScoreDistanceSamples - 1))));
        if (distances.empty() || r > distances.back())
            distances.push_back(r);
    }
    const Eigen::MatrixXd s = pecards::scoreVsDistance(c, distances);
    CurveSet set {LabCurves::tr("distance i - j (positions)"),
        LabCurves::tr("E[(Rᵢ q)·(Rⱼ q)], q ~ N(0, I/d)"), true, false, false, {}};
    double low = 0.0;
    double high = 0.0;
    for (std::size_t k = 0; k < c.curves.size(); ++k) {
        Curve line = labCurve(c.curves[k].type, shown);
        for (std::size_t n = 0; n < distances.size(); ++n) {
            const double v = s(static_cast<Eigen::Index>(3 * k + 1), static_cast<Eigen::Index>(n));
            line.points.emplace_back(static_cast<double>(std::max<std::int64_t>(distances[n], 1)), v);
            low = std::min(low, v);
            high = std::max(high, v);
        }
        set.curves.push_back(std::move(line));
    }
    // RoFormer decay bound of the unscaled frequencies, divided by B(0) to share the axis.
    if (!c.curves.empty() && c.curves.front().type == pecards::RopeScalingType::None) {
        Curve bound {LabCurves::tr("decay bound B(r)/B(0), unscaled"), {}, false, false};
        const double b0 = s(2, 0);
        for (std::size_t n = 0; n < distances.size(); ++n)
            bound.points.emplace_back(static_cast<double>(std::max<std::int64_t>(distances[n], 1)),
                s(2, static_cast<Eigen::Index>(n)) / b0);
        set.curves.push_back(std::move(bound));
    }
    set.curves.push_back(marker(LabCurves::tr("L0 = %1").arg(c.original_max_position_embeddings),
        static_cast<double>(c.original_max_position_embeddings), low, high));
    return set;
}

CurveSet dynamicBase(
    const pecards::CardParams& params, const pecards::ScalingLabSettings& settings, std::int64_t current) {
    const pecards::RopeParams rope
        = pecards::labScaling(params.rope, pecards::RopeScalingType::Dynamic, settings);
    std::vector<std::int64_t> lengths = pecards::distanceSamples(settings.length, kLengthSamples);
    for (std::int64_t& n : lengths)
        ++n;
    const Eigen::VectorXd bases = pecards::dynamicNtkBase(rope, lengths);
    CurveSet set {LabCurves::tr("sequence length n (positions)"), LabCurves::tr("dynamic NTK base b'"), false,
        true, false, {}};
    Curve line {LabCurves::tr("b'(n), s = %1, L0 = %2")
                    .arg(settings.factor)
                    .arg(settings.original_max_position_embeddings),
        {}, false, false};
    for (std::size_t k = 0; k < lengths.size(); ++k)
        line.points.emplace_back(static_cast<double>(lengths[k]), bases(static_cast<Eigen::Index>(k)));
    set.curves.push_back(std::move(line));
    const std::int64_t n = std::clamp<std::int64_t>(current, 1, settings.length);
    const double now = pecards::dynamicNtkBase(rope, {n})(0);
    set.curves.push_back({LabCurves::tr("n = %1: b' = %2, θ'₁ = %3")
                              .arg(n)
                              .arg(now, 0, 'f', 1)
                              .arg(std::pow(now, -2.0 / pecards::rotaryDim(rope)), 0, 'g', 6),
        {QPointF(static_cast<double>(n), now)}, true, true});
    set.curves.push_back(marker(LabCurves::tr("L0 = %1").arg(settings.original_max_position_embeddings),
        static_cast<double>(settings.original_max_position_embeddings), bases.minCoeff(), bases.maxCoeff()));
    return set;
}

} // namespace

std::int64_t labDemonstrationL0(const pecards::CardParams& params) {
    if (pecards::givenTrainingLength(params.rope.scaling) >= 2)
        return 0;
    const std::int64_t l0 = params.length / 4;
    return l0 >= 2 ? l0 : 0;
}

pecards::CardParams labParams(const pecards::CardParams& params) {
    pecards::CardParams out = params;
    if (const std::int64_t l0 = labDemonstrationL0(params); l0 > 0)
        out.rope.scaling.original_max_position_embeddings = l0;
    return out;
}

double labFactor(const pecards::CardParams& params, std::int64_t l0) {
    const pecards::RopeScaling& scaling = params.rope.scaling;
    if (scaling.type != pecards::RopeScalingType::None || scaling.factor != 1.0)
        return scaling.factor;
    return l0 > 0 ? std::max(1.0, static_cast<double>(params.length) / static_cast<double>(l0)) : 1.0;
}

pecards::ScalingLabSettings labSettings(const pecards::CardParams& card) {
    const pecards::CardParams params = labParams(card);
    pecards::ScalingLabSettings settings;
    using pecards::RopeScalingType;
    settings.types = {RopeScalingType::None, RopeScalingType::Linear, RopeScalingType::Dynamic,
        RopeScalingType::Yarn, RopeScalingType::Llama3, RopeScalingType::LongRope};
    settings.original_max_position_embeddings = pecards::cardTrainingLength(params);
    settings.length = params.length;
    settings.factor = labFactor(params, settings.original_max_position_embeddings);
    return settings;
}

CurveSet labCurves(const CurveRequest& request) {
    const pecards::ScalingLabSettings settings = labSettings(request.params);
    switch (request.kind) {
    case CurveKind::ScalingRatio:
        return scalingRatio(pecards::compareScalings(request.params.rope, settings), settings.factor,
            request.params.rope.scaling.type);
    case CurveKind::ScoreVsDistance:
        return scoreVsDistance(
            pecards::compareScalings(request.params.rope, settings), request.params.rope.scaling.type);
    case CurveKind::DynamicBase:
        static_cast<void>(pecards::compareScalings(request.params.rope, settings)); // checks L0 <= L first
        return dynamicBase(request.params, settings, request.position);
    default:
        break;
    }
    throw pecards::InvalidParameter(
        "chart", std::to_string(static_cast<int>(request.kind)), "a lab chart kind");
}

} // namespace pecards::app
