#pragma once
/// @file cardhandout.h
/// @brief The printable card handout (File > Export card handout…, `pecards-cli render
/// --card-handout`): an A4 PDF with the card's front text and its figures on the first page, then
/// its back text from a new page. The texts come in the caller's language with the convention
/// line filled in (cardtext/cardtext.h); the figures are made by the caller, the app on its
/// compute worker and the CLI with its backend, as their other exports.

#include "figure/figure.h"
#include "figure/figureexporter.h"
#include "figure/figurepresets.h"

#include <QByteArray>
#include <QString>
#include <vector>

namespace pecards::app {

/// @brief What a card handout prints.
struct CardHandout {
    QString title; ///< the card's title, the PDF's title (e.g. "RoPE")
    QString header; ///< the small line at the top of the first page (card, language, version)
    QString front; ///< HTML of the front side
    QString back; ///< HTML of the back side
    std::vector<Figure> figures; ///< the card's figures, drawn under the front text, two per row
};

/// @brief The figure size and font of a card handout unless chosen: the "column" preset
/// (figurepresets.h, 3.5 x 2.625 in at 8 pt), so two figures stand side by side at their size.
const FigurePreset& cardHandoutPreset();

/// @brief The export options of cardHandoutPreset() at `dpi`.
FigureExportOptions cardHandoutOptions(int dpi = FigureExportOptions {}.dpi);

/// @brief The handout as PDF bytes; figures drawn two per row at `options`' size (smaller when
/// two do not fit the page's width), a row on a new page when it does not fit the room left.
/// @throws std::invalid_argument naming the figure when one cannot be drawn at `options`' size
/// (FigureExporter::pageError: text that does not fit); FileError when the PDF cannot be generated.
QByteArray cardHandoutPdf(const CardHandout& handout, const FigureExportOptions& options);

} // namespace pecards::app
