#include "views/viewfigure.h"

#include <QCoreApplication>
#include <figure/chartbuilder.h>
#include <figure/colormaplist.h>
#include <figure/figurebuilder.h>
#include <figure/figureexporter.h>
#include <figure/griddata.h>
#include <figure/overlay.h>
#include <stdexcept>

namespace pecards::gui {

namespace {

bool isDataPath(const QString& path) {
    return path.endsWith(QStringLiteral(".npy"), Qt::CaseInsensitive)
        || path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive);
}

} // namespace

pecards::app::FigureSpec heatmapFigureSpec(const ShownHeatmap& shown) {
    const std::string name = shown.colormap.toStdString();
    const pecards::app::ValueRange range = pecards::app::defaultValueRange(
        shown.request.quantity, shown.grid, pecards::app::isDivergingColormap(name));
    return pecards::app::makeFigureSpec(shown.request, shown.grid, pecards::app::colormapColors(name), range);
}

pecards::app::ChartSpec chartFigureSpec(const ShownChart& shown) {
    if (shown.overlay)
        return pecards::app::overlayChartSpec(shown.request, *shown.overlay, shown.curves);
    return pecards::app::makeChartSpec(shown.request, shown.curves);
}

pecards::app::Figure shownFigure(const ShownView& shown) {
    if (const auto* chart = std::get_if<ShownChart>(&shown))
        return chartFigureSpec(*chart);
    return heatmapFigureSpec(std::get<ShownHeatmap>(shown));
}

bool saveFigures(const QList<pecards::app::Figure>& figures, const QString& path,
    const pecards::app::FigureExportOptions& options, QString* error) {
    if (!pecards::app::figureFormatForPath(path)) {
        if (error)
            *error = QCoreApplication::translate(
                "ViewFigure", "Cannot export to %1: the file name must end in .png, .svg or .pdf")
                         .arg(path);
        return false;
    }
    const pecards::app::FigureExporter exporter(options);
    if (const QString invalid = exporter.validationError(); !invalid.isEmpty()) {
        if (error)
            *error = invalid;
        return false;
    }
    return exporter.save(path, figures, error);
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

QList<pecards::app::Figure> cardPages(
    const QList<pecards::app::Figure>& figures, pecards::app::CoverSpec cover) {
    QList<pecards::app::Figure> pages;
    pages.reserve(figures.size() + 1);
    for (const pecards::app::Figure& figure : figures)
        cover.contents << pecards::app::figureTitleOf(figure);
    // Built in place: a moved variant temporary trips GCC's -Wmaybe-uninitialized at -O2.
    pages.emplaceBack(std::in_place_type<pecards::app::CoverSpec>, std::move(cover));
    pages.append(figures);
    return pages;
}

} // namespace pecards::gui
