#pragma once
/// @file figureexportjob.h
/// @brief Makes the figures of shown views for an export: charts from their shown curves, and
/// heatmaps recomputed at the exported plot's pixel size by the compute worker (PrintRequest),
/// never on the UI thread. The figures are handed over in the views' order once all arrived.

#include "views/viewfigure.h"

#include <QList>
#include <QObject>
#include <functional>
#include <optional>

namespace pecards::gui {

class ComputeService;
struct ComputeFailure;
struct PrintResult;

class FigureExportJob : public QObject {
    Q_OBJECT
public:
    using Done = std::function<void(const QList<pecards::app::Figure>& figures)>;
    using Failed = std::function<void(const QString& message)>;

    /// @brief Starts the job; it deletes itself after calling `done` or `failed` (once, on the
    /// UI thread), or with `context`.
    static void start(ComputeService* service, const QList<ShownView>& views,
        const pecards::app::FigureExportOptions& options, QObject* context, Done done, Failed failed);

private:
    FigureExportJob(QObject* context, Done done, Failed failed);
    void onPrint(const PrintResult& result);
    void onFailure(const ComputeFailure& failure);
    void finishIfComplete();

    QList<std::optional<pecards::app::Figure>> m_figures; ///< in view order; heatmaps arrive later
    QList<quint64> m_pending; ///< job ids of the heatmaps not yet answered, by view index
    Done m_done;
    Failed m_failed;
    bool m_finished = false;
};

} // namespace pecards::gui
