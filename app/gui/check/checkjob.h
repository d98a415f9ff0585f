#pragma once
/// @file checkjob.h
/// @brief One check of an engine's numbers, off the UI thread: the files of a
/// pecards::app::CheckSetup read (pecards::app::readCheckTable, or a GGUF file's RoPE) and the core
/// check run (pecards::app::runCheck) in one function for QtConcurrent, its outcome a plain value.

#include <QString>
#include <pecards/implcheck.h>
#include <workspace/workspace.h>

namespace pecards::gui {

/// @brief The outcome: the report, or why there is none.
struct CheckOutcome {
    bool ok = false;
    QString error; ///< when !ok: the file or parameter at fault and why
    pecards::CheckReport report;
    QString checked; ///< e.g. "cos/sin of 4096 positions (from 0) × 128 columns, float32, seq_len 4096"
};

/// @brief Reads the files of `setup` and checks them against its RoPE parameters (sequence length
/// by pecards::app::checkSeqLen, not given by the user). Never throws: a bad file or a table of
/// the wrong shape becomes `error`. Runs on any thread.
CheckOutcome runCheckJob(const pecards::app::CheckSetup& setup);

} // namespace pecards::gui
