#pragma once
/// @file clirunner.h
/// @brief Entry point of pecards-cli: parses, runs, and turns every error into one stderr line
/// and an exit code.

#include <QStringList>
#include <QTextStream>

namespace pecards::cli {

/// @brief Exit codes of pecards-cli.
enum ExitCode : int {
    ExitSuccess = 0,
    ExitFailure = 1, ///< runtime failure: output not writable, OpenCL error
    ExitMismatch = 1, ///< `check`: the numbers do not match the reference (the report says which bug)
    ExitUsage = 2, ///< invalid input: bad flag value, parameter out of range, bad config/.npy
    ExitComputeLimit = 3, ///< valid request over the engine's work budget (pecards::ComputeLimitExceeded)
};

/// @brief Runs pecards-cli with `arguments` (arguments[0] = program name). Results and help go
/// to `out`; errors go to `err` as ONE line "pecards-cli: <flag>: <message>" (the flag mapped
/// from the engine's parameter name), and no output file is written.
/// @return an ExitCode.
int runCli(const QStringList& arguments, QTextStream& out, QTextStream& err);

} // namespace pecards::cli
