#pragma once
/// @file pairexportjob.h
/// @brief Computes two heatmaps shown side by side again for an export, as `pecards-cli render`
/// does (app::printResolutionPair): A at the exported plot's pixel size by the compute worker
/// (PrintRequest), then B at A's window and pixels (a view request of its own), never on the UI
/// thread. The compare tab's A and B (app::compareFigureSpecs) and the Pitfalls view's correct
/// and buggy views (app::pitfallFigureSpecs) make their figures from the two.

#include "views/viewfigure.h"

#include <QObject>
#include <functional>

namespace pecards::gui {

class ComputeService;
struct ComputeFailure;
struct GridResult;
struct PrintResult;

class PairExportJob : public QObject {
    Q_OBJECT
public:
    /// Gets A and B at print resolution; may throw std::exception (e.g. compareFigureSpecs' "B
    /// unit"), which the job hands to `failed`.
    using Done = std::function<void(const ShownHeatmap& a, const ShownHeatmap& b)>;
    using Failed = std::function<void(const QString& message)>;

    /// @brief Starts the job for the sides `a` and `b` shown (their params, quantity, window,
    /// reduction and colour maps); it deletes itself after calling `done` or `failed` (once, on
    /// the UI thread), or with `context`.
    static void start(ComputeService* service, const ShownHeatmap& a, const ShownHeatmap& b,
        const pecards::app::FigureExportOptions& options, QObject* context, Done done, Failed failed);

private:
    PairExportJob(QObject* context, const ShownHeatmap& b, Done done, Failed failed);
    void onPrintA(const PrintResult& result);
    void onGridB(const GridResult& result);
    void fail(const QString& message);

    ComputeService* m_service = nullptr;
    ShownHeatmap m_a; ///< A at print resolution once answered
    ShownHeatmap m_b; ///< B's request and colour map; its grid at A's pixels once answered
    quint64 m_pending = 0; ///< the job waited for
    Done m_done;
    Failed m_failed;
    bool m_finished = false;
};

} // namespace pecards::gui
