#include "climrope.h"

#include "cliquantities.h"
#include "common/checkinputs.h"
#include "common/fileerror.h"
#include "flagreader.h"
#include "pecards/errors.h"
#include "pecards/probe.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/viewrules.h"
#include "usageerror.h"

#include <QStringList>
#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

const QStringList kFamilies {u"qwen2-vl"_s, u"qwen2.5-vl"_s, u"qwen3-vl"_s, u"glm4v"_s, u"qwen2.5-omni"_s};

MropeFamily parseFamily(const QString& text) {
    for (const MropeFamily family : {MropeFamily::Qwen2VL, MropeFamily::Qwen25VL, MropeFamily::Qwen3VL,
             MropeFamily::Glm4V, MropeFamily::Qwen25Omni}) {
        if (QString::fromStdString(toString(family)) == text) {
            return family;
        }
    }
    throw UsageError(
        u"--mrope-family"_s, u'"' + text + u"\" is not a family: allowed: "_s + kFamilies.join(u", "_s));
}

MropeLayout parseLayout(const QString& text) {
    if (text == u"blocked"_s) {
        return MropeLayout::Blocked;
    }
    if (text == u"interleaved"_s) {
        return MropeLayout::Interleaved;
    }
    throw UsageError(
        u"--mrope-layout"_s, u'"' + text + u"\" is not a layout: allowed: blocked, interleaved"_s);
}

std::vector<int> parseSection(const QString& text) {
    const std::vector<double> values = parseNumberList(u"--mrope-section"_s, text);
    std::vector<int> section;
    for (const double value : values) {
        if (std::floor(value) != value || value < 1 || value > 4096) {
            throw UsageError(u"--mrope-section"_s,
                QString::number(value)
                    + u" is not a pair count: allowed: three whole numbers in [1, 4096]"_s);
        }
        section.push_back(static_cast<int>(value));
    }
    if (section.size() != 3) {
        throw UsageError(u"--mrope-section"_s,
            QString::number(section.size()) + u" entries: allowed: three pair counts T,H,W"_s);
    }
    return section;
}

void fromConfig(const app::ModelConfig& config, MropeInputs& inputs) {
    if (config.multimodal.family) {
        inputs.family = *config.multimodal.family;
        inputs.vision.spatial_merge_size = config.multimodal.vision.spatial_merge_size;
        inputs.vision.tokens_per_second = config.multimodal.vision.tokens_per_second;
        inputs.vision.position_id_per_seconds = config.multimodal.vision.position_id_per_seconds;
        inputs.vision.seconds_per_chunk = config.multimodal.vision.seconds_per_chunk;
    }
    if (config.usesRope) {
        const LayerGroup& group = config.positions.groups.at(static_cast<std::size_t>(config.primaryGroup));
        inputs.section = group.mrope_section;
        inputs.layout = group.mrope_interleaved ? MropeLayout::Interleaved : MropeLayout::Blocked;
    }
}

MropePositions positionsOf(const MropeInputs& inputs) {
    return mropePositionIds(inputs.family, inputs.segments, inputs.vision);
}

std::vector<MropeAxis> axesOf(const MropeInputs& inputs) {
    return mropeAxisOfPair(inputs.section, inputs.layout);
}

Eigen::VectorXd scaledTheta(const CardParams& params) {
    return ropeScaling(params.rope, effectiveSeqLen(params.rope, params.length)).inv_freq;
}

} // namespace

namespace {

/// Defaults (the multimodal card's start when `card` is given) < the config's primary RoPE group
/// and vision values < flags; --segments when given.
MropeInputs readMropeFlags(const FlagReader& flags, const std::optional<app::ModelConfig>& config,
    const MultimodalParams* card = nullptr) {
    MropeInputs inputs;
    inputs.vision.tokens_per_second = 4.0; // Qwen2_5_VLVisionConfig, when no config says otherwise
    if (card) {
        inputs.family = card->family;
        inputs.segments = card->segments;
        inputs.vision = card->vision;
        inputs.section = card->section;
        inputs.layout = card->layout;
    }
    if (config) {
        fromConfig(*config, inputs);
    }
    if (flags.isSet("mrope-family")) {
        inputs.family = parseFamily(flags.text("mrope-family"));
    }
    if (flags.isSet("mrope-layout")) {
        inputs.layout = parseLayout(flags.text("mrope-layout"));
    }
    if (flags.isSet("mrope-section")) {
        inputs.section = parseSection(flags.text("mrope-section"));
    }
    flags.setInt("merge-size", inputs.vision.spatial_merge_size, kIntMin, kIntMax);
    flags.setNumber("tokens-per-second", inputs.vision.tokens_per_second);
    flags.setNumber("seconds-per-grid", inputs.vision.seconds_per_grid);
    flags.setInt("frame-text", inputs.vision.frame_text_tokens, kIntMin, kIntMax);
    flags.setInt("position-id-per-seconds", inputs.vision.position_id_per_seconds, 1, 1000000);
    flags.setNumber("seconds-per-chunk", inputs.vision.seconds_per_chunk);
    if (flags.isSet("segments")) {
        inputs.segments = parseMropeSegments(flags.text("segments").toStdString());
        mropeTokenCount(inputs.family, inputs.segments, inputs.vision); // refuses a bad list now
    }
    return inputs;
}

} // namespace

MropeInputs parseMropeInputs(const FlagReader& flags, Curve curve,
    const std::optional<app::ModelConfig>& config, const MultimodalParams* card) {
    MropeInputs inputs = readMropeFlags(flags, config, card);
    if (card) {
        return inputs; // the card's segments and sections unless flags give others
    }
    const QString name = curve == Curve::PositionIds ? u"position-ids"_s
        : curve == Curve::PairAxes                   ? u"pair-axes"_s
                                                     : u"mrope-score"_s;
    if (curve != Curve::PairAxes) {
        if (!flags.isSet("segments")) {
            throw UsageError(u"--segments"_s,
                u"is missing (needed by quantity "_s + name + u": e.g. text:3,image:4x6,text:2)"_s);
        }
    }
    if (curve != Curve::PositionIds && inputs.section.empty()) {
        throw UsageError(u"--mrope-section"_s,
            u"is missing (needed by quantity "_s + name
                + u": pairs per axis T,H,W, e.g. 16,24,24; or a --config of an M-RoPE model)"_s);
    }
    return inputs;
}

void applyMultimodalFlags(
    const FlagReader& flags, const std::optional<app::ModelConfig>& config, CardParams& params) {
    MultimodalParams& m = params.multimodal;
    const MropeInputs inputs = readMropeFlags(flags, config, &m);
    m.family = inputs.family;
    m.vision = inputs.vision;
    m.layout = inputs.layout;
    m.section = inputs.section;
    m.segments = inputs.segments;
    if (!flags.isSet("length"))
        params.length = mropeTokenCount(m.family, m.segments, m.vision);
}

std::optional<CheckMrope> parseCheckMrope(const FlagReader& flags,
    const std::optional<app::ModelConfig>& config, Eigen::Index rows, CheckFormat format) {
    const bool idsFile = flags.isSet("position-ids");
    const bool segments = flags.isSet("segments");
    if (idsFile && segments) {
        throw UsageError(u"--position-ids"_s, u"and --segments given: allowed: one source of M-RoPE ids"_s);
    }
    const MropeInputs inputs = readMropeFlags(flags, config);
    if (inputs.section.empty()) {
        if (idsFile || segments) {
            throw UsageError(idsFile ? u"--position-ids"_s : u"--segments"_s,
                u"needs an M-RoPE model: a --config with mrope_section, or --mrope-section T,H,W"_s);
        }
        return std::nullopt;
    }
    if (!idsFile && !segments) {
        return std::nullopt; // text rows: t = h = w, ordinary RoPE
    }
    if (flags.isSet("first-position")) {
        throw UsageError(u"--first-position"_s,
            u"and M-RoPE ids given: allowed: one of them (the ids say where each row is)"_s);
    }
    CheckMrope mrope;
    mrope.section = inputs.section;
    mrope.layout = inputs.layout;
    if (idsFile) {
        try {
            mrope.ids = app::mropeIdsOfTable(
                app::readCheckTable(flags.text("position-ids"), format), rows, flags.text("position-ids"));
        } catch (const app::FileError& error) {
            throw UsageError(u"--position-ids"_s, QString::fromUtf8(error.what()));
        }
        return mrope;
    }
    MropePositions positions = positionsOf(inputs);
    if (positions.size() != rows) {
        throw UsageError(u"--segments"_s,
            u"give "_s + QString::number(positions.size()) + u" tokens, the table "_s + QString::number(rows)
                + u" rows: allowed: one row per token"_s);
    }
    mrope.ids = std::move(positions.ids);
    return mrope;
}

std::int64_t mropeOutputValues(Curve curve, const CardParams& params, const MropeInputs& inputs) {
    if (curve == Curve::PairAxes) {
        return 3 * static_cast<std::int64_t>(rotaryDim(params.rope) / 2);
    }
    const std::int64_t tokens = mropeTokenCount(inputs.family, inputs.segments, inputs.vision);
    return curve == Curve::PositionIds ? 4 * tokens : tokens * tokens;
}

OutputArray computeMropeCurve(Curve curve, const CardParams& params, const MropeInputs& inputs) {
    switch (curve) {
    case Curve::PositionIds: {
        const MropePositions positions = positionsOf(inputs);
        Eigen::MatrixXd table(positions.size(), 4);
        for (Eigen::Index token = 0; token < positions.size(); ++token) {
            const auto index = static_cast<std::size_t>(token);
            table.row(token) << positions.segment[index], static_cast<double>(positions.ids[0][index]),
                static_cast<double>(positions.ids[1][index]), static_cast<double>(positions.ids[2][index]);
        }
        return OutputArray::fromMatrix(table);
    }
    case Curve::PairAxes: {
        const std::vector<MropeAxis> axes = axesOf(inputs);
        const Eigen::VectorXd theta = scaledTheta(params);
        if (static_cast<Eigen::Index>(axes.size()) != theta.size()) {
            throw InvalidParameter("mrope_section", std::to_string(axes.size()) + " pairs in all",
                "summing to rotary_dim/2 = " + std::to_string(theta.size()));
        }
        Eigen::MatrixXd table(theta.size(), 3);
        for (Eigen::Index pair = 0; pair < theta.size(); ++pair) {
            table.row(pair) << static_cast<double>(pair),
                static_cast<double>(static_cast<int>(axes[static_cast<std::size_t>(pair)])), theta[pair];
        }
        return OutputArray::fromMatrix(table);
    }
    case Curve::MropeScore: {
        const int d = params.rope.head_dim;
        return OutputArray::fromMatrix(
            mropeScore(params.rope, scaledTheta(params), probeVector(params.probe, ProbeStream::Query, d),
                probeVector(params.probe, ProbeStream::Key, d), axesOf(inputs), positionsOf(inputs)));
    }
    default:
        break;
    }
    throw UsageError(u"--quantity"_s, u"is not an M-RoPE quantity"_s);
}

std::int64_t mropeDelta(const MropeInputs& inputs) {
    return positionsOf(inputs).delta;
}

} // namespace pecards::cli
