#pragma once
/// @file clicommands.h
/// @brief The commands of pecards-cli, run on a parsed request (cliparser.h).

#include "cliparser.h"
#include "outputarray.h"

#include <QTextStream>
#include <functional>

namespace pecards::cli {

/// @brief `compute`: the grid (through the --device backend) or the curve, then writes --out
/// atomically (.npy float64 or .csv by extension). A fallback notice goes to `err`. With
/// --dry-run: printCost() on `out` only. A request over the memory limit is refused first.
/// @throws pecards::InvalidParameter, pecards::ComputeLimitExceeded (over the cost model's limits),
///         UsageError, pecards::app::FileError (output not writable), std::runtime_error (device failure).
void runCompute(const CliRequest& request, QTextStream& out, QTextStream& err);

/// @brief What `compute` writes, returned instead: the curve, or the grid through the --device
/// backend (a fallback notice and, on a terminal, progress go to `err`). The cost is checked first.
/// Used by runCompute and the Python module (app/python).
/// @throws as runCompute, except FileError.
/// `stop` is polled between the tiles of a view: true stops it with pecards::ComputeCancelled.
OutputArray computeOutput(
    const CliRequest& request, QTextStream& err, bool terminal, const std::function<bool()>& stop = {});

/// @brief --dry-run: the estimate of cliCost() (clicost.h), its work and peak memory in full, and
/// whether it is within the limits, on `out`.
void printCost(const CliRequest& request, QTextStream& out);

/// @brief `config`: writes modelSummary() as indented JSON to --out, or to `out` when none.
/// RoPE frequencies are evaluated at --seq-len, else defaultSeqLen() (modelsummary.h). The
/// config's warnings go to `err`, one "pecards-cli: warning:" line each.
void runConfig(const CliRequest& request, QTextStream& out, QTextStream& err);

/// @brief `devices`: one "platform / device" line per OpenCL device on `out`; a note on `err`
/// when there is none.
void runDevices(QTextStream& out, QTextStream& err);

/// @brief `pitfalls`: one line per pitfall, "card  name  summary" (pitfall.h), in deck order.
void runPitfalls(QTextStream& out);

/// @brief `--out -`: `array` as .npy bytes on standard output (after what `out` holds), for pipes
/// and `np.load(io.BytesIO(...))`. @throws pecards::app::FileError when stdout cannot be written.
void writeNpyToStdout(const OutputArray& array, QTextStream& out);

/// @brief Writes `array` to `path`: .npy (shape as given) or .csv (2-D: one line per row;
/// 1-D: one value per line). @throws pecards::app::FileError
void writeOutput(const QString& path, const OutputArray& array);

} // namespace pecards::cli
