#pragma once
/// @file climarkdown.h
/// @brief docs/cli.md, the pecards-cli reference in Markdown, made from the tables behind
/// `pecards-cli --help` (app/cli/clihelp.h, cliflags.h, cliquantities.h).

#include <QString>

/// @brief The whole document: description, usage, commands, cards, a table of quantities, a
/// table of flags per group, exit status and examples.
QString cliMarkdown();
