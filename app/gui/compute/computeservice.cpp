#include "compute/computeservice.h"

#include "compute/computeworker.h"
#include "compute/metatypes.h"
#include "compute/parameterlabels.h"
#include "compute/pendingqueue.h"

#include <QTimer>
#include <algorithm>
#include <pecards/cost.h>

namespace pecards::gui {

ComputeService::ComputeService(BackendFactory factory, QObject* parent)
    : QObject(parent)
    , m_queue(std::make_shared<PendingQueue>())
    , m_interactiveWorkLimit(pecards::defaultCostLimits().work) {
    registerPecardsMetaTypes();
    m_thread.setObjectName(QStringLiteral("pecards-compute"));
    m_worker = new ComputeWorker(m_queue, std::move(factory));
    m_worker->moveToThread(&m_thread);
    // Worker signals cross the thread: Qt queues them into this (UI) thread, in emission order,
    // so a job's answer arrives before its W_jobFinished.
    connect(m_worker, &ComputeWorker::W_backendReady, this, [this](const BackendInfo& info) {
        m_backendInfo = info;
        emit backendReady(info);
    });
    connect(m_worker, &ComputeWorker::W_gridReady, this,
        [this](const GridResult& result) { deliver(result.id, &JobReplies::grid, result); });
    connect(m_worker, &ComputeWorker::W_curvesReady, this,
        [this](const CurveResult& result) { deliver(result.id, &JobReplies::curves, result); });
    connect(m_worker, &ComputeWorker::W_printReady, this,
        [this](const PrintResult& result) { deliver(result.id, &JobReplies::print, result); });
    connect(m_worker, &ComputeWorker::W_pitfallReady, this,
        [this](const PitfallResult& result) { deliver(result.id, &JobReplies::pitfall, result); });
    connect(m_worker, &ComputeWorker::W_progress, this,
        [this](quint64 id, double fraction) { deliver(id, &JobReplies::progress, id, fraction); });
    connect(m_worker, &ComputeWorker::W_cancelled, this,
        [this](quint64 id) { deliver(id, &JobReplies::cancelled, id); });
    connect(m_worker, &ComputeWorker::W_failed, this, [this](ComputeFailure failure) {
        if (failure.kind == FailureKind::InvalidParameter) // the on-screen label next to the key
            failure.message = labelledEngineMessage(failure.parameter, failure.message);
        deliver(failure.id, &JobReplies::failed, failure);
    });
    connect(m_worker, &ComputeWorker::W_jobFinished, this,
        [this](const QString& tag, quint64 id, double milliseconds) {
            m_pending.remove(id);
            ++m_finishedCount;
            emit jobFinished(tag, id, milliseconds);
            releaseBackgroundWhenShown();
        });
    m_thread.start();
}

ComputeService::~ComputeService() {
    m_queue->close();
    m_thread.quit();
    m_thread.wait();
    delete m_worker; // the thread has stopped: nothing else touches it
}

template <typename Callback, typename... Args>
void ComputeService::deliver(quint64 id, Callback JobReplies::*member, const Args&... args) {
    const auto pending = m_pending.constFind(id);
    if (pending == m_pending.cend() || !pending->requester || !(pending->replies.*member))
        return; // dropped, or the requester is gone: nobody to tell
    const Callback callback = pending->replies.*member; // it may submit, which changes m_pending
    callback(args...);
}

quint64 ComputeService::UI_submit(
    QObject* requester, const QString& tag, JobPayload payload, JobReplies replies) {
    Q_ASSERT(requester);
    const quint64 id = m_nextId++;
    m_pending.insert(
        id, Pending {requester, std::move(replies), std::holds_alternative<TiledRequest>(payload), tag});
    if (!m_watched.contains(requester)) {
        m_watched.insert(requester);
        connect(requester, &QObject::destroyed, this, [this, requester] { dropRequester(requester); });
    }
    const PendingQueue::PushOutcome outcome
        = m_queue->push(ComputeJob {tag, id, std::move(payload), requester});
    if (outcome.wakeWorker)
        QMetaObject::invokeMethod(m_worker, &ComputeWorker::W_drain, Qt::QueuedConnection);
    if (outcome.replacedId)
        dropped(tag, *outcome.replacedId);
    return id;
}

QStringList ComputeService::pendingJobs() const {
    QList<quint64> ids = m_pending.keys();
    std::sort(ids.begin(), ids.end());
    QStringList jobs;
    for (const quint64 id : ids)
        jobs.append(QStringLiteral("%1 #%2").arg(m_pending[id].tag).arg(id));
    return jobs;
}

void ComputeService::UI_cancel(const QObject* requester, const QString& tag) {
    if (const std::optional<quint64> id = m_queue->cancel(requester, tag))
        dropped(tag, *id);
}

void ComputeService::dropRequester(const QObject* requester) {
    m_watched.remove(requester); // the address may be reused by a new requester
    for (const auto& [tag, id] : m_queue->cancelAll(requester))
        dropped(tag, id);
}

void ComputeService::dropped(const QString& tag, quint64 id) {
    m_pending.remove(id);
    ++m_droppedCount;
    emit jobDropped(tag, id);
    releaseBackgroundWhenShown();
}

void ComputeService::releaseBackgroundWhenShown() {
    const auto foregroundPending = [this] {
        return std::any_of(
            m_pending.cbegin(), m_pending.cend(), [](const Pending& job) { return !job.background; });
    };
    if (foregroundPending())
        return;
    // A timer, not a queued call: timers run after the posted events, the paints among them. A job
    // computed at once submitted meanwhile holds the background again until it ends.
    QTimer::singleShot(1, this, [this, foregroundPending] {
        if (!foregroundPending() && m_queue->releaseBackground())
            QMetaObject::invokeMethod(m_worker, &ComputeWorker::W_drain, Qt::QueuedConnection);
    });
}

} // namespace pecards::gui
