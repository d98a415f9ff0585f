#include "cliparser.h"

#include "clicardhandout.h"
#include "cliflags.h"
#include "clilab.h"
#include "cliparams.h"
#include "clivalues.h"
#include "common/configerror.h"
#include "common/fileerror.h"
#include "common/npyfile.h"
#include "common/safetensorsfile.h"
#include "figure/cardhandout.h"
#include "figure/colormaplist.h"
#include "figure/comparefigures.h"
#include "figure/figureexporter.h"
#include "figure/figurepresets.h"
#include "figure/quantitydefaults.h"
#include "flagreader.h"
#include "modelsummary.h"
#include "pecards/errors.h"
#include "renderinputs.h"
#include "usageerror.h"
#include "workspace/lessonfile.h"
#include "workspace/workspacefile.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <memory>
#include <string_view>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

constexpr int kDefaultViewCap = 1024; ///< default output pixels per axis

std::pair<std::int64_t, std::int64_t> windowRange(
    const FlagReader& flags, const char* name, std::int64_t begin, std::int64_t end) {
    return flags.isSet(name) ? parseRange(FlagReader::flag(name), flags.text(name)) : std::pair {begin, end};
}

std::optional<std::pair<int, int>> viewSize(const FlagReader& flags) {
    if (!flags.isSet("view")) {
        return std::nullopt;
    }
    return parseViewSize(u"--view"_s, flags.text("view"));
}

void buildView(const FlagReader& flags, ViewRequest& view) {
    const Window extent = fullExtent(view.params, view.quantity);
    std::tie(view.window.row_begin, view.window.row_end)
        = windowRange(flags, "rows", extent.row_begin, extent.row_end);
    std::tie(view.window.col_begin, view.window.col_end)
        = windowRange(flags, "cols", extent.col_begin, extent.col_end);
    std::optional<std::pair<int, int>> size = viewSize(flags);
    if (flags.isSet("full")) {
        if (size) {
            throw UsageError(u"--full"_s, u"and --view both give the output size: allowed: one of them"_s);
        }
        const std::int64_t rows = view.window.rows();
        const std::int64_t cols = view.window.cols();
        if (rows > kMaxOutputPixels || cols > kMaxOutputPixels) {
            throw UsageError(u"--full"_s,
                u"the window is "_s + QString::number(rows) + u" x "_s + QString::number(cols)
                    + u" positions, over %1 a side: allowed: --view RxC with --reduction, or --rows/--cols "
                      "windows of at most %1 positions"_s.arg(kMaxOutputPixels));
        }
        size = std::pair {static_cast<int>(rows), static_cast<int>(cols)};
    }
    setOutputSize(view, size);
    flags.setEnum("reduction", view.reduction);
    flags.setEnum("normaliser", view.normaliser);
    pecards::validate(view);
}

/// --scalings and --points of the lab quantities (all scalings and 1024 points by default).
void parseLabInputs(const FlagReader& flags, const CliQuantity& quantity, CurveInputs& curve) {
    const bool lab = quantity.curve == Curve::ScalingRatio || quantity.curve == Curve::ScoreVsDistance
        || quantity.curve == Curve::AttentionEntropy;
    if (flags.isSet("scalings")) {
        if (!lab && quantity.view != Quantity::UnseenAngles) {
            throw UsageError(u"--scalings"_s,
                u"is not used by quantity "_s + QString::fromLatin1(quantity.name)
                    + u": allowed with scaling-ratio, score-vs-distance, attention-entropy, unseen-angles"_s);
        }
        for (const QString& name : flags.text("scalings").split(u',', Qt::SkipEmptyParts)) {
            curve.scalings.push_back(parseEnum<RopeScalingType>(u"--scalings"_s, name.trimmed()));
        }
    } else if (lab) {
        curve.scalings = {RopeScalingType::None, RopeScalingType::Linear, RopeScalingType::Dynamic,
            RopeScalingType::Yarn, RopeScalingType::Llama3, RopeScalingType::LongRope};
    }
    flags.setInt("points", curve.points, 2, 65536);
}

/// --learned-from: the position table of a GPT-2 (wpe.weight) or BERT-style checkpoint.
Eigen::MatrixXd learnedTable(const FlagReader& flags, const CliQuantity& quantity) {
    if (!flags.isSet("learned-from")) {
        throw UsageError(u"--learned-from"_s,
            u"is missing (needed by quantity "_s + QString::fromLatin1(quantity.name)
                + u": a .safetensors file)"_s);
    }
    const QString path = flags.text("learned-from");
    try {
        const app::SafetensorsFile file(path);
        std::optional<QString> name = file.find(u"wpe.weight"_s);
        if (!name) {
            name = file.find(u"position_embeddings.weight"_s);
        }
        if (!name) {
            throw UsageError(u"--learned-from"_s,
                path
                    + u": no tensor named *wpe.weight or *position_embeddings.weight (a learned absolute "
                      "position table)"_s);
        }
        return file.matrix(*name);
    } catch (const app::FileError& error) {
        throw UsageError(u"--learned-from"_s, QString::fromUtf8(error.what()));
    }
}

CurveInputs buildCurve(const FlagReader& flags, const CliQuantity& quantity, const CardParams& params,
    const std::optional<app::ModelConfig>& config) {
    CurveInputs curve;
    const std::int64_t length = params.length;
    switch (quantity.curve) {
    case Curve::LearnedTable:
    case Curve::LearnedSimilarity:
    case Curve::LearnedDifference:
        curve.learned = learnedTable(flags, quantity);
        break;
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
    case Curve::PositionIds:
    case Curve::PairAxes:
    case Curve::MropeScore:
        if (flags.isSet("card") && flags.text("card") == u"multimodal"_s) {
            const pecards::MultimodalParams start
                = pecards::startParams(pecards::Card::Multimodal).multimodal;
            curve.mrope = parseMropeInputs(flags, quantity.curve, config, &start);
        } else {
            curve.mrope = parseMropeInputs(flags, quantity.curve, config);
        }
        break;
    case Curve::PatchPairs:
    case Curve::PatchScore:
        curve.vision = parseVisionInputs(flags, config);
        break;
    case Curve::EncodingChoice: // ranges checked by the engine (compareEncodings)
        flags.setInt("layers", curve.layers, kIntMin, kIntMax);
        flags.setInt("dtype-bytes", curve.dtypeBytes, kIntMin, kIntMax);
        break;
    default:
        break;
    }
    parseLabInputs(flags, quantity, curve);
    return curve;
}

/// --config and --quantity (compute, render).
void parseQuantity(const FlagReader& flags, CliRequest& request) {
    request.config = readModelFlags(flags);
    if (!flags.isSet("quantity")) {
        throw UsageError(u"--quantity"_s, u"is missing (see QUANTITIES in pecards-cli --help)"_s);
    }
    request.quantity = findQuantity(flags.text("quantity"));
    if (!request.quantity) {
        throw UsageError(u"--quantity"_s,
            u'"' + flags.text("quantity") + u"\" is not a quantity (see pecards-cli --help)"_s);
    }
}

/// The card parameters, checked against the quantity's cards and validated (compute, render).
void parseParams(const FlagReader& flags, CliRequest& request) {
    ViewRequest& view = request.view;
    const CliQuantity& quantity = *request.quantity;
    const bool readContent = quantity.curve == Curve::None
        && (quantity.view == Quantity::ContentScore || quantity.view == Quantity::ContentAttention);
    view.params = buildParams(flags, request.config, readContent);
    if (std::find(quantity.cards.begin(), quantity.cards.end(), view.params.card) == quantity.cards.end()) {
        throw UsageError(u"--quantity"_s,
            QString::fromLatin1(quantity.name) + u" is not offered by card "_s
                + QString::fromStdString(toString(view.params.card)) + u": allowed: cards "_s
                + cardNames(quantity.cards));
    }
    pecards::validate(view.params);
}

void parseCompute(const FlagReader& flags, CliRequest& request) {
    parseQuantity(flags, request);
    if (!flags.isSet("out")) {
        throw UsageError(u"--out"_s, u"is missing (the output .npy or .csv file)"_s);
    }
    request.outPath = flags.text("out");
    const QString lower = request.outPath.toLower();
    if (request.outPath != u"-"_s && !lower.endsWith(u".npy"_s) && !lower.endsWith(u".csv"_s)) {
        throw UsageError(
            u"--out"_s, u'"' + request.outPath + u"\" must end in .npy or .csv, or be - (.npy on stdout)"_s);
    }
    request.device = flags.isSet("device") ? flags.text("device") : u"cpu"_s;
    parseParams(flags, request);
    ViewRequest& view = request.view;
    const CliQuantity& quantity = *request.quantity;
    if (quantity.curve == Curve::None) {
        view.quantity = quantity.view;
        request.outputSizeChosen = flags.isSet("view") || flags.isSet("full");
        parseLabInputs(flags, quantity, request.curve);
        if (request.curve.scalings.empty()) {
            buildView(flags, view);
        } else {
            // One map per scaling (all share the extent): window, size and reduction are checked
            // with the first; the card's own parameters stay the base model of the lab.
            ViewRequest first = view;
            first.params.rope = labScaling(view.params.rope, request.curve.scalings.front(),
                labSettings(view.params, request.curve.scalings));
            buildView(flags, first);
            view.window = first.window;
            view.out_rows = first.out_rows;
            view.out_cols = first.out_cols;
            view.reduction = first.reduction;
        }
    } else {
        request.curve = buildCurve(flags, quantity, view.params, request.config);
    }
}

RenderOptions parseRenderOptions(const FlagReader& flags) {
    RenderOptions options;
    flags.setInt("dpi", options.dpi, app::kMinDpi, app::kMaxDpi);
    if (flags.isSet("preset")) {
        const app::FigurePreset* preset = app::findFigurePreset(flags.text("preset"));
        if (!preset) {
            throw UsageError(u"--preset"_s,
                quoted(flags.text("preset")) + u" is not a preset: allowed: "_s + app::figurePresetNames());
        }
        options.sizeInches = preset->sizeInches;
        options.fontPt = preset->fontPt;
    }
    if (flags.isSet("size")) {
        const auto [width, height]
            = parseFigureSize(u"--size"_s, flags.text("size"), app::kMinFigureInches, app::kMaxFigureInches);
        options.sizeInches = QSizeF(width, height);
    }
    if (flags.isSet("font-size")) {
        options.fontPt = parseNumber(u"--font-size"_s, flags.text("font-size"));
        if (!(options.fontPt >= app::kMinFontPt && options.fontPt <= app::kMaxFontPt)) {
            throw UsageError(u"--font-size"_s,
                QString::number(options.fontPt) + u" is out of range: allowed: ["_s
                    + QString::number(app::kMinFontPt) + u", "_s + QString::number(app::kMaxFontPt)
                    + u"] points"_s);
        }
    }
    options.transparent = flags.isSet("transparent");
    options.title = !flags.isSet("no-title");
    options.caption = !flags.isSet("no-caption");
    // The exporter's remaining limit: pixels per side (size x dpi).
    if (const QString problem = app::FigureExporter(figureExportOptions(options)).validationError();
        !problem.isEmpty()) {
        throw UsageError(u"--size"_s, problem + u" (lower --size or --dpi)"_s);
    }
    if (flags.isSet("colormap")) {
        checkColormap(u"--colormap"_s, QString(), flags.text("colormap"));
        options.colormap = flags.text("colormap");
    }
    if (flags.isSet("range")) {
        const auto [lo, hi] = parseValueRange(u"--range"_s, flags.text("range"));
        options.range = app::ValueRange {lo, hi};
    }
    options.viewSize = viewSize(flags);
    return options;
}

/// The chart of a chart quantity with --channels, --position and --reach (render).
app::CurveRequest buildChart(const FlagReader& flags, app::CurveKind kind, const CardParams& params) {
    for (const char* name : {"distances", "offsets", "positions"}) {
        if (flags.isSet(name)) {
            throw UsageError(FlagReader::flag(name), u"is not used by render: a chart spans --reach"_s);
        }
    }
    app::CurveRequest chart;
    chart.params = params;
    chart.kind = kind;
    chart.channels = app::defaultChannels(params, kind);
    if (flags.isSet("channels")) {
        chart.channels.clear();
        for (const double channel : parseNumberList(u"--channels"_s, flags.text("channels"))) {
            if (channel != std::floor(channel) || std::abs(channel) > 1e9) {
                throw UsageError(u"--channels"_s, QString::number(channel) + u" is not a whole index"_s);
            }
            chart.channels.push_back(static_cast<int>(channel));
        }
    }
    chart.position = app::kDefaultPolarPosition;
    flags.setInt("position", chart.position, 0, params.length - 1);
    chart.extent = app::defaultExtent(kind);
    flags.setInt("reach", chart.extent, 2, kMaxLength);
    return chart;
}

/// With --workspace or --lesson the file gives every parameter: a flag other than the figure's
/// own (size, dpi, fonts, colour map), --out, --device, --dry-run and `extra` is refused with
/// `why` rather than ignored (a --length or --heads would otherwise be dropped without a word).
void refuseParameterFlags(
    const FlagReader& flags, std::initializer_list<const char*> extra, const QString& why) {
    for (const CliFlag& flag : cliFlags()) {
        const bool figure = std::string_view(flag.group) == "Figures (render)";
        const bool own = std::string_view(flag.name) == "out" || std::string_view(flag.name) == "device"
            || std::string_view(flag.name) == "dry-run"
            || std::any_of(extra.begin(), extra.end(),
                [&](const char* name) { return std::string_view(flag.name) == name; });
        if (!figure && !own && flags.isSet(flag.name)) {
            throw UsageError(FlagReader::flag(flag.name), why);
        }
    }
}

/// --card-handout: the card of --card (its flags or --config) as a PDF handout in --language.
void parseCardHandout(const FlagReader& flags, CliRequest& request) {
    const QString why
        = u"is not used with --card-handout (it draws the views the app shows when it starts)"_s;
    for (const char* name : {"quantity", "workspace", "lesson", "range", "view", "colormap"}) {
        if (flags.isSet(name)) {
            throw UsageError(FlagReader::flag(name), why);
        }
    }
    if (!flags.isSet("out")) {
        throw UsageError(u"--out"_s, u"is missing (the handout .pdf)"_s);
    }
    request.outPath = flags.text("out");
    if (app::figureFormatForPath(request.outPath) != app::FigureFormat::Pdf) {
        throw UsageError(u"--out"_s, quoted(request.outPath) + u" must end in .pdf with --card-handout"_s);
    }
    const QString language = flags.isSet("language") ? flags.text("language") : u"en"_s;
    if (!handoutLanguages().contains(language)) {
        throw UsageError(u"--language"_s,
            quoted(language) + u" is not a language of the card texts: allowed: "_s
                + handoutLanguages().join(u", "_s));
    }
    request.config = readModelFlags(flags);
    request.view.params = buildParams(flags, request.config, false);
    pecards::validate(request.view.params);
    request.device = flags.isSet("device") ? flags.text("device") : u"cpu"_s;
    request.render = parseRenderOptions(flags);
    if (!flags.isSet("preset") && !flags.isSet("size")) { // two figures side by side on the page
        request.render.sizeInches = app::cardHandoutPreset().sizeInches;
        if (!flags.isSet("font-size")) {
            request.render.fontPt = app::cardHandoutPreset().fontPt;
        }
    }
    request.render.cardHandoutLanguage = language;
}

void parseRender(const FlagReader& flags, CliRequest& request) {
    if (flags.isSet("lesson")) {
        const QString why = u"is not used with --lesson (the file gives every step's parameters and views)"_s;
        for (const char* name : {"workspace", "range"}) {
            if (flags.isSet(name)) {
                throw UsageError(FlagReader::flag(name), why);
            }
        }
        refuseParameterFlags(flags, {}, why);
        if (!flags.isSet("out")) {
            throw UsageError(u"--out"_s, u"is missing (the handout .pdf)"_s);
        }
        request.outPath = flags.text("out");
        request.device = flags.isSet("device") ? flags.text("device") : u"cpu"_s;
        request.render = parseRenderOptions(flags);
        request.render.lesson = readLesson(flags.text("lesson"), request.outPath);
        return;
    }
    if (flags.isSet("card-handout")) {
        parseCardHandout(flags, request);
        return;
    }
    if (flags.isSet("language")) {
        throw UsageError(
            u"--language"_s, u"is used with --card-handout only (lessons have their own language)"_s);
    }
    if (!flags.isSet("workspace")) {
        parseQuantity(flags, request);
    }
    if (!flags.isSet("out")) {
        throw UsageError(u"--out"_s, u"is missing (the output .png, .svg or .pdf file)"_s);
    }
    request.outPath = flags.text("out");
    // Several figures (a workspace's, a pitfall's correct, buggy and difference) may go to a folder.
    const bool several = flags.isSet("workspace")
        || (flags.isSet("pitfall") && flags.text("pitfall") != u"none"_s && !flags.isSet("pitfall-fixed"));
    const bool gallery = several && isFolderPath(request.outPath);
    if (!gallery && !app::figureFormatForPath(request.outPath)) {
        throw UsageError(u"--out"_s,
            quoted(request.outPath)
                + u" must end in .png, .svg or .pdf (or name a folder, with --workspace or --pitfall)"_s);
    }
    request.device = flags.isSet("device") ? flags.text("device") : u"cpu"_s;
    RenderOptions& options = request.render;
    options = parseRenderOptions(flags);
    if (flags.isSet("workspace")) {
        const QString why
            = u"is not used with --workspace (the file gives every view's parameters, window and "
              "range)"_s;
        if (flags.isSet("range")) {
            throw UsageError(u"--range"_s, why);
        }
        refuseParameterFlags(flags, {"workspace", "reduction", "view"}, why);
        options.workspace = readWorkspace(flags.text("workspace"), options.colormap.has_value());
        if (flags.isSet("reduction")) {
            Reduction reduction {};
            flags.setEnum("reduction", reduction);
            options.compareReduction = reduction;
        }
        return;
    }
    parseParams(flags, request);
    const CliQuantity& quantity = *request.quantity;
    if (quantity.curve != Curve::None) {
        const Card card = request.view.params.card;
        if (const std::optional<app::CurveKind> kind = chartOf(quantity.curve, card)) {
            options.chart = buildChart(flags, *kind, request.view.params);
            if (quantity.curve == Curve::PositionIds || quantity.curve == Curve::PairAxes) // for the cost
                request.curve = buildCurve(flags, quantity, request.view.params, request.config);
            return;
        }
        if (chartOf(quantity.curve, Card::Multimodal)) {
            throw UsageError(u"--quantity"_s,
                QString::fromLatin1(quantity.name)
                    + u" is drawn on the multimodal card's sequence: render it with --card multimodal "
                      "(card "_s
                    + QString::fromStdString(toString(card)) + u" has no segments)"_s);
        }
        QStringList drawn;
        for (const CliQuantity& candidate : cliQuantities()) {
            if (candidate.curve == Curve::None || chartOf(candidate.curve, card)) {
                drawn << QString::fromLatin1(candidate.name);
            }
        }
        throw UsageError(u"--quantity"_s,
            QString::fromLatin1(quantity.name)
                + u" is a table of numbers: render draws the grids and charts: "_s + drawn.join(u", "_s));
    }
    request.view.quantity = quantity.view;
    buildView(flags, request.view);
}

void parseConfig(const FlagReader& flags, CliRequest& request) {
    const QStringList positional = flags.positional();
    const QString path = positional.size() > 1 ? positional[1] : flags.text("config");
    if (path.isEmpty()) {
        throw UsageError(
            u"config"_s, u"needs a file: pecards-cli config FILE [--seq-len N] [--out FILE.json]"_s);
    }
    for (const CliFlag& flag : cliFlags()) {
        const QString name = QString::fromLatin1(flag.name);
        if (flags.isSet(flag.name) && name != u"seq-len"_s && name != u"out"_s && name != u"config"_s) {
            throw UsageError(u"--"_s + name, u"is not used by config (it takes FILE, --seq-len and --out)"_s);
        }
    }
    request.config = readConfig(positional.size() > 1 ? u"config"_s : u"--config"_s, path);
    request.view.params.rope = request.config->rope;
    flags.setInt("seq-len", request.view.params.rope.seq_len, 0, kMaxLength);
    request.outPath = flags.text("out");
}

} // namespace

bool isFolderPath(const QString& path) {
    return path.endsWith(u'/') || QFileInfo(path).isDir();
}

app::FigureExportOptions figureExportOptions(const RenderOptions& options) {
    app::FigureExportOptions exportOptions;
    exportOptions.sizeInches = options.sizeInches;
    exportOptions.dpi = options.dpi;
    exportOptions.style = app::styleForFontSize(options.fontPt);
    exportOptions.style.transparentBackground = options.transparent;
    exportOptions.style.showTitle = options.title;
    exportOptions.style.showCaption = options.caption;
    return exportOptions;
}

void setOutputSize(ViewRequest& view, const std::optional<std::pair<int, int>>& viewSize) {
    if (viewSize) {
        std::tie(view.out_rows, view.out_cols) = *viewSize;
    } else {
        view.out_rows = static_cast<int>(std::clamp<std::int64_t>(view.window.rows(), 1, kDefaultViewCap));
        view.out_cols = static_cast<int>(std::clamp<std::int64_t>(view.window.cols(), 1, kDefaultViewCap));
    }
}

CliRequest parseCommandLine(const QStringList& arguments) {
    const FlagReader flags(arguments);
    CliRequest request;
    const QStringList positional = flags.positional();
    if (flags.isSet("help") || (!positional.isEmpty() && positional.front() == u"help"_s)) {
        return request;
    }
    if (flags.isSet("version")) {
        request.command = CliRequest::Command::Version;
        return request;
    }
    if (positional.isEmpty()) {
        throw UsageError(QString(),
            u"no command given: use compute, render, config, check, weights, devices, pitfalls or --help"_s);
    }
    const QString& command = positional.front();
    const qsizetype allowedPositional = command == u"config"_s ? 2 : 1;
    if (positional.size() > allowedPositional) {
        throw UsageError(command, u"unexpected argument \""_s + positional[allowedPositional] + u'"');
    }
    if (command == u"compute"_s) {
        request.command = CliRequest::Command::Compute;
        parseCompute(flags, request);
    } else if (command == u"render"_s) {
        request.command = CliRequest::Command::Render;
        parseRender(flags, request);
    } else if (command == u"config"_s) {
        request.command = CliRequest::Command::Config;
        parseConfig(flags, request);
    } else if (command == u"devices"_s) {
        request.command = CliRequest::Command::Devices;
    } else if (command == u"pitfalls"_s) {
        request.command = CliRequest::Command::Pitfalls;
    } else if (command == u"check"_s) {
        request.command = CliRequest::Command::Check;
        parseCheck(flags, request);
    } else if (command == u"weights"_s) {
        request.command = CliRequest::Command::Weights;
        parseWeights(flags, request);
    } else {
        throw UsageError(command,
            u"is not a command: allowed: compute, render, config, check, weights, devices, pitfalls, help"_s);
    }
    request.dryRun = flags.isSet("dry-run");
    if (request.dryRun && request.command != CliRequest::Command::Compute
        && request.command != CliRequest::Command::Render) {
        throw UsageError(u"--dry-run"_s, u"is used by compute and render only"_s);
    }
    return request;
}

} // namespace pecards::cli
