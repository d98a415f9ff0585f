#include "cards/sinusoidalcard.h"

#include "cards/controlgroups.h"
#include "cards/parameterform.h"
#include "cards/trickcontrols.h"
#include "cardtext/describe.h"

#include <QCoreApplication>

namespace pecards::gui {

namespace {

QString sinusoidalViewTitle(const ViewSpec& spec, const pecards::CardParams& p) {
    const pecards::SinusoidalParams& s = p.sinusoidal;
    const QString dims = SinusoidalCard::tr("d_model %1, base %2").arg(s.d_model).arg(s.base);
    if (spec.kind == ViewKind::Chart) {
        switch (spec.curve) {
        case pecards::app::CurveKind::DomainAwareSimilarity:
            return SinusoidalCard::tr(
                "Trick: domain-aware PE, rows of (PE+b)_i·(PE+b)_j against plain PE, %1")
                .arg(dims);
        case pecards::app::CurveKind::GatedScore:
            return SinusoidalCard::tr("Trick: gated PE, score row of αᵢ αⱼ PEᵢ·PEⱼ against α = 1, %1")
                .arg(dims);
        case pecards::app::CurveKind::GatedAttention:
            return SinusoidalCard::tr("Trick: gated PE, attention row softmax(αᵢ αⱼ PEᵢ·PEⱼ / √d), %1, %2")
                .arg(pecards::app::describeMask(p), dims);
        case pecards::app::CurveKind::DistillationError:
            return SinusoidalCard::tr(
                "Trick: PE distillation, MLP error inside and beyond its training range, base %1")
                .arg(s.base);
        case pecards::app::CurveKind::LearnedTable:
            return SinusoidalCard::tr("Learned table %1: P[p, dim] beside the sinusoid PE[p, dim], %2")
                .arg(QString::fromStdString(s.learned_file), dims);
        case pecards::app::CurveKind::LearnedSimilarity:
            return SinusoidalCard::tr("Learned table %1: similarity rows Pᵢ·Pⱼ against PEᵢ·PEⱼ, %2")
                .arg(QString::fromStdString(s.learned_file), dims);
        case pecards::app::CurveKind::LearnedDifference:
            return SinusoidalCard::tr("Learned table %1: ‖Pₚ − PEₚ‖ per position, %2")
                .arg(QString::fromStdString(s.learned_file), dims);
        default:
            break;
        }
        return spec.curve == pecards::app::CurveKind::Waves
            ? SinusoidalCard::tr("PE[p, dim] over position p, %1, %2")
                  .arg(dims, pecards::app::describeSinusoidalLayout(s))
            : SinusoidalCard::tr("Wavelength 2π/wᵢ per pair (log axis), %1").arg(dims);
    }
    switch (spec.quantity) {
    case pecards::Quantity::Table:
        return SinusoidalCard::tr("Encoding table PE[p, dim], %1, %2")
            .arg(dims, pecards::app::describeSinusoidalLayout(s));
    case pecards::Quantity::Phase:
        return SinusoidalCard::tr("Phase p·wᵢ mod 2π (radians), %1").arg(dims);
    case pecards::Quantity::Score:
        return SinusoidalCard::tr("Similarity PEᵢ·PEⱼ = Σ cos((i-j)wᵢ): depends on i-j only, %1").arg(dims);
    case pecards::Quantity::Attention:
        return SinusoidalCard::tr("Attention softmax(PEᵢ·PEⱼ / √d), %1, %2")
            .arg(pecards::app::describeMask(p), dims);
    case pecards::Quantity::ContentScore:
        return SinusoidalCard::tr("Content score (xᵢ + PEᵢ)·(yⱼ + PEⱼ)/√d, %1, %2")
            .arg(pecards::app::describeContent(p))
            .arg(dims);
    default:
        return SinusoidalCard::tr("Content attention softmax(score / √d), %1, %2")
            .arg(pecards::app::describeMask(p))
            .arg(pecards::app::describeContent(p));
    }
}

void addSinusoidalCardControls(ParameterForm& form) {
    using P = pecards::CardParams;
    addSequenceControls(form, true);
    form.addSection(SinusoidalCard::tr("Sinusoidal"));
    form.addParameter(pecards::ParamId::SinusoidalDModel, SinusoidalCard::tr("d_model d"),
        SinusoidalCard::tr("Model dimension; must be even (no slot for the last cosine otherwise)"));
    form.addParameter(pecards::ParamId::Base, SinusoidalCard::tr("base b"),
        SinusoidalCard::tr("wᵢ = b⁻²ⁱᐟᵈ: wavelengths run from 2π to 2π·b"));
    form.addChoice(
        QStringLiteral("sin_layout"), SinusoidalCard::tr("column layout"),
        {{SinusoidalCard::tr("interleaved (paper)"), static_cast<int>(pecards::SinusoidalLayout::Interleaved),
             {}},
            {SinusoidalCard::tr("concatenated [sin | cos]"),
                static_cast<int>(pecards::SinusoidalLayout::Concatenated), {}}},
        [](const P& p) { return static_cast<int>(p.sinusoidal.layout); },
        [](P& p, int v) { p.sinusoidal.layout = static_cast<pecards::SinusoidalLayout>(v); });
    form.addChoice(
        QStringLiteral("frequencies"), SinusoidalCard::tr("frequencies"),
        {{SinusoidalCard::tr("paper b⁻²ⁱᐟᵈ"), static_cast<int>(pecards::SinusoidalFrequencies::Paper), {}},
            {SinusoidalCard::tr("tensor2tensor / fairseq"),
                static_cast<int>(pecards::SinusoidalFrequencies::Tensor2Tensor), {}}},
        [](const P& p) { return static_cast<int>(p.sinusoidal.frequencies); },
        [](P& p, int v) { p.sinusoidal.frequencies = static_cast<pecards::SinusoidalFrequencies>(v); });
    form.addParameter(pecards::ParamId::PaddingIdx, SinusoidalCard::tr("padding_idx"),
        SinusoidalCard::tr("fairseq: row padding_idx is zero, tokens start at padding_idx + 1; -1 = none"));
    addProbeControls(form);
    addDomainAndGateControls(form);
    addDistillationControls(form);
}

} // namespace

CardEntry SinusoidalCard::entry() {
    using pecards::Quantity;
    CardEntry e;
    e.id = QStringLiteral("sinusoidal");
    e.trContext = SinusoidalCard::staticMetaObject.className();
    e.titleSource = QT_TR_NOOP("Sinusoidal");
    e.title = SinusoidalCard::tr(e.titleSource);
    e.card = pecards::Card::Sinusoidal;
    e.create = [](const CardEntry& entry, ComputeService* service, DeckModel* deck, int card,
                   QWidget* parent) -> CardPage* {
        return new SinusoidalCard(entry, service, deck, card, parent);
    };
    e.defaults = [] { return pecards::startParams(pecards::Card::Sinusoidal); }; // paramtable.h
    e.addControls = addSinusoidalCardControls;
    e.reference = [](const pecards::CardParams& p) {
        return p.sinusoidal.frequencies == pecards::SinusoidalFrequencies::Paper
            ? SinusoidalCard::tr("Vaswani et al. 2017 §3.5 (Annotated Transformer)")
            : SinusoidalCard::tr(
                "tensor2tensor get_timing_signal_1d / fairseq SinusoidalPositionalEmbedding");
    };
    e.viewTitle = sinusoidalViewTitle;
    e.views = {heatmapView(QStringLiteral("table"), Quantity::Table),
        heatmapView(QStringLiteral("score"), Quantity::Score),
        chartView(QStringLiteral("waves"), "SinusoidalCard",
            QT_TRANSLATE_NOOP("SinusoidalCard", "Waves (chart)"), pecards::app::CurveKind::Waves),
        heatmapView(QStringLiteral("phase"), Quantity::Phase),
        heatmapView(QStringLiteral("attention"), Quantity::Attention),
        heatmapView(QStringLiteral("content-score"), Quantity::ContentScore),
        heatmapView(QStringLiteral("content-attention"), Quantity::ContentAttention),
        chartView(QStringLiteral("spectrum"), "SinusoidalCard",
            QT_TRANSLATE_NOOP("SinusoidalCard", "Spectrum (chart)"), pecards::app::CurveKind::Spectrum),
        chartView(QStringLiteral("trick-domain-aware"), "SinusoidalCard",
            QT_TRANSLATE_NOOP("SinusoidalCard", "Trick: domain-aware similarity (chart)"),
            pecards::app::CurveKind::DomainAwareSimilarity),
        chartView(QStringLiteral("trick-gated-score"), "SinusoidalCard",
            QT_TRANSLATE_NOOP("SinusoidalCard", "Trick: gated score (chart)"),
            pecards::app::CurveKind::GatedScore),
        chartView(QStringLiteral("trick-gated-attention"), "SinusoidalCard",
            QT_TRANSLATE_NOOP("SinusoidalCard", "Trick: gated attention (chart)"),
            pecards::app::CurveKind::GatedAttention),
        chartView(QStringLiteral("trick-distillation"), "SinusoidalCard",
            QT_TRANSLATE_NOOP("SinusoidalCard", "Trick: distillation error (chart)"),
            pecards::app::CurveKind::DistillationError),
        chartView(QStringLiteral("learned-table"), "SinusoidalCard",
            QT_TRANSLATE_NOOP("SinusoidalCard", "Learned table beside the sinusoid (chart)"),
            pecards::app::CurveKind::LearnedTable),
        chartView(QStringLiteral("learned-similarity"), "SinusoidalCard",
            QT_TRANSLATE_NOOP("SinusoidalCard", "Learned table: similarity (chart)"),
            pecards::app::CurveKind::LearnedSimilarity),
        chartView(QStringLiteral("learned-difference"), "SinusoidalCard",
            QT_TRANSLATE_NOOP("SinusoidalCard", "Learned table minus the sinusoid (chart)"),
            pecards::app::CurveKind::LearnedDifference)};
    // The learned views exist once File > Open weights has loaded a learned position table.
    for (ViewSpec& spec : e.views) {
        if (spec.id.startsWith(QStringLiteral("learned-")))
            spec.available = [](const pecards::CardParams& p) { return p.sinusoidal.learned != nullptr; };
    }
    e.defaultViews = {
        QStringLiteral("table"), QStringLiteral("score"), QStringLiteral("waves"), QStringLiteral("phase")};
    return e;
}

} // namespace pecards::gui
