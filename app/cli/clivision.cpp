#include "clivision.h"

#include "cliquantities.h"
#include "clivalues.h"
#include "flagreader.h"
#include "pecards/probe.h"
#include "usageerror.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

std::pair<int, int> parsePatch(const QString& text) {
    const QStringList parts = text.split(u',');
    if (parts.size() != 2) {
        throw UsageError(
            u"--query-patch"_s, u'"' + text + u"\" is not a patch R,C (row and column from 0, e.g. 3,5)"_s);
    }
    return {static_cast<int>(parseInteger(u"--query-patch"_s, parts[0], 0, kMaxVisionGridSide - 1)),
        static_cast<int>(parseInteger(u"--query-patch"_s, parts[1], 0, kMaxVisionGridSide - 1))};
}

} // namespace

VisionInputs parseVisionInputs(const FlagReader& flags, const std::optional<app::ModelConfig>& config) {
    VisionInputs inputs;
    if (config && config->visionTower) {
        inputs.rope = config->visionTower->rope;
    }
    if (flags.isSet("vision-family")) {
        // An unknown name: InvalidParameter "vision_family", reported against --vision-family.
        const VisionRopeFamily family = parseVisionRopeFamily(flags.text("vision-family").toStdString());
        if (family != inputs.rope.family) { // another tower than the config's: its class defaults
            inputs.rope = family == VisionRopeFamily::Gemma4 ? VisionRope {family, 64, 100.0, 0}
                                                             : VisionInputs {}.rope;
        }
    }
    flags.setInt("vision-head-dim", inputs.rope.head_dim, 4, 1024);
    flags.setNumber("vision-theta", inputs.rope.theta);
    flags.setInt("patches-per-side", inputs.rope.max_patches_per_side, 0, kMaxVisionGridSide);
    if (flags.isSet("grid")) {
        std::tie(inputs.rows, inputs.cols) = parseRowsByCols(
            u"--grid"_s, flags.text("grid"), kMaxVisionGridSide, u"a grid RxC of patches (e.g. 16x24)"_s);
    }
    inputs.queryRow = inputs.rows / 2;
    inputs.queryCol = inputs.cols / 2;
    if (flags.isSet("query-patch")) {
        std::tie(inputs.queryRow, inputs.queryCol) = parsePatch(flags.text("query-patch"));
    }
    return inputs;
}

std::int64_t visionOutputValues(Curve curve, const VisionInputs& inputs) {
    return curve == Curve::PatchPairs ? 2 * static_cast<std::int64_t>(inputs.rope.head_dim)
                                      : static_cast<std::int64_t>(inputs.rows) * inputs.cols;
}

OutputArray computeVisionCurve(Curve curve, const CardParams& params, const VisionInputs& inputs) {
    if (curve == Curve::PatchPairs) {
        const std::vector<VisionRopePair> pairs = visionRopePairs(inputs.rope);
        Eigen::MatrixXd table(static_cast<Eigen::Index>(pairs.size()), 4);
        for (Eigen::Index i = 0; i < table.rows(); ++i) {
            const VisionRopePair& pair = pairs[static_cast<std::size_t>(i)];
            table.row(i) << pair.first, pair.second, static_cast<double>(static_cast<int>(pair.axis)),
                pair.inv_freq;
        }
        return OutputArray::fromMatrix(table);
    }
    const int d = inputs.rope.head_dim;
    return OutputArray::fromMatrix(visionPatchScore(inputs.rope, inputs.rows, inputs.cols, inputs.queryRow,
        inputs.queryCol, probeVector(params.probe, ProbeStream::Query, d),
        probeVector(params.probe, ProbeStream::Key, d)));
}

} // namespace pecards::cli
