// The fields of a caption (caption.h): values as captions print them and each card's parameters
// as name=value fields, shared by the view and chart captions.
#include "figure/captionfields.h"

#include "pecards/errors.h"
#include "pecards/mrope.h"
#include "pecards/pitfall.h"
#include "pecards/rope_scaling.h"
#include "pecards/tricks.h"
#include "pecards/viewrules.h"

#include <array>
#include <charconv>
#include <cmath>

namespace pecards::app::captionfields {

namespace {

/// Explicit vectors longer than this are summarised by their length in captions.
constexpr std::size_t kMaxListedValues = 16;

QString yesNo(bool value) {
    return value ? QStringLiteral("true") : QStringLiteral("false");
}

/// Longest file name a caption quotes whole (characters); a longer one keeps its start and end.
constexpr qsizetype kMaxCaptionFileName = 48;

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

} // namespace

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

void appendSinusoidal(QStringList& out, const SinusoidalParams& s) {
    out << field("d_model", s.d_model) << field("base", s.base) << field("layout", text(toString(s.layout)))
        << field("frequencies", text(toString(s.frequencies)));
    if (s.padding_idx >= 0) {
        out << field("padding_idx", s.padding_idx);
    }
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

QString numberList(const std::vector<int>& values) {
    QStringList items;
    for (const int v : values) {
        items << QString::number(v);
    }
    return items.join(QStringLiteral(", "));
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

} // namespace pecards::app::captionfields
