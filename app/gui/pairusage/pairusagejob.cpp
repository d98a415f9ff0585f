#include "pairusage/pairusagejob.h"

#include <common/configerror.h>
#include <common/fileerror.h>
#include <pecards/errors.h>

namespace pecards::gui {

PairUsageOutcome runPairUsageJob(const PairUsageSetup& setup) {
    PairUsageOutcome outcome;
    try {
        outcome.model = pecards::app::readModelConfig(setup.configPath);
        const pecards::app::Checkpoint checkpoint(setup.checkpointPath);
        outcome.weights = pecards::app::locateAttentionWeights(checkpoint, outcome.model, setup.layout);
        for (std::size_t index = 0; index < outcome.weights.layers.size(); ++index) {
            outcome.layers.append(pecards::app::layerUsage(checkpoint, outcome.weights, index));
        }
        outcome.ok = true;
    } catch (const std::exception& error) { // ConfigError, FileError, InvalidParameter
        outcome.error = QString::fromUtf8(error.what());
        outcome.layers.clear();
    }
    return outcome;
}

} // namespace pecards::gui
