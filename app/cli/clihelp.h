#pragma once
/// @file clihelp.h
/// @brief The `pecards-cli --help` text, generated from the flag and quantity tables.

#include <QString>

namespace pecards::cli {

/// @brief Usage, commands, cards, quantities (cards, shape, meaning), every flag by group with
/// unit, range and default, exit codes and examples; lines wrapped at 100 columns.
QString helpText();

} // namespace pecards::cli
