#include "compute/computeservice.h"

#include "compute/computeworker.h"
#include "compute/metatypes.h"
#include "compute/parameterlabels.h"
#include "compute/pendingqueue.h"

#include <pecards/cost.h>

ComputeService::ComputeService(BackendFactory factory, QObject* parent)
    : QObject(parent)
    , m_queue(std::make_shared<PendingQueue>())
    , m_interactiveWorkLimit(pecards::defaultCostLimits().work) {
    registerPecardsMetaTypes();
    m_thread.setObjectName(QStringLiteral("pecards-compute"));
    m_worker = new ComputeWorker(m_queue, std::move(factory));
    m_worker->moveToThread(&m_thread);
    // Worker signals cross the thread: Qt queues them into this (UI) thread.
    connect(m_worker, &ComputeWorker::W_backendReady, this, [this](const BackendInfo& info) {
        m_backendInfo = info;
        emit backendReady(info);
    });
    connect(m_worker, &ComputeWorker::W_gridReady, this, &ComputeService::gridReady);
    connect(m_worker, &ComputeWorker::W_curvesReady, this, &ComputeService::curvesReady);
    connect(m_worker, &ComputeWorker::W_printReady, this, &ComputeService::printReady);
    connect(m_worker, &ComputeWorker::W_pitfallReady, this, &ComputeService::pitfallReady);
    connect(m_worker, &ComputeWorker::W_progress, this, &ComputeService::progressed);
    connect(m_worker, &ComputeWorker::W_cancelled, this, &ComputeService::jobCancelled);
    connect(m_worker, &ComputeWorker::W_failed, this, [this](ComputeFailure failure) {
        if (failure.kind == FailureKind::InvalidParameter) // the on-screen label next to the key
            failure.message = labelledEngineMessage(failure.parameter, failure.message);
        emit failed(failure);
    });
    connect(m_worker, &ComputeWorker::W_jobFinished, this,
        [this](const QString& tag, quint64 id, double milliseconds) {
            ++m_finishedCount;
            emit jobFinished(tag, id, milliseconds);
        });
    m_thread.start();
}

ComputeService::~ComputeService() {
    m_queue->close();
    m_thread.quit();
    m_thread.wait();
    delete m_worker; // the thread has stopped: nothing else touches it
}

quint64 ComputeService::UI_submit(const QString& tag, JobPayload payload) {
    const quint64 id = m_nextId++;
    const PendingQueue::PushOutcome outcome = m_queue->push(ComputeJob {tag, id, std::move(payload)});
    if (outcome.wakeWorker)
        QMetaObject::invokeMethod(m_worker, &ComputeWorker::W_drain, Qt::QueuedConnection);
    if (outcome.replacedId) {
        ++m_droppedCount;
        emit jobDropped(tag, *outcome.replacedId);
    }
    return id;
}

void ComputeService::UI_cancel(const QString& tag) {
    if (const std::optional<quint64> dropped = m_queue->cancel(tag)) {
        ++m_droppedCount;
        emit jobDropped(tag, *dropped);
    }
}
