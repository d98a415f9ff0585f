#pragma once
/// @file pendingqueue.h
/// @brief Thread-safe queue of tagged compute jobs where a newer job replaces a pending one
/// with the same tag (latest wins), shared by the UI thread (producer) and the worker.

#include "compute/computejobs.h"

#include <QMutex>
#include <deque>
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

    /// @brief Takes the oldest job (worker thread). When the queue is empty it returns
    /// nothing and marks the worker idle, so the next push wakes it again.
    std::optional<ComputeJob> take();

    /// @brief Drops all pending jobs and refuses new ones (shutdown).
    void close();

    /// @brief Number of pending jobs.
    int size() const;

private:
    mutable QMutex m_mutex;
    std::deque<ComputeJob> m_jobs;
    bool m_workerScheduled = false;
    bool m_closed = false;
};
