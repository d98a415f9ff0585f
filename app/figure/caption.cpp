#include "figure/caption.h"

#include "figure/captionfields.h"
#include "pecards/pitfall.h"

#include <QStringList>

namespace pecards::app {

using namespace captionfields;

namespace {

/// Entries per pixel along an axis: "4" when whole, else 2 decimals below 10 and 1 above.
QString perPixel(qint64 entries, qint64 pixels) {
    if (pixels <= 0) {
        return QStringLiteral("?");
    }
    if (entries % pixels == 0) {
        return QString::number(entries / pixels);
    }
    const double ratio = static_cast<double>(entries) / static_cast<double>(pixels);
    return QString::number(ratio, 'f', ratio < 10.0 ? 2 : 1);
}

} // namespace

QString captionSeparator() {
    return QStringLiteral(" · ");
}

QString cardShortName(const CardParams& params) {
    switch (params.card) {
    case Card::Sinusoidal:
        return QStringLiteral("Sinusoidal");
    case Card::Relative:
        switch (params.relative.variant) {
        case RelativeVariant::T5:
            return QStringLiteral("Relative (T5)");
        case RelativeVariant::Shaw:
            return QStringLiteral("Relative (Shaw)");
        case RelativeVariant::TransformerXL:
            return QStringLiteral("Relative (Transformer-XL)");
        }
        break;
    case Card::Alibi:
        return QStringLiteral("ALiBi");
    case Card::Rope:
        return QStringLiteral("RoPE");
    case Card::Hybrid:
        return QStringLiteral("RoPE+ALiBi");
    case Card::Multimodal:
        return QStringLiteral("M-RoPE");
    }
    return text(toString(params.card));
}

QString formatCaption(const ViewRequest& request) {
    const CardParams& p = request.params;
    QStringList out;
    out << cardShortName(p) + QLatin1Char(' ') + text(toString(request.quantity));
    if (request.quantity == Quantity::ContentScore) {
        // Its one definition (docs/quantities.md): the logits the softmax takes; T5 has no 1/sqrt(d).
        const bool t5 = p.card == Card::Relative && p.relative.variant == RelativeVariant::T5;
        out << (t5 ? QStringLiteral("softmax logits, no 1/√d (T5)")
                   : QStringLiteral("softmax logits, 1/√d applied"));
    }
    appendCard(out, p, request.quantity);
    if (p.causal && request.quantity != Quantity::Table && request.quantity != Quantity::Phase
        && request.quantity != Quantity::Buckets) {
        out << QStringLiteral("causal");
    }
    if (p.sliding_window > 0 && request.quantity != Quantity::Table && request.quantity != Quantity::Phase
        && request.quantity != Quantity::Buckets) {
        out << field("sliding_window", static_cast<qint64>(p.sliding_window))
            << field("attention_sinks", static_cast<qint64>(p.attention_sinks));
    }
    if (p.attention_chunk > 0 && request.quantity != Quantity::Table && request.quantity != Quantity::Phase
        && request.quantity != Quantity::Buckets) {
        out << field("attention_chunk", static_cast<qint64>(p.attention_chunk));
    }
    if (p.pitfall.kind != Pitfall::None) {
        // The bug reproduced (or its fix) is part of what the figure shows.
        out << QStringLiteral("pitfall ") + text(toString(p.pitfall.kind))
                + (p.pitfall.fixed ? QStringLiteral(" (fixed)") : QString());
        // Its scenario too: the same pitfall in bf16 and in fp16 draws two figures (the author's
        // review, A-W3).
        const PitfallInputs inputs = pitfallInputs(p.pitfall.kind);
        if (inputs.format)
            out << field("format", text(toString(p.pitfall.format)));
        for (const ParamId id : inputs.parameters) {
            const ParamSpec& spec = paramSpec(id);
            out << text(std::string(spec.name) + '=' + formatParamValue(spec, paramValue(p, spec)));
        }
    }
    const Window& w = request.window;
    const qint64 rows = std::min<qint64>(request.out_rows, w.rows());
    const qint64 cols = std::min<qint64>(request.out_cols, w.cols());
    out << field("L", static_cast<qint64>(p.length))
        << QStringLiteral("rows ") + range(w.row_begin, w.row_end)
        << QStringLiteral("cols ") + range(w.col_begin, w.col_end)
        << QStringLiteral("%1×%2 px, %3, %4×%5 entries per pixel")
               .arg(rows)
               .arg(cols)
               .arg(text(toString(request.reduction)))
               .arg(perPixel(w.rows(), rows))
               .arg(perPixel(w.cols(), cols));
    return out.join(captionSeparator());
}

QStringList cardParameterFields(const CardParams& params) {
    QStringList out;
    appendCard(out, params, Quantity::Score);
    if (params.causal) {
        out << QStringLiteral("causal");
    }
    if (params.sliding_window > 0) {
        out << field("sliding_window", static_cast<qint64>(params.sliding_window))
            << field("attention_sinks", static_cast<qint64>(params.attention_sinks));
    }
    if (params.attention_chunk > 0) {
        out << field("attention_chunk", static_cast<qint64>(params.attention_chunk));
    }
    out << field("L", static_cast<qint64>(params.length));
    return out;
}

} // namespace pecards::app
