#include "compute/computeworker.h"

#include <QElapsedTimer>
#include <cmath>
#include <exception>
#include <limits>
#include <pecards/errors.h>

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
    emit W_backendReady(provided.info);
}

void ComputeWorker::W_run(const ComputeJob& job) {
    QElapsedTimer timer;
    timer.start();
    ComputeFailure failure {job.tag, job.id, FailureKind::BackendError, {}};
    try {
        W_ensureBackend();
        if (const auto* view = std::get_if<pecards::ViewRequest>(&job.payload)) {
            GridResult result {job.tag, job.id, *view, m_backend->compute(*view), 0.0};
            result.milliseconds = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
            emit W_gridReady(result);
        } else if (const auto* reference = std::get_if<ReferenceRequest>(&job.payload)) {
            if (!m_reference)
                m_reference = pecards::makeCpuBackend();
            GridResult result {
                job.tag, job.id, reference->request, m_reference->compute(reference->request), 0.0};
            result.milliseconds = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
            emit W_gridReady(result);
        } else if (const auto* curves = std::get_if<CurveRequest>(&job.payload)) {
            CurveResult result {job.tag, job.id, *curves, computeCurves(*curves), 0.0};
            result.milliseconds = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
            emit W_curvesReady(result);
        } else {
            const auto& difference = std::get<DifferenceRequest>(job.payload);
            DifferenceResult result;
            result.tag = job.tag;
            result.id = job.id;
            result.request = difference;
            result.difference = W_difference(difference, result.a, result.b);
            result.milliseconds = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
            emit W_differenceReady(result);
        }
        emit W_jobFinished(job.tag, job.id, static_cast<double>(timer.nsecsElapsed()) * 1e-6);
        return;
    } catch (const pecards::InvalidParameter& error) {
        failure.kind = FailureKind::InvalidParameter;
        failure.message = QString::fromUtf8(error.what());
        failure.parameter = QString::fromStdString(error.name());
    } catch (const pecards::ComputeLimitExceeded& error) {
        failure.kind = FailureKind::ComputeLimit;
        failure.message = QString::fromUtf8(error.what());
    } catch (const std::exception& error) {
        failure.message = QString::fromUtf8(error.what());
    } catch (...) {
        failure.message = QStringLiteral("unknown error in the compute backend");
    }
    emit W_failed(failure);
    emit W_jobFinished(job.tag, job.id, static_cast<double>(timer.nsecsElapsed()) * 1e-6);
}

pecards::Grid ComputeWorker::W_difference(
    const DifferenceRequest& request, pecards::Grid& a, pecards::Grid& b) {
    // The side is named so the user knows which panel holds the bad value.
    try {
        a = m_backend->compute(request.a);
    } catch (const pecards::InvalidParameter& error) {
        throw pecards::InvalidParameter(std::string("A: ") + error.name(), error.value(), error.allowed());
    }
    try {
        b = m_backend->compute(request.b);
    } catch (const pecards::InvalidParameter& error) {
        throw pecards::InvalidParameter(std::string("B: ") + error.name(), error.value(), error.allowed());
    }
    if (a.rows != b.rows || a.cols != b.cols || !(a.window == b.window)) {
        throw pecards::InvalidParameter("B extent",
            std::to_string(b.window.rows()) + " x " + std::to_string(b.window.cols()),
            "the same as A (" + std::to_string(a.window.rows()) + " x " + std::to_string(a.window.cols())
                + "): A - B needs the same length L and dimension on both sides");
    }
    pecards::Grid difference = a;
    const double masked = -std::numeric_limits<double>::infinity();
    for (std::size_t n = 0; n < difference.values.size(); ++n) {
        const double left = a.values[n];
        const double right = b.values[n];
        difference.values[n]
            = (std::isinf(left) && left < 0) || (std::isinf(right) && right < 0) ? masked : left - right;
    }
    return difference;
}
