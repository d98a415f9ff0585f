#include "clirender.h"

#include "clibackend.h"
#include "clicardhandout.h"
#include "clicommands.h"
#include "clicost.h"
#include "common/fileerror.h"
#include "common/outputfile.h"
#include "figure/figureexporter.h"
#include "figure/quantitydefaults.h"
#include "lessonhandout.h"
#include "pecards/pitfallparams.h"
#include "progressbackend.h"
#include "renderfigures.h"
#include "usageerror.h"

#include <QDir>
#include <QFileInfo>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

/// BASE-01.EXT, BASE-02.EXT, ... next to `path` (BASE.EXT).
QStringList numberedPaths(const QString& path, qsizetype count) {
    const QFileInfo info(path);
    const int digits = std::max(2, static_cast<int>(QString::number(count).size()));
    QStringList paths;
    for (qsizetype i = 1; i <= count; ++i) {
        paths << info.dir().filePath(info.completeBaseName() + u'-'
            + QStringLiteral("%1").arg(static_cast<qlonglong>(i), digits, 10, QLatin1Char('0')) + u'.'
            + info.suffix());
    }
    return paths;
}

/// NAME.png for every figure inside the folder `folder`.
QStringList galleryPaths(const QString& folder, const QList<NamedFigure>& figures) {
    QStringList paths;
    for (const NamedFigure& figure : figures) {
        paths << QDir(folder).filePath(figure.name + u".png"_s);
    }
    return paths;
}

/// One file per figure (BASE-01.EXT, ...), or one PDF of all; a batch is written all or none
/// (app::OutputBatch), so a failure leaves every file of an earlier run as it was.
void writeFigures(const app::FigureExporter& exporter, const QString& outPath,
    const QList<NamedFigure>& named, bool numbered) {
    QList<app::Figure> figures;
    for (const NamedFigure& figure : named) {
        figures.append(figure.figure);
    }
    QString error;
    const bool gallery = numbered && isFolderPath(outPath);
    if (!gallery && (!numbered || app::figureFormatForPath(outPath) == app::FigureFormat::Pdf)) {
        if (!exporter.save(outPath, figures, &error)) {
            throw app::FileError(error.toStdString());
        }
        return;
    }
    if (gallery && !QDir().mkpath(outPath)) {
        throw app::FileError("Cannot create the folder " + outPath.toStdString());
    }
    const QStringList paths = gallery ? galleryPaths(outPath, named) : numberedPaths(outPath, figures.size());
    for (const QString& path : paths) {
        try {
            app::checkOutputTarget(path); // before rendering anything
        } catch (const app::FileError& e) {
            throw app::FileError("Cannot export figure to " + std::string(e.what()));
        }
    }
    const bool svg = app::figureFormatForPath(outPath) == app::FigureFormat::Svg;
    app::OutputBatch batch;
    for (qsizetype i = 0; i < figures.size(); ++i) {
        QByteArray bytes = svg ? exporter.svgData(figures[i], &error) : exporter.pngData(figures[i], &error);
        if (!error.isEmpty()) {
            throw app::FileError(u"Cannot export figure to %1: %2"_s.arg(paths[i], error).toStdString());
        }
        batch.add(paths[i], std::move(bytes));
    }
    try {
        batch.commit();
    } catch (const app::FileError& e) {
        throw app::FileError("Cannot export figure to " + std::string(e.what()));
    }
}

} // namespace

void runRender(const CliRequest& request, QTextStream& out, QTextStream& err) {
    if (request.dryRun) {
        printCost(request, out);
        return;
    }
    checkCliCost(request, err, ::isatty(STDERR_FILENO) == 1);
    // Views are computed tile by tile: no work limit, a progress line on a terminal (progressbackend.h).
    ProgressBackend backend(
        makeCliBackend(request.device, noticePrinter(err)), err, ::isatty(STDERR_FILENO) == 1);
    const RenderOptions& options = request.render;
    if (options.lesson || options.cardHandoutLanguage) {
        const QByteArray pdf = options.lesson
            ? lessonHandoutPdf(backend, *options.lesson, options)
            : cliCardHandoutPdf(backend, request.view.params, *options.cardHandoutLanguage, options);
        try {
            app::writeOutputFile(request.outPath, pdf);
        } catch (const app::FileError& e) {
            throw app::FileError("Cannot export the handout to " + std::string(e.what()));
        }
        return;
    }
    QList<NamedFigure> figures;
    if (options.workspace) {
        figures = workspaceFigures(backend, *options.workspace, options);
    } else if (options.chart) {
        figures.append({QString(), chartFigure(*options.chart)});
    } else if (request.view.params.pitfall.kind != Pitfall::None && !request.view.params.pitfall.fixed) {
        // What the Pitfalls view shows: the bug is seen beside the correct view and in their difference.
        figures = pitfallFigures(backend, request.view,
            options.colormap.value_or(app::defaultColormap(request.view.quantity, request.view.params.card)),
            figureExportOptions(options), options.viewSize);
    } else {
        figures.append({QString(),
            viewFigure(backend, request.view,
                options.colormap.value_or(
                    app::defaultColormap(request.view.quantity, request.view.params.card)),
                options.range, figureExportOptions(options), options.viewSize)});
    }
    const app::FigureExporter exporter(figureExportOptions(options));
    for (qsizetype i = 0; i < figures.size(); ++i) { // a page too small for its text: invalid input
        if (const QString error = exporter.pageError(figures[i].figure); !error.isEmpty()) {
            throw UsageError(u"--size"_s,
                figures.size() > 1 ? u"figure %1 of %2: %3"_s.arg(i + 1).arg(figures.size()).arg(error)
                                   : error);
        }
    }
    writeFigures(exporter, request.outPath, figures, options.workspace.has_value() || figures.size() > 1);
}

} // namespace pecards::cli
