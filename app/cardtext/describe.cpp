#include "cardtext/describe.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>
#include <cmath>
#include <figure/mathtext.h>
#include <pecards/alibi.h>
#include <pecards/errors.h>
#include <pecards/rope_scaling.h>
#include <pecards/viewrules.h>

namespace pecards::app {

/// Translation context of this file's texts.
class Describe {
    Q_DECLARE_TR_FUNCTIONS(Describe)
};

namespace {

/// Factors with 3 significant digits ("1.19"), whole numbers written out ("2048", "421953").
QString number(double value) {
    return pecards::app::displayNumber(value, 3);
}

} // namespace

QString describeScalingDerived(const pecards::CardParams& params) {
    using pecards::RopeScalingType;
    const pecards::RopeScaling& s = params.rope.scaling;
    if (s.type == RopeScalingType::None || s.type == RopeScalingType::Linear)
        return {};
    pecards::RopeScalingResult r;
    std::int64_t seqLen = 0;
    std::int64_t context = 0;
    try {
        pecards::validate(params.rope);
        seqLen = pecards::effectiveSeqLen(params.rope, params.length);
        context = pecards::ropeScalingContext(s);
        r = pecards::ropeScaling(params.rope, seqLen);
    } catch (const pecards::InvalidParameter&) {
        return {};
    }
    QStringList parts;
    switch (s.type) {
    case RopeScalingType::Dynamic:
        parts << (seqLen > context ? Describe::tr("effective base b' = %1 at L = %2 (> %3 trained)")
                                         .arg(number(r.effective_base))
                                         .arg(seqLen)
                                         .arg(context)
                                   : Describe::tr("effective base b' = %1: kept while L = %2 ≤ %3 trained")
                                         .arg(number(r.effective_base))
                                         .arg(seqLen)
                                         .arg(context));
        break;
    case RopeScalingType::Yarn:
        parts << Describe::tr("correction range: pairs i = %1 … %2")
                     .arg(r.correction_low)
                     .arg(r.correction_high);
        break;
    case RopeScalingType::LongRope:
        parts << (r.long_factor_selected
                ? Describe::tr("long_factor in use (L = %1 > L0 = %2)").arg(seqLen).arg(context)
                : Describe::tr("short_factor in use (L = %1 ≤ L0 = %2)").arg(seqLen).arg(context));
        break;
    case RopeScalingType::Llama3:
        parts << Describe::tr("wavelengths < %1 kept, > %2 multiplied by %3")
                     .arg(number(static_cast<double>(context) / s.high_freq_factor),
                         number(static_cast<double>(context) / s.low_freq_factor), number(s.factor));
        break;
    default:
        break;
    }
    if (s.type == RopeScalingType::Yarn || s.type == RopeScalingType::LongRope) {
        parts << Describe::tr("attention factor %1").arg(number(r.attention_factor));
        parts << Describe::tr("total logit multiplier %1").arg(number(r.logit_scale_total));
    }
    return parts.join(QStringLiteral("; "));
}

QString describeSlopeRule(const pecards::AlibiParams& alibi) {
    Eigen::VectorXd slopes;
    try {
        slopes = pecards::alibiSlopes(alibi);
    } catch (const pecards::InvalidParameter&) {
        return QStringLiteral("?");
    }
    int power = 1;
    while (power * 2 <= alibi.heads)
        power *= 2;
    Eigen::Index steepest = 0;
    slopes.maxCoeff(&steepest);
    const QString b = QString::number(alibi.alibi_bias_max);
    using pecards::app::superscript;
    const QString first = QStringLiteral("mₕ = 2") + superscript(QStringLiteral("-%1h/%2").arg(b).arg(power));
    const QString rule = power == alibi.heads
        ? first
        : Describe::tr("%1 for h ≤ %2, then %3 for h = %2 + k")
              .arg(first, QString::number(power),
                  QStringLiteral("2") + superscript(QStringLiteral("-%1(2k-1)/%2").arg(b).arg(2 * power)));
    return Describe::tr("%1; steepest: head %2, %3")
        .arg(rule)
        .arg(steepest + 1)
        .arg(pecards::app::powerOfTwoText(slopes(steepest)));
}

QString describeRopeLayout(pecards::RopeLayout layout) {
    return layout == pecards::RopeLayout::HalfSplit
        ? Describe::tr("half-split (GPT-NeoX, HF LLaMA rotate_half)")
        : Describe::tr("interleaved (RoFormer, GPT-J, Meta LLaMA)");
}

QString describeRopeScaling(const pecards::RopeScaling& scaling) {
    using pecards::RopeScalingType;
    if (scaling.type == RopeScalingType::None)
        return Describe::tr("none");
    QString text = QString::fromStdString(pecards::toString(scaling.type));
    text += Describe::tr(", factor %1").arg(scaling.factor);
    if (scaling.type != RopeScalingType::Linear && scaling.original_max_position_embeddings > 0)
        text += Describe::tr(", L0 = %1").arg(scaling.original_max_position_embeddings);
    return text;
}

QString describeRopeChoice(const pecards::CardParams& params) {
    using pecards::RopeScalingType;
    const pecards::RopeScaling& scaling = params.rope.scaling;
    if (scaling.type != RopeScalingType::Dynamic && scaling.type != RopeScalingType::LongRope)
        return {};
    try {
        const std::int64_t seqLen = pecards::effectiveSeqLen(params.rope, params.length);
        const pecards::RopeScalingResult result = pecards::ropeScaling(params.rope, seqLen);
        if (scaling.type == RopeScalingType::Dynamic)
            return Describe::tr(", effective base %1 at seq_len %2")
                .arg(pecards::app::displayNumber(result.effective_base, 6))
                .arg(seqLen);
        const std::int64_t l0 = pecards::ropeScalingContext(scaling);
        return result.long_factor_selected
            ? Describe::tr(", long factors (seq_len %1 > L0 %2)").arg(seqLen).arg(l0)
            : Describe::tr(", short factors (seq_len %1 <= L0 %2)").arg(seqLen).arg(l0);
    } catch (const pecards::InvalidParameter&) {
        return {};
    }
}

QString describeAlibiForm(pecards::AlibiForm form) {
    switch (form) {
    case pecards::AlibiForm::Causal:
        return Describe::tr("causal -m(i-j) (paper, GPT-NeoX)");
    case pecards::AlibiForm::Symmetric:
        return Describe::tr("symmetric -m|i-j| (encoder)");
    case pecards::AlibiForm::RowOffsetBloom:
        return Describe::tr("row offset +m·j (ofirpress, HF BLOOM)");
    case pecards::AlibiForm::RowOffsetFoundry:
        return Describe::tr("row offset -m(L-1-j) (llm-foundry)");
    }
    return {};
}

QString describeSlope(const pecards::AlibiParams& alibi) {
    try {
        const Eigen::VectorXd slopes = pecards::alibiSlopes(alibi);
        if (alibi.head < 0 || alibi.head >= slopes.size())
            return QStringLiteral("?");
        return pecards::app::powerOfTwoText(slopes(alibi.head));
    } catch (const pecards::InvalidParameter&) {
        return QStringLiteral("?");
    }
}

QString describeProbe(const pecards::ProbeParams& probe) {
    if (!probe.q.empty())
        return Describe::tr("explicit q, k");
    return probe.kind == pecards::ProbeKind::Ones ? Describe::tr("q = k = (1, …, 1)")
                                                  : Describe::tr("q, k ~ N(0, I/d), seed %1").arg(probe.seed);
}

QString describeContent(const pecards::CardParams& params) {
    const pecards::ProbeParams& probe = params.probe;
    if (!probe.content_q || !probe.content_k)
        return Describe::tr("seed %1").arg(probe.seed);
    const auto name = [](const std::string& path) {
        return path.empty() ? Describe::tr("a file") : QFileInfo(QString::fromStdString(path)).fileName();
    };
    return Describe::tr("q, k from %1, %2").arg(name(probe.content_q_file), name(probe.content_k_file));
}

QString describeMask(bool causal) {
    return causal ? Describe::tr("causal") : Describe::tr("bidirectional");
}

QString describeMask(const pecards::CardParams& params) {
    QString mask = describeMask(params.causal);
    if (params.attention_chunk > 0)
        mask = Describe::tr("%1, chunks of %2").arg(mask).arg(params.attention_chunk);
    if (params.sliding_window == 0)
        return mask;
    return Describe::tr("%1, window %2, %3 sinks")
        .arg(mask)
        .arg(params.sliding_window)
        .arg(params.attention_sinks);
}

QString describeSinusoidalLayout(const pecards::SinusoidalParams& s) {
    return s.layout == pecards::SinusoidalLayout::Interleaved
        ? Describe::tr("interleaved (paper: PE[p,2i] = sin, PE[p,2i+1] = cos)")
        : Describe::tr("concatenated [sin | cos] (Transformer-XL, tensor2tensor, fairseq)");
}

QString describeSinusoidalFrequencies(const pecards::SinusoidalParams& s) {
    return s.frequencies == pecards::SinusoidalFrequencies::Paper
        ? Describe::tr("paper wᵢ = b⁻²ⁱᐟᵈ")
        : Describe::tr("tensor2tensor/fairseq wᵢ = exp(-i ln b/(d/2-1))");
}

QString describeAlibiHead(const pecards::CardParams& p) {
    return Describe::tr("head %1 of %2, slope %3")
        .arg(p.alibi.head + 1)
        .arg(p.alibi.heads)
        .arg(describeSlope(p.alibi));
}

QString describeRelativeVariant(const pecards::RelativeParams& r) {
    switch (r.variant) {
    case pecards::RelativeVariant::Shaw:
        return Describe::tr("Shaw et al. 2018, clip k = %1 (%2 learned vectors, from the seed), d_model %3")
            .arg(r.clip_k)
            .arg(2 * static_cast<qint64>(r.clip_k) + 1)
            .arg(r.d_model);
    case pecards::RelativeVariant::TransformerXL:
        return Describe::tr("Transformer-XL (a)+(b)+(c)+(d), term %1, d_model %2")
            .arg(QString::fromStdString(pecards::toString(r.term)))
            .arg(r.d_model);
    case pecards::RelativeVariant::T5:
        break;
    }
    return Describe::tr("T5 buckets, %1, %2 buckets, max_distance %3, %4")
        .arg(r.bidirectional ? Describe::tr("bidirectional (encoder)")
                             : Describe::tr("unidirectional (decoder)"))
        .arg(r.num_buckets)
        .arg(r.max_distance)
        .arg(r.bucket_values.empty() ? Describe::tr("bucket values from the seed")
                                     : Describe::tr("bucket values given (a model's weights or a file)"));
}

QString describeHybridParts(const pecards::CardParams& p) {
    return Describe::tr("RoPE base %1, head_dim %2; ALiBi head %3 of %4, slope %5, %6")
        .arg(p.rope.base, 0, 'g', 12)
        .arg(p.rope.head_dim)
        .arg(p.alibi.head + 1)
        .arg(p.alibi.heads)
        .arg(describeSlope(p.alibi), describeAlibiForm(p.alibi.form));
}

} // namespace pecards::app
