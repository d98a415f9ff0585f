#pragma once
/// @file clirender.h
/// @brief `pecards-cli render`: publication figures (PNG / SVG / PDF) of a view or of a whole
/// workspace, headless, through app/figure (the files the GUI's export writes).

#include "cliparser.h"

#include <QTextStream>

namespace pecards::cli {

/// @brief `render`: computes the grids with the --device backend, builds the figures
/// (renderfigures.h) and writes --out with app::FigureExporter at --size and --dpi. A single
/// view gives one file; a workspace gives one PDF page per figure, or numbered PNG / SVG files
/// BASE-01.EXT, BASE-02.EXT, ... (two digits, more when there are over 99 figures). Every file
/// is written atomically and only after all figures were computed; numbered files are written all
/// or none (app::OutputBatch): a failure leaves every file of an earlier run as it was. A workspace
/// rendered into a folder (--out ending in "/" or an existing folder: isFolderPath) gives NAME.png
/// per figure, named as workspaceFigures names them (the README gallery). A fallback notice goes
/// to `err`. With --dry-run: printCost() on `out` only.
/// @throws pecards::InvalidParameter, pecards::ComputeLimitExceeded, UsageError,
///         pecards::app::FileError (output not writable), std::runtime_error (device failure).
void runRender(const CliRequest& request, QTextStream& out, QTextStream& err);

} // namespace pecards::cli
