#include "views/viewfigure.h"

#include <QCoreApplication>
#include <figure/colormaplist.h>
#include <figure/figurebuilder.h>
#include <figure/figureexporter.h>
#include <figure/griddata.h>
#include <stdexcept>

namespace {

bool isDataPath(const QString& path) {
    return path.endsWith(QStringLiteral(".npy"), Qt::CaseInsensitive)
        || path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive);
}

} // namespace

QList<int> figureDpiChoices() {
    return {kDefaultDpi, 72, 150, 600};
}

pecards::app::FigureSpec heatmapFigureSpec(const ShownHeatmap& shown) {
    const std::string name = shown.colormap.toStdString();
    const pecards::app::ValueRange range = pecards::app::defaultValueRange(
        shown.request.quantity, shown.grid, pecards::app::isDivergingColormap(name));
    return pecards::app::makeFigureSpec(shown.request, shown.grid, pecards::app::colormapColors(name), range);
}

bool saveHeatmapFigure(const ShownHeatmap& shown, const QString& path, int dpi, QString* error) {
    try {
        if (isDataPath(path)) {
            pecards::app::saveGridData(path, shown.grid);
            return true;
        }
        if (!pecards::app::figureFormatForPath(path)) {
            if (error)
                *error = QCoreApplication::translate("ViewFigure",
                    "Cannot export to %1: the file name must end in .png, .svg, .pdf, .npy or .csv")
                             .arg(path);
            return false;
        }
        pecards::app::FigureExportOptions options;
        options.dpi = dpi;
        const pecards::app::FigureExporter exporter(options);
        if (const QString invalid = exporter.validationError(); !invalid.isEmpty()) {
            if (error)
                *error = invalid;
            return false;
        }
        return exporter.save(path, {heatmapFigureSpec(shown)}, error);
    } catch (const std::exception& failure) {
        if (error)
            *error = QCoreApplication::translate("ViewFigure", "Cannot export to %1: %2")
                         .arg(path, QString::fromUtf8(failure.what()));
        return false;
    }
}

bool saveHeatmapsPdf(const QList<ShownHeatmap>& heatmaps, const QString& path, QString* error) {
    if (heatmaps.isEmpty()) {
        if (error)
            *error = QCoreApplication::translate(
                "ViewFigure", "Cannot export to %1: the card shows no computed heatmap")
                         .arg(path);
        return false;
    }
    try {
        QList<pecards::app::FigureSpec> pages;
        for (const ShownHeatmap& shown : heatmaps)
            pages.push_back(heatmapFigureSpec(shown));
        return pecards::app::FigureExporter().save(path, pages, error);
    } catch (const std::exception& failure) {
        if (error)
            *error = QCoreApplication::translate("ViewFigure", "Cannot export to %1: %2")
                         .arg(path, QString::fromUtf8(failure.what()));
        return false;
    }
}
