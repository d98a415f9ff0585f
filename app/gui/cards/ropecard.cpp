#include "cards/ropecard.h"

#include "cards/controlgroups.h"
#include "cards/labdemonstration.h"
#include "cards/parameterform.h"
#include "cards/trickcontrols.h"
#include "cardtext/describe.h"

#include <QCoreApplication>
#include <pecards/rope.h>

namespace pecards::gui {

using pecards::app::CurveKind;

namespace {

QString dims(const pecards::CardParams& p) {
    if (p.rope.partial == pecards::RopePartial::NoPE)
        return RopeCard::tr("head_dim %1, NoPE: no rotation (θᵢ = 0)").arg(p.rope.head_dim);
    QString text = RopeCard::tr("head_dim %1, base %2").arg(p.rope.head_dim).arg(p.rope.base, 0, 'g', 12);
    if (p.rope.rotary_dim != 0 && p.rope.rotary_dim != p.rope.head_dim) {
        text += p.rope.partial == pecards::RopePartial::Proportional
            ? RopeCard::tr(", rotary_dim %1 (proportional)").arg(p.rope.rotary_dim)
            : RopeCard::tr(", rotary_dim %1").arg(p.rope.rotary_dim);
    }
    if (p.rope.scaling.type != pecards::RopeScalingType::None)
        text += RopeCard::tr(", %1").arg(pecards::app::describeRopeScaling(p.rope.scaling));
    const QString derived = pecards::app::describeScalingDerived(p);
    if (!derived.isEmpty())
        text += RopeCard::tr(" (%1)").arg(derived);
    return text;
}

QString ropeViewTitle(const ViewSpec& spec, const pecards::CardParams& p) {
    if (spec.kind == ViewKind::Chart) {
        switch (spec.curve) {
        case pecards::app::CurveKind::RopePolar:
            return RopeCard::tr("Pairs rotating with position m: angle = the probe's start + m·θᵢ, %1")
                .arg(dims(p));
        case pecards::app::CurveKind::Spectrum:
            return RopeCard::tr("Wavelength 2π/θᵢ per pair (log axis), %1").arg(dims(p));
        case pecards::app::CurveKind::Decay:
            return RopeCard::tr("Long-term decay bound B(r) (RoFormer §3.4.3), %1").arg(dims(p));
        case pecards::app::CurveKind::PairMap:
            return RopeCard::tr("Pair map: the dimension each dimension rotates with, %1").arg(dims(p));
        case pecards::app::CurveKind::ScalingRatio:
            return RopeCard::tr("Lab: every scaling's θ'ᵢ/θᵢ per pair at one factor, %1").arg(dims(p));
        case pecards::app::CurveKind::ScoreVsDistance:
            return RopeCard::tr("Lab: score against distance for every scaling, L0 marked, %1").arg(dims(p));
        case pecards::app::CurveKind::DynamicBase:
            return RopeCard::tr("Lab: dynamic NTK base b' against sequence length n, %1").arg(dims(p));
        case CurveKind::CriticalDimension:
            return RopeCard::tr("Lab: critical dimension and extrapolation limit (Liu et al. 2023), %1")
                .arg(dims(p));
        case CurveKind::BaseBound:
            return RopeCard::tr(
                "Lab: base bound on context length, B(m) = Σ cos(m·θᵢ) ≥ 0 (Men et al. 2024), %1")
                .arg(dims(p));
        case CurveKind::InterpolationFit:
            return RopeCard::tr(
                "Lab: fitted a(s) extrapolated vs interpolated (Chen et al. 2023, Fig. 2), %1")
                .arg(dims(p));
        case CurveKind::PartialRotation:
            return RopeCard::tr(
                "Lab: partial-frequency RoPE, top p of frequencies rotate (Barbero et al. 2024), %1")
                .arg(dims(p));
        case CurveKind::DistillationError:
            return RopeCard::tr(
                "Trick: PE distillation, MLP error inside and beyond its training range, base %1")
                .arg(p.rope.base, 0, 'g', 12);
        default:
            return RopeCard::tr("cos and sin of m·θᵢ over position m, %1").arg(dims(p));
        }
    }
    switch (spec.quantity) {
    case pecards::Quantity::Table:
        return RopeCard::tr("Rotated probe Rₚ q over positions, %1, %2")
            .arg(pecards::app::describeProbe(p.probe), dims(p));
    case pecards::Quantity::Phase:
        return RopeCard::tr("Phase m·θᵢ mod 2π (radians), %1").arg(dims(p));
    case pecards::Quantity::Score:
        return RopeCard::tr("RoPE score (Rᵢ q)·(Rⱼ k), %1, %2 — depends on i-j only")
            .arg(pecards::app::describeProbe(p.probe), dims(p));
    case pecards::Quantity::Attention:
        return RopeCard::tr("Attention softmax(score / √d), %1, %2")
            .arg(pecards::app::describeMask(p), dims(p));
    case pecards::Quantity::ContentScore:
        return RopeCard::tr("Content score (Rᵢ qᵢ)·(Rⱼ kⱼ)/√d, %1, %2")
            .arg(pecards::app::describeContent(p))
            .arg(dims(p));
    case pecards::Quantity::UnseenAngles:
        return RopeCard::tr("Angles m·θ'ᵢ never seen in training positions [0, L0), %1").arg(dims(p));
    default:
        return RopeCard::tr("Content attention, %1, %2, %3")
            .arg(pecards::app::describeMask(p))
            .arg(pecards::app::describeContent(p))
            .arg(dims(p));
    }
}

void addRopeCardControls(ParameterForm& form) {
    addSequenceControls(form, true);
    addRopeControls(form, true);
    addProbeControls(form);
    addDistillationControls(form);
}

} // namespace

CardEntry RopeCard::entry() {
    using pecards::Quantity;
    CardEntry e;
    e.id = QStringLiteral("rope");
    e.trContext = RopeCard::staticMetaObject.className();
    e.titleSource = QT_TR_NOOP("RoPE");
    e.title = RopeCard::tr(e.titleSource);
    e.card = pecards::Card::Rope;
    e.create = [](const CardEntry& entry, ComputeService* service, DeckModel* deck, int card,
                   QWidget* parent) -> CardPage* { return new RopeCard(entry, service, deck, card, parent); };
    e.defaults = [] { return pecards::startParams(pecards::Card::Rope); }; // paramtable.h
    e.addControls = addRopeCardControls;
    e.reference = [](const pecards::CardParams& p) {
        return p.rope.scaling.type == pecards::RopeScalingType::None
            ? RopeCard::tr("RoFormer (Su et al. 2021) eqs. 13-16, §3.4.3")
            : RopeCard::tr("RoFormer eqs. 13-16; scaling as HF transformers modeling_rope_utils.py");
    };
    e.viewTitle = [](const ViewSpec& spec, const pecards::CardParams& p) {
        return ropeViewTitle(spec, p) + labDemonstrationNote(spec, p);
    };
    e.views = {heatmapView(QStringLiteral("score"), Quantity::Score),
        heatmapView(QStringLiteral("phase"), Quantity::Phase),
        chartView(QStringLiteral("polar"), "RopeCard",
            QT_TRANSLATE_NOOP("RopeCard", "Rotating pairs (polar chart)"),
            pecards::app::CurveKind::RopePolar),
        chartView(QStringLiteral("spectrum"), "RopeCard", QT_TRANSLATE_NOOP("RopeCard", "Spectrum (chart)"),
            pecards::app::CurveKind::Spectrum),
        chartView(QStringLiteral("decay"), "RopeCard",
            QT_TRANSLATE_NOOP("RopeCard", "Long-term decay (chart)"), pecards::app::CurveKind::Decay),
        chartView(QStringLiteral("waves"), "RopeCard", QT_TRANSLATE_NOOP("RopeCard", "Waves (chart)"),
            pecards::app::CurveKind::Waves),
        chartView(QStringLiteral("pair-map"), "RopeCard", QT_TRANSLATE_NOOP("RopeCard", "Pair map (chart)"),
            pecards::app::CurveKind::PairMap),
        heatmapView(QStringLiteral("table"), Quantity::Table),
        heatmapView(QStringLiteral("attention"), Quantity::Attention),
        heatmapView(QStringLiteral("content-score"), Quantity::ContentScore),
        heatmapView(QStringLiteral("content-attention"), Quantity::ContentAttention),
        heatmapView(QStringLiteral("unseen-angles"), Quantity::UnseenAngles),
        chartView(QStringLiteral("lab-ratio"), "RopeCard",
            QT_TRANSLATE_NOOP("RopeCard", "Lab: scaling ratio per pair (chart)"),
            pecards::app::CurveKind::ScalingRatio),
        chartView(QStringLiteral("lab-score"), "RopeCard",
            QT_TRANSLATE_NOOP("RopeCard", "Lab: score against distance (chart)"),
            pecards::app::CurveKind::ScoreVsDistance),
        chartView(QStringLiteral("lab-dynamic"), "RopeCard",
            QT_TRANSLATE_NOOP("RopeCard", "Lab: dynamic NTK base (chart)"),
            pecards::app::CurveKind::DynamicBase),
        chartView(QStringLiteral("lab-critical"), "RopeCard",
            QT_TRANSLATE_NOOP("RopeCard", "Lab: critical dimension (chart)"), CurveKind::CriticalDimension),
        chartView(QStringLiteral("lab-base-bound"), "RopeCard",
            QT_TRANSLATE_NOOP("RopeCard", "Lab: base bound on context (chart)"), CurveKind::BaseBound),
        chartView(QStringLiteral("lab-pi-fit"), "RopeCard",
            QT_TRANSLATE_NOOP("RopeCard", "Lab: interpolation vs extrapolation fit (chart)"),
            CurveKind::InterpolationFit),
        chartView(QStringLiteral("lab-partial"), "RopeCard",
            QT_TRANSLATE_NOOP("RopeCard", "Lab: partial-frequency RoPE (chart)"), CurveKind::PartialRotation),
        chartView(QStringLiteral("trick-distillation"), "RopeCard",
            QT_TRANSLATE_NOOP("RopeCard", "Trick: distillation error (chart)"),
            pecards::app::CurveKind::DistillationError)};
    e.defaultViews = {QStringLiteral("score"), QStringLiteral("phase"), QStringLiteral("polar"),
        QStringLiteral("spectrum")};
    return e;
}

} // namespace pecards::gui
