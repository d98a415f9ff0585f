#include "compute/pendingqueue.h"

#include <QMutexLocker>
#include <algorithm>

PendingQueue::PushOutcome PendingQueue::push(ComputeJob job) {
    QMutexLocker lock(&m_mutex);
    PushOutcome outcome;
    if (m_closed)
        return outcome;
    const auto same = std::find_if(
        m_jobs.begin(), m_jobs.end(), [&job](const ComputeJob& pending) { return pending.tag == job.tag; });
    if (same != m_jobs.end()) {
        outcome.replacedId = same->id;
        *same = std::move(job);
    } else {
        m_jobs.push_back(std::move(job));
    }
    if (!m_workerScheduled) {
        m_workerScheduled = true;
        outcome.wakeWorker = true;
    }
    return outcome;
}

std::optional<ComputeJob> PendingQueue::take() {
    QMutexLocker lock(&m_mutex);
    if (m_jobs.empty() || m_closed) {
        m_workerScheduled = false;
        return std::nullopt;
    }
    ComputeJob job = std::move(m_jobs.front());
    m_jobs.pop_front();
    return job;
}

void PendingQueue::close() {
    QMutexLocker lock(&m_mutex);
    m_closed = true;
    m_jobs.clear();
}

int PendingQueue::size() const {
    QMutexLocker lock(&m_mutex);
    return static_cast<int>(m_jobs.size());
}
