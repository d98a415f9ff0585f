#include "cliparser.h"

#include "cliflags.h"
#include "clivalues.h"
#include "common/configerror.h"
#include "common/fileerror.h"
#include "common/npyfile.h"
#include "usageerror.h"

#include <QCommandLineParser>
#include <limits>
#include <memory>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

constexpr std::int64_t kIntMin = std::numeric_limits<int>::min();
constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr int kDefaultViewCap = 1024; ///< default output pixels per axis

/// QCommandLineParser with the flag table, and typed getters that name the flag on failure.
class Flags {
public:
    explicit Flags(const QStringList& arguments) {
        for (const CliFlag& flag : cliFlags()) {
            const QString name = QString::fromLatin1(flag.name);
            if (flag.valueName) {
                m_parser.addOption(QCommandLineOption(
                    name, QString::fromLatin1(flag.help), QString::fromLatin1(flag.valueName)));
            } else {
                m_parser.addOption(QCommandLineOption(name, QString::fromLatin1(flag.help)));
            }
        }
        m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
        if (!m_parser.parse(arguments)) {
            throw UsageError(u"pecards-cli"_s, m_parser.errorText() + u" (see pecards-cli --help)"_s);
        }
    }

    bool isSet(const char* name) const { return m_parser.isSet(QString::fromLatin1(name)); }
    QString text(const char* name) const { return m_parser.value(QString::fromLatin1(name)); }
    static QString flag(const char* name) { return u"--"_s + QString::fromLatin1(name); }
    QStringList positional() const { return m_parser.positionalArguments(); }

    template <typename T>
    void setInt(const char* name, T& field, std::int64_t minimum, std::int64_t maximum) const {
        if (isSet(name)) {
            field = static_cast<T>(parseInteger(flag(name), text(name), minimum, maximum));
        }
    }
    void setNumber(const char* name, double& field) const {
        if (isSet(name)) {
            field = parseNumber(flag(name), text(name));
        }
    }
    void setList(const char* name, std::vector<double>& field) const {
        if (isSet(name)) {
            field = parseNumberList(flag(name), text(name));
        }
    }
    template <typename Enum> void setEnum(const char* name, Enum& field) const {
        if (isSet(name)) {
            field = parseEnum<Enum>(flag(name), text(name));
        }
    }
    std::shared_ptr<const Eigen::MatrixXd> matrix(const char* name) const {
        if (!isSet(name)) {
            return nullptr;
        }
        try {
            return std::make_shared<const Eigen::MatrixXd>(app::readNpyMatrix(text(name)));
        } catch (const app::FileError& error) {
            throw UsageError(flag(name), QString::fromUtf8(error.what()));
        }
    }
    std::vector<double> rangeOrList(
        const char* name, std::int64_t defaultBegin, std::int64_t defaultEnd) const {
        if (isSet(name)) {
            return parseRangeOrList(flag(name), text(name));
        }
        return parseRangeOrList(
            flag(name), QString::number(defaultBegin) + u':' + QString::number(defaultEnd));
    }

private:
    QCommandLineParser m_parser;
};

std::optional<app::ModelConfig> readConfig(const QString& flag, const QString& path) {
    try {
        return app::readModelConfig(path);
    } catch (const app::ConfigError& error) {
        throw UsageError(flag, QString::fromUtf8(error.what()));
    }
}

void applyLayout(const Flags& flags, CardParams& p) {
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

void applyRopeFlags(const Flags& flags, RopeParams& rope) {
    flags.setInt("head-dim", rope.head_dim, kIntMin, kIntMax);
    flags.setNumber("base", rope.base);
    flags.setInt("rotary-dim", rope.rotary_dim, kIntMin, kIntMax);
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

void applyCardFlags(const Flags& flags, CardParams& p) {
    flags.setInt("length", p.length, kInt64Min, kInt64Max);
    if (flags.isSet("causal")) {
        p.causal = true;
    }
    // Shared flags set every part that has the field; the card uses its own.
    flags.setInt("d-model", p.sinusoidal.d_model, kIntMin, kIntMax);
    flags.setInt("d-model", p.relative.d_model, kIntMin, kIntMax);
    flags.setNumber("base", p.sinusoidal.base);
    flags.setEnum("frequencies", p.sinusoidal.frequencies);
    flags.setInt("padding-idx", p.sinusoidal.padding_idx, kIntMin, kIntMax);
    applyLayout(flags, p);
    applyRopeFlags(flags, p.rope);
    flags.setInt("heads", p.alibi.heads, kIntMin, kIntMax);
    flags.setInt("head", p.alibi.head, kIntMin, kIntMax);
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
    flags.setEnum("probe", p.probe.kind);
    if (flags.isSet("seed")) {
        p.probe.seed = parseUnsigned(u"--seed"_s, flags.text("seed"));
    }
    flags.setList("q", p.probe.q);
    flags.setList("k", p.probe.k);
    p.probe.content_q = flags.matrix("q-npy");
    p.probe.content_k = flags.matrix("k-npy");
}

CardParams buildParams(const Flags& flags, const std::optional<app::ModelConfig>& config) {
    CardParams params;
    if (config) {
        params.card = config->cards().front();
        config->applyTo(params);
    }
    flags.setEnum("card", params.card);
    applyCardFlags(flags, params);
    return params;
}

std::pair<std::int64_t, std::int64_t> windowRange(
    const Flags& flags, const char* name, std::int64_t begin, std::int64_t end) {
    return flags.isSet(name) ? parseRange(Flags::flag(name), flags.text(name)) : std::pair {begin, end};
}

void buildView(const Flags& flags, ViewRequest& view) {
    const Window extent = fullExtent(view.params, view.quantity);
    std::tie(view.window.row_begin, view.window.row_end)
        = windowRange(flags, "rows", extent.row_begin, extent.row_end);
    std::tie(view.window.col_begin, view.window.col_end)
        = windowRange(flags, "cols", extent.col_begin, extent.col_end);
    if (flags.isSet("view")) {
        std::tie(view.out_rows, view.out_cols) = parseViewSize(u"--view"_s, flags.text("view"));
    } else {
        view.out_rows = static_cast<int>(std::clamp<std::int64_t>(view.window.rows(), 1, kDefaultViewCap));
        view.out_cols = static_cast<int>(std::clamp<std::int64_t>(view.window.cols(), 1, kDefaultViewCap));
    }
    flags.setEnum("reduction", view.reduction);
    pecards::validate(view);
}

CurveInputs buildCurve(const Flags& flags, const CliQuantity& quantity, const CardParams& params) {
    CurveInputs curve;
    const std::int64_t length = params.length;
    switch (quantity.curve) {
    case Curve::Decay:
    case Curve::BiasVsDistance:
        curve.distances = flags.rangeOrList("distances", 0, length);
        for (const double r : curve.distances) {
            if (r < 0) {
                throw UsageError(
                    u"--distances"_s, QString::number(r) + u" is negative: allowed: distances r >= 0"_s);
            }
        }
        break;
    case Curve::ScoreVsOffset:
    case Curve::BucketsVsOffset:
        curve.offsets = flags.rangeOrList("offsets", 1 - length, length);
        break;
    case Curve::Rotate: {
        curve.positions = flags.rangeOrList("positions", 0, length);
        if (!flags.isSet("vector")) {
            throw UsageError(
                u"--vector"_s, u"is missing (needed by quantity rotate: head_dim numbers X,X,...)"_s);
        }
        const std::vector<double> x = parseNumberList(u"--vector"_s, flags.text("vector"));
        curve.vector = Eigen::Map<const Eigen::VectorXd>(x.data(), static_cast<Eigen::Index>(x.size()));
        break;
    }
    case Curve::TxlRelShift:
        if (!flags.isSet("in")) {
            throw UsageError(
                u"--in"_s, u"is missing (needed by quantity txl-rel-shift: a qlen x klen .npy)"_s);
        }
        curve.input = *flags.matrix("in");
        curve.zeroTriu = flags.isSet("zero-triu");
        break;
    case Curve::TxlPosEmb:
        flags.setInt("clamp-len", curve.clampLen, -1, kMaxLength);
        break;
    default:
        break;
    }
    return curve;
}

void parseCompute(const Flags& flags, CliRequest& request) {
    if (flags.isSet("config")) {
        request.config = readConfig(u"--config"_s, flags.text("config"));
    }
    if (!flags.isSet("quantity")) {
        throw UsageError(u"--quantity"_s, u"is missing (see QUANTITIES in pecards-cli --help)"_s);
    }
    request.quantity = findQuantity(flags.text("quantity"));
    if (!request.quantity) {
        throw UsageError(u"--quantity"_s,
            u'"' + flags.text("quantity") + u"\" is not a quantity (see pecards-cli --help)"_s);
    }
    if (!flags.isSet("out")) {
        throw UsageError(u"--out"_s, u"is missing (the output .npy or .csv file)"_s);
    }
    request.outPath = flags.text("out");
    const QString lower = request.outPath.toLower();
    if (!lower.endsWith(u".npy"_s) && !lower.endsWith(u".csv"_s)) {
        throw UsageError(u"--out"_s, u'"' + request.outPath + u"\" must end in .npy or .csv"_s);
    }
    request.device = flags.isSet("device") ? flags.text("device") : u"cpu"_s;
    ViewRequest& view = request.view;
    view.params = buildParams(flags, request.config);
    const CliQuantity& quantity = *request.quantity;
    if (std::find(quantity.cards.begin(), quantity.cards.end(), view.params.card) == quantity.cards.end()) {
        throw UsageError(u"--quantity"_s,
            QString::fromLatin1(quantity.name) + u" is not offered by card "_s
                + QString::fromStdString(toString(view.params.card)) + u": allowed: cards "_s
                + cardNames(quantity.cards));
    }
    pecards::validate(view.params);
    if (quantity.curve == Curve::None) {
        view.quantity = quantity.view;
        buildView(flags, view);
    } else {
        request.curve = buildCurve(flags, quantity, view.params);
    }
}

void parseConfig(const Flags& flags, CliRequest& request) {
    const QStringList positional = flags.positional();
    const QString path = positional.size() > 1 ? positional[1] : flags.text("config");
    if (path.isEmpty()) {
        throw UsageError(
            u"config"_s, u"needs a file: pecards-cli config FILE [--seq-len N] [--out FILE.json]"_s);
    }
    request.config = readConfig(positional.size() > 1 ? u"config"_s : u"--config"_s, path);
    request.view.params.rope = request.config->rope;
    flags.setInt("seq-len", request.view.params.rope.seq_len, 1, kMaxLength);
    request.outPath = flags.text("out");
}

} // namespace

CliRequest parseCommandLine(const QStringList& arguments) {
    const Flags flags(arguments);
    CliRequest request;
    const QStringList positional = flags.positional();
    if (flags.isSet("help") || (!positional.isEmpty() && positional.front() == u"help"_s)) {
        return request;
    }
    if (positional.isEmpty()) {
        throw UsageError(u"pecards-cli"_s, u"no command given: use compute, config, devices or --help"_s);
    }
    const QString& command = positional.front();
    const qsizetype allowedPositional = command == u"config"_s ? 2 : 1;
    if (positional.size() > allowedPositional) {
        throw UsageError(command, u"unexpected argument \""_s + positional[allowedPositional] + u'"');
    }
    if (command == u"compute"_s) {
        request.command = CliRequest::Command::Compute;
        parseCompute(flags, request);
    } else if (command == u"config"_s) {
        request.command = CliRequest::Command::Config;
        parseConfig(flags, request);
    } else if (command == u"devices"_s) {
        request.command = CliRequest::Command::Devices;
    } else {
        throw UsageError(command, u"is not a command: allowed: compute, config, devices, help"_s);
    }
    return request;
}

} // namespace pecards::cli
