#pragma once
/// @file checkjob.h
/// @brief One check of an engine's numbers, off the UI thread: the files read
/// (pecards::app::readNpyTable) and the core check run (pecards::app::runCheck) in one function
/// for QtConcurrent, its outcome a plain value.

#include <QString>
#include <common/checkinputs.h>
#include <pecards/implcheck.h>
#include <pecards/params.h>

namespace pecards::gui {

/// @brief What the check dialog asks for.
struct CheckFiles {
    QString cos; ///< .npy, positions x r or x r/2 (with `sin`), or empty
    QString sin;
    QString invFreq; ///< .npy, r/2 entries (used when `cos` is empty)
    pecards::CheckFormat format = pecards::CheckFormat::Float32;
    std::int64_t firstPosition = 0; ///< the position of the tables' first row
};

/// @brief The outcome: the report, or why there is none.
struct CheckOutcome {
    bool ok = false;
    QString error; ///< when !ok: the file or parameter at fault and why
    pecards::CheckReport report;
    QString checked; ///< e.g. "cos/sin of 4096 positions (from 0) x 128 columns, float32, seq_len 4096"
};

/// @brief Reads `files` and checks them against the RoPE parameters `params` (sequence length by
/// pecards::app::checkSeqLen, not given by the user). Never throws: a bad file or a table of the
/// wrong shape becomes `error`. Runs on any thread.
CheckOutcome runCheckJob(const CheckFiles& files, const pecards::CardParams& params);

} // namespace pecards::gui
