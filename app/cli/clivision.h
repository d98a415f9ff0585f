#pragma once
/// @file clivision.h
/// @brief The vision-tower quantities of pecards-cli (patch-pairs, patch-score): their flags, with
/// the --config model's vision tower as defaults, and their computation with pecards/visionrope.h.

#include "common/modelconfig.h"
#include "outputarray.h"
#include "pecards/params.h"
#include "pecards/visionrope.h"

#include <optional>

namespace pecards::cli {

class FlagReader;
enum class Curve;

/// @brief What the vision-tower quantities read, defaults filled in.
struct VisionInputs {
    /// --vision-family, --vision-head-dim, --vision-theta, --patches-per-side; default Pixtral-12B's
    /// tower (PixtralVisionConfig defaults: 64, 1e4, 1024 / 16 = 64 a side)
    pecards::VisionRope rope {pecards::VisionRopeFamily::Pixtral, 64, 10000.0, 64};
    int rows = 16; ///< --grid RxC: patches per column
    int cols = 16; ///< --grid RxC: patches per row
    int queryRow = 8; ///< --query-patch R,C (default the grid's centre)
    int queryCol = 8;
};

/// @brief Reads the vision-tower flags. Precedence: defaults < the `config` model's vision tower
/// < flags; a --vision-family other than the config's starts from that family's class defaults
/// (Gemma4VisionConfig: head_dim 64, theta 100). The grid and the query patch are checked by the engine
/// (visionPatchScore).
/// @throws UsageError naming the flag: an unknown family, a malformed grid or patch, a number out
///         of its flag's range.
VisionInputs parseVisionInputs(
    const FlagReader& flags, const std::optional<pecards::app::ModelConfig>& config);

/// @brief The size of `curve`'s output (values) for the cost estimate, without computing it.
std::int64_t visionOutputValues(Curve curve, const VisionInputs& inputs);

/// @brief Computes one vision-tower quantity:
/// - patch-pairs: head_dim/2 x 4 (first channel, second channel, axis 1 row / 2 column, theta in
///   radians per patch), pecards::visionRopePairs;
/// - patch-score: rows x cols, the query patch's score against every patch of the grid with the
///   card's probe q, k (pecards::visionPatchScore).
/// @throws pecards::InvalidParameter from the engine (a grid beyond the tower's, a query outside it).
OutputArray computeVisionCurve(Curve curve, const pecards::CardParams& params, const VisionInputs& inputs);

} // namespace pecards::cli
