#include "cliparams.h"

#include "climrope.h"
#include "common/configerror.h"
#include "common/safetensorsfile.h"
#include "common/t5biastable.h"
#include "pecards/errors.h"
#include "pecards/paramtable.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::cli {

std::optional<app::ModelConfig> readConfig(const QString& flag, const QString& path) {
    try {
        return app::readModelConfig(path);
    } catch (const app::ConfigError& error) {
        throw UsageError(flag, QString::fromUtf8(error.what()));
    }
}

std::optional<app::ModelConfig> readModelFlags(const FlagReader& flags) {
    if (!flags.isSet("model-preset"))
        return flags.isSet("config") ? readConfig(u"--config"_s, flags.text("config")) : std::nullopt;
    if (flags.isSet("config")) {
        throw UsageError(u"--model-preset"_s, u"names the model instead of --config: give one of them"_s);
    }
    const QString name = flags.text("model-preset");
    const QString path = u":/presets/%1.json"_s.arg(name);
    if (name.contains(u'/') || !QFile::exists(path)) {
        QStringList names = QDir(u":/presets"_s).entryList({u"*.json"_s}, QDir::Files, QDir::Name);
        names.replaceInStrings(u".json"_s, QString());
        throw UsageError(u"--model-preset"_s,
            u"\"%1\" is not a model preset: allowed: %2"_s.arg(name, names.join(u", "_s)));
    }
    return readConfig(u"--model-preset"_s, path);
}

namespace {

void applyLayout(const FlagReader& flags, CardParams& p) {
    if (!flags.isSet("layout")) {
        return;
    }
    switch (p.card) {
    case Card::Sinusoidal:
        flags.setEnum("layout", p.sinusoidal.layout);
        break;
    case Card::Rope:
    case Card::Hybrid:
        flags.setEnum("layout", p.rope.layout);
        break;
    default:
        throw UsageError(u"--layout"_s,
            u"is not used by card "_s + QString::fromStdString(toString(p.card))
                + u": allowed with sinusoidal (interleaved, concatenated) and rope/hybrid (half-split, "
                  "interleaved)"_s);
    }
}

void applyRopeFlags(const FlagReader& flags, RopeParams& rope) {
    flags.setInt("head-dim", rope.head_dim, kIntMin, kIntMax);
    flags.setNumber("base", rope.base);
    flags.setInt("rotary-dim", rope.rotary_dim, kIntMin, kIntMax);
    flags.setEnum("partial", rope.partial);
    flags.setInt("seq-len", rope.seq_len, kInt64Min, kInt64Max);
    RopeScaling& s = rope.scaling;
    flags.setEnum("scaling", s.type);
    flags.setNumber("factor", s.factor);
    flags.setInt("original-max-pos", s.original_max_position_embeddings, kInt64Min, kInt64Max);
    flags.setInt("max-pos", s.max_position_embeddings, kInt64Min, kInt64Max);
    flags.setNumber("beta-fast", s.beta_fast);
    flags.setNumber("beta-slow", s.beta_slow);
    if (flags.isSet("no-truncate")) {
        s.truncate = false;
    }
    flags.setNumber("mscale", s.mscale);
    flags.setNumber("mscale-all-dim", s.mscale_all_dim);
    flags.setNumber("attention-factor", s.attention_factor);
    flags.setNumber("low-freq-factor", s.low_freq_factor);
    flags.setNumber("high-freq-factor", s.high_freq_factor);
    flags.setList("short-factor", s.short_factor);
    flags.setList("long-factor", s.long_factor);
}

/// --bias-from: the trained T5 bias of one head (column --head - 1 of relative_attention_bias.weight).
void applyBiasFrom(const FlagReader& flags, CardParams& p) {
    if (p.card != Card::Relative || p.relative.variant != RelativeVariant::T5) {
        throw UsageError(u"--bias-from"_s, u"is for the T5 variant of the relative card (--card relative)"_s);
    }
    try {
        const app::SafetensorsFile file(flags.text("bias-from"));
        const std::optional<QString> name = file.find(u"relative_attention_bias.weight"_s, u"encoder"_s);
        if (!name) {
            throw UsageError(u"--bias-from"_s,
                flags.text("bias-from")
                    + u": no tensor named *relative_attention_bias.weight (a T5 checkpoint "
                      "has one per stack)"_s);
        }
        const Eigen::MatrixXd bias = app::readT5BiasTable(file, *name);
        // --head counts from 1 here too: column head - 1.
        const int head
            = static_cast<int>(parseInteger(u"--head"_s, flags.isSet("head") ? flags.text("head") : u"1"_s, 1,
                  std::max<Eigen::Index>(bias.cols(), 1)))
            - 1;
        p.relative.num_buckets = static_cast<int>(bias.rows());
        p.relative.bucket_values.assign(bias.col(head).data(), bias.col(head).data() + bias.rows());
        if (!flags.isSet("unidirectional")) {
            p.relative.bidirectional = !name->contains(u"decoder"_s); // T5's decoder bias is causal
        }
    } catch (const app::FileError& error) {
        throw UsageError(u"--bias-from"_s, QString::fromUtf8(error.what()));
    }
}

/// The tricks' flags (domain-aware PE, gated PE, PE distillation); ranges (paramtable.h) are checked
/// by the engine.
void applyTrickFlags(const FlagReader& flags, TrickParams& t) {
    flags.setInt("edge-positions", t.edge_positions, kIntMin, kIntMax);
    flags.setNumber("bias-scale", t.bias_scale);
    if (flags.isSet("bias-seed")) {
        t.bias_seed = parseUnsigned(u"--bias-seed"_s, flags.text("bias-seed"));
    }
    flags.setEnum("gate", t.gate);
    flags.setNumber("alpha", t.alpha);
    flags.setNumber("alpha-end", t.alpha_end);
    flags.setNumber("gate-center", t.gate_center);
    flags.setNumber("gate-width", t.gate_width);
    flags.setInt("query", t.query, kInt64Min, kInt64Max);
    flags.setInt("distill-dim", t.distill_head_dim, kIntMin, kIntMax);
    flags.setInt("train-length", t.train_length, kInt64Min, kInt64Max);
    flags.setInt("eval-length", t.eval_length, kInt64Min, kInt64Max);
    flags.setInt("hidden", t.hidden, kIntMin, kIntMax);
    flags.setInt("epochs", t.epochs, kIntMin, kIntMax);
    flags.setNumber("learning-rate", t.learning_rate);
    if (flags.isSet("distill-seed")) {
        t.distill_seed = parseUnsigned(u"--distill-seed"_s, flags.text("distill-seed"));
    }
}

/// `readContent`: the quantity uses content vectors (--q-npy, --k-npy); only then are their first
/// L rows read, otherwise only their headers are checked.
void applyCardFlags(const FlagReader& flags, CardParams& p, bool readContent) {
    flags.setInt("length", p.length, kInt64Min, kInt64Max);
    if (flags.isSet("causal")) {
        p.causal = true;
    }
    flags.setInt("sliding-window", p.sliding_window, kInt64Min, kInt64Max);
    flags.setInt("attention-chunk", p.attention_chunk, kInt64Min, kInt64Max);
    flags.setInt("attention-sinks", p.attention_sinks, kInt64Min, kInt64Max);
    // Shared flags set every part that has the field; the card uses its own.
    flags.setInt("d-model", p.sinusoidal.d_model, kIntMin, kIntMax);
    flags.setInt("d-model", p.relative.d_model, kIntMin, kIntMax);
    flags.setNumber("base", p.sinusoidal.base);
    flags.setEnum("frequencies", p.sinusoidal.frequencies);
    flags.setInt("padding-idx", p.sinusoidal.padding_idx, kIntMin, kIntMax);
    applyLayout(flags, p);
    applyRopeFlags(flags, p.rope);
    flags.setInt("heads", p.alibi.heads, kIntMin, kIntMax);
    int head = p.alibi.head + 1; // --head counts from 1, as the app and the messages do
    flags.setInt("head", head, kIntMin + 1, kIntMax);
    p.alibi.head = head - 1;
    flags.setInt("head-dim", p.alibi.head_dim, kIntMin, kIntMax);
    flags.setNumber("alibi-bias-max", p.alibi.alibi_bias_max);
    flags.setEnum("form", p.alibi.form);
    flags.setEnum("variant", p.relative.variant);
    flags.setInt("clip-k", p.relative.clip_k, kIntMin, kIntMax);
    flags.setInt("buckets", p.relative.num_buckets, kIntMin, kIntMax);
    flags.setInt("max-distance", p.relative.max_distance, kIntMin, kIntMax);
    if (flags.isSet("unidirectional")) {
        p.relative.bidirectional = false;
    }
    flags.setEnum("term", p.relative.term);
    flags.setList("bucket-values", p.relative.bucket_values);
    if (flags.isSet("bias-from")) {
        applyBiasFrom(flags, p);
    }
    flags.setEnum("probe", p.probe.kind);
    if (flags.isSet("seed")) {
        p.probe.seed = parseUnsigned(u"--seed"_s, flags.text("seed"));
    }
    flags.setList("q", p.probe.q);
    flags.setList("k", p.probe.k);
    const std::int64_t contentRows
        = readContent ? std::clamp<std::int64_t>(p.length, 0, kMaxContentLength) : 0;
    p.probe.content_q = flags.matrix("q-npy", contentRows);
    p.probe.content_k = flags.matrix("k-npy", contentRows);
    // Queries from a file and random keys (or the reverse) would be half a model: refused (#32, C15),
    // once each given file was read (its own errors first).
    if (flags.isSet("q-npy") != flags.isSet("k-npy")) {
        const bool q = flags.isSet("q-npy");
        throw UsageError(q ? u"--q-npy"_s : u"--k-npy"_s,
            (q ? u"is given without --k-npy"_s : u"is given without --q-npy"_s)
                + u": allowed: both (queries and keys from files) or neither (q, k ~ N(0, I/d) from --seed)"_s);
    }
    if (!readContent) {
        p.probe.content_q.reset();
        p.probe.content_k.reset();
    }
    // The files' names go into figure captions, as in the app.
    if (p.probe.content_q) {
        p.probe.content_q_file = QFileInfo(flags.text("q-npy")).fileName().toStdString();
    }
    if (p.probe.content_k) {
        p.probe.content_k_file = QFileInfo(flags.text("k-npy")).fileName().toStdString();
    }
    flags.setEnum("pitfall", p.pitfall.kind);
    if (flags.isSet("pitfall-fixed")) {
        p.pitfall.fixed = true;
    }
    flags.setEnum("pitfall-format", p.pitfall.format);
    flags.setNumber("small-base", p.pitfall.small_base);
    flags.setInt("small-clip-k", p.pitfall.small_clip_k, kIntMin, kIntMax);
    flags.setInt("stale-seq-len", p.pitfall.stale_seq_len, kInt64Min, kInt64Max);
    flags.setInt("left-padding", p.pitfall.left_padding, kInt64Min, kInt64Max);
    applyTrickFlags(flags, p.tricks);
}

/// The card a --config model defines parameters for; any other card is an error naming the
/// model's encodings (the config would otherwise be silently ignored).
void checkCardOfModel(const app::ModelConfig& config, Card card) {
    const std::vector<Card> cards = config.cards();
    const bool hybridOfModel = card == Card::Hybrid && (config.usesRope || config.usesAlibi);
    const bool multimodalOfModel = card == Card::Multimodal && config.usesRope; // text ids: plain RoPE
    if (hybridOfModel || multimodalOfModel || std::find(cards.begin(), cards.end(), card) != cards.end()) {
        return;
    }
    QStringList names;
    for (const Card used : cards) {
        names.append(QString::fromStdString(toString(used)));
    }
    throw UsageError(u"--card"_s,
        QString::fromStdString(toString(card)) + u" is not used by the model of --config ("_s + config.name
            + u", model_type "_s + config.modelType + u"): its positional encoding is on card "_s
            + names.join(u", "_s) + u"; drop --config to explore "_s + QString::fromStdString(toString(card))
            + u" with its own flags"_s);
}

/// Every given flag of the descriptor table is checked against its own range, used or not (a
/// flag of another card, a key of another scaling type, a trick's flag): a value out of range is
/// a mistake either way, and ignoring it would accept it without a word. A flag that two
/// parameters share passes when either accepts the value; rules between flags stay with the use,
/// whose message comes first when the request breaks one (T5 buckets: [4, 1024] bidirectional).
void checkGivenTableFlags(const FlagReader& flags, const CardParams& params) {
    for (const ParamSpec& spec : kParamTable) {
        const std::string name(spec.flag);
        if (name.empty() || !flags.isSet(name.c_str())) {
            continue;
        }
        const double value = parseNumber(FlagReader::flag(name.c_str()), flags.text(name.c_str()));
        const bool accepted = std::any_of(kParamTable.begin(), kParamTable.end(),
            [&](const ParamSpec& other) { return other.flag == spec.flag && other.accepts(value); });
        if (!accepted) {
            validate(params);
            if (spec.flag == paramSpec(ParamId::SinusoidalDModel).flag
                && params.pitfall.kind == Pitfall::SinusoidalOddDModel) {
                continue; // the pitfall shows what an odd d_model does
            }
            checkParam(spec, value); // throws naming the parameter and its range
        }
    }
}

} // namespace

CardParams buildParams(
    const FlagReader& flags, const std::optional<app::ModelConfig>& config, bool readContent) {
    Card card = config ? config->cards().front() : Card::Rope;
    flags.setEnum("card", card);
    // The card as the app starts it (its table start values: the sinusoidal card at L = 512, ...),
    // then the model on it as the app opens one: one request for the same words (#32, item 4).
    CardParams params = startParams(card);
    if (config) {
        checkCardOfModel(*config, card);
        config->openOn(params); // the app's rule: its length, the sequence length L (#32)
    }
    applyCardFlags(flags, params, readContent);
    if (params.card == Card::Multimodal) {
        applyMultimodalFlags(flags, config, params);
    }
    // As the app's head control: a start head past the heads given follows them (the range
    // rule of its form keeps the head in [1, H]); a head given by --head is never moved.
    const ParamSpec& head = paramSpec(ParamId::Head);
    if (!flags.isSet("head") && paramValue(params, head) > params.alibi.heads) {
        setParamValue(params, head, static_cast<double>(params.alibi.heads));
    }
    checkGivenTableFlags(flags, params);
    if (params.card == Card::Sinusoidal && params.pitfall.kind == Pitfall::SinusoidalOddDModel
        && params.sinusoidal.d_model % 2 == 0) {
        // With an even d_model the naive code builds the correct table: nothing to show.
        throw UsageError(u"--d-model"_s,
            u"d_model = %1 is even: the odd-d-model pitfall needs an odd d_model, e.g. %2"_s
                .arg(params.sinusoidal.d_model)
                .arg(params.sinusoidal.d_model - 1));
    }
    return params;
}

} // namespace pecards::cli
