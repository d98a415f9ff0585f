#include "views/figureexportjob.h"

#include "compute/computeservice.h"

#include <algorithm>

namespace pecards::gui {

FigureExportJob::FigureExportJob(QObject* context, Done done, Failed failed)
    : QObject(context)
    , m_done(std::move(done))
    , m_failed(std::move(failed)) {
}

void FigureExportJob::start(ComputeService* service, const QList<ShownView>& views,
    const pecards::app::FigureExportOptions& options, QObject* context, Done done, Failed failed) {
    auto* job = new FigureExportJob(context, std::move(done), std::move(failed));
    JobReplies replies;
    replies.print = [job](const PrintResult& result) { job->onPrint(result); };
    replies.failed = [job](const ComputeFailure& failure) { job->onFailure(failure); };
    for (qsizetype n = 0; n < views.size(); ++n) {
        if (const auto* chart = std::get_if<ShownChart>(&views[n])) {
            job->m_figures.push_back(chartFigureSpec(*chart));
            job->m_pending.push_back(0);
            continue;
        }
        const auto& heatmap = std::get<ShownHeatmap>(views[n]);
        job->m_figures.push_back(std::nullopt);
        // One tag per view: the queue's "latest wins" must not drop a sibling.
        job->m_pending.push_back(service->UI_submit(job, QStringLiteral("export/%1").arg(n),
            PrintRequest {heatmap.request, heatmap.colormap, options}, replies));
    }
    job->finishIfComplete();
}

void FigureExportJob::onPrint(const PrintResult& result) {
    const qsizetype n = m_pending.indexOf(result.id);
    if (m_finished || n < 0)
        return;
    m_figures[n] = result.figure.spec;
    m_pending[n] = 0;
    finishIfComplete();
}

void FigureExportJob::onFailure(const ComputeFailure& failure) {
    if (m_finished || !m_pending.contains(failure.id))
        return;
    m_finished = true;
    m_failed(failure.message);
    deleteLater();
}

void FigureExportJob::finishIfComplete() {
    if (m_finished || std::any_of(m_pending.begin(), m_pending.end(), [](quint64 id) { return id != 0; }))
        return;
    m_finished = true;
    QList<pecards::app::Figure> figures;
    for (const std::optional<pecards::app::Figure>& figure : m_figures)
        figures.push_back(*figure);
    m_done(figures);
    deleteLater();
}

} // namespace pecards::gui
