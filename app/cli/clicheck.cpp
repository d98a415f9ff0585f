#include "clicheck.h"

#include "climrope.h"
#include "cliparams.h"
#include "cliparser.h"
#include "common/fileerror.h"
#include "common/ggufrope.h"
#include "common/npyfile.h"
#include "flagreader.h"
#include "pecards/viewrules.h"
#include "usageerror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

Eigen::MatrixXd readTable(const FlagReader& flags, const char* name, CheckFormat format) {
    try {
        return app::readCheckTable(flags.text(name), format);
    } catch (const app::FileError& error) {
        throw UsageError(FlagReader::flag(name), QString::fromUtf8(error.what()));
    }
}

} // namespace

CheckFormat parseCheckFormat(const QString& text) {
    for (const CheckFormat format :
        {CheckFormat::Float64, CheckFormat::Float32, CheckFormat::Bfloat16, CheckFormat::Float16}) {
        const QString name = QString::fromStdString(toString(format));
        if (text == name || (text == u"fp32"_s && format == CheckFormat::Float32)
            || (text == u"fp64"_s && format == CheckFormat::Float64)
            || (text == u"bf16"_s && format == CheckFormat::Bfloat16)
            || (text == u"fp16"_s && format == CheckFormat::Float16)) {
            return format;
        }
    }
    throw UsageError(u"--dtype"_s,
        u'"' + text
            + u"\" is not a format: allowed: float64 (fp64), float32 (fp32), bfloat16 (bf16), float16 (fp16)"_s);
}

namespace {

QJsonValue number(double value) {
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject checkReportJson(const CheckReport& report, const CheckInputs& inputs) {
    QJsonArray variants;
    for (const CheckVariant& variant : report.variants) {
        variants.append(QJsonObject {{u"name"_s, QString::fromStdString(variant.name)},
            {u"explanation"_s, QString::fromStdString(variant.explanation)},
            {u"comparable"_s, variant.comparable},
            {u"max_error"_s, variant.comparable ? number(variant.max_error) : QJsonValue(QJsonValue::Null)},
            {u"fits"_s, variant.fits}});
    }
    return QJsonObject {{u"matches"_s, report.matches},
        {u"table"_s,
            inputs.cache         ? u"cos-sin"_s
                : inputs.vectors ? u"rotated"_s
                                 : u"inv-freq"_s},
        {u"source"_s, inputs.source},
        {u"mrope_layout"_s,
            inputs.mrope ? QJsonValue(QString::fromStdString(toString(inputs.mrope->layout)))
                         : QJsonValue(QJsonValue::Null)},
        {u"format"_s, QString::fromStdString(toString(report.format))},
        {u"unit_roundoff"_s, report.unit_roundoff}, {u"seq_len"_s, static_cast<qint64>(inputs.seqLen)},
        {u"max_error"_s, number(report.max_error)}, {u"max_abs_error"_s, report.max_abs_error},
        {u"max_phase_error"_s, report.max_phase_error},
        {u"first_position"_s, static_cast<qint64>(report.first_position)},
        {u"first_pair"_s, report.first_pair}, {u"diagnosis"_s, variants}};
}

namespace {

void printReport(const CheckReport& report, const CheckInputs& inputs, QTextStream& out) {
    if (!inputs.source.isEmpty()) {
        out << inputs.source << '\n';
    }
    const QString rows = inputs.mrope ? u" tokens (M-RoPE ids, "_s
            + QString::fromStdString(toString(inputs.mrope->layout)) + u" sections)"_s
                                      : u" positions (from "_s + QString::number(inputs.firstPosition) + u')';
    if (inputs.cache) {
        out << "cos/sin of " << inputs.cos.rows() << rows << " x " << inputs.cos.cols() << " columns";
    } else if (inputs.vectors) {
        out << "rotated vectors of " << inputs.rotated.rows() << rows << " x " << inputs.rotated.cols()
            << " dims";
    } else {
        out << "inv_freq of " << inputs.invFreq.size() << " pairs";
    }
    out << ", " << QString::fromStdString(toString(report.format)) << ", seq_len " << inputs.seqLen
        << " (tolerance 16 u, u = " << report.unit_roundoff << ")\n";
    if (report.matches) {
        out << "matches the reference: max error " << report.max_error << " of the tolerance\n";
    } else {
        out << "does not match the reference: ";
        if (std::isinf(report.max_error)) {
            out << "another size than the model's table\n";
        } else {
            out << "max error " << report.max_error << " tolerances (" << report.max_abs_error << " absolute";
            if (inputs.cache) {
                out << ", phase " << report.max_phase_error << " rad";
            }
            out << "), first at ";
            if (inputs.cache || inputs.vectors) {
                out << (inputs.mrope ? "token " : "position ") << report.first_position << ", ";
            }
            out << "pair " << report.first_pair << '\n';
        }
    }
    out << "diagnosis (best fit first; fits = within the tolerance):\n";
    int rank = 1;
    for (const CheckVariant& variant : report.variants) {
        out << "  " << rank++ << ". " << QString::fromStdString(variant.name).leftJustified(26) << ' ';
        if (!variant.comparable) {
            out << "another size";
        } else {
            out << (variant.fits ? "fits    " : "        ") << QString::number(variant.max_error, 'g', 3);
        }
        out << "  " << QString::fromStdString(variant.explanation) << '\n';
    }
    if (!report.matches && !report.variants.empty() && !report.variants.front().fits) {
        out << "no known bug reproduces these numbers: the error starts where shown above\n";
    }
}

} // namespace

namespace {

/// "0-5, 7, 9-11": the layers of a group, consecutive runs joined.
QString layerList(const std::vector<int>& layers) {
    QStringList runs;
    for (std::size_t i = 0; i < layers.size();) {
        std::size_t j = i;
        while (j + 1 < layers.size() && layers[j + 1] == layers[j] + 1) {
            ++j;
        }
        runs << (i == j ? QString::number(layers[i])
                        : QString::number(layers[i]) + u'-' + QString::number(layers[j]));
        i = j + 1;
    }
    return runs.join(u", "_s);
}

/// --layer N: the group of layer N becomes the config's primary one, so its RoPE parameters (and
/// M-RoPE sections) are what the tables are checked against.
void selectLayer(const FlagReader& flags, app::ModelConfig& config) {
    const int layers = config.positions.num_layers;
    int layer = 0;
    flags.setInt("layer", layer, 0, layers - 1);
    for (std::size_t g = 0; g < config.positions.groups.size(); ++g) {
        const LayerGroup& group = config.positions.groups[g];
        if (std::find(group.layers.begin(), group.layers.end(), layer) == group.layers.end()) {
            continue;
        }
        if (group.treatment != LayerTreatment::Rope) {
            QStringList rope;
            for (const LayerGroup& other : config.positions.groups) {
                if (other.treatment == LayerTreatment::Rope) {
                    rope << layerList(other.layers);
                }
            }
            throw UsageError(u"--layer"_s,
                QString::number(layer) + u" is a "_s + QString::fromStdString(toString(group.treatment))
                    + u" layer ("_s + QString::fromStdString(group.name)
                    + u"): it has no rotary tables: allowed: the RoPE layers "_s
                    + (rope.isEmpty() ? u"(none)"_s : rope.join(u", "_s)));
        }
        config.rope = group.rope;
        config.primaryGroup = static_cast<int>(g);
        return;
    }
}

} // namespace

void parseCheck(const FlagReader& flags, CliRequest& request) {
    request.config = readModelFlags(flags);
    if (flags.isSet("layer")) {
        if (!request.config) {
            throw UsageError(u"--layer"_s, u"needs a --config: the layers are the model's"_s);
        }
        selectLayer(flags, *request.config);
    }
    CardParams params = buildParams(flags, request.config, false);
    if (!flags.isSet("card") && !request.config) {
        params.card = Card::Rope;
    }
    if (params.card != Card::Rope && params.card != Card::Hybrid) {
        throw UsageError(u"--card"_s,
            QString::fromStdString(toString(params.card))
                + u" has no rotary tables: allowed: rope (or a RoPE --config)"_s);
    }
    CheckInputs& inputs = request.check;
    const bool invFreq = flags.isSet("inv-freq");
    const bool gguf = flags.isSet("gguf");
    inputs.cache = flags.isSet("cos") || flags.isSet("sin");
    inputs.vectors = flags.isSet("rotated") || flags.isSet("unrotated");
    const int sources
        = (invFreq ? 1 : 0) + (gguf ? 1 : 0) + (inputs.cache ? 1 : 0) + (inputs.vectors ? 1 : 0);
    if (sources != 1) {
        throw UsageError(sources == 0 ? u"--inv-freq"_s : u"--gguf"_s,
            sources == 0
                ? u"is missing: check needs --inv-freq FILE.npy, --cos FILE.npy --sin FILE.npy, --rotated "
                  "FILE.npy --unrotated FILE.npy or --gguf FILE"_s
                : u"and another table given: allowed: one of --inv-freq, --cos/--sin, --rotated/--unrotated, "
                  "--gguf per check"_s);
    }
    if (inputs.cache && !(flags.isSet("cos") && flags.isSet("sin"))) {
        throw UsageError(
            flags.isSet("cos") ? u"--sin"_s : u"--cos"_s, u"is missing: a cache is checked as cos and sin"_s);
    }
    if (inputs.vectors && !(flags.isSet("rotated") && flags.isSet("unrotated"))) {
        throw UsageError(flags.isSet("rotated") ? u"--unrotated"_s : u"--rotated"_s,
            u"is missing: rotated vectors are checked against the same vectors before RoPE"_s);
    }
    if (flags.isSet("dtype")) {
        inputs.format = parseCheckFormat(flags.text("dtype"));
    }
    flags.setInt("first-position", inputs.firstPosition, 0, std::int64_t {1} << 26);
    request.checkJson = flags.isSet("json");
    if (gguf) {
        try {
            const app::GgufFile file(flags.text("gguf"));
            const app::GgufRope rope = app::ggufRope(file);
            inputs.invFreq = rope.invFreq;
            inputs.source = rope.summary;
        } catch (const app::FileError& error) {
            throw UsageError(u"--gguf"_s, QString::fromUtf8(error.what()));
        }
    } else if (invFreq) {
        try {
            inputs.invFreq = app::readInvFreqTable(flags.text("inv-freq"), inputs.format);
        } catch (const app::FileError& error) {
            throw UsageError(u"--inv-freq"_s, QString::fromUtf8(error.what()));
        }
    } else if (inputs.cache) {
        inputs.cos = readTable(flags, "cos", inputs.format);
        inputs.sin = readTable(flags, "sin", inputs.format);
    } else {
        inputs.unrotated = readTable(flags, "unrotated", inputs.format);
        inputs.rotated = readTable(flags, "rotated", inputs.format);
    }
    if (inputs.cache || inputs.vectors) {
        inputs.mrope = parseCheckMrope(
            flags, request.config, inputs.cache ? inputs.cos.rows() : inputs.rotated.rows(), inputs.format);
        const bool sections = flags.isSet("mrope-section")
            || (request.config && request.config->usesRope
                && !request.config->positions.groups
                        .at(static_cast<std::size_t>(request.config->primaryGroup))
                        .mrope_section.empty());
        if (sections && !inputs.mrope) {
            inputs.source = u"M-RoPE model, rows read as text (t = h = w = position): give --position-ids or "
                            "--segments for image or video tokens"_s;
        }
    } else if (flags.isSet("position-ids") || flags.isSet("segments")) {
        throw UsageError(flags.isSet("segments") ? u"--segments"_s : u"--position-ids"_s,
            u"is for a cos/sin cache or rotated vectors: inv_freq has no positions"_s);
    }
    inputs.seqLen = checkSeqLen(inputs, params, flags.isSet("seq-len") || flags.isSet("length"));
    request.view.params = params;
}

int runCheck(const CliRequest& request, QTextStream& out) {
    const CheckInputs& inputs = request.check;
    const CheckReport report = app::runCheck(inputs, request.view.params.rope);
    if (request.checkJson) {
        out << QString::fromUtf8(
            QJsonDocument(checkReportJson(report, inputs)).toJson(QJsonDocument::Indented));
    } else {
        printReport(report, inputs, out);
    }
    out.flush();
    return report.matches ? 0 : 1;
}

} // namespace pecards::cli
