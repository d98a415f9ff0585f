#include "clicurves.h"

#include "cliextrapolation.h"
#include "clilab.h"
#include "figure/curves.h"
#include "pecards/alibi.h"
#include "pecards/encodingchoice.h"
#include "pecards/learned.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/sinusoidal.h"
#include "pecards/tricks.h"
#include "pecards/viewrules.h"
#include "usageerror.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

RopeScalingResult scaledRope(const CardParams& params) {
    return ropeScaling(params.rope, effectiveSeqLen(params.rope, params.length));
}

/// A position-valued entry of --offsets or --distances, which must be an integer.
std::int64_t integerEntry(const QString& flag, double value) {
    if (std::floor(value) != value) {
        throw UsageError(flag, QString::number(value) + u" is not an integer: allowed: whole positions"_s);
    }
    return static_cast<std::int64_t>(value);
}

std::int64_t integerOffset(double offset) {
    return integerEntry(u"--offsets"_s, offset);
}

Eigen::VectorXd toVector(const std::vector<double>& values) {
    return Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
}

/// The shared chart data's score (figure/curves.h) at whole-position offsets.
Eigen::VectorXd scoreVsOffset(const CardParams& params, const std::vector<double>& offsets) {
    std::vector<std::int64_t> whole;
    whole.reserve(offsets.size());
    for (const double offset : offsets) {
        whole.push_back(integerOffset(offset));
    }
    const std::vector<double> scores = app::scoreAtOffsets(params, whole);
    return toVector(scores);
}

Eigen::VectorXd bucketsVsOffset(const RelativeParams& relative, const std::vector<double>& offsets) {
    if (relative.variant == RelativeVariant::TransformerXL) {
        throw UsageError(u"--variant"_s, u"transformer-xl has no buckets: allowed: t5, shaw"_s);
    }
    Eigen::VectorXd buckets(static_cast<Eigen::Index>(offsets.size()));
    for (std::size_t n = 0; n < offsets.size(); ++n) {
        const std::int64_t offset = integerOffset(offsets[n]);
        buckets(static_cast<Eigen::Index>(n)) = relative.variant == RelativeVariant::T5
            ? t5Bucket(offset, relative.bidirectional, relative.num_buckets, relative.max_distance)
            : static_cast<double>(shawIndex(0, offset, relative.clip_k));
    }
    return buckets;
}

Eigen::MatrixXd biasVsDistance(const AlibiParams& alibi, const std::vector<double>& distances) {
    const Eigen::VectorXd slopes = alibiSlopes(alibi);
    Eigen::MatrixXd bias(slopes.size(), static_cast<Eigen::Index>(distances.size()));
    for (Eigen::Index h = 0; h < slopes.size(); ++h) {
        for (std::size_t n = 0; n < distances.size(); ++n) {
            // The causal form at query i = r, key j = 0: -m r.
            const std::int64_t r = integerEntry(u"--distances"_s, distances[n]);
            bias(h, static_cast<Eigen::Index>(n)) = alibiBias(AlibiForm::Causal, slopes(h), r, 0, r + 1);
        }
    }
    return bias;
}

Eigen::MatrixXd rotate(const CardParams& params, const CurveInputs& inputs) {
    const Eigen::VectorXd invFreq = scaledRope(params).inv_freq;
    Eigen::MatrixXd rotated(static_cast<Eigen::Index>(inputs.positions.size()), params.rope.head_dim);
    for (std::size_t m = 0; m < inputs.positions.size(); ++m) {
        rotated.row(static_cast<Eigen::Index>(m))
            = ropeRotate(params.rope, invFreq, inputs.vector, inputs.positions[m]).transpose();
    }
    return rotated;
}

/// Position and largest error of the distilled (cos, sin) table, with the card's base.
Eigen::MatrixXd distillationError(const CardParams& params) {
    const double base = params.card == Card::Sinusoidal ? params.sinusoidal.base : params.rope.base;
    const DistillationResult result = distillPositions(base, params.tricks);
    Eigen::MatrixXd table(result.error.size(), 2);
    table.col(0)
        = Eigen::VectorXd::LinSpaced(result.error.size(), 0.0, static_cast<double>(result.error.size() - 1));
    table.col(1) = result.error;
    return table;
}

/// The comparison table of encodingchoice.h for the card's target, one row per family.
Eigen::MatrixXd encodingChoice(const CardParams& params, const CurveInputs& inputs) {
    EncodingTarget target = encodingTarget(params);
    target.layers = inputs.layers;
    target.dtype_bytes = inputs.dtypeBytes;
    const std::vector<EncodingChoice> rows = compareEncodings(target);
    Eigen::MatrixXd table(static_cast<Eigen::Index>(rows.size()), 13);
    for (std::size_t n = 0; n < rows.size(); ++n) {
        const EncodingChoice& row = rows[n];
        table.row(static_cast<Eigen::Index>(n)) << static_cast<double>(row.family),
            static_cast<double>(row.parameters), static_cast<double>(row.parameter_bytes),
            static_cast<double>(row.extra_memory_bytes), static_cast<double>(row.work_per_token),
            static_cast<double>(row.extrapolation), static_cast<double>(row.unseen),
            static_cast<double>(row.unseen_of), static_cast<double>(row.kv_cache), row.factor, row.overshoot,
            static_cast<double>(row.rotating_pairs), static_cast<double>(row.encoded_layers);
    }
    return table;
}

/// head_dim x 4: k, pair i (-1: passes through), partner dimension, scaled theta_i (0 when k
/// does not turn).
Eigen::MatrixXd pairMap(const CardParams& params) {
    const std::vector<RopeDimension> dims = ropePairing(params.rope);
    const Eigen::VectorXd theta = scaledRope(params).inv_freq;
    Eigen::MatrixXd table(static_cast<Eigen::Index>(dims.size()), 4);
    for (std::size_t k = 0; k < dims.size(); ++k) {
        const RopeDimension& dim = dims[k];
        table.row(static_cast<Eigen::Index>(k)) << static_cast<double>(k), static_cast<double>(dim.pair),
            static_cast<double>(dim.partner), dim.pair < 0 ? 0.0 : theta[dim.pair];
    }
    return table;
}

} // namespace

OutputArray computeCurve(const CliQuantity& quantity, const CardParams& params, const CurveInputs& inputs) {
    switch (quantity.curve) {
    case Curve::InvFreq:
        return OutputArray::fromVector(params.card == Card::Sinusoidal
                ? sinusoidalFrequencies(params.sinusoidal)
                : scaledRope(params).inv_freq);
    case Curve::Slopes:
        return OutputArray::fromVector(alibiSlopes(params.alibi));
    case Curve::Decay:
        return OutputArray::fromVector(
            ropeLongTermDecay(scaledRope(params).inv_freq, toVector(inputs.distances)));
    case Curve::Rotate:
        return OutputArray::fromMatrix(rotate(params, inputs));
    case Curve::ScoreVsOffset:
        return OutputArray::fromVector(scoreVsOffset(params, inputs.offsets));
    case Curve::BucketsVsOffset:
        return OutputArray::fromVector(bucketsVsOffset(params.relative, inputs.offsets));
    case Curve::BiasVsDistance:
        return OutputArray::fromMatrix(biasVsDistance(params.alibi, inputs.distances));
    case Curve::TxlPosEmb:
        return OutputArray::fromMatrix(
            txlRelativeEmbedding(params.length, params.relative.d_model, inputs.clampLen));
    case Curve::TxlRelShift:
        return OutputArray::fromMatrix(txlRelShift(inputs.input, inputs.zeroTriu));
    case Curve::Spectrum:
    case Curve::Waves:
    case Curve::Polar:
        throw UsageError(u"--quantity"_s,
            QString::fromLatin1(quantity.name)
                + u" is a chart: draw it with `render` (its numbers: inv-freq, table, phase)"_s);
    case Curve::ScalingRatio:
    case Curve::ScoreVsDistance:
    case Curve::DynamicBase:
    case Curve::AttentionEntropy:
        return computeLabCurve(quantity, params, inputs, inputs.scalings);
    case Curve::CriticalDimension:
    case Curve::BaseBound:
    case Curve::InterpolationFit:
    case Curve::PartialRotation:
        return computeExtrapolationCurve(quantity, params, inputs);
    case Curve::LearnedTable:
        return OutputArray::fromMatrix(learnedTable(inputs.learned, params.length));
    case Curve::LearnedSimilarity:
        return OutputArray::fromMatrix(learnedSimilarity(inputs.learned, params.length));
    case Curve::LearnedDifference:
        return OutputArray::fromMatrix(learnedDifference(inputs.learned, params.sinusoidal, params.length));
    case Curve::DomainAwareSimilarity:
        return OutputArray::fromMatrix(
            domainAwareSimilarity(params.sinusoidal, params.length, params.tricks));
    case Curve::GatedScore:
        return OutputArray::fromMatrix(gatedScore(params.sinusoidal, params.length, params.tricks));
    case Curve::GatedAttention:
        return OutputArray::fromMatrix(
            gatedAttention(params.sinusoidal, params.length, visibility(params), params.tricks));
    case Curve::DistillationError:
        return OutputArray::fromMatrix(distillationError(params));
    case Curve::EncodingChoice:
        return OutputArray::fromMatrix(encodingChoice(params, inputs));
    case Curve::PairMap:
        return OutputArray::fromMatrix(pairMap(params));
    case Curve::PositionIds:
    case Curve::PairAxes:
    case Curve::MropeScore:
        return computeMropeCurve(quantity.curve, params, inputs.mrope);
    case Curve::PatchPairs:
    case Curve::PatchScore:
        return computeVisionCurve(quantity.curve, params, inputs.vision);
    case Curve::None:
        break;
    }
    throw UsageError(u"--quantity"_s, QString::fromLatin1(quantity.name) + u" is not a curve"_s);
}

} // namespace pecards::cli
