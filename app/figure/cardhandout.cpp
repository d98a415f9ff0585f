#include "figure/cardhandout.h"

#include "figure/handoutpage.h"

#include <stdexcept>

namespace pecards::app {

const FigurePreset& cardHandoutPreset() {
    return *findFigurePreset(QStringLiteral("column"));
}

FigureExportOptions cardHandoutOptions(int dpi) {
    FigureExportOptions options;
    options.sizeInches = cardHandoutPreset().sizeInches;
    options.style = styleForFontSize(cardHandoutPreset().fontPt);
    options.dpi = dpi;
    return options;
}

QByteArray cardHandoutPdf(const CardHandout& handout, const FigureExportOptions& options) {
    const FigureExporter exporter(options);
    for (std::size_t f = 0; f < handout.figures.size(); ++f) {
        if (const QString error = exporter.pageError(handout.figures[f]); !error.isEmpty()) {
            throw std::invalid_argument(QStringLiteral("figure %1 of %2 (%3): %4")
                                            .arg(f + 1)
                                            .arg(handout.figures.size())
                                            .arg(figureTitleOf(handout.figures[f]), error)
                                            .toStdString());
        }
    }
    HandoutDocument document(handout.title);
    HandoutPage front(document);
    front.text(handout.header.toHtmlEscaped(), 9);
    front.text(handout.front, 10);
    front.figureGrid(handout.figures, options, 2);
    front.text(handout.back, 10); // the back follows; its heading starts it

    return document.finish();
}

} // namespace pecards::app
