#pragma once
/// @file pendingqueue.h
/// @brief Thread-safe queue of compute jobs where a newer job replaces a pending one of the same
/// requester and tag (latest wins), shared by the UI thread (producer) and the worker.
///
/// Jobs computed at once run cheapest first by their estimated work (cost.h; charts and read-outs
/// count as none): a slider step's charts and small views are answered, and painted, while its
/// costly view computes (#33).
///
/// Background jobs (ComputeJob::isBackground) are taken only when no other job waits, and the
/// worker takes the others between the running background job's tiles (takeForeground). After a
/// job computed at once is pushed, background jobs are also held until releaseBackground(): the
/// UI releases them once it has shown the answers, so an exact reduction does not take the cores
/// while the first pictures are painted (#33). The
/// running background job has a cancel flag: a newer job of its requester and tag, or cancel(),
/// sets it. The running foreground job has one too, set only when nobody can use its answer any
/// more (shutdown, its requester destroyed): a newer job of its stream waits for it, so a slider
/// drag always gets pictures.

#include "compute/computejobs.h"

#include <QMutex>
#include <atomic>
#include <deque>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace pecards::gui {

class PendingQueue {
public:
    /// @brief What `push` did.
    struct PushOutcome {
        std::optional<quint64> replacedId; ///< id of the stale job dropped for this one
        bool wakeWorker = false; ///< true when the worker is idle and must be woken once
    };

    /// @brief Adds a job (any thread). A pending job of the same requester and tag is replaced in
    /// place, so the queue never holds two jobs of one stream. Ignored after close().
    PushOutcome push(ComputeJob job);

    /// @brief Takes the cheapest job that is not a background job (ComputeJob::work, the oldest of
    /// equals), else (unless background jobs are
    /// held) the oldest background job of a sampled picture, else the oldest background job (worker
    /// thread). When it has nothing to give it returns nothing and marks the worker idle, so the
    /// next push or releaseBackground() wakes it again.
    std::optional<ComputeJob> take();

    /// @brief Lets the worker take background jobs again (UI thread); true when background jobs
    /// wait and the worker is idle: the caller must wake it once.
    bool releaseBackground();

    /// @brief Takes the cheapest job that is not a background job, or nothing (worker thread,
    /// between the tiles of the running background job; the worker stays scheduled).
    std::optional<ComputeJob> takeForeground();

    /// @brief Marks `job` (a background job just taken) running; returns its cancel flag, set
    /// by a newer job of the same requester and tag or by cancel().
    std::shared_ptr<const std::atomic<bool>> startBackground(const ComputeJob& job);

    /// @brief The running background job ended (answered, failed or cancelled).
    void finishBackground();

    /// @brief Marks `job` (a foreground job just taken, worker thread) running; returns its cancel
    /// flag, set by close() and by cancelAll() of its requester. Foreground jobs may run between a
    /// background job's tiles: the two flags are separate.
    std::shared_ptr<const std::atomic<bool>> startForeground(const ComputeJob& job);

    /// @brief The running foreground job ended.
    void finishForeground();

    /// @brief Drops the pending job of `requester` with `tag` and stops the running background
    /// job of that stream.
    /// @return the id of the dropped pending job, if one was dropped.
    std::optional<quint64> cancel(const QObject* requester, const QString& tag);

    /// @brief Drops every pending job of `requester` and stops its running background job (the
    /// requester is being destroyed). @return the tag and id of each dropped job.
    std::vector<std::pair<QString, quint64>> cancelAll(const QObject* requester);

    /// @brief Drops all pending jobs and refuses new ones (shutdown).
    void close();

    /// @brief Number of pending jobs.
    int size() const;

private:
    /// The running job of one kind (background, foreground): its stream and its cancel flag.
    struct RunningJob {
        const QObject* requester = nullptr;
        QString tag;
        std::shared_ptr<std::atomic<bool>> cancel; ///< none while no job of the kind runs
        std::shared_ptr<const std::atomic<bool>> start(const ComputeJob& job, bool closed);
        void finish();
        /// Sets the cancel flag if a job runs and is `requester`'s (and of `tag`, when given).
        void stopIf(const QObject* requester, const QString* tag = nullptr);
        void stop();
    };

    mutable QMutex m_mutex;
    std::deque<ComputeJob> m_jobs;
    RunningJob m_background;
    RunningJob m_foreground;
    bool m_workerScheduled = false;
    bool m_closed = false;
    bool m_holdBackground = false; ///< a job computed at once was pushed since the last release
};

} // namespace pecards::gui
