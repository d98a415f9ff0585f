#include "cliweights.h"

#include "clicommands.h"
#include "cliparams.h"
#include "cliparser.h"
#include "clivalues.h"
#include "common/checkpointusage.h"
#include "common/configerror.h"
#include "common/fileerror.h"
#include "common/npyfile.h"
#include "common/outputfile.h"
#include "figure/figureexporter.h"
#include "figure/pairusagefigure.h"
#include "flagreader.h"
#include "pecards/errors.h"
#include "pecards/pairusage.h"
#include "usageerror.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

WeightsInputs::Quantity parseWeightsQuantity(const QString& text) {
    if (text == u"pair-usage"_s) {
        return WeightsInputs::Quantity::PairUsage;
    }
    if (text == u"query-usage"_s) {
        return WeightsInputs::Quantity::QueryUsage;
    }
    if (text == u"key-usage"_s) {
        return WeightsInputs::Quantity::KeyUsage;
    }
    if (text == u"activation-usage"_s) {
        return WeightsInputs::Quantity::ActivationUsage;
    }
    throw UsageError(u"--quantity"_s,
        u"= \""_s + text
            + u"\" is not a quantity of weights: allowed: pair-usage, query-usage, key-usage, activation-usage"_s);
}

/// Each located layer's usage, and the moved pairs of its scaling (the chosen one, or its own).
struct LayerSummary {
    app::LayerUsage usage;
    std::vector<bool> moved;
};

QByteArray summaryCsv(const std::vector<LayerSummary>& layers) {
    QByteArray csv = "layer,head,key_head,usage,moved_fraction,top_pair\n";
    for (const LayerSummary& layer : layers) {
        for (const app::HeadSummary& head : app::headSummaries(layer.usage, layer.moved)) {
            csv += QByteArray::number(layer.usage.layer) + ',' + QByteArray::number(head.head) + ','
                + QByteArray::number(head.keyHead) + ',' + QByteArray::number(head.usage, 'g', 17) + ','
                + QByteArray::number(head.movedFraction, 'g', 17) + ',' + QByteArray::number(head.topPair)
                + '\n';
        }
    }
    return csv;
}

QByteArray summaryJson(const std::vector<LayerSummary>& layers, const app::AttentionWeights& weights,
    const CliRequest& request) {
    QJsonArray layerArray;
    for (const LayerSummary& layer : layers) {
        QJsonArray moved;
        for (std::size_t i = 0; i < layer.moved.size(); ++i) {
            if (layer.moved[i]) {
                moved.append(static_cast<int>(i));
            }
        }
        QJsonArray heads;
        for (const app::HeadSummary& head : app::headSummaries(layer.usage, layer.moved)) {
            heads.append(
                QJsonObject {{u"head"_s, head.head}, {u"key_head"_s, head.keyHead}, {u"usage"_s, head.usage},
                    {u"moved_fraction"_s, head.movedFraction}, {u"top_pair"_s, head.topPair}});
        }
        layerArray.append(
            QJsonObject {{u"layer"_s, layer.usage.layer}, {u"moved_pairs"_s, moved}, {u"heads"_s, heads}});
    }
    const QJsonObject root {{u"checkpoint"_s, request.weights.checkpoint},
        {u"config"_s, request.config->filePath}, {u"heads"_s, weights.heads},
        {u"key_heads"_s, weights.kvHeads},
        {u"scaling"_s,
            request.weights.scaling ? QString::fromStdString(toString(request.weights.scaling->type))
                                    : u"each layer's own"_s},
        {u"scaling_factor"_s,
            request.weights.scaling ? QJsonValue(request.weights.scaling->factor) : QJsonValue()},
        {u"notes"_s, QJsonArray::fromStringList(weights.notes)}, {u"layers"_s, layerArray}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

/// --out FILE.png|svg|pdf: the figure of `out` (pairusagefigure.h) at the default figure size.
void writeUsageFigure(const CliRequest& request, const Eigen::MatrixXd& out,
    const std::vector<LayerSummary>& layers, const app::AttentionWeights& weights) {
    const WeightsInputs& inputs = request.weights;
    std::vector<int> indices;
    for (const LayerSummary& layer : layers) {
        indices.push_back(layer.usage.layer);
    }
    app::PairUsageFigureText text = app::pairUsageFigureText(
        request.config->name, inputs.checkpoint, inputs.layer, indices, weights.heads, weights.kvHeads);
    switch (inputs.quantity) {
    case WeightsInputs::Quantity::PairUsage:
        break;
    case WeightsInputs::Quantity::QueryUsage:
        text.valueLabel = u"‖W_q⁽ⁱ⁾‖₂ (longest |qᵢ| of a unit input)"_s;
        break;
    case WeightsInputs::Quantity::KeyUsage:
        text.valueLabel = u"‖W_k⁽ⁱ⁾‖₂ (longest |kᵢ| of a unit input)"_s;
        text.rowLabel = u"key head"_s;
        break;
    case WeightsInputs::Quantity::ActivationUsage:
        text.valueLabel = u"mean |qᵢ| |kᵢ| over the given inputs"_s;
        break;
    }
    const app::FigureExporter exporter;
    QString error;
    if (!exporter.save(request.outPath, {app::pairUsageFigure(out, text)}, &error)) {
        throw app::FileError(error.toStdString());
    }
}

} // namespace

void parseWeights(const FlagReader& flags, CliRequest& request) {
    request.config = readModelFlags(flags);
    if (!request.config) {
        throw UsageError(u"--config"_s,
            u"is missing: weights needs the model's config.json (--config FILE or --model-preset NAME) "
            "for its heads, head size and layers"_s);
    }
    WeightsInputs& inputs = request.weights;
    if (!flags.isSet("checkpoint")) {
        throw UsageError(u"--checkpoint"_s,
            u"is missing: weights reads a .safetensors file, a model.safetensors.index.json or a folder "
            "holding either"_s);
    }
    inputs.checkpoint = flags.text("checkpoint");
    if (flags.isSet("quantity")) {
        inputs.quantity = parseWeightsQuantity(flags.text("quantity"));
    }
    const int layers = request.config->positions.num_layers;
    if (flags.isSet("layer")) {
        inputs.layer
            = static_cast<int>(parseInteger(u"--layer"_s, flags.text("layer"), 0, std::max(layers - 1, 0)));
    } else if (inputs.quantity != WeightsInputs::Quantity::PairUsage) {
        throw UsageError(u"--layer"_s,
            u"is missing: query-usage, key-usage and activation-usage are one layer's heads x pairs "
            u"(pair-usage "
            "without --layer pools every layer)"_s);
    }
    const bool activationUsage = inputs.quantity == WeightsInputs::Quantity::ActivationUsage;
    if (activationUsage != flags.isSet("activations")) {
        throw UsageError(u"--activations"_s,
            activationUsage
                ? u"is missing: activation-usage averages over the layer's inputs, --activations X.npy "
                  "(positions x hidden size)"_s
                : u"is read by --quantity activation-usage only"_s);
    }
    if (activationUsage) {
        // Hidden states, not probe vectors: any finite value (massive activations reach 1e3 and more),
        // float16 too, and (1, positions, hidden) as a batch of one (readNpyTable).
        try {
            inputs.activations
                = std::make_shared<const Eigen::MatrixXd>(app::readNpyTable(flags.text("activations")));
        } catch (const app::FileError& error) {
            throw UsageError(u"--activations"_s, QString::fromUtf8(error.what()));
        }
    }
    if (flags.isSet("pair-layout")) {
        inputs.pairLayout = parseEnum<RopeLayout>(u"--pair-layout"_s, flags.text("pair-layout"));
    }
    if (flags.isSet("scaling")) {
        inputs.scaling = buildParams(flags, request.config, false).rope.scaling;
    } else {
        for (const char* flag : {"factor", "original-max-pos", "beta-fast", "beta-slow", "low-freq-factor",
                 "high-freq-factor", "attention-factor"}) {
            if (flags.isSet(flag)) {
                throw UsageError(FlagReader::flag(flag),
                    u"is given without --scaling: name the scaling under test (e.g. --scaling yarn --factor "
                    u"4); "
                    "without it each layer's own scaling from the config is used"_s);
            }
        }
    }
    flags.setInt("seq-len", inputs.seqLen, 1, kMaxLength);
    if (flags.isSet("summary")) {
        inputs.summaryPath = flags.text("summary");
        if (!inputs.summaryPath.endsWith(u".csv"_s) && !inputs.summaryPath.endsWith(u".json"_s)) {
            throw UsageError(
                u"--summary"_s, u"= \""_s + inputs.summaryPath + u"\" must end in .csv or .json"_s);
        }
    }
    if (request.outPath.isEmpty()) {
        request.outPath = flags.text("out");
    }
    if (request.outPath.isEmpty() && inputs.summaryPath.isEmpty()) {
        throw UsageError(u"--out"_s, u"is missing: weights writes --out FILE.npy|.csv and/or --summary"_s);
    }
    const QString suffix = QFileInfo(request.outPath).suffix().toLower();
    if (!request.outPath.isEmpty() && request.outPath != u"-"_s
        && !QStringList {u"npy"_s, u"csv"_s, u"png"_s, u"svg"_s, u"pdf"_s}.contains(suffix)) {
        throw UsageError(u"--out"_s,
            u"= \""_s + request.outPath
                + u"\" must end in .npy or .csv (the numbers), .png, .svg or .pdf (the figure), or be - "
                  u"(.npy on "
                  "standard output)"_s);
    }
    if (!inputs.summaryPath.isEmpty()
        && QFileInfo(inputs.summaryPath).absoluteFilePath()
            == QFileInfo(request.outPath).absoluteFilePath()) {
        throw UsageError(u"--summary"_s, u"is the --out file; give each its own file"_s);
    }
}

void runWeights(const CliRequest& request, QTextStream& stdoutStream, QTextStream& err) {
    const WeightsInputs& inputs = request.weights;
    const app::ModelConfig& config = *request.config;
    for (const auto& [flag, path] :
        {std::pair {u"--out"_s, request.outPath}, {u"--summary"_s, inputs.summaryPath}}) {
        try {
            if (!path.isEmpty() && path != u"-"_s) {
                app::checkOutputTarget(path);
            }
        } catch (const app::FileError& error) {
            throw UsageError(flag, QString::fromUtf8(error.what()));
        }
    }
    std::vector<LayerSummary> layers;
    app::AttentionWeights weights;
    std::optional<Eigen::MatrixXd> activationUsage;
    try {
        const app::Checkpoint checkpoint(inputs.checkpoint);
        weights = app::locateAttentionWeights(checkpoint, config, inputs.pairLayout);
        if (inputs.layer) {
            const auto it = std::ranges::find(weights.layers, *inputs.layer, &app::LayerHeads::layer);
            if (it == weights.layers.end()) {
                throw UsageError(u"--layer"_s,
                    QString::number(*inputs.layer) + u" has no rotary pairs (a "_s
                        + QString::fromStdString(toString(config.positions.groupOf(*inputs.layer).treatment))
                        + u" layer)"_s);
            }
            weights.layers = {*it};
        }
        for (std::size_t index = 0; index < weights.layers.size(); ++index) {
            const app::ScalingUnderTest test
                = app::scalingUnderTest(weights.layers[index], inputs.scaling, inputs.seqLen, config);
            layers.push_back(
                {app::layerUsage(checkpoint, weights, index), pairsMovedByScaling(test.rope, test.seqLen)});
        }
        if (inputs.activations) {
            activationUsage = app::layerActivationUsage(checkpoint, weights, 0, *inputs.activations);
        }
    } catch (const app::FileError& error) {
        throw UsageError(u"--checkpoint"_s, QString::fromUtf8(error.what()));
    } catch (const app::ConfigError& error) { // the config does not describe the checkpoint's heads
        throw UsageError(u"--config"_s, QString::fromUtf8(error.what()));
    } catch (const InvalidParameter& error) {
        if (error.name() != "activations") {
            throw;
        }
        throw UsageError(u"--activations"_s, QString::fromUtf8(error.what()));
    }
    for (const QString& note : weights.notes) {
        err << u"pecards-cli: note: "_s << note << Qt::endl;
    }
    if (!request.outPath.isEmpty()) {
        Eigen::MatrixXd out;
        if (inputs.layer) {
            const app::LayerUsage& usage = layers.front().usage;
            out = inputs.quantity == WeightsInputs::Quantity::PairUsage  ? usage.product
                : inputs.quantity == WeightsInputs::Quantity::QueryUsage ? usage.query
                : inputs.quantity == WeightsInputs::Quantity::KeyUsage   ? usage.key
                                                                         : *activationUsage;
            err << u"pecards-cli: rows: the "_s << out.rows() << u" heads of layer "_s << usage.layer
                << u"; columns: rotary pairs 0 to "_s << out.cols() - 1 << Qt::endl;
        } else {
            const Eigen::Index pairs = layers.front().usage.product.cols();
            for (const LayerSummary& layer : layers) {
                if (layer.usage.product.cols() != pairs) {
                    throw UsageError(u"--layer"_s,
                        u"is missing: the RoPE layers have different pair counts (layer "_s
                            + QString::number(layers.front().usage.layer) + u": "_s + QString::number(pairs)
                            + u", layer "_s + QString::number(layer.usage.layer) + u": "_s
                            + QString::number(layer.usage.product.cols())
                            + u"), so they do not pool into one table: give --layer N"_s);
                }
            }
            out.resize(static_cast<Eigen::Index>(layers.size()), pairs);
            QStringList indices;
            for (std::size_t r = 0; r < layers.size(); ++r) {
                out.row(static_cast<Eigen::Index>(r)) = layers[r].usage.product.colwise().mean();
                indices << QString::number(layers[r].usage.layer);
            }
            err << u"pecards-cli: rows: layers "_s << indices.join(u","_s)
                << u" (the RoPE layers), each the mean over its heads; columns: rotary pairs 0 to "_s
                << out.cols() - 1 << Qt::endl;
        }
        if (request.outPath == u"-"_s) {
            writeNpyToStdout(OutputArray::fromMatrix(out), stdoutStream);
        } else if (app::figureFormatForPath(request.outPath)) {
            writeUsageFigure(request, out, layers, weights);
        } else {
            writeOutput(request.outPath, OutputArray::fromMatrix(out));
        }
    }
    if (!inputs.summaryPath.isEmpty()) {
        app::writeOutputFile(inputs.summaryPath,
            inputs.summaryPath.endsWith(u".json"_s) ? summaryJson(layers, weights, request)
                                                    : summaryCsv(layers));
    }
}

} // namespace pecards::cli
