#pragma once
/// @file compareexportjob.h
/// @brief Makes the compare tab's figures for an export, as `pecards-cli render --workspace`
/// makes them (app::printResolutionPair, then app::compareFigureSpecs): A computed again at the
/// exported plot's pixel size by the compute worker (PrintRequest), then B at A's window and
/// pixels (a view request of its own), never on the UI thread; A, B and A − B are handed over
/// once both arrived.

#include "views/viewfigure.h"

#include <QObject>
#include <functional>

namespace pecards::gui {

class ComputeService;
struct ComputeFailure;
struct GridResult;
struct PrintResult;

class CompareExportJob : public QObject {
    Q_OBJECT
public:
    using Done = std::function<void(const pecards::app::CompareFigureSet& figures)>;
    using Failed = std::function<void(const QString& message)>;

    /// @brief Starts the job for the sides `a` and `b` shown (their params, quantity, window,
    /// reduction and colour maps); it deletes itself after calling `done` or `failed` (once, on
    /// the UI thread; `failed` also with the message of compareFigureSpecs, e.g. "B unit"), or
    /// with `context`.
    static void start(ComputeService* service, const ShownHeatmap& a, const ShownHeatmap& b,
        const pecards::app::FigureExportOptions& options, QObject* context, Done done, Failed failed);

private:
    CompareExportJob(QObject* context, const ShownHeatmap& b, Done done, Failed failed);
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
