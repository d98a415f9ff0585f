#include "views/pairexportjob.h"

#include "compute/computeservice.h"

#include <exception>

namespace pecards::gui {

PairExportJob::PairExportJob(QObject* context, const ShownHeatmap& b, Done done, Failed failed)
    : QObject(context)
    , m_b(b)
    , m_done(std::move(done))
    , m_failed(std::move(failed)) {
}

void PairExportJob::start(ComputeService* service, const ShownHeatmap& a, const ShownHeatmap& b,
    const pecards::app::FigureExportOptions& options, QObject* context, Done done, Failed failed) {
    auto* job = new PairExportJob(context, b, std::move(done), std::move(failed));
    job->m_service = service;
    job->m_a.colormap = a.colormap;
    JobReplies replies;
    replies.print = [job](const PrintResult& result) { job->onPrintA(result); };
    replies.failed = [job](const ComputeFailure& failure) {
        if (failure.id == job->m_pending)
            job->fail(failure.message);
    };
    job->m_pending = service->UI_submit(
        job, QStringLiteral("pair-export/A"), PrintRequest {a.request, a.colormap, options}, replies);
}

void PairExportJob::onPrintA(const PrintResult& result) {
    if (m_finished || result.id != m_pending)
        return;
    m_a.request = result.figure.request;
    m_a.grid = result.figure.grid;
    JobReplies replies;
    replies.grid = [this](const GridResult& grid) { onGridB(grid); };
    replies.failed = [this](const ComputeFailure& failure) {
        if (failure.id == m_pending)
            fail(failure.message);
    };
    m_pending = m_service->UI_submit(this, QStringLiteral("pair-export/B"),
        pecards::app::atPrintSizeOf(m_b.request, m_a.request), replies);
}

void PairExportJob::onGridB(const GridResult& result) {
    if (m_finished || result.id != m_pending)
        return;
    m_b.request = result.request;
    m_b.grid = result.grid;
    try {
        m_done(m_a, m_b);
    } catch (const std::exception& error) {
        fail(QString::fromUtf8(error.what()));
        return;
    }
    m_finished = true;
    deleteLater();
}

void PairExportJob::fail(const QString& message) {
    if (m_finished)
        return;
    m_finished = true;
    m_failed(message);
    deleteLater();
}

} // namespace pecards::gui
