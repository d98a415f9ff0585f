#include "compute/pendingqueue.h"

#include <QMutexLocker>
#include <algorithm>

namespace pecards::gui {

PendingQueue::PushOutcome PendingQueue::push(ComputeJob job) {
    QMutexLocker lock(&m_mutex);
    PushOutcome outcome;
    if (m_closed)
        return outcome;
    const auto same = std::find_if(m_jobs.begin(), m_jobs.end(), [&job](const ComputeJob& pending) {
        return pending.requester == job.requester && pending.tag == job.tag;
    });
    if (m_backgroundCancel && job.requester == m_backgroundRequester && job.tag == m_backgroundTag)
        m_backgroundCancel->store(true); // the running background job is stale too
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
    // Jobs computed at once first, then sampled pictures in the background, then exact ones.
    const auto sampled = [](const ComputeJob& job) {
        const auto* tiled = std::get_if<TiledRequest>(&job.payload);
        return tiled == nullptr || tiled->request.reduction == pecards::Reduction::Sample;
    };
    auto next = std::find_if(
        m_jobs.begin(), m_jobs.end(), [](const ComputeJob& job) { return !job.isBackground(); });
    if (next == m_jobs.end())
        next = std::find_if(m_jobs.begin(), m_jobs.end(), sampled);
    if (next == m_jobs.end())
        next = m_jobs.begin();
    ComputeJob job = std::move(*next);
    m_jobs.erase(next);
    return job;
}

std::optional<ComputeJob> PendingQueue::takeForeground() {
    QMutexLocker lock(&m_mutex);
    const auto next = std::find_if(
        m_jobs.begin(), m_jobs.end(), [](const ComputeJob& job) { return !job.isBackground(); });
    if (m_closed || next == m_jobs.end())
        return std::nullopt;
    ComputeJob job = std::move(*next);
    m_jobs.erase(next);
    return job;
}

std::shared_ptr<const std::atomic<bool>> PendingQueue::startBackground(const ComputeJob& job) {
    QMutexLocker lock(&m_mutex);
    m_backgroundRequester = job.requester;
    m_backgroundTag = job.tag;
    m_backgroundCancel = std::make_shared<std::atomic<bool>>(m_closed);
    return m_backgroundCancel;
}

void PendingQueue::finishBackground() {
    QMutexLocker lock(&m_mutex);
    m_backgroundRequester = nullptr;
    m_backgroundTag.clear();
    m_backgroundCancel.reset();
}

std::shared_ptr<const std::atomic<bool>> PendingQueue::startForeground(const ComputeJob& job) {
    QMutexLocker lock(&m_mutex);
    m_foregroundRequester = job.requester;
    m_foregroundCancel = std::make_shared<std::atomic<bool>>(m_closed);
    return m_foregroundCancel;
}

void PendingQueue::finishForeground() {
    QMutexLocker lock(&m_mutex);
    m_foregroundRequester = nullptr;
    m_foregroundCancel.reset();
}

std::optional<quint64> PendingQueue::cancel(const QObject* requester, const QString& tag) {
    QMutexLocker lock(&m_mutex);
    if (m_backgroundCancel && requester == m_backgroundRequester && tag == m_backgroundTag)
        m_backgroundCancel->store(true);
    const auto same = std::find_if(m_jobs.begin(), m_jobs.end(),
        [&](const ComputeJob& pending) { return pending.requester == requester && pending.tag == tag; });
    if (same == m_jobs.end())
        return std::nullopt;
    const quint64 id = same->id;
    m_jobs.erase(same);
    return id;
}

std::vector<std::pair<QString, quint64>> PendingQueue::cancelAll(const QObject* requester) {
    QMutexLocker lock(&m_mutex);
    if (m_backgroundCancel && requester == m_backgroundRequester)
        m_backgroundCancel->store(true);
    if (m_foregroundCancel && requester == m_foregroundRequester)
        m_foregroundCancel->store(true); // nobody is left to show its answer
    std::vector<std::pair<QString, quint64>> dropped;
    for (const ComputeJob& job : m_jobs) {
        if (job.requester == requester)
            dropped.emplace_back(job.tag, job.id);
    }
    std::erase_if(m_jobs, [requester](const ComputeJob& job) { return job.requester == requester; });
    return dropped;
}

void PendingQueue::close() {
    QMutexLocker lock(&m_mutex);
    m_closed = true;
    m_jobs.clear();
    if (m_backgroundCancel)
        m_backgroundCancel->store(true); // shutdown does not wait for a long computation
    if (m_foregroundCancel)
        m_foregroundCancel->store(true); // nor for an exact picture in flight
}

int PendingQueue::size() const {
    QMutexLocker lock(&m_mutex);
    return static_cast<int>(m_jobs.size());
}

} // namespace pecards::gui
