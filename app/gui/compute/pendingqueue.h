#pragma once
/// @file pendingqueue.h
/// @brief Thread-safe queue of tagged compute jobs where a newer job replaces a pending one
/// with the same tag (latest wins), shared by the UI thread (producer) and the worker.
///
/// Background jobs (ComputeJob::isBackground) are taken only when no other job waits, and the
/// worker takes the others between the running background job's tiles (takeForeground). The
/// running background job has a cancel flag: a newer job with its tag, or cancel(tag), sets it.

#include "compute/computejobs.h"

#include <QMutex>
#include <atomic>
#include <deque>
#include <memory>
#include <optional>

class PendingQueue {
public:
    /// @brief What `push` did.
    struct PushOutcome {
        std::optional<quint64> replacedId; ///< id of the stale job dropped for this one
        bool wakeWorker = false; ///< true when the worker is idle and must be woken once
    };

    /// @brief Adds a job (any thread). A pending job with the same tag is replaced in place,
    /// so the queue never holds two jobs of one tag. Ignored after close().
    PushOutcome push(ComputeJob job);

    /// @brief Takes the oldest job that is not a background job, else the oldest background job
    /// of a sampled picture, else the oldest background job (worker thread). When the queue is empty it
    /// returns nothing and marks the worker idle, so the next push wakes it again.
    std::optional<ComputeJob> take();

    /// @brief Takes the oldest job that is not a background job, or nothing (worker thread,
    /// between the tiles of the running background job; the worker stays scheduled).
    std::optional<ComputeJob> takeForeground();

    /// @brief Marks `job` (a background job just taken) running; returns its cancel flag, set
    /// by a newer job with the same tag or by cancel(tag).
    std::shared_ptr<const std::atomic<bool>> startBackground(const ComputeJob& job);

    /// @brief The running background job ended (answered, failed or cancelled).
    void finishBackground();

    /// @brief Drops the pending job with `tag` and stops the running background job with it.
    /// @return the id of the dropped pending job, if one was dropped.
    std::optional<quint64> cancel(const QString& tag);

    /// @brief Drops all pending jobs and refuses new ones (shutdown).
    void close();

    /// @brief Number of pending jobs.
    int size() const;

private:
    mutable QMutex m_mutex;
    std::deque<ComputeJob> m_jobs;
    QString m_backgroundTag; ///< tag of the running background job (empty: none)
    std::shared_ptr<std::atomic<bool>> m_backgroundCancel;
    bool m_workerScheduled = false;
    bool m_closed = false;
};
