#pragma once
/// @file clicheck.h
/// @brief `pecards-cli check`: an engine's own RoPE numbers (its inv_freq, or its cos/sin cache, as
/// .npy) against the reference for a model config or card parameters, with the diagnosis of the
/// known bug that reproduces a mismatch (pecards/implcheck.h). For an engine's CI: exit 0 when the
/// numbers match within their format's tolerance, 1 when they do not, 2 on bad input.

#include "common/checkinputs.h"
#include "pecards/implcheck.h"

#include <QJsonObject>
#include <QString>
#include <QTextStream>
#include <cstdint>

namespace pecards::cli {

class FlagReader;
struct CliRequest;

using app::CheckInputs;

/// @brief The format named `text`: float64, float32, bfloat16, float16 or fp64, fp32, bf16, fp16.
/// @throws UsageError naming --dtype
pecards::CheckFormat parseCheckFormat(const QString& text);

/// @brief Reads check's flags into `request` (card parameters from --config and the flags, RoPE
/// only; the tables; --dtype, --first-position; --json into request.checkJson). Without --seq-len or
/// --length, a cache or vectors are checked at seq_len = first position + rows (HF's dynamic rules use the
/// longest position + 1).
/// @throws UsageError naming the flag: no table, two kinds, one of --cos/--sin alone, an
///         unreadable or malformed .npy, a card other than rope, an unknown --dtype
void parseCheck(const FlagReader& flags, CliRequest& request);

/// @brief The report as `--json` prints it (docs/cli.md, Check).
QJsonObject checkReportJson(const pecards::CheckReport& report, const CheckInputs& inputs);

/// @brief Runs the check and prints the report (text, or JSON with --json) on `out`.
/// @return 0 when the numbers match the reference, 1 when they do not.
/// @throws pecards::InvalidParameter for tables of the wrong size for the model
int runCheck(const CliRequest& request, QTextStream& out);

} // namespace pecards::cli
