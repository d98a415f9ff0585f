#include "clilab.h"

#include "figure/labcurves.h"
#include "usageerror.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

/// Columns [i, theta_i, lambda_i / L0, lambda_i / L] then per scaling [theta'_i/theta_i,
/// lambda'_i / L, attention factor]: one row per pair.
OutputArray scalingRatio(const ScalingComparison& c) {
    const auto pairs = static_cast<std::int64_t>(c.theta.size());
    const auto cols = static_cast<std::int64_t>(4 + 3 * c.curves.size());
    OutputArray out {{pairs, cols}, {}};
    const auto l0 = static_cast<double>(c.original_max_position_embeddings);
    const auto l = static_cast<double>(c.length);
    for (Eigen::Index i = 0; i < c.theta.size(); ++i) {
        out.values.insert(out.values.end(),
            {static_cast<double>(i), c.theta[i], c.wavelength[i] / l0, c.wavelength[i] / l});
        for (const ScalingCurve& curve : c.curves) {
            out.values.insert(
                out.values.end(), {curve.ratio[i], curve.wavelength[i] / l, curve.result.attention_factor});
        }
    }
    return out;
}

/// Columns [distance, then per scaling: probe ones, random-probe average, decay bound].
OutputArray scoreVsDistance(const ScalingComparison& c, int points) {
    const std::vector<std::int64_t> distances = distanceSamples(c.length, points);
    const Eigen::MatrixXd s = pecards::scoreVsDistance(c, distances);
    OutputArray out {{static_cast<std::int64_t>(distances.size()), s.rows() + 1}, {}};
    for (std::size_t n = 0; n < distances.size(); ++n) {
        out.values.push_back(static_cast<double>(distances[n]));
        for (Eigen::Index r = 0; r < s.rows(); ++r) {
            out.values.push_back(s(r, static_cast<Eigen::Index>(n)));
        }
    }
    return out;
}

/// Columns [seq_len, b'] for seq_len = points evenly spaced lengths 1..L.
OutputArray dynamicBase(const CardParams& params, const ScalingLabSettings& settings, int points) {
    const RopeParams rope = labScaling(params.rope, RopeScalingType::Dynamic, settings);
    std::vector<std::int64_t> lengths = distanceSamples(settings.length, points);
    for (std::int64_t& n : lengths) {
        ++n; // 0..L-1 -> 1..L
    }
    const Eigen::VectorXd bases = dynamicNtkBase(rope, lengths);
    OutputArray out {{static_cast<std::int64_t>(lengths.size()), 2}, {}};
    for (std::size_t n = 0; n < lengths.size(); ++n) {
        out.values.insert(
            out.values.end(), {static_cast<double>(lengths[n]), bases[static_cast<Eigen::Index>(n)]});
    }
    return out;
}

/// Columns [i, ln(i+1) (uniform attention), then the entropy of each scaling], rows i = 0..L-1.
OutputArray attentionEntropy(const CardParams& params, const ScalingLabSettings& settings) {
    std::vector<Eigen::VectorXd> entropies;
    for (const RopeScalingType type : settings.types) {
        entropies.push_back(pecards::attentionEntropy(
            labScaling(params.rope, type, settings), params.probe.seed, settings.length));
    }
    OutputArray out {{settings.length, static_cast<std::int64_t>(2 + entropies.size())}, {}};
    for (std::int64_t i = 0; i < settings.length; ++i) {
        out.values.insert(out.values.end(), {static_cast<double>(i), std::log(static_cast<double>(i + 1))});
        for (const Eigen::VectorXd& h : entropies) {
            out.values.push_back(h[i]);
        }
    }
    return out;
}

} // namespace

ScalingLabSettings labSettings(const CardParams& params, const std::vector<RopeScalingType>& scalings) {
    ScalingLabSettings settings;
    settings.types = scalings;
    settings.length = params.length;
    settings.original_max_position_embeddings = givenTrainingLength(params.rope.scaling);
    if (settings.original_max_position_embeddings < 2) {
        throw UsageError(u"--original-max-pos"_s,
            u"is missing: the lab needs the training length L0 (>= 2, at most --length), from the flag or "
            "--config"_s);
    }
    settings.factor = app::labFactor(params, settings.original_max_position_embeddings); // as render's
    return settings;
}

OutputArray computeLabCurve(const CliQuantity& quantity, const CardParams& params, const CurveInputs& inputs,
    const std::vector<RopeScalingType>& scalings) {
    const ScalingLabSettings settings = labSettings(params, scalings);
    switch (quantity.curve) {
    case Curve::ScalingRatio:
        return scalingRatio(compareScalings(params.rope, settings));
    case Curve::ScoreVsDistance:
        return scoreVsDistance(compareScalings(params.rope, settings), inputs.points);
    case Curve::DynamicBase:
        return dynamicBase(params, settings, inputs.points);
    case Curve::AttentionEntropy:
        static_cast<void>(compareScalings(params.rope, settings)); // validates the settings first
        return attentionEntropy(params, settings);
    default:
        break;
    }
    throw UsageError(u"--quantity"_s, QString::fromLatin1(quantity.name) + u" is not a lab curve"_s);
}

OutputArray computeLabGrids(
    Backend& backend, const ViewRequest& view, const std::vector<RopeScalingType>& scalings) {
    const ScalingLabSettings settings = labSettings(view.params, scalings);
    OutputArray out;
    for (const RopeScalingType type : scalings) {
        ViewRequest request = view;
        request.params.rope = labScaling(view.params.rope, type, settings);
        Grid grid = backend.compute(request);
        if (out.shape.empty()) {
            out.shape = {static_cast<std::int64_t>(scalings.size()), grid.rows, grid.cols};
        }
        out.values.insert(out.values.end(), grid.values.begin(), grid.values.end());
    }
    return out;
}

} // namespace pecards::cli
