#include "views/figuresavedialog.h"

#include "views/figureexportjob.h"
#include "views/figureoptionsdialog.h"
#include "views/heatmapdataexport.h"
#include "views/statusmessage.h"
#include "widgets/warningdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <common/outputfile.h>
#include <figure/chartdata.h>
#include <optional>

namespace pecards::gui {

namespace {

const QString kFolderKey = QStringLiteral("export/lastFolder");
constexpr int kClipboardDpi = 150;

/// The suffix of the filter "PNG image (*.png)" -> ".png".
QString filterSuffix(const QString& filter) {
    const qsizetype star = filter.indexOf(QStringLiteral("*."));
    return star < 0 ? QString() : filter.mid(star + 1, filter.indexOf(u')', star) - star - 1);
}

void showError(QWidget* parent, const QString& message) {
    openWarning(parent, QObject::tr("Export failed"), message);
}

void reportSaved(QWidget* parent, const QString& path) {
    showStatusMessage(parent, QObject::tr("Saved %1").arg(QFileInfo(path).fileName()));
}

QStringList figureFilters() {
    return {QObject::tr("PNG image (*.png)"), QObject::tr("SVG drawing (*.svg)"),
        QObject::tr("PDF document (*.pdf)")};
}

/// Asks for a file name in the last folder; remembers the folder. Empty when cancelled.
QString askPath(
    QWidget* parent, const QString& caption, const QString& suggested, const QStringList& filters) {
    QString filter = filters.front();
    QString path = QFileDialog::getSaveFileName(parent, caption, QDir(lastExportFolder()).filePath(suggested),
        filters.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return {};
    if (QFileInfo(path).suffix().isEmpty())
        path += filterSuffix(filter);
    QSettings().setValue(kFolderKey, QFileInfo(path).absolutePath());
    return path;
}

/// Asks for the figure options of `path`, makes the figures (heatmaps on the worker) and writes
/// them, after `cover` when there is one; reports the outcome.
void saveWithOptions(const QList<ShownView>& views, std::optional<pecards::app::CoverSpec> cover,
    const QString& path, ComputeService* service, QWidget* parent, const QStringList& leftOut = {}) {
    const std::optional<pecards::app::FigureExportOptions> options
        = FigureOptionsDialog::ask(path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive), parent);
    if (!options)
        return;
    showStatusMessage(
        parent, QObject::tr("Computing %1 at print resolution…").arg(QFileInfo(path).fileName()));
    FigureExportJob::start(
        service, views, *options, parent,
        [path, parent, cover, options, leftOut](const QList<pecards::app::Figure>& figures) {
            QString error;
            if (!saveFigures(cover ? cardPages(figures, *cover) : figures, path, *options, &error))
                showError(parent, error);
            else if (leftOut.isEmpty())
                reportSaved(parent, path);
            else
                openWarning(
                    parent, QObject::tr("Export card"), leftOutMessage(QFileInfo(path).fileName(), leftOut));
        },
        [parent](const QString& message) { showError(parent, message); });
}

bool isDataPath(const QString& path) {
    return path.endsWith(QStringLiteral(".npy"), Qt::CaseInsensitive)
        || path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive);
}

} // namespace

QString lastExportFolder() {
    const QString folder = QSettings().value(kFolderKey).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QDir::currentPath();
}

void askAndSaveHeatmap(const ShownHeatmap& shown, ComputeService* service, QWidget* parent) {
    const QString path = askPath(parent, QObject::tr("Save view"),
        QStringLiteral("%1.png").arg(QString::fromStdString(pecards::toString(shown.request.quantity))),
        figureFilters()
            + QStringList {QObject::tr("NumPy array of the values (*.npy)"),
                QObject::tr("CSV table of the values (*.csv)")});
    if (path.isEmpty())
        return;
    if (isDataPath(path)) { // the reference's numbers, not the picture's
        askAndSaveHeatmapData(shown, path, service, parent);
        return;
    }
    saveWithOptions(QList<ShownView> {ShownView(shown)}, std::nullopt, path, service, parent);
}

void askAndSaveChart(const ShownChart& shown, ComputeService* service, QWidget* parent) {
    const QString path = askPath(parent, QObject::tr("Save chart"),
        QStringLiteral("%1.png").arg(QLatin1String(pecards::app::chartName(shown.request.kind))),
        figureFilters() + QStringList {QObject::tr("CSV table of the curves (*.csv)")});
    if (path.isEmpty())
        return;
    if (path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)) { // the chart's numbers
        try {
            pecards::app::saveChartData(path, shown.curves);
            reportSaved(parent, path);
        } catch (const std::exception& failure) {
            showError(parent, QString::fromUtf8(failure.what()));
        }
        return;
    }
    saveWithOptions(QList<ShownView> {ShownView(shown)}, std::nullopt, path, service, parent);
}

void askAndSaveMadeFigure(
    const QString& name, const FigureMaker& make, const std::optional<ShownHeatmap>& data, QWidget* parent) {
    const QStringList filters = data ? figureFilters()
            + QStringList {QObject::tr("NumPy array of the values (*.npy)"),
                QObject::tr("CSV table of the values (*.csv)")}
                                     : figureFilters();
    const QString path = askPath(parent, QObject::tr("Save view"), name + QStringLiteral(".png"), filters);
    if (path.isEmpty())
        return;
    if (data && isDataPath(path)) {
        QString error;
        if (saveHeatmapFigure(*data, path, kDefaultDpi, &error))
            reportSaved(parent, path);
        else
            showError(parent, error);
        return;
    }
    const std::optional<pecards::app::FigureExportOptions> options
        = FigureOptionsDialog::ask(path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive), parent);
    if (!options)
        return;
    showStatusMessage(
        parent, QObject::tr("Computing %1 at print resolution…").arg(QFileInfo(path).fileName()));
    make(
        *options,
        [path, parent, options](const pecards::app::Figure& figure) {
            QString error;
            if (saveFigures({figure}, path, *options, &error))
                reportSaved(parent, path);
            else
                showError(parent, error);
        },
        [parent](const QString& message) { showError(parent, message); });
}

QString leftOutMessage(const QString& fileName, const QStringList& leftOut) {
    return QObject::tr("Saved %1 without the views that show no picture now: %2. Export again once they "
                       "show one to include them.")
        .arg(fileName, leftOut.join(QStringLiteral("; ")));
}

void askAndSaveCardPdf(const QList<ShownView>& views, const QStringList& leftOut,
    const pecards::app::CoverSpec& cover, const QString& suggestedName, ComputeService* service,
    QWidget* parent) {
    if (views.isEmpty()) {
        showError(parent, QObject::tr("This card shows no computed view to export."));
        return;
    }
    const QString path = askPath(parent, QObject::tr("Export card"), suggestedName + QStringLiteral(".pdf"),
        {QObject::tr("PDF document (*.pdf)")});
    if (path.isEmpty())
        return;
    saveWithOptions(views, cover, path, service, parent, leftOut);
}

void askAndSaveCardHandout(const QList<ShownView>& views, const QStringList& leftOut,
    const pecards::app::CardHandout& handout, const QString& suggestedName, ComputeService* service,
    QWidget* parent) {
    const QString path = askPath(parent, QObject::tr("Export card handout"),
        suggestedName + QStringLiteral("-handout.pdf"), {QObject::tr("PDF document (*.pdf)")});
    if (!path.isEmpty())
        saveCardHandout(views, leftOut, handout, path, service, parent);
}

void saveCardHandout(const QList<ShownView>& views, const QStringList& leftOut,
    pecards::app::CardHandout handout, const QString& path, ComputeService* service, QWidget* parent,
    const std::function<void()>& done) {
    const pecards::app::FigureExportOptions options = pecards::app::cardHandoutOptions(); // as pecards-cli's
    showStatusMessage(
        parent, QObject::tr("Computing %1 at print resolution…").arg(QFileInfo(path).fileName()));
    FigureExportJob::start(
        service, views, options, parent,
        [handout, path, parent, options, leftOut, done](const QList<pecards::app::Figure>& figures) mutable {
            handout.figures.assign(figures.begin(), figures.end());
            try {
                pecards::app::writeOutputFile(path, pecards::app::cardHandoutPdf(handout, options));
                if (leftOut.isEmpty())
                    reportSaved(parent, path);
                else
                    openWarning(parent, QObject::tr("Export card handout"),
                        leftOutMessage(QFileInfo(path).fileName(), leftOut));
            } catch (const std::exception& failure) {
                showError(parent, QString::fromUtf8(failure.what()));
            }
            if (done)
                done();
        },
        [parent, done](const QString& message) {
            showError(parent, message);
            if (done)
                done();
        });
}

void copyFigureToClipboard(const ShownView& shown, ComputeService* service, QWidget* parent) {
    pecards::app::FigureExportOptions options = FigureOptionsDialog::remembered();
    options.dpi = kClipboardDpi;
    FigureExportJob::start(
        service, {shown}, options, parent,
        [options, parent](const QList<pecards::app::Figure>& figures) {
            const pecards::app::FigureExporter exporter(options);
            QString error;
            const QByteArray png = exporter.pngData(figures.front(), &error);
            const QByteArray svg = error.isEmpty() ? exporter.svgData(figures.front(), &error) : QByteArray();
            if (!error.isEmpty()) {
                showError(parent, error);
                return;
            }
            auto* data = new QMimeData;
            data->setImageData(exporter.renderImage(figures.front()));
            data->setData(QStringLiteral("image/png"), png);
            data->setData(QStringLiteral("image/svg+xml"), svg);
            QApplication::clipboard()->setMimeData(data);
            showStatusMessage(parent,
                QObject::tr("Copied the figure \"%1\" to the clipboard")
                    .arg(pecards::app::figureTitleOf(figures.front())));
        },
        [parent](const QString& message) { showError(parent, message); });
}

} // namespace pecards::gui
