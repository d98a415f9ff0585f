#pragma once
/// @file computeworker.h
/// @brief The object that lives on the compute thread: it drains the tagged queue, runs each
/// job on the backend and reports value-type results. Every method runs on the worker thread
/// (prefix W_); exceptions are caught here and become `W_failed`. When an OpenCL backend fails
/// while running (out of resources, a lost device, a kernel that fails for one quantity: any error
/// but InvalidParameter / ComputeLimitExceeded), the worker switches to the CPU reference for good,
/// announces it with `W_backendReady` (notice "OpenCL failed ...; using CPU reference") and runs the
/// job again there, so every view keeps working.
///
/// A background job (TiledRequest) runs on Backend::computeTiled: after each tile the worker
/// reports `W_progress` and runs the jobs that wait (takeForeground), so the other views stay
/// interactive; between tiles it stops when the queue set the job's cancel flag (`W_cancelled`).

#include "compute/backendprovider.h"
#include "compute/computejobs.h"
#include "compute/pendingqueue.h"

#include <QObject>
#include <memory>

namespace pecards::gui {

class ComputeWorker : public QObject {
    Q_OBJECT
public:
    /// @param queue   shared with the ComputeService that fills it
    /// @param factory called once, on the worker thread, before the first job
    ComputeWorker(std::shared_ptr<PendingQueue> queue, BackendFactory factory);
    ~ComputeWorker() override;

    /// @brief Runs pending jobs until the queue is empty (queued invocation from the service).
    Q_INVOKABLE void W_drain();

signals:
    void W_backendReady(const BackendInfo& info);
    void W_gridReady(const GridResult& result);
    void W_curvesReady(const CurveResult& result);
    void W_printReady(const PrintResult& result);
    void W_pitfallReady(const PitfallResult& result);
    void W_failed(const ComputeFailure& failure);
    /// @brief A background job's progress: the fraction done in [0, 1], in steps of at least 1 %.
    void W_progress(quint64 id, double fraction);
    /// @brief A background job stopped before its end (a newer job of its tag, or UI_cancel).
    void W_cancelled(quint64 id);
    /// @brief Any finished job (success or failure), for the "last compute" read-out.
    void W_jobFinished(const QString& tag, quint64 id, double milliseconds);

private:
    void W_ensureBackend();
    void W_run(const ComputeJob& job);
    PitfallResult W_pitfall(const PitfallRequest& request);
    void W_compute(const ComputeJob& job, double startMilliseconds);
    /// Runs a background job tile by tile; the jobs that wait run between its tiles.
    /// `computedBy` receives the backend that computed it.
    pecards::Grid W_tiled(
        const ComputeJob& job, const pecards::ViewRequest& request, BackendInfo& computedBy);
    /// Replaces a failed OpenCL backend by the CPU reference; false when it was not OpenCL.
    bool W_fallBackToCpu(const QString& reason);
    /// The backend that answers `request` and its info: for a routed backend the side its cost
    /// chooses (the device announced once when it has started), else m_backend and m_info.
    std::pair<pecards::Backend*, BackendInfo> W_choose(const pecards::ViewRequest& request);
    /// Starts the routed backend's device (unless running) and announces it (W_backendReady),
    /// once; posted after the first jobs, and called by W_choose when a view started it.
    void W_announceDevice();

    std::shared_ptr<PendingQueue> m_queue;
    BackendFactory m_factory;
    /// Shared so that a job run between a background job's tiles may replace it (CPU fallback)
    /// while the background job still holds it.
    std::shared_ptr<pecards::Backend> m_backend;
    bool m_isOpenCl = false;
    BackendInfo m_info; ///< what m_backend is (for a routed backend: its CPU reference side)
    /// The routed backend's device info (backendprovider.h), or null; announced once it runs.
    std::shared_ptr<const BackendInfo> m_deviceInfo;
    bool m_deviceAnnounced = false;
    std::unique_ptr<pecards::Backend> m_reference; ///< CPU reference for ReferenceRequest, made on first use
};

} // namespace pecards::gui
