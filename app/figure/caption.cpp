#include "figure/caption.h"

#include "figure/labcurves.h"
#include "figure/mathtext.h"
#include "figure/mropecurves.h"
#include "pecards/errors.h"
#include "pecards/mrope.h"
#include "pecards/pitfall.h"
#include "pecards/rope_scaling.h"
#include "pecards/tricks.h"
#include "pecards/viewrules.h"

#include <QStringList>
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <vector>

namespace pecards::app {

namespace {

/// Explicit vectors longer than this are summarised by their length in captions.
constexpr std::size_t kMaxListedValues = 16;

/// Shortest round-trip digits, in plain decimal notation for ordinary magnitudes
/// (base=500000, not 5e+05).
QString number(double value) {
    if (!std::isfinite(value) || value == 0.0 || std::abs(value) < 1e-4 || std::abs(value) >= 1e15) {
        return QString::fromStdString(formatValue(value));
    }
    std::array<char, 64> buffer {};
    const auto result
        = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::fixed);
    return QString::fromLatin1(buffer.data(), result.ptr - buffer.data());
}
QString text(const std::string& value) {
    return QString::fromStdString(value);
}
QString yesNo(bool value) {
    return value ? QStringLiteral("true") : QStringLiteral("false");
}

/// Longest file name a caption quotes whole (characters); a longer one keeps its start and end.
constexpr qsizetype kMaxCaptionFileName = 48;

/// A file name as a caption quotes it: whole up to kMaxCaptionFileName characters, else its
/// start and its end (the extension) around "…", so a figure's caption stays on its page.
QString fileName(const std::string& name) {
    const QString whole = QString::fromStdString(name);
    if (whole.size() <= kMaxCaptionFileName) {
        return whole;
    }
    const qsizetype tail = kMaxCaptionFileName / 3;
    return whole.left(kMaxCaptionFileName - tail - 1) + QChar(0x2026) + whole.right(tail);
}

QString field(const char* name, const QString& value) {
    return QLatin1String(name) + QLatin1Char('=') + value;
}
QString field(const char* name, double value) {
    return field(name, number(value));
}
QString field(const char* name, qint64 value) {
    return field(name, QString::number(value));
}
QString field(const char* name, int value) {
    return field(name, QString::number(value));
}

QString list(const std::vector<double>& values) {
    QStringList items;
    for (const double v : values) {
        items << number(v);
    }
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString vectorField(const char* name, const std::vector<double>& values) {
    if (values.size() <= kMaxListedValues) {
        return field(name, list(values));
    }
    return field(name, QStringLiteral("explicit (%1 values)").arg(values.size()));
}

bool isContent(Quantity quantity) {
    return quantity == Quantity::ContentScore || quantity == Quantity::ContentAttention;
}

bool isPositionalScore(Quantity quantity) {
    return quantity == Quantity::Score || quantity == Quantity::Attention;
}

/// Whether the view reads the fixed probe q/k (probe.h) — docs/quantities.md.
bool usesProbe(const CardParams& p, Quantity quantity) {
    switch (p.card) {
    case Card::Rope:
        return quantity == Quantity::Table || isPositionalScore(quantity);
    case Card::Hybrid:
    case Card::Multimodal:
        return isPositionalScore(quantity);
    case Card::Relative:
        return p.relative.variant != RelativeVariant::T5 && isPositionalScore(quantity);
    case Card::Sinusoidal:
    case Card::Alibi:
        return false;
    }
    return false;
}

/// Whether vectors derived from probe.seed (other than the probe itself) enter the view.
bool usesSeed(const CardParams& p, Quantity quantity) {
    if (isContent(quantity) && !(p.probe.content_q && p.probe.content_k)) {
        return true;
    }
    if (p.card != Card::Relative || quantity == Quantity::Buckets) {
        return false;
    }
    if (p.relative.variant == RelativeVariant::T5) {
        return p.relative.bucket_values.empty() && (isPositionalScore(quantity) || isContent(quantity));
    }
    return isPositionalScore(quantity) || isContent(quantity); // Shaw a_idx, Transformer-XL u, v, W_R
}

void appendSinusoidal(QStringList& out, const SinusoidalParams& s) {
    out << field("d_model", s.d_model) << field("base", s.base) << field("layout", text(toString(s.layout)))
        << field("frequencies", text(toString(s.frequencies)));
    if (s.padding_idx >= 0) {
        out << field("padding_idx", s.padding_idx);
    }
}

void appendScaling(QStringList& out, const RopeScaling& s) {
    out << field("scaling", text(toString(s.type)));
    const auto optional = [&out](const char* name, double value) {
        if (value != 0.0) {
            out << field(name, value);
        }
    };
    const auto optionalLength = [&out](const char* name, std::int64_t value) {
        if (value != 0) {
            out << field(name, static_cast<qint64>(value));
        }
    };
    switch (s.type) {
    case RopeScalingType::None:
        return;
    case RopeScalingType::Linear:
        out << field("factor", s.factor);
        break;
    case RopeScalingType::Dynamic:
        out << field("factor", s.factor);
        optionalLength("original_max_position_embeddings", s.original_max_position_embeddings);
        optionalLength("max_position_embeddings", s.max_position_embeddings);
        break;
    case RopeScalingType::Yarn:
        out << field("factor", s.factor);
        optionalLength("original_max_position_embeddings", s.original_max_position_embeddings);
        optionalLength("max_position_embeddings", s.max_position_embeddings);
        out << field("beta_fast", s.beta_fast) << field("beta_slow", s.beta_slow)
            << field("truncate", yesNo(s.truncate));
        optional("mscale", s.mscale);
        optional("mscale_all_dim", s.mscale_all_dim);
        break;
    case RopeScalingType::Llama3:
        out << field("factor", s.factor);
        optionalLength("original_max_position_embeddings", s.original_max_position_embeddings);
        out << field("low_freq_factor", s.low_freq_factor) << field("high_freq_factor", s.high_freq_factor);
        break;
    case RopeScalingType::LongRope:
        optionalLength("original_max_position_embeddings", s.original_max_position_embeddings);
        optionalLength("max_position_embeddings", s.max_position_embeddings);
        out << vectorField("short_factor", s.short_factor) << vectorField("long_factor", s.long_factor);
        break;
    }
    optional("attention_factor", s.attention_factor);
}

void appendRope(QStringList& out, const RopeParams& r) {
    out << field("head_dim", r.head_dim) << field("base", r.base);
    if (r.rotary_dim != 0 && r.rotary_dim != r.head_dim) {
        out << field("rotary_dim", r.rotary_dim);
        if (r.partial == RopePartial::Proportional) // the classic reading is another model
            out << field("partial", text(toString(r.partial)));
    }
    out << field("layout", text(toString(r.layout)));
    appendScaling(out, r.scaling);
    if (r.seq_len != 0) {
        out << field("seq_len", static_cast<qint64>(r.seq_len));
    }
}

/// The multimodal card's M-RoPE: family, section layout and sizes, merge size, the segments.
void appendMultimodal(QStringList& out, const MultimodalParams& m) {
    out << field("family", text(toString(m.family))) << field("mrope_layout", text(toString(m.layout)))
        << field("mrope_section",
               QStringLiteral("[%1, %2, %3]").arg(m.section.at(0)).arg(m.section.at(1)).arg(m.section.at(2)))
        << field("merge", m.vision.spatial_merge_size)
        << field("segments", text(formatMropeSegments(m.segments)));
}

/// What the scaling derives at the view's length (pecards::ropeScaling), marked "→" as not set
/// by hand: dynamic NTK's effective base, YaRN's correction range, the longrope list in use, the
/// attention factor and total logit multiplier (yarn, longrope). Nothing for invalid parameters.
void appendRopeDerived(QStringList& out, const CardParams& p) {
    const RopeScalingType type = p.rope.scaling.type;
    if (type != RopeScalingType::Dynamic && type != RopeScalingType::Yarn
        && type != RopeScalingType::LongRope) {
        return;
    }
    RopeScalingResult r;
    try {
        r = ropeScaling(p.rope, effectiveSeqLen(p.rope, p.length));
    } catch (const InvalidParameter&) {
        return;
    }
    const auto derived = [&out](const char* name, const QString& value) {
        out << QStringLiteral("→ ") + field(name, value);
    };
    if (type == RopeScalingType::Dynamic) {
        derived("effective_base", QString::number(r.effective_base, 'f', 0));
        return;
    }
    if (type == RopeScalingType::Yarn) {
        derived("correction_range",
            QStringLiteral("%1–%2").arg(r.correction_low, 0, 'g', 4).arg(r.correction_high, 0, 'g', 4));
    } else {
        derived("factors", r.long_factor_selected ? QStringLiteral("long") : QStringLiteral("short"));
    }
    derived("attention_factor", QString::number(r.attention_factor, 'g', 4));
    derived("logit_multiplier", QString::number(r.logit_scale_total, 'g', 4));
}

void appendAlibi(QStringList& out, const AlibiParams& a, bool withHeadDim) {
    // Heads count from 1 here as in the app and `pecards-cli --head`.
    out << field("heads", a.heads) << field("head", a.head + 1) << field("alibi_bias_max", a.alibi_bias_max)
        << field("form", text(toString(a.form)));
    if (withHeadDim) {
        out << field("head_dim", a.head_dim);
    }
}

void appendRelative(QStringList& out, const RelativeParams& r, Quantity quantity) {
    switch (r.variant) {
    case RelativeVariant::T5:
        out << field("num_buckets", r.num_buckets) << field("max_distance", r.max_distance)
            << field("bidirectional", yesNo(r.bidirectional));
        if (!r.bucket_values.empty() && quantity != Quantity::Buckets) {
            out << vectorField("bucket_values", r.bucket_values);
        }
        if (isContent(quantity)) {
            out << field("d_model", r.d_model);
        }
        return;
    case RelativeVariant::Shaw:
        out << field("clip_k", r.clip_k);
        if (quantity != Quantity::Buckets) {
            out << field("d_model", r.d_model);
        }
        return;
    case RelativeVariant::TransformerXL:
        out << field("term", text(toString(r.term))) << field("d_model", r.d_model);
        return;
    }
}

void appendProbe(QStringList& out, const CardParams& p, Quantity quantity) {
    const ProbeParams& probe = p.probe;
    if (usesProbe(p, quantity)) {
        if (!probe.q.empty() || !probe.k.empty()) {
            if (!probe.q.empty()) {
                out << vectorField("probe_q", probe.q);
            }
            if (!probe.k.empty()) {
                out << vectorField("probe_k", probe.k);
            }
        }
        if (probe.q.empty() || probe.k.empty()) {
            out << field("probe", text(toString(probe.kind)));
        }
    }
    if (isContent(quantity) && probe.content_q && probe.content_k) {
        // The files' names when known (File > Open Q/K vectors), so a figure says whose vectors it shows.
        const QString files = probe.content_q_file.empty() && probe.content_k_file.empty()
            ? QStringLiteral(".npy")
            : QStringLiteral("%1, %2").arg(fileName(probe.content_q_file), fileName(probe.content_k_file));
        out << QStringLiteral("content=%1 (q %2×%3, k %4×%5)")
                   .arg(files)
                   .arg(probe.content_q->rows())
                   .arg(probe.content_q->cols())
                   .arg(probe.content_k->rows())
                   .arg(probe.content_k->cols());
    }
    const bool randomProbe
        = usesProbe(p, quantity) && probe.kind == ProbeKind::Random && (probe.q.empty() || probe.k.empty());
    if (randomProbe || usesSeed(p, quantity)) {
        out << field("seed", QString::number(probe.seed));
    }
}

QString range(qint64 begin, qint64 end) {
    return QStringLiteral("%1–%2").arg(begin).arg(end - 1); // en dash: inclusive range
}

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

QString numberList(const std::vector<int>& values) {
    QStringList items;
    for (const int v : values) {
        items << QString::number(v);
    }
    return items.join(QStringLiteral(", "));
}

bool isRopeCard(const CardParams& p) {
    return p.card == Card::Rope || p.card == Card::Hybrid;
}

/// The reach of a distance/offset chart as computeCurves clamps it.
qint64 chartReach(const CurveRequest& request) {
    return std::clamp<qint64>(request.extent, 1, std::max<qint64>(request.params.length - 1, 1));
}

void appendCard(QStringList& out, const CardParams& p, Quantity quantity) {
    switch (p.card) {
    case Card::Sinusoidal:
        appendSinusoidal(out, p.sinusoidal);
        break;
    case Card::Rope:
        appendRope(out, p.rope);
        appendRopeDerived(out, p);
        break;
    case Card::Alibi:
        appendAlibi(out, p.alibi, isContent(quantity));
        break;
    case Card::Relative:
        appendRelative(out, p.relative, quantity);
        break;
    case Card::Hybrid:
        appendRope(out, p.rope);
        appendRopeDerived(out, p);
        appendAlibi(out, p.alibi, false);
        break;
    case Card::Multimodal:
        appendRope(out, p.rope);
        appendRopeDerived(out, p);
        appendMultimodal(out, p.multimodal);
        break;
    }
    appendProbe(out, p, quantity);
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
