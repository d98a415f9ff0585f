#include "cardtext/convention.h"

#include "cardtext/describe.h"
#include "pecards/mrope.h"

#include <QCoreApplication>

namespace pecards::app {

namespace {

/// Translation context of the convention lines.
class CardConvention {
    Q_DECLARE_TR_FUNCTIONS(CardConvention)
};

QString sinusoidalConvention(const CardParams& p) {
    const pecards::SinusoidalParams& s = p.sinusoidal;
    QString text = CardConvention::tr("layout: %1; frequencies: %2; base %3, d_model %4")
                       .arg(describeSinusoidalLayout(s), describeSinusoidalFrequencies(s))
                       .arg(s.base)
                       .arg(s.d_model);
    if (s.padding_idx >= 0)
        text += CardConvention::tr("; fairseq padding_idx %1 (row zeroed)").arg(s.padding_idx);
    return text;
}

QString ropeConvention(const CardParams& p) {
    const int rotary = p.rope.rotary_dim == 0 ? p.rope.head_dim : p.rope.rotary_dim;
    if (p.rope.partial == pecards::RopePartial::NoPE) {
        return CardConvention::tr(
            "NoPE: no pair rotates (θᵢ = 0), q and k enter the score as they are; head_dim %1; "
            "probe %2")
            .arg(p.rope.head_dim)
            .arg(describeProbe(p.probe));
    }
    const QString partial = p.rope.partial == pecards::RopePartial::Proportional
        ? CardConvention::tr(
            "%1 (proportional: %2 of %3 pairs (x[i], x[i + d/2]) rotate, the others have θ = 0)")
              .arg(rotary)
              .arg(rotary / 2)
              .arg(p.rope.head_dim / 2)
        : QString::number(rotary);
    return CardConvention::tr("layout: %1; scaling: %2; base %3, head_dim %4, rotary_dim %5; probe %6")
        .arg(describeRopeLayout(p.rope.layout), describeRopeScaling(p.rope.scaling) + describeRopeChoice(p))
        .arg(p.rope.base, 0, 'g', 12)
        .arg(p.rope.head_dim)
        .arg(partial)
        .arg(describeProbe(p.probe));
}

QString multimodalConvention(const CardParams& p) {
    const pecards::MultimodalParams& m = p.multimodal;
    const QString layout = m.layout == pecards::MropeLayout::Blocked
        ? CardConvention::tr("blocked (pairs in runs: t, then h, then w)")
        : CardConvention::tr("interleaved (pairs t, h, w in turn)");
    return CardConvention::tr("M-RoPE of %1: mrope_section [%2, %3, %4] %5; merge %6 × %6; segments %7; %8")
        .arg(QString::fromStdString(pecards::toString(m.family)))
        .arg(m.section.at(0))
        .arg(m.section.at(1))
        .arg(m.section.at(2))
        .arg(layout)
        .arg(m.vision.spatial_merge_size)
        .arg(QString::fromStdString(pecards::formatMropeSegments(m.segments)), ropeConvention(p));
}

} // namespace

QString cardConvention(const CardParams& p) {
    switch (p.card) {
    case Card::Sinusoidal:
        return sinusoidalConvention(p);
    case Card::Relative:
        return CardConvention::tr("variant: %1").arg(describeRelativeVariant(p.relative));
    case Card::Alibi:
        return CardConvention::tr("form: %1; H = %2 heads counted from 1, slopes %3; %4")
            .arg(describeAlibiForm(p.alibi.form))
            .arg(p.alibi.heads)
            .arg(describeSlopeRule(p.alibi), describeAlibiHead(p));
    case Card::Hybrid:
        return CardConvention::tr(
            "rotate projected q, k by RoPE (%1) → q·k/√d → add ALiBi bias (%2) → mask → softmax; %3")
            .arg(describeRopeLayout(p.rope.layout), describeAlibiForm(p.alibi.form), describeHybridParts(p));
    case Card::Multimodal:
        return multimodalConvention(p);
    case Card::Rope:
        break;
    }
    return ropeConvention(p);
}

} // namespace pecards::app
