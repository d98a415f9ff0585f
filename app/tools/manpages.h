#pragma once
/// @file manpages.h
/// @brief The man pages pecards(1) and pecards-cli(1), made from the flag tables the programs
/// print with --help (app/gui/window/startupflags.h, app/cli/cliflags.h and clihelp.h).

#include <QString>

/// @brief pecards(1) in roff: synopsis, description, every start option, environment, files.
QString guiManPage();

/// @brief pecards-cli(1) in roff: every section of `pecards-cli --help` (usage, commands, cards,
/// quantities, flags by group, exit status, examples).
QString cliManPage();
