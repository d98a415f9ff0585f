#pragma once
/// @file cliweights.h
/// @brief `pecards-cli weights`: which rotary pairs a checkpoint's heads can use (#28), from its
/// query and key projections (common/checkpointusage.h, pecards/pairusage.h), and the share of each
/// head's usage in the pairs a scaling moves.

#include "outputarray.h"

#include <Eigen/Core>
#include <QString>
#include <QTextStream>
#include <cstdint>
#include <memory>
#include <optional>
#include <pecards/params.h>

namespace pecards::cli {

class FlagReader;
struct CliRequest;

/// @brief What `weights` reads, from its flags.
struct WeightsInputs {
    enum class Quantity { PairUsage, QueryUsage, KeyUsage, ActivationUsage };
    QString checkpoint; ///< --checkpoint: a .safetensors file, an index, or a folder
    Quantity quantity = Quantity::PairUsage; ///< --quantity pair-usage | query-usage | key-usage
    std::optional<int> layer; ///< --layer N: one layer's heads; none: every RoPE layer, mean over heads
    std::optional<pecards::RopeLayout>
        pairLayout; ///< --pair-layout: the stored rows' pairs (else the config's)
    /// --scaling and its flags: the scaling whose moved pairs the summary counts (else each layer's own)
    std::optional<pecards::RopeScaling> scaling;
    std::int64_t seqLen = 0; ///< --seq-len: the length dynamic NTK and LongRoPE scale for (0: L0 x factor,
                             ///< app::scalingUnderTest)
    QString summaryPath; ///< --summary FILE.csv | FILE.json: one row per layer and head
    /// --activations FILE.npy: the layer's attention inputs, positions x hidden (activation-usage)
    std::shared_ptr<const Eigen::MatrixXd> activations;
};

/// @brief Reads weights' flags into `request` (--config or --model-preset required).
/// @throws UsageError naming the flag: no --config, no --checkpoint, an unknown quantity or layout,
///         --layer outside the model, --layer missing for query-usage / key-usage / activation-usage
///         across layers, --activations missing for activation-usage or given for another quantity.
void parseWeights(const FlagReader& flags, CliRequest& request);

/// @brief Runs `weights`: writes the quantity to --out (.npy or .csv; .png, .svg or .pdf: its
/// figure; -: .npy on `out`) and the summary, and prints the rows' meaning and the notes (what the
/// usage leaves out) on `err`.
/// - pair-usage: --layer N: heads x pairs, query(h, i) x key(g(h), i); without: RoPE layers x pairs,
///   each the mean over the layer's heads;
/// - query-usage, key-usage: --layer N: heads (key heads) x pairs, the operator norms;
/// - activation-usage: --layer N --activations X.npy: heads x pairs, the mean over X's rows of
///   |q_i| |k_i| (app::layerActivationUsage).
/// @throws UsageError naming --checkpoint for a checkpoint that cannot be read as the config says,
///         --config for a config that cannot describe it, --out or --summary for a target that is
///         not a writable file, --layer when the layers' pair counts differ and none is given,
///         --activations for inputs of the wrong size; FileError when writing fails.
void runWeights(const CliRequest& request, QTextStream& out, QTextStream& err);

} // namespace pecards::cli
