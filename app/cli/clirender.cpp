#include "clirender.h"

#include "clibackend.h"
#include "clicommands.h"
#include "clicost.h"
#include "common/fileerror.h"
#include "common/outputfile.h"
#include "figure/figureexporter.h"
#include "renderfigures.h"

#include <QDir>
#include <QFileInfo>

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

/// One file per figure (BASE-01.EXT, ...), or one PDF of all; a batch is written all or none
/// (app::OutputBatch), so a failure leaves every file of an earlier run as it was.
void writeFigures(const app::FigureExporter& exporter, const QString& outPath,
    const QList<app::FigureSpec>& figures, bool numbered) {
    QString error;
    if (!numbered || app::figureFormatForPath(outPath) == app::FigureFormat::Pdf) {
        if (!exporter.save(outPath, figures, &error)) {
            throw app::FileError(error.toStdString());
        }
        return;
    }
    const QStringList paths = numberedPaths(outPath, figures.size());
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
    checkCliCost(request, err);
    QString notice;
    const std::unique_ptr<Backend> backend = makeCliBackend(request.device, notice);
    if (!notice.isEmpty()) {
        err << "pecards-cli: " << notice << Qt::endl;
    }
    const RenderOptions& options = request.render;
    QList<app::FigureSpec> figures;
    if (options.workspace) {
        figures = workspaceFigures(*backend, *options.workspace, options, request.view.reduction);
    } else {
        figures.append(viewFigure(*backend, request.view,
            options.colormap.value_or(QString::fromLatin1(kDefaultColormap)), options.range));
    }
    app::FigureExportOptions exportOptions;
    exportOptions.sizeInches = options.sizeInches;
    exportOptions.dpi = options.dpi;
    writeFigures(app::FigureExporter(exportOptions), request.outPath, figures, options.workspace.has_value());
}

} // namespace pecards::cli
