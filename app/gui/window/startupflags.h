#pragma once
/// @file startupflags.h
/// @brief The command-line flags of `pecards`: one table behind the parser (startupoptions.h),
/// `pecards --help` and the pecards(1) man page, so the three never drift apart.

#include <vector>

namespace pecards::gui {

/// @brief One flag of `pecards`.
struct StartupFlag {
    const char* name; ///< long name without dashes, e.g. "card"
    const char* shortName; ///< one-letter alias ("h"), or nullptr
    const char* valueName; ///< placeholder of the value ("id"); nullptr for a switch
    const char* help; ///< meaning, allowed values and default
};

/// @brief Every flag of `pecards`, in help order (--help and --version last).
const std::vector<StartupFlag>& startupFlags();

/// @brief The optional positional argument ("file"): a workspace to open, as --workspace does;
/// what a file manager passes when a workspace is double-clicked.
const StartupFlag& startupFileArgument();

/// @brief The one-line description printed above the flags.
const char* startupDescription();

} // namespace pecards::gui
