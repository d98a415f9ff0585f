#include "figure/curves.h"

#include "figure/extrapolationcurves.h"
#include "figure/labcurves.h"
#include "figure/learnedcurves.h"
#include "figure/mathtext.h"
#include "figure/mropecurves.h"
#include "figure/pairmapcurves.h"
#include "figure/trickcurves.h"
#include "pecards/viewrules.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <pecards/alibi.h>
#include <pecards/errors.h>
#include <pecards/pitfall.h>
#include <pecards/precision.h>
#include <pecards/probe.h>
#include <pecards/relative.h>
#include <pecards/rope.h>
#include <pecards/rope_scaling.h>
#include <pecards/sinusoidal.h>
#include <string>

/// Translation context of the chart texts (titles, axes, legends); translated on the worker
/// thread, which QCoreApplication::translate allows.
class Curves {
    Q_DECLARE_TR_FUNCTIONS(Curves)
};

namespace pecards::app {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
constexpr int kPolarTrail = 16; ///< positions drawn behind the current one on the polar chart
constexpr int kDecaySamples = 320; ///< log-spaced distances of the decay curve

void checkChannel(int channel, int count, const char* what) {
    if (channel < 0 || channel >= count) {
        throw pecards::InvalidParameter(
            what, std::to_string(channel), "in [0, " + std::to_string(count - 1) + "]");
    }
}

CurveSet sinusoidalWaves(const CurveRequest& request) {
    const pecards::SinusoidalParams& sin = request.params.sinusoidal;
    pecards::validate(sin);
    const std::int64_t count = std::clamp<std::int64_t>(request.extent, 2, request.params.length);
    const Eigen::MatrixXd table = pecards::sinusoidalTable(sin, 0, count);
    CurveSet set {Curves::tr("position p"), Curves::tr("PE[p, dim]"), false, false, false, {}};
    for (const int dim : request.channels) {
        checkChannel(dim, sin.d_model, "dimension");
        Curve curve {Curves::tr("dim %1").arg(dim), {}, false, false};
        for (std::int64_t p = 0; p < count; ++p)
            curve.points.emplace_back(static_cast<double>(p), table(p, dim));
        set.curves.push_back(std::move(curve));
    }
    return set;
}

CurveSet ropeWaves(const CurveRequest& request) {
    const pecards::RopeParams& rope = request.params.rope;
    const Eigen::VectorXd inv = pecards::ropeScaledInvFreq(
        rope, pecards::effectiveSeqLen(request.params.rope, request.params.length));
    const std::int64_t count = std::clamp<std::int64_t>(request.extent, 2, request.params.length);
    const Eigen::MatrixXd angles = pecards::ropeAngles(inv, 0, count);
    CurveSet set {Curves::tr("position m"), Curves::tr("cos / sin of m·θᵢ"), false, false, false, {}};
    for (const int pair : request.channels) {
        checkChannel(pair, static_cast<int>(inv.size()), "pair i");
        Curve cosine {Curves::tr("cos, pair %1").arg(pair), {}, false, false};
        Curve sine {Curves::tr("sin, pair %1").arg(pair), {}, false, false};
        for (std::int64_t m = 0; m < count; ++m) {
            cosine.points.emplace_back(static_cast<double>(m), std::cos(angles(m, pair)));
            sine.points.emplace_back(static_cast<double>(m), std::sin(angles(m, pair)));
        }
        set.curves.push_back(std::move(cosine));
        set.curves.push_back(std::move(sine));
    }
    return set;
}

CurveSet ropePolar(const CurveRequest& request) {
    const pecards::RopeParams& rope = request.params.rope;
    const Eigen::VectorXd inv = pecards::ropeScaledInvFreq(
        rope, pecards::effectiveSeqLen(request.params.rope, request.params.length));
    if (request.position < 0 || request.position >= request.params.length) {
        throw pecards::InvalidParameter("position m", std::to_string(request.position),
            "in [0, " + std::to_string(request.params.length - 1) + "]");
    }
    // The probe's pair i, (q_a, q_b) = (q_i, q_{i+r/2}) half-split or (q_2i, q_2i+1) interleaved,
    // rotated counter-clockwise by m·θ_i (RoFormer eq. 13): its angle is atan2(q_b, q_a) + m·θ_i.
    const Eigen::VectorXd q
        = pecards::probeVector(request.params.probe, pecards::ProbeStream::Query, rope.head_dim);
    const auto pairs = static_cast<int>(inv.size());
    const auto component = [&](int pair, int which) {
        const int index
            = rope.layout == pecards::RopeLayout::HalfSplit ? pair + which * pairs : 2 * pair + which;
        return q(index);
    };
    double reach = 0.0;
    for (const int pair : request.channels) {
        checkChannel(pair, pairs, "pair i");
        reach = std::max(reach, std::hypot(component(pair, 0), component(pair, 1)));
    }
    const std::int64_t first = std::max<std::int64_t>(0, request.position - kPolarTrail);
    const std::int64_t count = request.position - first + 1;
    const Eigen::MatrixXd angles = pecards::ropeAngles(inv, first, count);
    const auto degrees = [](double radians) {
        const double turned = std::fmod(radians, kTwoPi);
        return (turned < 0.0 ? turned + kTwoPi : turned) * 180.0 / std::numbers::pi;
    };
    // T-C7: the probe's own angle is part of what is drawn (all-ones: every pair starts at 45°).
    CurveSet set {Curves::tr("angle = start + m·θᵢ (°, counter-clockwise)"),
        Curves::tr("pair (radius |(q₁, q₂)|, largest = 1)"), false, false, true, {}};
    for (const int pair : request.channels) {
        const double start = std::atan2(component(pair, 1), component(pair, 0));
        const double radius = reach > 0.0 ? std::hypot(component(pair, 0), component(pair, 1)) / reach : 0.0;
        const double now = degrees(start + angles(count - 1, pair));
        Curve arm {Curves::tr("pair %1").arg(pair), {}, false, true};
        arm.points = {QPointF(now, 0.0), QPointF(now, radius)};
        Curve trail {Curves::tr("pair %1, previous positions").arg(pair), {}, true, false, true};
        for (std::int64_t k = 0; k + 1 < count; ++k)
            trail.points.emplace_back(degrees(start + angles(k, pair)),
                radius * (0.55 + 0.45 * static_cast<double>(k + 1) / static_cast<double>(count)));
        set.curves.push_back(std::move(arm));
        if (!trail.points.empty())
            set.curves.push_back(std::move(trail));
    }
    return set;
}

CurveSet spectrum(const CurveRequest& request) {
    const pecards::CardParams& params = request.params;
    CurveSet set {Curves::tr("pair i"), Curves::tr("wavelength 2π/θᵢ (positions)"), false, true, false, {}};
    const auto wavelengths = [](const Eigen::VectorXd& frequencies, const QString& name) {
        Curve curve {name, {}, false, false};
        for (Eigen::Index i = 0; i < frequencies.size(); ++i) {
            if (frequencies(i) > 0.0) // proportional RoPE's still pairs never turn: no wavelength
                curve.points.emplace_back(static_cast<double>(i), kTwoPi / frequencies(i));
        }
        return curve;
    };
    Eigen::Index pairs = 0;
    if (params.card == pecards::Card::Sinusoidal) {
        const Eigen::VectorXd w = pecards::sinusoidalFrequencies(params.sinusoidal);
        set.curves.push_back(wavelengths(w, QStringLiteral("2π/wᵢ")));
        pairs = w.size();
    } else {
        const Eigen::VectorXd plain = pecards::ropeInvFreq(params.rope);
        set.curves.push_back(wavelengths(plain, Curves::tr("unscaled θᵢ = b⁻²ⁱᐟʳ")));
        if (params.rope.scaling.type != pecards::RopeScalingType::None) {
            const Eigen::VectorXd scaled = pecards::ropeScaledInvFreq(
                params.rope, pecards::effectiveSeqLen(params.rope, params.length));
            set.curves.push_back(wavelengths(scaled,
                Curves::tr("scaled (%1)")
                    .arg(QString::fromStdString(pecards::toString(params.rope.scaling.type)))));
        }
        pairs = plain.size();
    }
    const double last = static_cast<double>(std::max<Eigen::Index>(pairs - 1, 1));
    Curve context {Curves::tr("context L = %1").arg(params.length), {}, false, true};
    context.points = {
        QPointF(0.0, static_cast<double>(params.length)), QPointF(last, static_cast<double>(params.length))};
    set.curves.push_back(std::move(context));
    // The pretraining context L0 of a scaling that extends it (yarn, llama3, longrope, dynamic).
    if (params.card != pecards::Card::Sinusoidal
        && params.rope.scaling.type != pecards::RopeScalingType::None) {
        const std::int64_t l0 = pecards::ropeScalingContext(params.rope.scaling);
        if (l0 > 0 && l0 != params.length) {
            Curve original {Curves::tr("pretraining context L0 = %1").arg(l0), {}, false, true};
            original.points = {QPointF(0.0, static_cast<double>(l0)), QPointF(last, static_cast<double>(l0))};
            set.curves.push_back(std::move(original));
        }
    }
    return set;
}

CurveSet decay(const CurveRequest& request) {
    const Eigen::VectorXd inv = pecards::ropeScaledInvFreq(
        request.params.rope, pecards::effectiveSeqLen(request.params.rope, request.params.length));
    const double top = static_cast<double>(std::max<std::int64_t>(request.params.length - 1, 2));
    std::vector<double> distances;
    for (int k = 0; k < kDecaySamples; ++k) {
        const double r = std::round(std::pow(top, static_cast<double>(k) / (kDecaySamples - 1)));
        if (distances.empty() || r > distances.back())
            distances.push_back(r);
    }
    const Eigen::VectorXd r
        = Eigen::Map<const Eigen::VectorXd>(distances.data(), static_cast<Eigen::Index>(distances.size()));
    const Eigen::VectorXd bound = pecards::ropeLongTermDecay(inv, r);
    CurveSet set {
        Curves::tr("relative distance r = m - n"), Curves::tr("bound B(r)"), true, false, false, {}};
    Curve curve {Curves::tr("B(r), RoFormer §3.4.3"), {}, false, false};
    for (Eigen::Index n = 0; n < r.size(); ++n)
        curve.points.emplace_back(r(n), bound(n));
    set.curves.push_back(std::move(curve));
    return set;
}

CurveSet alibiHeads(const CurveRequest& request) {
    const pecards::CardParams& params = request.params;
    const Eigen::VectorXd slopes = pecards::alibiSlopes(params.alibi);
    const std::int64_t reach
        = std::clamp<std::int64_t>(request.extent, 1, std::max<std::int64_t>(params.length - 1, 1));
    const bool symmetric = params.alibi.form == pecards::AlibiForm::Symmetric;
    CurveSet set {symmetric ? Curves::tr("distance i - j") : Curves::tr("distance i - j (j ≤ i)"),
        symmetric ? Curves::tr("bias -m·|i-j| (logit units)") : Curves::tr("bias -m·(i-j) (logit units)"),
        false, false, false, {}};
    for (Eigen::Index h = 0; h < slopes.size(); ++h) {
        const double m = slopes(h);
        // The thick line is the head the card shows; its legend entry says so (A-C1: only the
        // caption told a figure's reader which head was thick).
        const bool shown = h == params.alibi.head;
        Curve curve {
            (shown ? Curves::tr("h%1: %2 (shown)") : Curves::tr("h%1: %2")).arg(h + 1).arg(powerOfTwoText(m)),
            {}, false, shown};
        // Bias against distance from the engine's alibiBias; the row-offset forms are drawn in their
        // causal equivalent (equal after softmax), since their raw bias is not a function of distance.
        if (symmetric) {
            for (const std::int64_t x : {-reach, std::int64_t {0}, reach})
                curve.points.emplace_back(static_cast<double>(x),
                    pecards::alibiBias(pecards::AlibiForm::Symmetric, m, 0, x < 0 ? -x : x, params.length));
        } else {
            for (const std::int64_t x : {std::int64_t {0}, reach})
                curve.points.emplace_back(static_cast<double>(x),
                    pecards::alibiBias(pecards::AlibiForm::Causal, m, x, 0, params.length));
        }
        set.curves.push_back(std::move(curve));
    }
    return set;
}

/// Offsets -reach..reach, at most about 2048 of them (evenly strided beyond that).
std::vector<std::int64_t> offsetsWithin(std::int64_t reach) {
    const std::int64_t step = std::max<std::int64_t>(1, (2 * reach + 1) / 2048);
    std::vector<std::int64_t> offsets;
    for (std::int64_t n = -reach; n <= reach; n += step)
        offsets.push_back(n);
    return offsets;
}

CurveSet relativeBuckets(const CurveRequest& request) {
    const pecards::RelativeParams& relative = request.params.relative;
    pecards::validate(relative);
    if (relative.variant == pecards::RelativeVariant::TransformerXL) {
        throw pecards::InvalidParameter("relative variant", "transformer-xl",
            "shaw or t5 for the bucket chart (Transformer-XL has no buckets: see its Score view)");
    }
    const std::int64_t reach
        = std::clamp<std::int64_t>(request.extent, 1, std::max<std::int64_t>(request.params.length - 1, 1));
    const bool t5 = relative.variant == pecards::RelativeVariant::T5;
    CurveSet set {Curves::tr("relative position n = j - i"),
        t5 ? Curves::tr("T5 bucket") : Curves::tr("Shaw index clip(j-i, -k, k) + k"), false, false, false,
        {}};
    Curve curve {t5 ? Curves::tr("bucket(n)") : Curves::tr("index(n)"), {}, false, false};
    curve.steps = true; // integer offsets to integer buckets (A-U4: a polyline slanted the joins)
    for (const std::int64_t n : offsetsWithin(reach)) {
        const double value = t5
            ? pecards::t5Bucket(n, relative.bidirectional, relative.num_buckets, relative.max_distance)
            : static_cast<double>(pecards::shawIndex(0, n, relative.clip_k));
        curve.points.emplace_back(static_cast<double>(n), value);
    }
    set.curves.push_back(std::move(curve));
    return set;
}

CurveSet scoreVsOffset(const CurveRequest& request) {
    const std::int64_t reach
        = std::clamp<std::int64_t>(request.extent, 1, std::max<std::int64_t>(request.params.length - 1, 1));
    const std::vector<std::int64_t> offsets = offsetsWithin(reach);
    const std::vector<double> scores = scoreAtOffsets(request.params, offsets);
    const bool sinusoidal = request.params.card == pecards::Card::Sinusoidal;
    CurveSet set {Curves::tr("offset n = j - i (positions)"),
        sinusoidal ? Curves::tr("similarity PEᵢ·PEⱼ") : Curves::tr("score (logit units)"), false, false,
        false, {}};
    Curve curve {sinusoidal ? Curves::tr("Σᵢ cos(n·ωᵢ)") : Curves::tr("(Rᵢ q)·(Rⱼ k)"), {}, false, false};
    for (std::size_t n = 0; n < offsets.size(); ++n)
        curve.points.emplace_back(static_cast<double>(offsets[n]), scores[n]);
    set.curves.push_back(std::move(curve));
    return set;
}

CurveSet phaseError(const CurveRequest& request) {
    const pecards::CardParams& params = request.params;
    const std::int64_t seqLen = pecards::effectiveSeqLen(params.rope, params.length);
    const Eigen::VectorXd theta = pecards::ropeScaledInvFreq(params.rope, seqLen);
    const int pair = request.channels.empty() ? std::min<int>(1, static_cast<int>(theta.size()) - 1)
                                              : request.channels.front();
    const std::int64_t extent = std::clamp<std::int64_t>(request.extent, 2, 65504);
    const Eigen::VectorXd positions
        = Eigen::VectorXd::LinSpaced(extent - 1, 1.0, static_cast<double>(extent - 1));
    CurveSet set {Curves::tr("position m"), Curves::tr("|phase error| of pair %1 (rad)").arg(pair), false,
        true, false, {}};
    const std::pair<pecards::RopeStoredQuantity, QString> stored[]
        = {{pecards::RopeStoredQuantity::Positions, Curves::tr("positions")},
            {pecards::RopeStoredQuantity::InvFreq, Curves::tr("inv_freq")},
            {pecards::RopeStoredQuantity::CosSinCache, Curves::tr("cos/sin cache")}};
    for (const auto& [quantity, what] : stored) {
        for (const pecards::StorageFormat format : {pecards::StorageFormat::Float32,
                 pecards::StorageFormat::Bfloat16, pecards::StorageFormat::Float16}) {
            const Eigen::VectorXd error = pecards::ropePhaseError(theta, pair, quantity, format, positions);
            Curve curve {QStringLiteral("%1 %2").arg(QString::fromStdString(pecards::toString(format)), what),
                {}, false, false};
            for (Eigen::Index n = 0; n < error.size(); ++n) {
                if (error[n] != 0.0) // log axis: exact positions have no point
                    curve.points.emplace_back(positions[n], std::abs(error[n]));
            }
            if (!curve.points.empty())
                set.curves.push_back(std::move(curve));
        }
    }
    for (const pecards::StorageFormat format :
        {pecards::StorageFormat::Bfloat16, pecards::StorageFormat::Float16}) {
        const auto [from, to] = pecards::positionCollisions(format, 1).front();
        if (from >= extent)
            continue;
        const double error = std::abs(static_cast<double>(to - from) * theta[pair]);
        set.curves.push_back({Curves::tr("%1: first collision %2 → %3")
                                  .arg(QString::fromStdString(pecards::toString(format)))
                                  .arg(from)
                                  .arg(to),
            {QPointF(static_cast<double>(from), error)}, true, true});
    }
    return set;
}

} // namespace

const char* chartName(CurveKind kind) {
    switch (kind) {
    case CurveKind::Waves:
        return "waves";
    case CurveKind::RopePolar:
        return "polar";
    case CurveKind::Spectrum:
        return "spectrum";
    case CurveKind::Decay:
        return "decay";
    case CurveKind::AlibiHeads:
        return "bias-vs-distance";
    case CurveKind::RelativeBuckets:
        return "buckets-vs-offset";
    case CurveKind::ScoreVsOffset:
        return "score-vs-offset";
    case CurveKind::PhaseError:
        return "phase-error";
    case CurveKind::ScalingRatio:
        return "scaling-ratio";
    case CurveKind::ScoreVsDistance:
        return "score-vs-distance";
    case CurveKind::DynamicBase:
        return "dynamic-base";
    case CurveKind::CriticalDimension:
        return "critical-dimension";
    case CurveKind::BaseBound:
        return "base-bound";
    case CurveKind::InterpolationFit:
        return "pi-fit";
    case CurveKind::PartialRotation:
        return "partial-rope";
    case CurveKind::DomainAwareSimilarity:
        return "domain-aware-similarity";
    case CurveKind::GatedScore:
        return "gated-score";
    case CurveKind::GatedAttention:
        return "gated-attention";
    case CurveKind::DistillationError:
        return "distillation-error";
    case CurveKind::LearnedTable:
        return "learned-table";
    case CurveKind::LearnedSimilarity:
        return "learned-similarity";
    case CurveKind::LearnedDifference:
        return "learned-difference";
    case CurveKind::PairMap:
        return "pair-map";
    case CurveKind::MropeIds:
        return "mrope-ids";
    case CurveKind::MropePairMap:
        return "mrope-pair-map";
    }
    return "chart";
}

namespace {

constexpr CurveKind kAllCharts[]
    = {CurveKind::Waves, CurveKind::RopePolar, CurveKind::Spectrum, CurveKind::Decay, CurveKind::AlibiHeads,
        CurveKind::RelativeBuckets, CurveKind::ScoreVsOffset, CurveKind::PhaseError, CurveKind::ScalingRatio,
        CurveKind::ScoreVsDistance, CurveKind::DynamicBase, CurveKind::CriticalDimension,
        CurveKind::BaseBound, CurveKind::InterpolationFit, CurveKind::PartialRotation,
        CurveKind::DomainAwareSimilarity, CurveKind::GatedScore, CurveKind::GatedAttention,
        CurveKind::DistillationError, CurveKind::LearnedTable, CurveKind::LearnedSimilarity,
        CurveKind::LearnedDifference, CurveKind::PairMap, CurveKind::MropeIds, CurveKind::MropePairMap};

} // namespace

std::optional<CurveKind> chartKindNamed(const QString& name) {
    for (const CurveKind kind : kAllCharts) {
        if (name == QLatin1String(chartName(kind)))
            return kind;
    }
    return std::nullopt;
}

std::vector<QPointF> drawnPoints(const Curve& curve) {
    if (!curve.steps || curve.points.size() < 2)
        return curve.points;
    const std::vector<QPointF>& p = curve.points;
    std::vector<QPointF> drawn {p.front()};
    for (std::size_t k = 0; k + 1 < p.size(); ++k) {
        const double middle = (p[k].x() + p[k + 1].x()) / 2;
        drawn.emplace_back(middle, p[k].y());
        drawn.emplace_back(middle, p[k + 1].y());
    }
    drawn.push_back(p.back());
    return drawn;
}

QString chartNames() {
    QStringList names;
    for (const CurveKind kind : kAllCharts)
        names << QLatin1String(chartName(kind));
    return names.join(QStringLiteral(", "));
}

std::vector<int> defaultChannels(const pecards::CardParams& params, CurveKind kind) {
    if (kind != CurveKind::Waves && kind != CurveKind::RopePolar && kind != CurveKind::LearnedTable)
        return {};
    const bool rope = params.card == pecards::Card::Rope || params.card == pecards::Card::Hybrid;
    const int count
        = rope ? std::max(1, pecards::rotaryDim(params.rope) / 2) : std::max(1, params.sinusoidal.d_model);
    std::vector<int> picks;
    if (kind == CurveKind::RopePolar)
        picks = {0, count / 8, count / 4, count - 1};
    else if (rope)
        picks = {0, count / 8, count / 4};
    else
        picks = {0, (count / 8) & ~1, (count / 4) & ~1}; // sine columns of the interleaved table
    std::sort(picks.begin(), picks.end());
    picks.erase(std::unique(picks.begin(), picks.end()), picks.end());
    return picks;
}

std::int64_t defaultExtent(CurveKind kind) {
    switch (kind) {
    case CurveKind::Waves:
        return 100;
    case CurveKind::AlibiHeads:
        return 64;
    case CurveKind::RelativeBuckets:
        return 300;
    case CurveKind::ScoreVsOffset:
        return 256;
    case CurveKind::PhaseError:
        return 8192;
    default:
        return 0;
    }
}

std::vector<double> scoreAtOffsets(
    const pecards::CardParams& params, const std::vector<std::int64_t>& offsets) {
    std::vector<double> scores(offsets.size());
    if (params.card == pecards::Card::Sinusoidal) {
        pecards::validate(params.sinusoidal);
        for (std::size_t n = 0; n < offsets.size(); ++n) // S depends on delta = i - j = -offset
            scores[n] = pecards::sinusoidalSimilarityProfile(params.sinusoidal, -offsets[n], 1)(0);
        return scores;
    }
    if (params.card != pecards::Card::Rope && params.card != pecards::Card::Hybrid) {
        throw pecards::InvalidParameter("card", pecards::toString(params.card),
            "sinusoidal, rope or hybrid for the score against offset");
    }
    pecards::validate(params.rope);
    const pecards::RopeScalingResult scaling
        = pecards::ropeScaling(params.rope, pecards::effectiveSeqLen(params.rope, params.length));
    const int d = params.rope.head_dim;
    const int r = pecards::rotaryDim(params.rope);
    Eigen::VectorXd q = pecards::probeVector(params.probe, pecards::ProbeStream::Query, d);
    Eigen::VectorXd k = pecards::probeVector(params.probe, pecards::ProbeStream::Key, d);
    const double passThrough = q.tail(d - r).dot(k.tail(d - r));
    q.tail(d - r).setZero();
    k.tail(d - r).setZero();
    const double a2 = scaling.attention_factor * scaling.attention_factor;
    for (std::size_t n = 0; n < offsets.size(); ++n)
        scores[n] = a2 * pecards::ropeScoreProfile(params.rope, scaling.inv_freq, q, k, -offsets[n], 1)(0)
            + passThrough;
    return scores;
}

CurveSet computeCurves(const CurveRequest& request) {
    pecards::validateLength(request.params.length);
    const bool rope
        = request.params.card == pecards::Card::Rope || request.params.card == pecards::Card::Hybrid;
    if (rope)
        pecards::validate(request.params.rope);
    switch (request.kind) {
    case CurveKind::Waves:
        return rope ? ropeWaves(request) : sinusoidalWaves(request);
    case CurveKind::RopePolar:
        return ropePolar(request);
    case CurveKind::Spectrum:
        return spectrum(request);
    case CurveKind::Decay:
        return decay(request);
    case CurveKind::AlibiHeads:
        return alibiHeads(request);
    case CurveKind::RelativeBuckets:
        return relativeBuckets(request);
    case CurveKind::ScoreVsOffset:
        return scoreVsOffset(request);
    case CurveKind::PhaseError:
        if (!rope)
            throw pecards::InvalidParameter("card", pecards::toString(request.params.card),
                "rope or hybrid (the phase-error chart is RoPE's)");
        return phaseError(request);
    case CurveKind::ScalingRatio:
    case CurveKind::ScoreVsDistance:
    case CurveKind::DynamicBase:
        return labCurves(request);
    case CurveKind::CriticalDimension:
    case CurveKind::BaseBound:
    case CurveKind::InterpolationFit:
    case CurveKind::PartialRotation:
        if (!rope)
            throw pecards::InvalidParameter("card", pecards::toString(request.params.card),
                "rope or hybrid (the extrapolation charts are RoPE's)");
        return extrapolationCurves(request);
    case CurveKind::DomainAwareSimilarity:
    case CurveKind::GatedScore:
    case CurveKind::GatedAttention:
    case CurveKind::DistillationError:
        return trickCurves(request);
    case CurveKind::LearnedTable:
    case CurveKind::LearnedSimilarity:
    case CurveKind::LearnedDifference:
        return learnedCurves(request);
    case CurveKind::PairMap:
        return pairMapCurves(request);
    case CurveKind::MropeIds:
    case CurveKind::MropePairMap:
        return mropeCurves(request);
    }
    throw pecards::InvalidParameter(
        "chart", std::to_string(static_cast<int>(request.kind)), "a known chart kind");
}

} // namespace pecards::app
