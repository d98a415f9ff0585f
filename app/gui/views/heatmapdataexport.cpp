#include "views/heatmapdataexport.h"

#include "compute/computeservice.h"
#include "views/statusmessage.h"
#include "widgets/warningdialog.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QInputDialog>
#include <QPointer>
#include <figure/griddata.h>

namespace pecards::gui {

namespace {

/// The translation context of the export's texts.
class HeatmapDataExport {
    Q_DECLARE_TR_FUNCTIONS(HeatmapDataExport)
};

} // namespace

std::optional<pecards::ViewRequest> dataRequest(const pecards::ViewRequest& shown, DataExtent extent) {
    pecards::ViewRequest request = shown;
    request.normaliser = pecards::Normaliser::Exact;
    if (extent == DataExtent::Entries) {
        const pecards::Window& w = request.window;
        if (w.rows() > pecards::kMaxOutputPixels || w.cols() > pecards::kMaxOutputPixels)
            return std::nullopt;
        request.out_rows = static_cast<int>(w.rows());
        request.out_cols = static_cast<int>(w.cols());
    }
    return request;
}

void saveHeatmapData(const ShownHeatmap& shown, const QString& path, DataExtent extent,
    ComputeService* service, QWidget* parent) {
    const std::optional<pecards::ViewRequest> request = dataRequest(shown.request, extent);
    if (!request) {
        openWarning(parent, HeatmapDataExport::tr("Export failed"),
            HeatmapDataExport::tr(
                "The window is %1 × %2 entries: every entry can be written for windows of at most %3 a side; "
                "zoom in, or write the view's pixels")
                .arg(shown.request.window.rows())
                .arg(shown.request.window.cols())
                .arg(pecards::kMaxOutputPixels));
        return;
    }
    const QPointer<QWidget> guard(parent);
    const auto status = [guard](const QString& message) { showStatusMessage(guard, message); };
    status(HeatmapDataExport::tr("Computing %1 with the double-precision reference…")
               .arg(QFileInfo(path).fileName()));
    JobReplies replies;
    replies.grid = [guard, path, status](const GridResult& result) {
        try {
            pecards::app::saveGridData(path, result.grid);
            status(HeatmapDataExport::tr("Saved %1: %2 × %3 double-precision reference values (%4)")
                       .arg(QFileInfo(path).fileName())
                       .arg(result.grid.rows)
                       .arg(result.grid.cols)
                       .arg(result.backend.name));
        } catch (const std::exception& failure) {
            if (guard)
                openWarning(guard, HeatmapDataExport::tr("Export failed"), QString::fromUtf8(failure.what()));
        }
    };
    replies.failed = [guard](const ComputeFailure& failure) {
        if (guard)
            openWarning(guard, HeatmapDataExport::tr("Export failed"), failure.message);
    };
    service->UI_submit(
        parent, QStringLiteral("data-export"), ReferenceRequest {*request}, std::move(replies));
}

void askAndSaveHeatmapData(
    const ShownHeatmap& shown, const QString& path, ComputeService* service, QWidget* parent) {
    const pecards::Window& w = shown.request.window;
    const QString pixels = HeatmapDataExport::tr("The view's pixels, %1 × %2 (each by its pixel rule)")
                               .arg(shown.grid.rows)
                               .arg(shown.grid.cols);
    QStringList choices {pixels};
    if (dataRequest(shown.request, DataExtent::Entries))
        choices << HeatmapDataExport::tr("Every entry of the window, %1 × %2").arg(w.rows()).arg(w.cols());
    bool ok = false;
    const QString chosen = QInputDialog::getItem(parent, HeatmapDataExport::tr("Save the numbers"),
        HeatmapDataExport::tr("Double-precision reference values of:"), choices, 0, false, &ok);
    if (!ok)
        return;
    saveHeatmapData(
        shown, path, chosen == pixels ? DataExtent::Pixels : DataExtent::Entries, service, parent);
}

} // namespace pecards::gui
