#pragma once
/// @file clihelp.h
/// @brief The `pecards-cli --help` text, generated from the section, flag and quantity tables;
/// the same tables make the pecards-cli(1) man page and docs/cli.md (app/tools/docgen).

#include <QString>
#include <vector>

namespace pecards::cli {

struct CliQuantity;

/// @brief One titled part of the help, in print order.
struct HelpSection {
    /// Text: only `text`; Quantities / Flags: `text`, then the quantity / flag table.
    enum class Kind { Text, Quantities, Flags };
    const char* title; ///< e.g. "USAGE"
    const char* text; ///< preformatted UTF-8 lines, each indented by two spaces
    Kind kind;
};

/// @brief The one-line summary of pecards-cli (the man page's NAME line).
const char* helpSummary();

/// @brief The paragraph above the sections (what pecards-cli does).
const char* helpDescription();

/// @brief USAGE, COMMANDS, CARDS, QUANTITIES, FLAGS, EXIT STATUS, EXAMPLES.
const std::vector<HelpSection>& helpSections();

/// @brief "[cards; shape] meaning" of one quantity, as the help lists it.
QString quantityHelp(const CliQuantity& quantity);

/// @brief Description, then every section: usage, commands, cards, quantities (cards, shape,
/// meaning), every flag by group with unit, range and default, exit codes and examples; lines
/// wrapped at 100 columns.
QString helpText();

} // namespace pecards::cli
