#pragma once
/// @file clicheck.h
/// @brief `pecards-cli check`: an engine's own RoPE numbers (its inv_freq, or its cos/sin cache, as
/// .npy) against the reference for a model config or card parameters, with the diagnosis of the
/// known bug that reproduces a mismatch (pecards/implcheck.h). For an engine's CI: exit 0 when the
/// numbers match within their format's tolerance, 1 when they do not, 2 on bad input.

#include "pecards/implcheck.h"

#include <Eigen/Core>
#include <QTextStream>
#include <cstdint>

namespace pecards::cli {

class FlagReader;
struct CliRequest;

/// @brief What `check` reads, defaults filled in.
struct CheckInputs {
    bool cache = false; ///< --cos/--sin given (else --inv-freq)
    Eigen::VectorXd invFreq; ///< --inv-freq: r/2 entries
    Eigen::MatrixXd cos; ///< --cos: positions x r or positions x r/2
    Eigen::MatrixXd sin; ///< --sin: the shape of --cos
    std::int64_t firstPosition = 0; ///< --first-position: the position of the first row
    pecards::CheckFormat format = pecards::CheckFormat::Float32; ///< --dtype
    std::int64_t seqLen = 0; ///< the sequence length the reference is scaled for
    bool json = false; ///< --json: the report as JSON on stdout
};

/// @brief Reads check's flags into `request` (card parameters from --config and the flags, RoPE
/// only; the tables; --dtype, --first-position, --json). Without --seq-len or --length, a cache is
/// checked at seq_len = first position + rows (HF's dynamic rules use the longest position + 1).
/// @throws UsageError naming the flag: no table, both kinds, one of --cos/--sin alone, an
///         unreadable or malformed .npy, a card other than rope, an unknown --dtype
void parseCheck(const FlagReader& flags, CliRequest& request);

/// @brief Runs the check and prints the report (text, or JSON with --json) on `out`.
/// @return 0 when the numbers match the reference, 1 when they do not.
/// @throws pecards::InvalidParameter for tables of the wrong size for the model
int runCheck(const CliRequest& request, QTextStream& out);

} // namespace pecards::cli
