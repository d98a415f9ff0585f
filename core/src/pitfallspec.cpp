// Dense pitfall views as data (pitfallspec.h): per pitfall, what the buggy (or fixed) code computes.

#include "pecards/pitfallspec.h"

#include "check.h"
#include "numericconstants.h"
#include "pecards/alibi.h"
#include "pecards/mrope.h"
#include "pecards/pitfall.h"
#include "pecards/probe.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/viewrules.h"
#include "positionalprofile.h"

#include <cmath>

namespace pecards {

namespace {

/// A side that rotates x with the column map and frequencies theta; dims >= r pass through.
/// The rotated dims carry the attention factor a (HF attention_scaling on cos and sin).
PitfallSide rotationSide(const RopeColumnMap& map, const Eigen::VectorXd& theta, const Eigen::VectorXd& x,
    double attention_factor) {
    const auto d = x.size();
    const auto r = static_cast<Eigen::Index>(map.pair.size());
    PitfallSide side;
    side.cos_weight = x;
    side.sin_weight = Eigen::VectorXd::Zero(d);
    side.frequency = Eigen::VectorXd::Zero(d);
    for (Eigen::Index c = 0; c < r; ++c) {
        side.cos_weight[c] = attention_factor * x[c];
        side.sin_weight[c] = attention_factor * map.sign[c] * x[map.partner[c]];
        side.frequency[c] = theta[map.pair[c]];
    }
    return side;
}

/// The interleaved sinusoidal table as a side: column c = sin (even c) or cos (odd c) of w[c].
PitfallSide sinusoidalSide(const Eigen::VectorXd& column_frequency) {
    const auto d = column_frequency.size();
    PitfallSide side;
    side.cos_weight = Eigen::VectorXd::Zero(d);
    side.sin_weight = Eigen::VectorXd::Zero(d);
    side.frequency = column_frequency;
    for (Eigen::Index c = 0; c < d; ++c) {
        (c % 2 == 0 ? side.sin_weight : side.cos_weight)[c] = 1.0;
    }
    return side;
}

void sinusoidalSpec(const CardParams& params, PitfallSpec& spec) {
    const SinusoidalParams& s = params.sinusoidal;
    const int d = s.d_model;
    Eigen::VectorXd w(d);
    if (params.pitfall.kind == Pitfall::SinusoidalOddDModel) {
        // tatp22 PositionalEncoding1D: channels = ceil(d/2)*2, inv_freq = 1/base^(arange(0, channels,
        // 2)/channels).
        const double channels = d + d % 2;
        for (int c = 0; c < d; ++c) {
            w[c] = std::pow(s.base, -2.0 * (c / 2) / channels);
        }
    } else {
        for (int c = 0; c < d; ++c) {
            const double exponent = params.pitfall.fixed ? 2.0 * (c / 2) : c;
            w[c] = std::pow(s.base, -exponent / d);
        }
    }
    spec.query = sinusoidalSide(w);
    spec.key = spec.query;
}

void ropeSpec(const CardParams& params, PitfallSpec& spec) {
    const RopeParams& rope = params.rope;
    const PitfallParams& pitfall = params.pitfall;
    const int r = rotaryDim(rope);
    const RopeScalingResult scaling = ropeScaling(rope, effectiveSeqLen(params.rope, params.length));
    const Eigen::VectorXd q = probeVector(params.probe, ProbeStream::Query, rope.head_dim);
    const Eigen::VectorXd k = probeVector(params.probe, ProbeStream::Key, rope.head_dim);
    const double a = scaling.attention_factor;
    const bool fixed = pitfall.fixed;
    switch (pitfall.kind) {
    case Pitfall::RopeRotateOnHalfSplitTable: {
        const RopeColumnMap map = ropeColumnMap(RopeLayout::Interleaved, r, !fixed);
        spec.query = rotationSide(map, scaling.inv_freq, q, a);
        spec.key = rotationSide(map, scaling.inv_freq, k, a);
        return;
    }
    case Pitfall::RopeLayoutMismatch: {
        // Vectors exported for the other layout; the fix permutes them into rope.layout (HF permute
        // maps interleaved pairs to half-split ones; its inverse the other way).
        const RopeColumnMap map = ropeColumnMap(rope.layout, r);
        const bool inverse = rope.layout == RopeLayout::Interleaved;
        const Eigen::VectorXd qq = fixed ? hfPermuteQk(q, r, inverse) : q;
        const Eigen::VectorXd kk = fixed ? hfPermuteQk(k, r, inverse) : k;
        spec.query = rotationSide(map, scaling.inv_freq, qq, a);
        spec.key = rotationSide(map, scaling.inv_freq, kk, a);
        return;
    }
    case Pitfall::RopePartialConvention: {
        // The card's convention, read the other way (fixed: as the card says): its own pairing width
        // and frequencies (rope.h, rotaryDim and ropeInvFreq).
        RopeParams read = rope;
        if (!fixed) {
            read.partial
                = rope.partial == RopePartial::Classic ? RopePartial::Proportional : RopePartial::Classic;
        }
        const RopeColumnMap map = ropeColumnMap(read.layout, rotaryDim(read));
        const Eigen::VectorXd theta = ropeScaling(read, effectiveSeqLen(read, params.length)).inv_freq;
        spec.query = rotationSide(map, theta, q, a);
        spec.key = rotationSide(map, theta, k, a);
        return;
    }
    case Pitfall::RopeStaleDynamicNtk: {
        const RopeStaleFrequencies theta = ropeStaleDynamicInvFreq(
            rope, effectiveSeqLen(params.rope, params.length), pitfall.stale_seq_len);
        const RopeColumnMap map = ropeColumnMap(rope.layout, r);
        spec.query = rotationSide(map, theta.current, q, a);
        spec.key = rotationSide(map, fixed ? theta.current : theta.stale, k, a);
        return;
    }
    default:
        break;
    }
    // Precision pitfalls.
    const RopeColumnMap map = ropeColumnMap(rope.layout, r);
    Eigen::VectorXd theta = scaling.inv_freq;
    if (!fixed && pitfall.kind == Pitfall::RopeInvFreqLowPrecision) {
        theta = theta.unaryExpr([&](double t) { return roundToFormat(t, pitfall.format); });
    }
    spec.query = rotationSide(map, theta, q, a);
    spec.key = rotationSide(map, theta, k, a);
    for (PitfallSide* side : {&spec.query, &spec.key}) {
        side->format = pitfall.format;
        side->round_positions = !fixed && pitfall.kind == Pitfall::RopePositionsLowPrecision;
        side->round_cache = !fixed && pitfall.kind == Pitfall::RopeCacheLowPrecision;
    }
}

/// W[r, c] = probeNormal(seed, stream, r, c) / sqrt(d): the hybrid demo's q/k projections.
Eigen::MatrixXd projection(std::uint64_t seed, ProbeStream stream, int d) {
    Eigen::MatrixXd w(d, d);
    for (int r = 0; r < d; ++r) {
        for (int c = 0; c < d; ++c) {
            w(r, c) = probeNormal(seed, stream, r, c) / std::sqrt(static_cast<double>(d));
        }
    }
    return w;
}

/// The ALiBi bias of a correct form: Causal -m(i-j), Symmetric -m|i-j|, BLOOM +m j, foundry -m(L-1-j).
void alibiBiasOf(AlibiForm form, double m, std::int64_t length, PitfallSpec& spec) {
    spec.key_bias = Eigen::VectorXd::Zero(length);
    switch (form) {
    case AlibiForm::Causal:
        spec.key_bias = m * Eigen::VectorXd::LinSpaced(length, 0.0, static_cast<double>(length - 1));
        spec.row_coef = -m;
        break;
    case AlibiForm::Symmetric:
        spec.abs_coef = -m;
        break;
    case AlibiForm::RowOffsetBloom:
        spec.key_bias = m * Eigen::VectorXd::LinSpaced(length, 0.0, static_cast<double>(length - 1));
        break;
    case AlibiForm::RowOffsetFoundry:
        spec.key_bias = -m * Eigen::VectorXd::LinSpaced(length, static_cast<double>(length - 1), 0.0);
        break;
    }
}

void hybridSpec(const CardParams& params, PitfallSpec& spec) {
    const RopeParams& rope = params.rope;
    const int d = rope.head_dim;
    const RopeScalingResult scaling = ropeScaling(rope, effectiveSeqLen(params.rope, params.length));
    const RopeColumnMap map = ropeColumnMap(rope.layout, rotaryDim(rope));
    const Eigen::VectorXd x = probeVector(params.probe, ProbeStream::Query, d);
    const Eigen::VectorXd y = probeVector(params.probe, ProbeStream::Key, d);
    const double a = scaling.attention_factor;
    const double m = alibiSlopes(params.alibi)[params.alibi.head];
    spec.alpha = 1.0 / std::sqrt(static_cast<double>(d));
    alibiBiasOf(params.alibi.form, m, params.length, spec);
    spec.causal = isCausal(params);
    if (params.pitfall.kind == Pitfall::HybridRotateBeforeProjection) {
        const Eigen::MatrixXd w_q = projection(params.probe.seed, ProbeStream::ProjectionQ, d);
        const Eigen::MatrixXd w_k = projection(params.probe.seed, ProbeStream::ProjectionK, d);
        if (params.pitfall.fixed) {
            spec.query = rotationSide(map, scaling.inv_freq, w_q * x, a);
            spec.key = rotationSide(map, scaling.inv_freq, w_k * y, a);
        } else {
            spec.query = rotationSide(map, scaling.inv_freq, x, a);
            spec.key = rotationSide(map, scaling.inv_freq, y, a);
            spec.query.projection = w_q;
            spec.key.projection = w_k;
        }
        return;
    }
    spec.query = rotationSide(map, scaling.inv_freq, x, a);
    spec.key = rotationSide(map, scaling.inv_freq, y, a);
    spec.bias_scale = params.pitfall.fixed ? 1.0 : spec.alpha;
}

void alibiSpec(const CardParams& params, PitfallSpec& spec) {
    const double m = alibiSlopes(params.alibi)[params.alibi.head];
    const std::int64_t length = params.length;
    const PitfallParams& pitfall = params.pitfall;
    const Eigen::VectorXd j = Eigen::VectorXd::LinSpaced(length, 0.0, static_cast<double>(length - 1));
    switch (pitfall.kind) {
    case Pitfall::AlibiFlippedSlope:
        if (params.alibi.form == AlibiForm::Symmetric) {
            spec.abs_coef = pitfall.fixed ? -m : m;
            spec.causal = params.causal;
        } else {
            spec.key_bias = (pitfall.fixed ? m : -m) * j;
            spec.row_coef = pitfall.fixed ? -m : m;
            spec.causal = true;
        }
        return;
    case Pitfall::AlibiRowOffsetNoMask:
        if (pitfall.fixed) {
            spec.abs_coef = -m;
        } else {
            spec.key_bias = m * j;
        }
        spec.causal = false;
        return;
    default: { // AlibiLeftPaddingArange: BLOOM's +m * position, cast to the model dtype
        const auto pads = static_cast<double>(pitfall.left_padding);
        spec.key_bias = j.unaryExpr([&](double key) {
            return key < pads ? -kInfinity
                              : roundToFormat(m * (pitfall.fixed ? key - pads : key), pitfall.format);
        });
        spec.causal = true;
        return;
    }
    }
}

void t5Spec(const CardParams& params, Quantity quantity, PitfallSpec& spec) {
    const RelativeParams& rel = params.relative;
    const std::int64_t length = params.length;
    const bool buckets = quantity == Quantity::Buckets;
    spec.causal = !buckets && params.causal;
    spec.delta_bias = Eigen::VectorXd(2 * length - 1);
    for (std::int64_t delta = -(length - 1); delta < length; ++delta) {
        const std::int64_t n = -delta; // relative_position = key - query
        const int bucket = params.pitfall.fixed
            ? t5Bucket(n, rel.bidirectional, rel.num_buckets, rel.max_distance)
            : t5BucketUnclamped(n, rel.bidirectional, rel.num_buckets, rel.max_distance);
        double value = bucket;
        if (!buckets && !(spec.causal && delta < 0)) {
            PECARDS_CHECK(bucket < rel.num_buckets, "bucket", bucket,
                "in [0, num_buckets-1] = [0, " + std::to_string(rel.num_buckets - 1) + "] (relative position "
                    + std::to_string(n)
                    + "; the bias lookup torch.nn.Embedding raises IndexError: index out "
                      "of range in self)");
            value = rel.bucket_values.empty() ? probeNormal(params.probe.seed, ProbeStream::Bucket, 0, bucket)
                                              : rel.bucket_values[bucket];
        }
        spec.delta_bias[delta + length - 1] = value;
    }
}

void txlSpec(const CardParams& params, Quantity quantity, PitfallSpec& spec) {
    const int d = params.relative.d_model;
    const std::int64_t length = params.length;
    const Eigen::VectorXd q = probeVector(params.probe, ProbeStream::Query, d);
    const Eigen::VectorXd k = probeVector(params.probe, ProbeStream::Key, d);
    const Eigen::VectorXd u = contentVector(params.probe.seed, ProbeStream::U, 0, d);
    const Eigen::VectorXd v = contentVector(params.probe.seed, ProbeStream::V, 0, d);
    const Eigen::MatrixXd w_r = detail::txlProjection(params.probe.seed, d);
    const bool attention = quantity == Quantity::Attention;
    const TxlTerm term = attention ? TxlTerm::Total : params.relative.term;
    const auto use = [term](TxlTerm t) { return term == TxlTerm::Total || term == t ? 1.0 : 0.0; };
    const Eigen::VectorXd weights = w_r.transpose() * (use(TxlTerm::B) * q + use(TxlTerm::D) * v);
    const double ac = use(TxlTerm::A) * q.dot(k) + use(TxlTerm::C) * u.dot(k);
    // BD(distance) = weights . R_distance for distances -(L-1) .. L.
    const Eigen::VectorXd bd = detail::txlRelativeRows(-(length - 1), 2 * length, d) * weights;
    const auto bdAt = [&](std::int64_t distance) { return bd[distance + length - 1]; };
    spec.delta_bias = Eigen::VectorXd(2 * length - 1);
    for (std::int64_t delta = -(length - 1); delta < length; ++delta) {
        double value = bdAt(delta);
        if (!params.pitfall.fixed) {
            // x_padded[:-1]: entry (i, j) reads padded row i-1 (j < i), the zero pad (j = i) or
            // row i at distance L - (j - i) (j > i); distances are those of `_rel_shift` minus one.
            value = delta > 0 ? bdAt(delta - 1) : (delta == 0 ? 0.0 : bdAt(length + delta));
        }
        spec.delta_bias[delta + length - 1] = value + ac;
    }
    spec.bias_scale = attention ? 1.0 / std::sqrt(static_cast<double>(d)) : 1.0;
    spec.causal = params.causal;
}

/// The multimodal card: q and k rotated per pair by the id of the pair's axis (pitfallspec.h);
/// MropeLayoutMismatch (not fixed) takes the other layout's pair-to-axis map,
/// MropePartialFactorDropped (not fixed) the frequencies of a whole-head rotary on the same pairs.
void multimodalSpec(const CardParams& params, PitfallSpec& spec) {
    const RopeParams& rope = params.rope;
    const MultimodalParams& mm = params.multimodal;
    const RopeScalingResult scaling = ropeScaling(rope, effectiveSeqLen(rope, params.length));
    const RopeColumnMap map = ropeColumnMap(rope.layout, rotaryDim(rope));
    MropeLayout layout = mm.layout;
    if (params.pitfall.kind == Pitfall::MropeLayoutMismatch && !params.pitfall.fixed) {
        layout = layout == MropeLayout::Blocked ? MropeLayout::Interleaved : MropeLayout::Blocked;
    }
    const std::vector<MropeAxis> axis = mropeAxisOfPair(mm.section, layout);
    MropePositions positions = mropePositionIds(mm.family, mm.segments, mm.vision);
    Eigen::VectorXd theta = scaling.inv_freq;
    if (params.pitfall.kind == Pitfall::MropePartialFactorDropped && !params.pitfall.fixed) {
        // inv_freq over the whole head (rotary_dim = head_dim), its first r/2 entries on the same pairs
        RopeParams whole = rope;
        whole.rotary_dim = 0;
        theta = ropeScaling(whole, effectiveSeqLen(rope, params.length)).inv_freq.head(theta.size());
    }
    const Eigen::VectorXd q = probeVector(params.probe, ProbeStream::Query, rope.head_dim);
    const Eigen::VectorXd k = probeVector(params.probe, ProbeStream::Key, rope.head_dim);
    spec.query = rotationSide(map, theta, q, scaling.attention_factor);
    spec.key = rotationSide(map, theta, k, scaling.attention_factor);
    std::vector<int> column_axis(static_cast<std::size_t>(rope.head_dim), 0); // pass-through: frequency 0
    for (std::size_t c = 0; c < map.pair.size(); ++c) {
        column_axis[c] = static_cast<int>(axis[static_cast<std::size_t>(map.pair[c])]);
    }
    spec.query.column_axis = column_axis;
    spec.key.column_axis = std::move(column_axis);
    spec.query.axis_ids = positions.ids;
    spec.key.axis_ids = std::move(positions.ids);
    spec.causal = params.causal;
}

} // namespace

PitfallSpec pitfallSpec(const CardParams& params, Quantity quantity) {
    validate(params);
    validatePitfallQuantity(params, quantity);
    const Pitfall kind = params.pitfall.kind;
    PECARDS_CHECK(params.card == Card::Multimodal || (kind != Pitfall::None && !isParameterPitfall(kind)),
        "pitfall", toString(kind), "a dense pitfall (not none, small-base or shaw-small-clip)");
    PitfallSpec spec;
    spec.length = params.length;
    const bool attention = quantity == Quantity::Attention;
    switch (params.card) {
    case Card::Sinusoidal:
        sinusoidalSpec(params, spec);
        spec.alpha = attention ? 1.0 / std::sqrt(static_cast<double>(params.sinusoidal.d_model)) : 1.0;
        spec.causal = params.causal;
        break;
    case Card::Rope:
        ropeSpec(params, spec);
        spec.alpha = attention ? 1.0 / std::sqrt(static_cast<double>(params.rope.head_dim)) : 1.0;
        spec.causal = params.causal;
        break;
    case Card::Hybrid:
        hybridSpec(params, spec);
        break;
    case Card::Multimodal:
        multimodalSpec(params, spec);
        spec.alpha = attention ? 1.0 / std::sqrt(static_cast<double>(params.rope.head_dim)) : 1.0;
        break;
    case Card::Alibi:
        alibiSpec(params, spec);
        break;
    case Card::Relative:
        if (kind == Pitfall::T5NoMaxDistanceClamp) {
            t5Spec(params, quantity, spec);
        } else {
            txlSpec(params, quantity, spec);
        }
        break;
    }
    if (quantity == Quantity::Score || quantity == Quantity::Attention) {
        spec.sinks = params.attention_sinks;
        spec.window = params.sliding_window;
        spec.chunk = params.attention_chunk;
    }
    return spec;
}

Eigen::MatrixXd pitfallVectors(const PitfallSide& side, std::int64_t first, std::int64_t count) {
    const int n = side.columns();
    Eigen::MatrixXd raw(count, n);
    for (std::int64_t t = 0; t < count; ++t) {
        const auto p = static_cast<double>(first + t);
        const double position = side.round_positions ? roundToFormat(p, side.format) : p;
        for (int c = 0; c < n; ++c) {
            const double angle
                = (side.column_axis.empty() ? position : static_cast<double>(side.positionOf(first + t, c)))
                * side.frequency[c];
            double cosine = std::cos(angle);
            double sine = std::sin(angle);
            if (side.round_cache) {
                cosine = roundToFormat(cosine, side.format);
                sine = roundToFormat(sine, side.format);
            }
            raw(t, c) = side.cos_weight[c] * cosine + side.sin_weight[c] * sine;
        }
    }
    if (side.projection.size() == 0) {
        return raw;
    }
    return raw * side.projection.transpose();
}

double pitfallBias(const PitfallSpec& spec, std::int64_t i, std::int64_t j) {
    double bias
        = spec.row_coef * static_cast<double>(i) + spec.abs_coef * static_cast<double>(std::abs(i - j));
    if (spec.key_bias.size() > 0) {
        bias += spec.key_bias[j];
    }
    if (spec.delta_bias.size() > 0) {
        bias += spec.delta_bias[i - j + spec.length - 1];
    }
    return bias;
}

} // namespace pecards
