#pragma once
/// @file computeservice.h
/// @brief The UI-thread facade of the compute worker (style-anchors §8 item 16).
///
/// Owns one QThread with a ComputeWorker on it. `UI_submit` posts a tagged job; a pending job
/// with the same tag is dropped (latest wins), so dragging a slider never piles up work.
/// Results and failures come back as value types through queued signals, on the UI thread.

#include "compute/backendprovider.h"
#include "compute/computejobs.h"

#include <QObject>
#include <QThread>
#include <algorithm>
#include <memory>

class ComputeWorker;
class PendingQueue;

class ComputeService : public QObject {
    Q_OBJECT
public:
    /// @param factory makes the backend on the worker thread before the first job
    explicit ComputeService(BackendFactory factory, QObject* parent = nullptr);
    /// @brief Drops pending jobs, waits for the running one and stops the thread.
    ~ComputeService() override;

    /// @brief Posts a job (UI thread). Returns its id; results carry the same tag and id.
    /// A pending job with the same tag is dropped and announced by `jobDropped`.
    quint64 UI_submit(const QString& tag, JobPayload payload);

    /// @brief Stops the job with `tag`: drops it when pending (announced by `jobDropped`), stops
    /// it between two tiles when it is the running background job (announced by `jobCancelled`).
    void UI_cancel(const QString& tag);

    /// @brief Work (cost.h operations) a view may take on the worker at once; a request over it
    /// is computed in the background, tile by tile, with progress (TiledRequest). Default: the
    /// cost model's work limit, 2^32 operations (a few seconds on one core).
    qint64 interactiveWorkLimit() const { return m_interactiveWorkLimit; }
    /// @brief Sets the limit above (> 0); tests lower it to send small views to the background.
    void setInteractiveWorkLimit(qint64 operations) {
        m_interactiveWorkLimit = std::max<qint64>(operations, 1);
    }

    /// @brief The backend in use; empty name until `backendReady` was emitted.
    const BackendInfo& backendInfo() const { return m_backendInfo; }

    /// @brief How many stale jobs were dropped since start.
    quint64 droppedCount() const { return m_droppedCount; }

    /// @brief True when every submitted job was either answered or dropped.
    bool isIdle() const { return m_nextId - 1 == m_finishedCount + m_droppedCount; }

signals:
    void backendReady(const BackendInfo& info);
    void gridReady(const GridResult& result);
    void curvesReady(const CurveResult& result);
    void printReady(const PrintResult& result);
    void pitfallReady(const PitfallResult& result);
    void failed(const ComputeFailure& failure);
    /// @brief A background job's progress: fraction done in [0, 1], non-decreasing, 1 at the end.
    void progressed(const QString& tag, quint64 id, double fraction);
    /// @brief A background job stopped before its end (a newer job of its tag, or UI_cancel).
    void jobCancelled(const QString& tag, quint64 id);
    void jobDropped(const QString& tag, quint64 id);
    void jobFinished(const QString& tag, quint64 id, double milliseconds);

private:
    std::shared_ptr<PendingQueue> m_queue;
    QThread m_thread;
    ComputeWorker* m_worker = nullptr; ///< lives on m_thread, deleted after it stopped
    BackendInfo m_backendInfo;
    quint64 m_nextId = 1;
    quint64 m_droppedCount = 0;
    quint64 m_finishedCount = 0;
    qint64 m_interactiveWorkLimit;
};
