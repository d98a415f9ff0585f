#include "compute/pendingqueue.h"

#include <QMutexLocker>
#include <algorithm>
#include <pecards/cost.h>
#include <pecards/errors.h>

namespace pecards::gui {

namespace {

/// The estimated work of a grid computed at once, 0 for any other job.
qint64 foregroundWork(const JobPayload& payload) {
    const auto* request = std::get_if<pecards::ViewRequest>(&payload);
    if (request == nullptr)
        return 0;
    try {
        return pecards::estimateCost(*request).work;
    } catch (const pecards::InvalidParameter&) {
        return 0; // refused at once by the worker
    }
}

/// The foreground job to run next: the cheapest, the oldest of equals (a slider step's charts and
/// small views are answered while its costly view computes, #33).
std::deque<ComputeJob>::iterator cheapestForeground(std::deque<ComputeJob>& jobs) {
    auto best = jobs.end();
    for (auto job = jobs.begin(); job != jobs.end(); ++job) {
        if (!job->isBackground() && (best == jobs.end() || job->work < best->work))
            best = job;
    }
    return best;
}

} // namespace

PendingQueue::PushOutcome PendingQueue::push(ComputeJob job) {
    job.work = foregroundWork(job.payload); // outside the lock: the worker may be waiting on it
    QMutexLocker lock(&m_mutex);
    PushOutcome outcome;
    if (m_closed)
        return outcome;
    const auto same = std::find_if(m_jobs.begin(), m_jobs.end(), [&job](const ComputeJob& pending) {
        return pending.requester == job.requester && pending.tag == job.tag;
    });
    m_background.stopIf(job.requester, &job.tag); // the running background job is stale too
    if (!job.isBackground())
        m_holdBackground = true;
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
    auto next = cheapestForeground(m_jobs);
    if (next == m_jobs.end() && m_holdBackground) {
        m_workerScheduled = false; // releaseBackground() wakes the worker
        return std::nullopt;
    }
    if (next == m_jobs.end())
        next = std::find_if(m_jobs.begin(), m_jobs.end(), sampled);
    if (next == m_jobs.end())
        next = m_jobs.begin();
    ComputeJob job = std::move(*next);
    m_jobs.erase(next);
    return job;
}

bool PendingQueue::releaseBackground() {
    QMutexLocker lock(&m_mutex);
    m_holdBackground = false;
    if (m_closed || m_jobs.empty() || m_workerScheduled)
        return false;
    m_workerScheduled = true;
    return true;
}

std::optional<ComputeJob> PendingQueue::takeForeground() {
    QMutexLocker lock(&m_mutex);
    const auto next = cheapestForeground(m_jobs);
    if (m_closed || next == m_jobs.end())
        return std::nullopt;
    ComputeJob job = std::move(*next);
    m_jobs.erase(next);
    return job;
}

std::shared_ptr<const std::atomic<bool>> PendingQueue::RunningJob::start(const ComputeJob& job, bool closed) {
    requester = job.requester;
    tag = job.tag;
    cancel = std::make_shared<std::atomic<bool>>(closed);
    return cancel;
}

void PendingQueue::RunningJob::finish() {
    requester = nullptr;
    tag.clear();
    cancel.reset();
}

void PendingQueue::RunningJob::stopIf(const QObject* of, const QString* ofTag) {
    if (cancel && of == requester && (ofTag == nullptr || *ofTag == tag))
        cancel->store(true);
}

void PendingQueue::RunningJob::stop() {
    if (cancel)
        cancel->store(true);
}

std::shared_ptr<const std::atomic<bool>> PendingQueue::startBackground(const ComputeJob& job) {
    QMutexLocker lock(&m_mutex);
    return m_background.start(job, m_closed);
}

void PendingQueue::finishBackground() {
    QMutexLocker lock(&m_mutex);
    m_background.finish();
}

std::shared_ptr<const std::atomic<bool>> PendingQueue::startForeground(const ComputeJob& job) {
    QMutexLocker lock(&m_mutex);
    return m_foreground.start(job, m_closed);
}

void PendingQueue::finishForeground() {
    QMutexLocker lock(&m_mutex);
    m_foreground.finish();
}

std::optional<quint64> PendingQueue::cancel(const QObject* requester, const QString& tag) {
    QMutexLocker lock(&m_mutex);
    m_background.stopIf(requester, &tag);
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
    m_background.stopIf(requester);
    m_foreground.stopIf(requester); // nobody is left to show its answer
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
    m_background.stop(); // shutdown does not wait for a long computation
    m_foreground.stop(); // nor for an exact picture in flight
}

int PendingQueue::size() const {
    QMutexLocker lock(&m_mutex);
    return static_cast<int>(m_jobs.size());
}

} // namespace pecards::gui
