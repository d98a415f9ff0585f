#include "clirender.h"

#include "clibackend.h"
#include "common/fileerror.h"
#include "figure/figureexporter.h"
#include "renderfigures.h"

#include <QDir>
#include <QFile>
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

/// NAME.png for every figure inside the folder `folder`.
QStringList galleryPaths(const QString& folder, const QList<NamedFigure>& figures) {
    QStringList paths;
    for (const NamedFigure& figure : figures) {
        paths << QDir(folder).filePath(figure.name + u".png"_s);
    }
    return paths;
}

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
    for (qsizetype i = 0; i < figures.size(); ++i) {
        if (!exporter.save(paths[i], {figures[i]}, &error)) {
            for (qsizetype written = 0; written < i; ++written) {
                QFile::remove(paths[written]);
            }
            throw app::FileError(error.toStdString());
        }
    }
}

} // namespace

void runRender(const CliRequest& request, QTextStream& err) {
    QString notice;
    const std::unique_ptr<Backend> backend = makeCliBackend(request.device, notice);
    if (!notice.isEmpty()) {
        err << "pecards-cli: " << notice << Qt::endl;
    }
    const RenderOptions& options = request.render;
    QList<NamedFigure> figures;
    if (options.workspace) {
        figures = workspaceFigures(*backend, *options.workspace, options, request.view.reduction);
    } else if (options.chart) {
        figures.append({QString(), chartFigure(*options.chart)});
    } else {
        figures.append({QString(),
            viewFigure(*backend, request.view,
                options.colormap.value_or(QString::fromLatin1(kDefaultColormap)), options.range,
                figureExportOptions(options), options.viewSize)});
    }
    writeFigures(app::FigureExporter(figureExportOptions(options)), request.outPath, figures,
        options.workspace.has_value());
}

} // namespace pecards::cli
