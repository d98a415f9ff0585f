#pragma once
/// @file computeservice.h
/// @brief The UI-thread facade of the compute worker: the UI thread never computes.
///
/// Owns one QThread with a ComputeWorker on it. `UI_submit` posts a job of a requester with the
/// callbacks that answer it; a pending job of the same requester and tag is dropped (latest wins),
/// so dragging a slider never piles up work. Results and failures come back as value types,
/// on the UI thread, to the requester's callbacks only, and only while the requester lives (a
/// QPointer guards each delivery, as qrenderdoc's AsyncInvoke/GUIInvoke do). A destroyed
/// requester's pending jobs are dropped and its running background job is stopped.

#include "compute/backendprovider.h"
#include "compute/computejobs.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>
#include <QThread>
#include <algorithm>
#include <memory>

namespace pecards::gui {

class ComputeWorker;
class PendingQueue;

class ComputeService : public QObject {
    Q_OBJECT
public:
    /// @param factory makes the backend on the worker thread before the first job
    explicit ComputeService(BackendFactory factory, QObject* parent = nullptr);
    /// @brief Drops pending jobs, waits for the running one and stops the thread.
    ~ComputeService() override;

    /// @brief Posts a job (UI thread) and returns its id (results carry it).
    /// @param requester who asked (non-null): the replies reach it only while it lives
    /// @param tag       the requester's stream ("rope/slot2/exact"): a pending job of the same
    ///                  requester and tag is dropped for this one (announced by `jobDropped`);
    ///                  the status line names the view by it
    /// @param replies   called on the UI thread with this job's answer (computejobs.h JobReplies)
    quint64 UI_submit(QObject* requester, const QString& tag, JobPayload payload, JobReplies replies);

    /// @brief Stops the requester's job with `tag`: drops it when pending (announced by
    /// `jobDropped`), stops it between two tiles when it is the running background job (its
    /// `cancelled` reply).
    void UI_cancel(const QObject* requester, const QString& tag);

    /// @brief Work (cost.h operations) a view may take on the worker at once; a request over it
    /// is computed in the background, tile by tile, with progress (TiledRequest). Default: the
    /// cost model's work limit, 2^32 operations (a few seconds on one core).
    qint64 interactiveWorkLimit() const { return m_interactiveWorkLimit; }
    /// @brief Sets the limit above (> 0); tests lower it to send small views to the background.
    void setInteractiveWorkLimit(qint64 operations) {
        m_interactiveWorkLimit = std::max<qint64>(operations, 1);
    }

    /// @brief Work (cost.h operations) an exact picture may take and still be the first answer to a
    /// change: over it, and when the sampled picture costs less than half as much, the view shows
    /// the sampled picture first and the exact reduction streams in behind it (#33). Default
    /// kFrameOperations, one 60 Hz frame at the cost model's ~1 ns per operation.
    qint64 frameWorkLimit() const { return m_frameWorkLimit; }
    /// @brief Sets the limit above (> 0).
    void setFrameWorkLimit(qint64 operations) { m_frameWorkLimit = std::max<qint64>(operations, 1); }
    static constexpr qint64 kFrameOperations = 16'000'000;

    /// @brief The backend in use; empty name until `backendReady` was emitted.
    const BackendInfo& backendInfo() const { return m_backendInfo; }

    /// @brief How many stale jobs were dropped since start.
    quint64 droppedCount() const { return m_droppedCount; }

    /// @brief True when every submitted job was either answered or dropped.
    bool isIdle() const { return m_nextId - 1 == m_finishedCount + m_droppedCount; }

    /// @brief The tags of the jobs not yet answered or dropped, oldest first ("alibi/slot2/exact
    /// #812"): what keeps the service from being idle, for diagnostics and tests.
    QStringList pendingJobs() const;

signals:
    void backendReady(const BackendInfo& info);
    // The job log, for observers (the status line, tests); no view filters it: a job's answers
    // reach its requester through its JobReplies only.
    void jobDropped(const QString& tag, quint64 id);
    void jobFinished(const QString& tag, quint64 id, double milliseconds);

private:
    /// A job waiting for its answer: its requester (null once destroyed) and its callbacks.
    struct Pending {
        QPointer<QObject> requester;
        JobReplies replies;
        bool background = false; ///< a TiledRequest (ComputeJob::isBackground)
        QString tag;
    };
    /// Calls `member` of job `id`'s replies with `args` when its requester still lives.
    template <typename Callback, typename... Args>
    void deliver(quint64 id, Callback JobReplies::*member, const Args&... args);
    /// Drops the jobs of a requester being destroyed.
    void dropRequester(const QObject* requester);
    /// Counts and announces a job dropped before it ran.
    void dropped(const QString& tag, quint64 id);
    /// Once no job computed at once is pending, lets the worker take the held background jobs after
    /// the answers delivered so far have been painted (a timer runs after the posted paint events).
    void releaseBackgroundWhenShown();

    std::shared_ptr<PendingQueue> m_queue;
    QThread m_thread;
    ComputeWorker* m_worker = nullptr; ///< lives on m_thread, deleted after it stopped
    BackendInfo m_backendInfo;
    QHash<quint64, Pending> m_pending; ///< submitted jobs not yet finished or dropped, by id
    QSet<const QObject*> m_watched; ///< requesters whose destruction drops their jobs
    quint64 m_nextId = 1;
    quint64 m_droppedCount = 0;
    quint64 m_finishedCount = 0;
    qint64 m_interactiveWorkLimit;
    qint64 m_frameWorkLimit = kFrameOperations;
};

} // namespace pecards::gui
