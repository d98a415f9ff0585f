#pragma once
/// @file cliflags.h
/// @brief The flags of pecards-cli: one table behind the parser, the help text and the mapping of
/// engine parameter names (pecards::InvalidParameter::name()) back to flags.

#include <QString>
#include <string>
#include <vector>

namespace pecards::cli {

/// @brief One command-line flag.
struct CliFlag {
    const char* name; ///< without dashes, e.g. "head-dim"
    const char* valueName; ///< placeholder shown in the help ("D"); nullptr for a switch
    const char* group; ///< help section, e.g. "RoPE"
    /// Meaning, unit, allowed range and default. For a flag of the parameter descriptor table
    /// (paramtable.h) these come from the table, followed by the flag's own remarks.
    std::string help;
};

/// @brief Every flag, in help order (grouped).
const std::vector<CliFlag>& cliFlags();

/// @brief `flags` with the help of each table flag (pecards::paramsOfFlag) composed from the
/// table: "<meaning> in <unit>. <Range>. Default <default>. <the flag's own remarks>".
std::vector<CliFlag> withTableHelp(std::vector<CliFlag> flags);

/// @brief The flag ("--head-dim") that sets the engine parameter `name` as
/// pecards::InvalidParameter reports it ("head_dim", "rope_scaling.factor", "window.row_end", ...);
/// empty when no flag sets it.
QString flagForParameter(const std::string& name);

} // namespace pecards::cli
