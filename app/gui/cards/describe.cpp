#include "cards/describe.h"

#include <QCoreApplication>
#include <cmath>
#include <pecards/alibi.h>
#include <pecards/errors.h>
#include <pecards/rope_scaling.h>
#include <pecards/viewrules.h>

/// Translation context of this file's texts.
class Describe {
    Q_DECLARE_TR_FUNCTIONS(Describe)
};

namespace { } // namespace

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
                .arg(QString::number(result.effective_base, 'g', 6))
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
        const double slope = slopes(alibi.head);
        const double exponent = std::log2(slope);
        if (std::abs(exponent - std::round(exponent)) < 1e-9)
            return QStringLiteral("2^%1").arg(static_cast<int>(std::round(exponent)));
        return QString::number(slope, 'g', 4);
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

QString describeMask(bool causal) {
    return causal ? Describe::tr("causal") : Describe::tr("bidirectional");
}

QString quantityName(pecards::Quantity quantity) {
    switch (quantity) {
    case pecards::Quantity::Table:
        return Describe::tr("Encoding table");
    case pecards::Quantity::Phase:
        return Describe::tr("Phase table");
    case pecards::Quantity::Score:
        return Describe::tr("Positional score");
    case pecards::Quantity::Attention:
        return Describe::tr("Attention (softmax)");
    case pecards::Quantity::Buckets:
        return Describe::tr("Bucket map");
    case pecards::Quantity::ContentScore:
        return Describe::tr("Content score");
    case pecards::Quantity::ContentAttention:
        return Describe::tr("Content attention");
    }
    return {};
}
