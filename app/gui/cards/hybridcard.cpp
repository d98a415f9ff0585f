#include "cards/hybridcard.h"

#include "cards/controlgroups.h"
#include "cards/labdemonstration.h"
#include "cards/parameterform.h"
#include "cardtext/describe.h"

#include <QCoreApplication>

namespace pecards::gui {

using pecards::app::CurveKind;

namespace {

QString hybridViewTitle(const ViewSpec& spec, const pecards::CardParams& p) {
    if (spec.kind == ViewKind::Chart) {
        switch (spec.curve) {
        case pecards::app::CurveKind::AlibiHeads:
            return HybridCard::tr("ALiBi bias against distance for all %1 heads; thick: head %2")
                .arg(p.alibi.heads)
                .arg(p.alibi.head + 1);
        case pecards::app::CurveKind::Decay:
            return HybridCard::tr("RoPE long-term decay bound B(r), base %1, head_dim %2")
                .arg(p.rope.base, 0, 'g', 12)
                .arg(p.rope.head_dim);
        case pecards::app::CurveKind::ScalingRatio:
            return HybridCard::tr("Lab: every RoPE scaling's θ'ᵢ/θᵢ per pair at one factor, %1")
                .arg(pecards::app::describeHybridParts(p));
        case pecards::app::CurveKind::ScoreVsDistance:
            return HybridCard::tr("Lab: RoPE score against distance for every scaling, %1")
                .arg(pecards::app::describeHybridParts(p));
        case pecards::app::CurveKind::DynamicBase:
            return HybridCard::tr("Lab: dynamic NTK base b' against sequence length n, %1")
                .arg(pecards::app::describeHybridParts(p));
        case pecards::app::CurveKind::CriticalDimension:
            return HybridCard::tr(
                "Lab: RoPE critical dimension and extrapolation limit (Liu et al. 2023), %1")
                .arg(pecards::app::describeHybridParts(p));
        case pecards::app::CurveKind::BaseBound:
            return HybridCard::tr("Lab: RoPE base bound on context length (Men et al. 2024), %1")
                .arg(pecards::app::describeHybridParts(p));
        case pecards::app::CurveKind::InterpolationFit:
            return HybridCard::tr(
                "Lab: fitted a(s) extrapolated vs interpolated (Chen et al. 2023, Fig. 2), %1")
                .arg(pecards::app::describeHybridParts(p));
        case pecards::app::CurveKind::PartialRotation:
            return HybridCard::tr("Lab: partial-frequency RoPE (Barbero et al. 2024), %1")
                .arg(pecards::app::describeHybridParts(p));
        default:
            return HybridCard::tr("RoPE wavelength 2π/θᵢ per pair (log axis), base %1")
                .arg(p.rope.base, 0, 'g', 12);
        }
    }
    switch (spec.quantity) {
    case pecards::Quantity::Score:
        return HybridCard::tr("Logits (Rᵢ q)·(Rⱼ k)/√d + bias, %1, %2")
            .arg(pecards::app::describeProbe(p.probe), pecards::app::describeHybridParts(p));
    case pecards::Quantity::Attention:
        return HybridCard::tr("Attention softmax(logits), %1").arg(pecards::app::describeHybridParts(p));
    case pecards::Quantity::ContentScore:
        return HybridCard::tr("Content logits, %1, %2")
            .arg(pecards::app::describeContent(p))
            .arg(pecards::app::describeHybridParts(p));
    case pecards::Quantity::UnseenAngles:
        return HybridCard::tr("RoPE angles never seen in training positions [0, L0), %1")
            .arg(pecards::app::describeHybridParts(p));
    default:
        return HybridCard::tr("Content attention, %1, %2")
            .arg(pecards::app::describeContent(p))
            .arg(pecards::app::describeHybridParts(p));
    }
}

void addHybridCardControls(ParameterForm& form) {
    addSequenceControls(form, true);
    addRopeControls(form, false);
    addAlibiControls(form, false);
    addProbeControls(form);
}

} // namespace

CardEntry HybridCard::entry() {
    using pecards::Quantity;
    CardEntry e;
    e.id = QStringLiteral("hybrid");
    e.trContext = HybridCard::staticMetaObject.className();
    e.titleSource = QT_TR_NOOP("RoPE + ALiBi");
    e.title = HybridCard::tr(e.titleSource);
    e.card = pecards::Card::Hybrid;
    e.create
        = [](const CardEntry& entry, ComputeService* service, DeckModel* deck, int card,
              QWidget* parent) -> CardPage* { return new HybridCard(entry, service, deck, card, parent); };
    e.defaults = [] { return pecards::startParams(pecards::Card::Hybrid); }; // paramtable.h
    e.addControls = addHybridCardControls;
    e.reference = [](const pecards::CardParams&) {
        return HybridCard::tr(
            "RoFormer eqs. 13-16 + Press et al. 2022 §3, in the order of docs/encodings.md §5");
    };
    e.viewTitle = [](const ViewSpec& spec, const pecards::CardParams& p) {
        return hybridViewTitle(spec, p) + labDemonstrationNote(spec, p);
    };
    e.views = {heatmapView(QStringLiteral("score"), Quantity::Score),
        heatmapView(QStringLiteral("attention"), Quantity::Attention),
        chartView(QStringLiteral("heads"), "HybridCard",
            QT_TRANSLATE_NOOP("HybridCard", "ALiBi bias per head (chart)"),
            pecards::app::CurveKind::AlibiHeads),
        chartView(QStringLiteral("decay"), "HybridCard",
            QT_TRANSLATE_NOOP("HybridCard", "RoPE long-term decay (chart)"), pecards::app::CurveKind::Decay),
        chartView(QStringLiteral("spectrum"), "HybridCard",
            QT_TRANSLATE_NOOP("HybridCard", "RoPE spectrum (chart)"), pecards::app::CurveKind::Spectrum),
        heatmapView(QStringLiteral("content-score"), Quantity::ContentScore),
        heatmapView(QStringLiteral("content-attention"), Quantity::ContentAttention),
        heatmapView(QStringLiteral("unseen-angles"), Quantity::UnseenAngles),
        chartView(QStringLiteral("lab-ratio"), "HybridCard",
            QT_TRANSLATE_NOOP("HybridCard", "Lab: scaling ratio per pair (chart)"),
            pecards::app::CurveKind::ScalingRatio),
        chartView(QStringLiteral("lab-score"), "HybridCard",
            QT_TRANSLATE_NOOP("HybridCard", "Lab: score against distance (chart)"),
            pecards::app::CurveKind::ScoreVsDistance),
        chartView(QStringLiteral("lab-dynamic"), "HybridCard",
            QT_TRANSLATE_NOOP("HybridCard", "Lab: dynamic NTK base (chart)"),
            pecards::app::CurveKind::DynamicBase),
        chartView(QStringLiteral("lab-critical"), "HybridCard",
            QT_TRANSLATE_NOOP("HybridCard", "Lab: critical dimension (chart)"),
            pecards::app::CurveKind::CriticalDimension),
        chartView(QStringLiteral("lab-base-bound"), "HybridCard",
            QT_TRANSLATE_NOOP("HybridCard", "Lab: base bound on context (chart)"),
            pecards::app::CurveKind::BaseBound),
        chartView(QStringLiteral("lab-pi-fit"), "HybridCard",
            QT_TRANSLATE_NOOP("HybridCard", "Lab: interpolation vs extrapolation fit (chart)"),
            pecards::app::CurveKind::InterpolationFit),
        chartView(QStringLiteral("lab-partial"), "HybridCard",
            QT_TRANSLATE_NOOP("HybridCard", "Lab: partial-frequency RoPE (chart)"),
            pecards::app::CurveKind::PartialRotation)};
    e.defaultViews = {QStringLiteral("score"), QStringLiteral("attention"), QStringLiteral("heads"),
        QStringLiteral("decay")};
    return e;
}

} // namespace pecards::gui
