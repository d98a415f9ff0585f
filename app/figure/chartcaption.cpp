// The caption of a chart (chartcaption.h).
#include "figure/chartcaption.h"

#include "figure/caption.h"
#include "figure/captionfields.h"
#include "figure/labcurves.h"
#include "figure/mathtext.h"
#include "figure/mropecurves.h"
#include "pecards/tricks.h"

#include <QStringList>
#include <algorithm>

namespace pecards::app {

using namespace captionfields;

namespace {

bool isRopeCard(const CardParams& p) {
    return p.card == Card::Rope || p.card == Card::Hybrid;
}

/// The reach of a distance/offset chart as computeCurves clamps it.
qint64 chartReach(const CurveRequest& request) {
    return std::clamp<qint64>(request.extent, 1, std::max<qint64>(request.params.length - 1, 1));
}

} // namespace

QString formatChartCaption(const CurveRequest& request) {
    const CardParams& p = request.params;
    QStringList out;
    out << cardShortName(p) + QLatin1Char(' ') + QLatin1String(chartName(request.kind));
    switch (request.kind) {
    case CurveKind::AlibiHeads:
        appendAlibi(out, p.alibi, false);
        break;
    case CurveKind::RelativeBuckets:
        appendRelative(out, p.relative, Quantity::Buckets);
        break;
    default:
        if (p.card == Card::Multimodal) { // its RoPE and the M-RoPE the charts draw
            appendRope(out, p.rope);
            appendRopeDerived(out, p);
            appendMultimodal(out, p.multimodal);
        } else if (isRopeCard(p)) {
            appendRope(out, p.rope);
            appendRopeDerived(out, p);
        } else {
            appendSinusoidal(out, p.sinusoidal);
        }
        if (request.kind == CurveKind::ScoreVsOffset) {
            appendProbe(out, p, Quantity::Score);
        }
        break;
    }
    out << field("L", static_cast<qint64>(p.length));
    const QString channels = isRopeCard(p) ? QStringLiteral("pairs ") : QStringLiteral("dims ");
    switch (request.kind) {
    case CurveKind::Waves:
        out << channels + numberList(request.channels)
            << QStringLiteral("positions ")
                + range(0, std::clamp<qint64>(request.extent, 2, static_cast<qint64>(p.length)));
        break;
    case CurveKind::RopePolar:
        out << QStringLiteral("pairs ") + numberList(request.channels)
            << field("m", static_cast<qint64>(request.position));
        break;
    case CurveKind::Decay:
        out << QStringLiteral("distances 1–%1, log-spaced").arg(std::max<qint64>(p.length - 1, 2));
        break;
    case CurveKind::AlibiHeads:
        out << QStringLiteral("distances %1–%2")
                   .arg(p.alibi.form == AlibiForm::Symmetric ? -chartReach(request) : 0)
                   .arg(chartReach(request));
        break;
    case CurveKind::RelativeBuckets:
    case CurveKind::ScoreVsOffset:
        out << QStringLiteral("offsets %1–%2").arg(-chartReach(request)).arg(chartReach(request));
        break;
    case CurveKind::PhaseError:
        out << QStringLiteral("pair %1").arg(request.channels.empty() ? 1 : request.channels.front())
            << QStringLiteral("positions ") + range(1, std::max<qint64>(request.extent - 1, 1));
        break;
    case CurveKind::DynamicBase:
        out << field("n", static_cast<qint64>(request.position));
        break;
    case CurveKind::DomainAwareSimilarity:
        out << field("edge_positions", p.tricks.edge_positions) << field("bias_scale", p.tricks.bias_scale)
            << field("bias_seed", QString::number(p.tricks.bias_seed));
        break;
    case CurveKind::GatedScore:
    case CurveKind::GatedAttention:
        out << QStringLiteral("gate ") + QString::fromStdString(toString(p.tricks.gate))
            << field("alpha", p.tricks.alpha);
        if (p.tricks.gate != GateCurve::Constant) {
            out << field("alpha_end", p.tricks.alpha_end);
        }
        if (p.tricks.gate == GateCurve::Sigmoid) {
            out << field("center", p.tricks.gate_center) << field("width", p.tricks.gate_width);
        }
        break;
    case CurveKind::DistillationError:
        out << field("d", p.tricks.distill_head_dim)
            << field("L_train", static_cast<qint64>(p.tricks.train_length))
            << field("hidden", p.tricks.hidden) << field("epochs", p.tricks.epochs)
            << field("lr", p.tricks.learning_rate) << field("seed", QString::number(p.tricks.distill_seed));
        break;
    case CurveKind::LearnedTable:
    case CurveKind::LearnedSimilarity:
    case CurveKind::LearnedDifference:
        // Whose table: the checkpoint's file name and the table's shape.
        if (p.sinusoidal.learned) {
            out << QStringLiteral("learned=%1 (%2×%3)")
                       .arg(p.sinusoidal.learned_file.empty() ? QStringLiteral(".safetensors")
                                                              : fileName(p.sinusoidal.learned_file))
                       .arg(p.sinusoidal.learned->rows())
                       .arg(p.sinusoidal.learned->cols());
        }
        if (request.kind == CurveKind::LearnedTable) {
            out << QStringLiteral("dims ")
                    + numberList(request.channels.empty() ? std::vector<int> {0} : request.channels);
        }
        break;
    case CurveKind::InterpolationFit:
        out << field("seed", QString::number(p.probe.seed)) << QStringLiteral("targets uniform in [-1, 1]");
        break;
    case CurveKind::BaseBound:
        out << QStringLiteral("bases 8 per decade");
        break;
    case CurveKind::ScalingRatio:
    case CurveKind::ScoreVsDistance: {
        const pecards::ScalingLabSettings lab = labSettings(p); // what the chart compares (A-W1)
        out << QStringLiteral("scalings compared at s=%1").arg(number(lab.factor))
            << field("L0", static_cast<qint64>(lab.original_max_position_embeddings));
        // The other curves' own parameters, as the lab sets them (A-C2: only the card's were given).
        const pecards::CardParams shown = labParams(p);
        const pecards::RopeScaling yarn
            = pecards::labScaling(shown.rope, pecards::RopeScalingType::Yarn, lab).scaling;
        const pecards::RopeScaling llama3
            = pecards::labScaling(shown.rope, pecards::RopeScalingType::Llama3, lab).scaling;
        out << QStringLiteral("yarn beta_fast=%1 beta_slow=%2")
                   .arg(number(yarn.beta_fast), number(yarn.beta_slow))
            << QStringLiteral("llama3 low_freq_factor=%1 high_freq_factor=%2")
                   .arg(number(llama3.low_freq_factor), number(llama3.high_freq_factor))
            << (shown.rope.scaling.type == pecards::RopeScalingType::LongRope
                           && !shown.rope.scaling.long_factor.empty()
                       ? QStringLiteral("longrope: the card's factors")
                       : QStringLiteral("longrope: synthetic long_factor s")
                           + superscript(QStringLiteral("i/(n-1)")) + QStringLiteral(", short_factor 1"));
        break;
    }
    case CurveKind::Spectrum:
    case CurveKind::CriticalDimension:
    case CurveKind::PartialRotation:
    case CurveKind::PairMap:
    case CurveKind::MropePairMap: // what each row of the chart is (mropecurves.h)
        out << QStringLiteral("rows: %1 blocks over half-split pairs (Qwen2-VL, Qwen2.5-VL), %2 interleaved "
                              "(Qwen3-VL), %3 blocks of adjacent dims (GLM-4.xV)")
                   .arg(mropePairMapRow(MropeLayout::Blocked, RopeLayout::HalfSplit))
                   .arg(mropePairMapRow(MropeLayout::Interleaved, RopeLayout::HalfSplit))
                   .arg(mropePairMapRow(MropeLayout::Blocked, RopeLayout::Interleaved));
        break;
    case CurveKind::MropeIds:
        break;
    }
    return out.join(captionSeparator());
}

} // namespace pecards::app
