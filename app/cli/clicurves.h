#pragma once
/// @file clicurves.h
/// @brief The curve quantities of pecards-cli (cliquantities.h), computed in double with the
/// engine's functions (no backend: they are O(d) or O(H) per point).

#include "cliparser.h"
#include "outputarray.h"

namespace pecards::cli {

/// @brief Computes curve `quantity.curve` for valid `params` and the filled-in `inputs`.
/// RoPE curves use the frequencies scaled for seq_len = rope.seq_len, or params.length when 0.
/// @throws UsageError for inputs the curve cannot take (non-integer offsets, a variant without
///         buckets); pecards::InvalidParameter from the engine (e.g. a --vector of the wrong size).
OutputArray computeCurve(
    const CliQuantity& quantity, const pecards::CardParams& params, const CurveInputs& inputs);

} // namespace pecards::cli
