#pragma once
/// @file clicheck.h
/// @brief `pecards-cli check`: an engine's own RoPE numbers (its inv_freq, or its cos/sin cache, as
/// .npy) against the reference for a model config or card parameters, with the diagnosis of the
/// known bug that reproduces a mismatch (pecards/implcheck.h). For an engine's CI: exit 0 when the
/// numbers match within their format's tolerance, 1 when they do not, 2 on bad input.

#include "pecards/implcheck.h"
#include "pecards/params.h"

#include <Eigen/Core>
#include <QJsonObject>
#include <QString>
#include <QTextStream>
#include <cstdint>

namespace pecards::cli {

class FlagReader;
struct CliRequest;

/// @brief What `check` reads, defaults filled in.
struct CheckInputs {
    bool cache = false; ///< --cos/--sin given
    bool vectors = false; ///< --rotated/--unrotated given (else --inv-freq or --gguf)
    Eigen::VectorXd invFreq; ///< --inv-freq: r/2 entries; or the frequencies of --gguf
    QString source; ///< what the numbers came from when not a table file (--gguf: its RoPE keys)
    Eigen::MatrixXd cos; ///< --cos: positions x r or positions x r/2
    Eigen::MatrixXd sin; ///< --sin: the shape of --cos
    Eigen::MatrixXd unrotated; ///< --unrotated: positions x head_dim, q or k before RoPE
    Eigen::MatrixXd rotated; ///< --rotated: the same vectors after the engine's RoPE
    std::int64_t firstPosition = 0; ///< --first-position: the position of the first row
    pecards::CheckFormat format = pecards::CheckFormat::Float32; ///< --dtype
    std::int64_t seqLen = 0; ///< the sequence length the reference is scaled for
    bool json = false; ///< --json: the report as JSON on stdout
};

/// @brief The format named `text`: float64, float32, bfloat16, float16 or fp64, fp32, bf16, fp16.
/// @throws UsageError naming --dtype
pecards::CheckFormat parseCheckFormat(const QString& text);

/// @brief Reads check's flags into `request` (card parameters from --config and the flags, RoPE
/// only; the tables; --dtype, --first-position, --json). Without --seq-len or --length, a cache or
/// vectors are checked at seq_len = first position + rows (HF's dynamic rules use the longest
/// position + 1).
/// @throws UsageError naming the flag: no table, two kinds, one of --cos/--sin alone, an
///         unreadable or malformed .npy, a card other than rope, an unknown --dtype
void parseCheck(const FlagReader& flags, CliRequest& request);

/// @brief The sequence length a check scales the reference for: --seq-len or --length when given
/// (`lengthGiven`), else for a cache the first position + rows (HF's dynamic rules use the longest
/// position + 1), else effectiveSeqLen of the parameters.
std::int64_t checkSeqLen(const CheckInputs& inputs, const pecards::CardParams& params, bool lengthGiven);

/// @brief Runs the check of `inputs` against `rope`.
pecards::CheckReport runCheck(const CheckInputs& inputs, const pecards::RopeParams& rope);

/// @brief The report as `--json` prints it (docs/cli.md, Check).
QJsonObject checkReportJson(const pecards::CheckReport& report, const CheckInputs& inputs);

/// @brief Runs the check and prints the report (text, or JSON with --json) on `out`.
/// @return 0 when the numbers match the reference, 1 when they do not.
/// @throws pecards::InvalidParameter for tables of the wrong size for the model
int runCheck(const CliRequest& request, QTextStream& out);

} // namespace pecards::cli
