#include "compute/computeworker.h"

#include "figure/difference.h"

#include <QElapsedTimer>
#include <exception>
#include <functional>
#include <new>
#include <pecards/errors.h>
#include <pecards/progress.h>
#include <pecards/routedbackend.h>

namespace pecards::gui {

namespace {

/// A running job's sink: forwards each report to a callback and reads the queue's cancel flag.
class QueueSink final : public pecards::ProgressSink {
public:
    QueueSink(std::function<void(double)> report, std::shared_ptr<const std::atomic<bool>> cancel)
        : m_report(std::move(report))
        , m_cancel(std::move(cancel)) { }
    void progress(double fraction) override { m_report(fraction); }
    bool cancelled() const override { return m_cancel->load(); }

private:
    std::function<void(double)> m_report;
    std::shared_ptr<const std::atomic<bool>> m_cancel;
};

/// Ends the queue's record of the running job (`finish`: finishForeground or finishBackground)
/// when the computation ends, however it ends.
struct RunningJob {
    PendingQueue& queue;
    void (PendingQueue::*finish)();
    ~RunningJob() { (queue.*finish)(); }
};

} // namespace

ComputeWorker::ComputeWorker(std::shared_ptr<PendingQueue> queue, BackendFactory factory)
    : m_queue(std::move(queue))
    , m_factory(std::move(factory)) {
}

ComputeWorker::~ComputeWorker() = default;

void ComputeWorker::W_drain() {
    while (std::optional<ComputeJob> job = m_queue->take())
        W_run(*job);
}

void ComputeWorker::W_ensureBackend() {
    if (m_backend)
        return;
    ProvidedBackend provided = m_factory();
    m_backend = std::move(provided.backend);
    m_isOpenCl = provided.info.isOpenCl;
    m_info = provided.info;
    m_deviceInfo = std::move(provided.deviceInfo);
    emit W_backendReady(provided.info);
    if (dynamic_cast<pecards::RoutedBackend*>(m_backend.get()) != nullptr && m_deviceInfo) {
        // Posted to this thread: runs once the jobs already queued (the first pictures, on the CPU
        // reference) are done, then starts the device here and announces it. On this thread, not
        // one of its own: the OpenCL runtime stays with the thread that computes.
        QMetaObject::invokeMethod(
            this, [this] { W_announceDevice(); }, Qt::QueuedConnection);
    }
}

void ComputeWorker::W_announceDevice() {
    auto* routed = dynamic_cast<pecards::RoutedBackend*>(m_backend.get());
    if (routed == nullptr || !m_deviceInfo || m_deviceAnnounced)
        return;
    routed->waitForDevice(); // starts it unless a costly view did (the factory's start never throws)
    m_deviceAnnounced = true;
    m_isOpenCl = m_deviceInfo->isOpenCl; // a failure while running now falls back (W_fallBackToCpu)
    emit W_backendReady(*m_deviceInfo);
}

std::pair<pecards::Backend*, BackendInfo> ComputeWorker::W_choose(const pecards::ViewRequest& request) {
    auto* routed = dynamic_cast<pecards::RoutedBackend*>(m_backend.get());
    if (routed == nullptr || !m_deviceInfo)
        return {m_backend.get(), m_info};
    pecards::Backend& chosen = routed->choose(request);
    if (routed->deviceRunning())
        W_announceDevice();
    return {&chosen, routed->lastRoute().device ? *m_deviceInfo : m_info};
}

bool ComputeWorker::W_fallBackToCpu(const QString& reason) {
    if (!m_isOpenCl)
        return false;
    m_backend = pecards::makeCpuBackend();
    m_isOpenCl = false;
    m_deviceInfo.reset();
    BackendInfo info;
    info.name = QString::fromStdString(m_backend->name());
    info.isOpenCl = false;
    info.notice = tr("OpenCL failed while running (%1); using CPU reference").arg(reason);
    m_info = info;
    emit W_backendReady(info);
    return true;
}

void ComputeWorker::W_compute(const ComputeJob& job, double startMilliseconds) {
    QElapsedTimer timer;
    timer.start();
    const auto elapsed = [&] { return startMilliseconds + static_cast<double>(timer.nsecsElapsed()) * 1e-6; };
    if (const auto* view = std::get_if<pecards::ViewRequest>(&job.payload)) {
        const RunningJob running {*m_queue, &PendingQueue::finishForeground};
        QueueSink stop([](double) {}, m_queue->startForeground(job));
        const auto [backend, info] = W_choose(*view);
        GridResult result {job.id, *view, backend->computeCancellable(*view, stop), 0.0, info};
        result.milliseconds = elapsed();
        emit W_gridReady(result);
    } else if (const auto* reference = std::get_if<ReferenceRequest>(&job.payload)) {
        if (!m_reference)
            m_reference = pecards::makeCpuBackend();
        GridResult result {job.id, reference->request, m_reference->compute(reference->request), 0.0, {}};
        result.backend.name = QString::fromStdString(m_reference->name());
        result.milliseconds = elapsed();
        emit W_gridReady(result);
    } else if (const auto* tiled = std::get_if<TiledRequest>(&job.payload)) {
        GridResult result {job.id, tiled->request, {}, 0.0, {}};
        result.grid = W_tiled(job, tiled->request, result.backend);
        result.milliseconds = elapsed();
        emit W_gridReady(result);
    } else if (const auto* curves = std::get_if<pecards::app::CurveRequest>(&job.payload)) {
        CurveResult result {job.id, *curves, pecards::app::computeCurves(*curves), 0.0};
        result.milliseconds = elapsed();
        emit W_curvesReady(result);
    } else if (const auto* print = std::get_if<PrintRequest>(&job.payload)) {
        PrintResult result {job.id, *print,
            pecards::app::printResolutionFigure(print->view, print->colormap.toStdString(), std::nullopt,
                print->options,
                [this](const pecards::ViewRequest& request) { return m_backend->compute(request); }),
            0.0};
        result.milliseconds = elapsed();
        emit W_printReady(result);
    } else {
        PitfallResult result = W_pitfall(std::get<PitfallRequest>(job.payload));
        result.id = job.id;
        result.milliseconds = elapsed();
        emit W_pitfallReady(result);
    }
}

pecards::Grid ComputeWorker::W_tiled(
    const ComputeJob& job, const pecards::ViewRequest& request, BackendInfo& computedBy) {
    const RunningJob running {*m_queue, &PendingQueue::finishBackground};
    double reported = -1.0;
    QueueSink sink(
        [&](double fraction) {
            if (fraction >= reported + 0.01 || (fraction == 1.0 && reported < 1.0)) {
                reported = fraction;
                emit W_progress(job.id, fraction);
            }
            while (std::optional<ComputeJob> waiting = m_queue->takeForeground())
                W_run(*waiting);
        },
        m_queue->startBackground(job));
    const std::shared_ptr<pecards::Backend> kept = m_backend; // alive if a job between tiles replaces it
    const auto [backend, info] = W_choose(request);
    computedBy = info;
    return backend->computeTiled(request, sink);
}

void ComputeWorker::W_run(const ComputeJob& job) {
    QElapsedTimer timer;
    timer.start();
    const auto milliseconds = [&timer] { return static_cast<double>(timer.nsecsElapsed()) * 1e-6; };
    ComputeFailure failure {job.id, FailureKind::BackendError, {}};
    for (int attempt = 0; attempt < 2; ++attempt) {
        try {
            W_ensureBackend();
            W_compute(job, milliseconds());
            emit W_jobFinished(job.tag, job.id, milliseconds());
            return;
        } catch (const pecards::ComputeCancelled&) {
            emit W_cancelled(job.id);
            emit W_jobFinished(job.tag, job.id, milliseconds());
            return;
        } catch (const pecards::InvalidParameter& error) {
            failure.kind = FailureKind::InvalidParameter;
            failure.message = QString::fromUtf8(error.what());
            failure.parameter = QString::fromStdString(error.name());
        } catch (const pecards::ComputeLimitExceeded& error) {
            failure.kind = FailureKind::ComputeLimit;
            failure.message = QString::fromUtf8(error.what());
        } catch (const std::bad_alloc&) {
            // This view's memory, not the device: the view says so and the backend stays.
            failure.kind = FailureKind::ComputeLimit;
            failure.message
                = tr("Not enough memory for this view (the system refused an allocation): a "
                     "smaller zoom window, the sample reduction or a shorter sequence needs less");
        } catch (const std::exception& error) {
            failure.message = QString::fromUtf8(error.what());
            if (W_fallBackToCpu(failure.message.section(QLatin1Char('\n'), 0, 0).left(200)))
                continue; // the same job again, on the CPU reference
        } catch (...) {
            failure.message = QStringLiteral("unknown error in the compute backend");
            if (W_fallBackToCpu(failure.message))
                continue;
        }
        break;
    }
    emit W_failed(failure);
    emit W_jobFinished(job.tag, job.id, milliseconds());
}

namespace {

/// Runs `compute`; an engine error becomes the returned message (the side shows it in place).
template <typename Compute> QString W_capture(Compute&& compute) {
    try {
        compute();
    } catch (const pecards::InvalidParameter& error) {
        return QString::fromUtf8(error.what());
    } catch (const pecards::ComputeLimitExceeded& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

} // namespace

PitfallResult ComputeWorker::W_pitfall(const PitfallRequest& request) {
    PitfallResult result;
    result.request = request;
    result.buggyError = W_capture([&] { result.buggy = m_backend->compute(request.buggy); });
    result.correctError = W_capture([&] { result.correct = m_backend->compute(request.correct); });
    if (result.buggy && result.correct) {
        try { // buggy − correct, as the compare tab's A − B (figure/difference.h)
            result.difference = pecards::app::differenceGrid(*result.buggy, *result.correct);
        } catch (const pecards::InvalidParameter&) {
            // Not the same window or shape: the view says one side has no difference to show.
        }
    }
    for (const pecards::Invariant invariant : pecards::invariantsOf(request.buggy.params.card)) {
        InvariantRow row;
        row.invariant = invariant;
        row.buggyError = W_capture(
            [&] { row.buggy = pecards::evaluateInvariant(*m_backend, request.buggy.params, invariant); });
        row.correctError = W_capture(
            [&] { row.correct = pecards::evaluateInvariant(*m_backend, request.correct.params, invariant); });
        result.invariants.push_back(row);
    }
    return result;
}

} // namespace pecards::gui
