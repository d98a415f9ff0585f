#pragma once
/// @file clicommands.h
/// @brief The commands of pecards-cli, run on a parsed request (cliparser.h).

#include "cliparser.h"
#include "outputarray.h"

#include <QTextStream>

namespace pecards::cli {

/// @brief `compute`: the grid (through the --device backend) or the curve, then writes --out
/// atomically (.npy float64 or .csv by extension). A fallback notice goes to `err`.
/// @throws pecards::InvalidParameter, pecards::ComputeLimitExceeded, UsageError,
///         pecards::app::FileError (output not writable), std::runtime_error (device failure).
void runCompute(const CliRequest& request, QTextStream& err);

/// @brief `config`: writes modelSummary() as indented JSON to --out, or to `out` when none.
/// RoPE frequencies are evaluated at --seq-len, else defaultSeqLen() (modelsummary.h). The
/// config's warnings go to `err`, one "pecards-cli: warning:" line each.
void runConfig(const CliRequest& request, QTextStream& out, QTextStream& err);

/// @brief `devices`: one "platform / device" line per OpenCL device on `out`; a note on `err`
/// when there is none.
void runDevices(QTextStream& out, QTextStream& err);

/// @brief Writes `array` to `path`: .npy (shape as given) or .csv (2-D: one line per row;
/// 1-D: one value per line). @throws pecards::app::FileError
void writeOutput(const QString& path, const OutputArray& array);

} // namespace pecards::cli
