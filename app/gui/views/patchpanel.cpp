#include "views/patchpanel.h"

#include "widgets/heatmapframe.h"
#include "widgets/heatmapwidget.h"

#include <QtConcurrent/QtConcurrentRun>
#include <pecards/errors.h>
#include <pecards/probe.h>
#include <pecards/visionrope.h>

namespace pecards::gui {

PatchPanel::PatchPanel(const ViewSpec& spec, QWidget* parent)
    : ViewPanel(spec, parent)
    , m_heatmap(new HeatmapWidget(this)) {
    toolRow()->addStretch(1);
    m_heatmap->setSquarePlot(false);
    setContent(m_heatmap);
    connect(&m_watcher, &QFutureWatcher<Result>::finished, this, &PatchPanel::onComputed);
}

void PatchPanel::setParams(const pecards::CardParams& params) {
    m_params = params;
    submit();
}

void PatchPanel::submit() {
    if (m_watcher.isRunning()) {
        m_pending = true; // the latest parameters run when this computation is done
        return;
    }
    m_pending = false;
    m_shown = m_params;
    const pecards::VisionTowerView tower = m_params.multimodal.tower;
    pecards::ProbeParams probe; // the card's kind and seed, sized for the tower's own head
    probe.kind = m_params.probe.kind;
    probe.seed = m_params.probe.seed;
    m_watcher.setFuture(QtConcurrent::run([tower, probe]() -> Result {
        try {
            const Eigen::VectorXd q
                = pecards::probeVector(probe, pecards::ProbeStream::Query, tower.rope.head_dim);
            const Eigen::VectorXd k
                = pecards::probeVector(probe, pecards::ProbeStream::Key, tower.rope.head_dim);
            return {pecards::visionPatchScore(
                        tower.rope, tower.rows, tower.cols, tower.query_row, tower.query_col, q, k),
                {}};
        } catch (const pecards::InvalidParameter& e) {
            return {{}, QString::fromUtf8(e.what())};
        }
    }));
}

void PatchPanel::onComputed() {
    if (m_pending) {
        submit();
        return;
    }
    const Result result = m_watcher.result();
    m_scores = result.scores;
    if (!result.error.isEmpty()) {
        m_heatmap->setMessage(result.error);
    } else {
        pecards::Grid grid;
        grid.rows = static_cast<int>(m_scores.rows());
        grid.cols = static_cast<int>(m_scores.cols());
        grid.window = {0, grid.rows, 0, grid.cols};
        grid.values.resize(static_cast<std::size_t>(m_scores.size()));
        for (int r = 0; r < grid.rows; ++r) {
            for (int c = 0; c < grid.cols; ++c)
                grid.values[static_cast<std::size_t>(r) * grid.cols + c] = m_scores(r, c);
        }
        const pecards::Window extent = grid.window;
        m_heatmap->setMessage({});
        m_heatmap->setFrame(
            makeHeatmapFrame(std::move(grid), extent, ColorScaling {}, tr("patch row"), tr("patch column")));
        const pecards::VisionTowerView& tower = m_shown.multimodal.tower;
        m_heatmap->setCircles({{tower.query_row, tower.query_col, tr("query patch")}});
    }
    m_hasResult = true;
    emit updated();
}

} // namespace pecards::gui
