#include "views/heatmapcontroller.h"

#include "compute/computeservice.h"
#include "figure/aliasing.h"
#include "views/windowsteps.h"
#include "widgets/heatmapwidget.h"

#include <QEvent>
#include <algorithm>
#include <cmath>
#include <figure/mathtext.h>
#include <pecards/cost.h>
#include <pecards/errors.h>
#include <pecards/normaliserestimate.h>
#include <pecards/viewrules.h>

namespace pecards::gui {

namespace {

QString valueText(double value) {
    if (std::isinf(value) && value < 0)
        return HeatmapController::tr("masked (-inf)");
    return pecards::app::displayNumber(value, 10);
}

bool isExact(const pecards::Grid& grid) {
    return grid.window.rows() == grid.rows && grid.window.cols() == grid.cols;
}

} // namespace

HeatmapController::HeatmapController(ComputeService* service, HeatmapWidget* widget, const QString& tag,
    pecards::Quantity quantity, QObject* parent)
    : QObject(parent)
    , m_service(service)
    , m_widget(widget)
    , m_tag(tag)
    , m_probeTag(tag + QStringLiteral("/probe"))
    , m_exactTag(tag + QStringLiteral("/exact"))
    , m_quantity(quantity)
    , m_style(quantityStyle(quantity))
    , m_reduction(m_style.reduction) {
    connect(widget, &HeatmapWidget::cancelRequested, this, &HeatmapController::cancelBackground);
    connect(widget, &HeatmapWidget::windowRequested, this, &HeatmapController::setWindow);
    connect(widget, &HeatmapWidget::resetRequested, this, &HeatmapController::resetWindow);
    // Zoom and pan steps apply to the window asked for last, not to the picture on screen: quick
    // wheel notches add up while a picture is computed.
    connect(widget, &HeatmapWidget::zoomRequested, this, [this](double scale, double fx, double fy) {
        setWindow(zoomedWindow(m_window, m_fullExtent, scale, fx, fy));
    });
    connect(widget, &HeatmapWidget::panRequested, this,
        [this](double rows, double cols) { setWindow(pannedWindow(m_window, m_fullExtent, rows, cols)); });
    connect(widget, &HeatmapWidget::hovered, this, &HeatmapController::probe);
    connect(widget, &HeatmapWidget::hoverLeft, this, &HeatmapController::showIdleReadout);
    // A frame whose labels need other room moves the plot's edges: a picture of the new size.
    connect(
        widget, &HeatmapWidget::plotAreaChanged, this,
        [this] {
            if (!m_dirty && pixelsChanged())
                submit();
        },
        Qt::QueuedConnection);
    widget->installEventFilter(this);
}

void HeatmapController::setParams(const pecards::CardParams& params) {
    const bool newCard = !m_hasParams || params.card != m_request.params.card;
    m_request.params = params; // the parameters the next request sends: the controller's only copy
    m_hasParams = true;
    if (newCard)
        restyle();
    try {
        const pecards::Window full = pecards::fullExtent(params, m_quantity);
        if (!(full == m_fullExtent)) {
            m_fullExtent = full;
            m_window = full;
        }
    } catch (const pecards::InvalidParameter&) {
        // Keep the last window; the worker reports the same error for the request below.
    }
    submit();
}

void HeatmapController::setReduction(pecards::Reduction reduction) {
    if (reduction == m_reduction)
        return;
    m_reduction = reduction;
    submit();
    emit stateEdited();
}

void HeatmapController::setColorMap(std::optional<QString> colorMap) {
    if (colorMap == m_colorMapOverride)
        return;
    m_colorMapOverride = colorMap;
    restyle();
    recolor();
    emit stateEdited();
}

QString HeatmapController::defaultColorMap() const {
    return quantityStyle(m_quantity, m_hasParams ? m_request.params.card : pecards::Card::Rope)
        .scaling.colorMap;
}

void HeatmapController::setLogarithmic(std::optional<bool> on) {
    if (on == m_logarithmicOverride)
        return;
    m_logarithmicOverride = on;
    restyle();
    recolor();
    emit stateEdited();
}

void HeatmapController::setColorRangeLocked(bool locked) {
    if (!locked)
        lockColorRange(std::nullopt);
    else if (m_widget && !m_widget->frame().isNull())
        lockColorRange(std::make_pair(m_widget->frame().low, m_widget->frame().high));
}

void HeatmapController::lockColorRange(std::optional<std::pair<double, double>> range) {
    if (range == m_lockedRange)
        return;
    m_lockedRange = range;
    recolor();
    emit stateEdited();
}

void HeatmapController::setSharedRange(std::optional<std::pair<double, double>> range) {
    if (range == m_sharedRange)
        return;
    m_sharedRange = range;
    recolor();
}

void HeatmapController::restyle() {
    m_style = quantityStyle(m_quantity, m_hasParams ? m_request.params.card : pecards::Card::Rope);
    if (m_colorMapOverride) {
        m_style.scaling.colorMap = *m_colorMapOverride;
        m_style.scaling.qualitative = false;
    }
    if (m_style.scaling.qualitative && m_hasParams) {
        // Colours over the whole index table (qualitativeColor): an index keeps its colour while
        // zooming, and none is shared.
        const pecards::RelativeParams& relative = m_request.params.relative;
        m_style.scaling.fixedLow = 0.0;
        m_style.scaling.fixedHigh = relative.variant == pecards::RelativeVariant::Shaw
            ? 2.0 * relative.clip_k
            : static_cast<double>(relative.num_buckets - 1);
    }
    if (m_logarithmicOverride)
        m_style.scaling.logarithmic = *m_logarithmicOverride;
}

ColorScaling HeatmapController::effectiveScaling() const {
    ColorScaling scaling = m_style.scaling;
    if (const auto& range = m_lockedRange ? m_lockedRange : m_sharedRange) {
        scaling.fixedLow = range->first;
        scaling.fixedHigh = range->second;
    }
    return scaling;
}

void HeatmapController::recolor() {
    if (!m_widget || m_widget->frame().isNull())
        return;
    const HeatmapFrame& shown = m_widget->frame();
    const QString message = m_widget->message();
    HeatmapFrame frame = makeHeatmapFrame(
        shown.grid, shown.fullExtent, effectiveScaling(), m_style.rowLabel, m_style.colLabel);
    frame.aliasedColumns = shown.aliasedColumns;
    m_widget->setFrame(std::move(frame));
    if (!message.isEmpty())
        m_widget->setMessage(message); // a frame clears the message; this one is still true
}

void HeatmapController::setWindow(const pecards::Window& window) {
    const pecards::Window& full = m_fullExtent;
    pecards::Window clamped;
    clamped.row_begin = std::clamp(window.row_begin, full.row_begin, full.row_end - 1);
    clamped.row_end = std::clamp(window.row_end, clamped.row_begin + 1, full.row_end);
    clamped.col_begin = std::clamp(window.col_begin, full.col_begin, full.col_end - 1);
    clamped.col_end = std::clamp(window.col_end, clamped.col_begin + 1, full.col_end);
    if (clamped == m_window)
        return;
    m_window = clamped;
    submit();
    emit windowChanged(m_window);
    emit stateEdited();
}

void HeatmapController::setOutputPixels(std::optional<QSize> pixels) {
    if (pixels == m_outputPixels)
        return;
    m_outputPixels = pixels;
    submit();
}

QSize HeatmapController::outputPixels() const {
    return m_outputPixels.value_or(m_widget->plotPixels());
}

void HeatmapController::resetWindow() {
    setWindow(m_fullExtent);
}

void HeatmapController::submit() {
    if (!m_hasParams || !m_widget)
        return;
    if (!m_widget->isVisible()) {
        m_dirty = true; // computed when shown
        return;
    }
    m_dirty = false;
    m_widget->setFullExtent(m_fullExtent); // the labels' room first: the picture's size follows it
    const QSize pixels = outputPixels();
    m_request.quantity = m_quantity;
    m_request.window = m_window;
    m_request.out_rows = std::clamp(pixels.height(), 1, pecards::kMaxOutputPixels);
    m_request.out_cols = std::clamp(pixels.width(), 1, pecards::kMaxOutputPixels);
    m_request.reduction = m_reduction;
    // The first picture: sampled, and for attention with each row's normaliser estimated
    // (normaliserestimate.h), so that its cost follows the pixels, not L (#33).
    pecards::ViewRequest first = m_request;
    first.reduction = pecards::Reduction::Sample;
    if (pecards::isAttention(m_quantity) && pecards::normaliserEstimable(m_request.params))
        first.normaliser = pecards::Normaliser::Estimated;
    const std::optional<qint64> exactWork = workOf(m_request);
    const std::optional<qint64> firstWork = workOf(first);
    const auto overLimit
        = [this](std::optional<qint64> work) { return work && *work > m_service->interactiveWorkLimit(); };
    // Longer than a frame while the first picture costs less than half as much (#33).
    const bool firstPicture = !(m_request == first) && exactWork && firstWork
        && *exactWork > m_service->frameWorkLimit() && 2 * *firstWork < *exactWork;
    if (!overLimit(exactWork) && !firstPicture) {
        stopBackground();
        m_foregroundRequest = m_request;
        m_foregroundId = submitPicture(m_request);
        m_submittedFrom = m_foregroundId;
        return;
    }
    // Over the interactive limit, or longer than a frame where the first picture is cheaper: the
    // first picture (at once when it is within the interactive limit), then the exact request in
    // the background. A newer job of the same tag cancels a running one.
    if (overLimit(firstWork)) {
        // A job computed at once still in flight is of older parameters: its refusal by the
        // backend's budget must not send them to the background in place of these.
        m_foregroundId = 0;
        m_pictureJob = submitTiled(Stream::Picture, first);
        m_submittedFrom = m_pictureJob;
    } else { // replaces (and stops) a sampled background job of the same tag
        m_pictureJob = 0;
        m_foregroundRequest = first;
        m_foregroundId = submitPicture(first);
        m_submittedFrom = m_foregroundId;
    }
    if (m_request == first) {
        if (m_exactJob != 0)
            m_service->UI_cancel(this, m_exactTag);
        m_exactJob = 0;
    } else {
        m_exactJob = submitTiled(Stream::Exact, m_request);
    }
    m_widget->setProgress(0.0, progressLabel(m_pictureJob != 0 ? first : m_request));
}

QString HeatmapController::progressLabel(const pecards::ViewRequest& request) const {
    if (request.reduction != pecards::Reduction::Sample)
        return tr("exact %1").arg(reductionName(request.reduction));
    return pecards::isAttention(request.quantity) && request.normaliser == pecards::Normaliser::Exact
        ? tr("exact softmax")
        : tr("sampled picture");
}

std::optional<qint64> HeatmapController::workOf(const pecards::ViewRequest& request) {
    try {
        return pecards::estimateCost(request).work;
    } catch (const pecards::InvalidParameter&) {
        return std::nullopt; // computed at once, so the worker reports the error in the view
    }
}

JobReplies HeatmapController::replies(Stream stream) {
    JobReplies replies;
    replies.grid = [this, stream](const GridResult& result) { onGrid(stream, result); };
    replies.failed = [this, stream](const ComputeFailure& failure) { onFailure(stream, failure); };
    replies.progress = [this, stream](quint64 id, double fraction) { onProgress(stream, id, fraction); };
    replies.cancelled = [this, stream](quint64 id) { onCancelled(stream, id); };
    return replies;
}

quint64 HeatmapController::submitPicture(const pecards::ViewRequest& request) {
    return m_service->UI_submit(this, m_tag, request, replies(Stream::Picture));
}

quint64 HeatmapController::submitTiled(Stream stream, const pecards::ViewRequest& request) {
    if (stream == Stream::Picture)
        m_pictureRequest = request;
    return m_service->UI_submit(
        this, stream == Stream::Picture ? m_tag : m_exactTag, TiledRequest {request}, replies(stream));
}

void HeatmapController::stopBackground() {
    if (m_pictureJob != 0)
        m_service->UI_cancel(this, m_tag);
    if (m_exactJob != 0)
        m_service->UI_cancel(this, m_exactTag);
    m_pictureJob = 0;
    m_exactJob = 0;
    if (m_widget)
        m_widget->setProgress(std::nullopt);
}

void HeatmapController::cancelBackground() {
    if (!isComputingInBackground())
        return;
    // Cancelling the first picture of new parameters leaves the previous picture under them:
    // the view says so instead of passing it off as theirs (the soak test's stale frame, found
    // when a sixth card changed its random walk: ALiBi content attention at L = 32768).
    const bool pictureCancelled = m_pictureJob != 0;
    // Nothing older may replace what is shown now: a job of older parameters computed at once and
    // still running would otherwise answer after this and pass its picture off as these
    // parameters' (the soak test's stale frame on CI: ALiBi content attention at L = 524288 shown
    // for L = 32768, its message cleared).
    m_shownId = std::max(m_shownId, m_submittedFrom);
    stopBackground();
    if (pictureCancelled && m_widget)
        m_widget->setMessage(
            tr("Cancelled before the picture of these parameters was drawn: the one "
               "shown is of the previous parameters. Zoom or change a parameter to compute it."));
    showIdleReadout();
}

void HeatmapController::onProgress(Stream stream, quint64 id, double fraction) {
    if (!m_widget)
        return;
    if (stream == Stream::Picture && id == m_pictureJob)
        m_widget->setProgress(fraction, progressLabel(m_pictureRequest));
    else if (stream == Stream::Exact && id == m_exactJob)
        m_widget->setProgress(fraction, progressLabel(m_request));
}

void HeatmapController::onCancelled(Stream stream, quint64 id) {
    // A cancelled job is either replaced by a newer one (its own progress follows) or was
    // cancelled here (stopBackground already hid the strip): nothing else to do but forget it.
    if (stream == Stream::Picture && id == m_pictureJob)
        m_pictureJob = 0;
    if (stream == Stream::Exact && id == m_exactJob)
        m_exactJob = 0;
    if (m_widget && !isComputingInBackground())
        m_widget->setProgress(std::nullopt);
}

void HeatmapController::onProbe(const GridResult& result) {
    if (!m_widget || result.id < m_probeId || result.grid.values.empty())
        return;
    m_probeId = result.id;
    const pecards::Window& w = result.request.window;
    m_probe = Probe {w.row_begin, w.col_begin, result.grid.values.front(), false};
    m_widget->setReadout(
        tr("%1: %2 (exact, double-precision reference)  ·  %3")
            .arg(entryText(w.row_begin, w.col_begin), valueText(m_probe->value), m_pixelText));
    emit probeAnswered(w.row_begin, w.col_begin, m_probe->value);
}

void HeatmapController::onGrid(Stream stream, const GridResult& result) {
    if (!m_widget || result.id < m_shownId)
        return;
    m_shownId = result.id;
    const bool sampledDone = stream == Stream::Picture && result.id == m_pictureJob;
    if (sampledDone)
        m_pictureJob = 0;
    if (stream == Stream::Exact && result.id == m_exactJob)
        m_exactJob = 0;
    if (!isComputingInBackground())
        m_widget->setProgress(std::nullopt);
    else if (sampledDone) // the exact reduction comes next
        m_widget->setProgress(0.0, progressLabel(m_request));
    m_hasResult = true;
    m_shownRequest = result.request;
    m_shownBackend = result.backend;
    m_naturalRange = naturalColorRange(result.grid, m_style.scaling);
    HeatmapFrame frame
        = makeHeatmapFrame(result.grid, m_fullExtent, effectiveScaling(), m_style.rowLabel, m_style.colLabel);
    try {
        frame.aliasedColumns = pecards::app::aliasedColumns(frame.grid,
            pecards::app::columnFrequencies(result.request.params, m_quantity), result.request.reduction);
    } catch (const pecards::InvalidParameter&) {
        // The grid was computed, so its parameters are valid; nothing to mark otherwise.
    }
    m_widget->setFrame(std::move(frame));
    showIdleReadout();
    m_widget->hoverAgain(); // a resting pointer's read-out asks again, for the entry now under it
    emit naturalRangeChanged();
    emit frameShown();
}

void HeatmapController::onFailure(Stream stream, const ComputeFailure& failure) {
    if (!m_widget || failure.id < m_shownId)
        return;
    if (failure.kind == FailureKind::ComputeLimit && stream == Stream::Picture && failure.id != m_pictureJob
        && failure.id != m_foregroundId)
        return; // an older picture's refusal: the pictures of newer parameters are on their way
    if (failure.kind == FailureKind::ComputeLimit && failure.id == m_foregroundId) {
        // The backend's own budget refused a job computed at once: compute it in the background.
        m_foregroundId = 0;
        m_pictureJob = submitTiled(Stream::Picture, m_foregroundRequest);
        m_widget->setProgress(0.0, progressLabel(m_foregroundRequest));
        return;
    }
    m_shownId = failure.id;
    if (stream == Stream::Picture && failure.id == m_pictureJob)
        m_pictureJob = 0;
    if (stream == Stream::Exact && failure.id == m_exactJob)
        m_exactJob = 0;
    if (!isComputingInBackground())
        m_widget->setProgress(std::nullopt);
    m_hasResult = true;
    m_widget->setMessage(failure.message); // the last good frame stays underneath
    emit messageShown(failure.message);
}

std::optional<ShownHeatmap> HeatmapController::shown() const {
    if (!m_widget || m_widget->frame().isNull())
        return std::nullopt;
    return ShownHeatmap {m_shownRequest, m_widget->frame().grid, m_widget->frame().colorMap};
}

const pecards::ViewRequest* HeatmapController::shownRequest() const {
    return !m_widget || m_widget->frame().isNull() ? nullptr : &m_shownRequest;
}

bool HeatmapController::showsFinalPicture() const {
    if (!m_widget || m_widget->frame().isNull() || isComputingInBackground())
        return false;
    const bool standIn = m_shownRequest.reduction == pecards::Reduction::Sample
        && m_reduction != pecards::Reduction::Sample && !isExact(m_widget->frame().grid);
    return !standIn && m_shownRequest.normaliser == pecards::Normaliser::Exact;
}

void HeatmapController::probe(qint64 row, qint64 col, int pixelRow, int pixelCol) {
    if (!m_widget)
        return;
    const HeatmapFrame& frame = m_widget->frame();
    if (frame.isNull() || pixelRow < 0 || pixelCol < 0 || pixelRow >= frame.grid.rows
        || pixelCol >= frame.grid.cols)
        return;
    const double pixelValue = frame.grid.at(pixelRow, pixelCol);
    const BackendInfo& backend = m_shownBackend;
    const bool doubleGrid = !backend.name.isEmpty() && !backend.isOpenCl;
    const bool estimated = m_shownRequest.normaliser == pecards::Normaliser::Estimated;
    if (isExact(frame.grid) && doubleGrid && !estimated) {
        // One entry per pixel of the double-precision reference: the grid holds the exact value.
        m_probe = Probe {row, col, pixelValue, true};
        m_widget->setReadout(
            tr("%1: %2 (exact entry, double precision)").arg(entryText(row, col), valueText(pixelValue)));
        emit probeAnswered(row, col, pixelValue);
        return;
    }
    // The picture's value is labelled with its precision; the exact value comes from the
    // double-precision reference for this one entry.
    if (isExact(frame.grid)) {
        m_pixelText = tr("pixel = %1 (%2, %3)").arg(valueText(pixelValue), backend.precision(), backend.name);
    } else {
        const double blockRows = static_cast<double>(frame.grid.window.rows()) / frame.grid.rows;
        const double blockCols = static_cast<double>(frame.grid.window.cols()) / frame.grid.cols;
        m_pixelText
            = tr("pixel %1 of ~%2×%3 entries = %4 (%5)")
                  .arg(reductionName(m_shownRequest.reduction))
                  .arg(pecards::app::displayNumber(blockRows, 3), pecards::app::displayNumber(blockCols, 3))
                  .arg(valueText(pixelValue), backend.precision());
    }
    if (estimated)
        m_pixelText += tr(", estimated normaliser");
    m_widget->setReadout(
        tr("%1: asking the double-precision reference…  ·  %2").arg(entryText(row, col), m_pixelText));
    pecards::ViewRequest single = m_request;
    single.window = pecards::Window {row, row + 1, col, col + 1};
    single.out_rows = 1;
    single.out_cols = 1;
    single.reduction = pecards::Reduction::Sample;
    single.normaliser = pecards::Normaliser::Exact;
    JobReplies replies;
    replies.grid = [this](const GridResult& result) { onProbe(result); };
    m_probeId = m_service->UI_submit(this, m_probeTag, ReferenceRequest {single}, std::move(replies));
}

bool HeatmapController::eventFilter(QObject* watched, QEvent* event) {
    // The event type is tested before `watched == m_widget`: comparing with the QPointer casts to
    // HeatmapWidget, which a widget in ~QWidget (still sending its last events) no longer is.
    const QEvent::Type type = event->type();
    if (type != QEvent::LanguageChange && type != QEvent::Show && type != QEvent::Resize)
        return QObject::eventFilter(watched, event);
    if (watched == m_widget && type == QEvent::LanguageChange) {
        // The axis titles and the read-out are texts of the language they were made in.
        restyle();
        recolor();
        showIdleReadout();
    }
    if (watched == m_widget && (type == QEvent::Show || type == QEvent::Resize)) {
        if (m_dirty || (type == QEvent::Resize && pixelsChanged()))
            submit();
    }
    return QObject::eventFilter(watched, event);
}

bool HeatmapController::pixelsChanged() const {
    const QSize pixels = outputPixels();
    return m_request.out_rows != std::min(pixels.height(), pecards::kMaxOutputPixels)
        || m_request.out_cols != std::min(pixels.width(), pecards::kMaxOutputPixels);
}

void HeatmapController::showIdleReadout() {
    if (!m_widget || m_widget->frame().isNull())
        return;
    const pecards::Grid& grid = m_widget->frame().grid;
    const QString where = tr("%1 %2–%3 × %4 %5–%6")
                              .arg(m_style.rowName)
                              .arg(grid.window.row_begin)
                              .arg(grid.window.row_end - 1)
                              .arg(m_style.colName)
                              .arg(grid.window.col_begin)
                              .arg(grid.window.col_end - 1);
    const QString how = isExact(grid)
        ? tr("exact: one entry per pixel")
        : tr("pixel = %1 of ~%2×%3 entries")
              .arg(reductionName(m_shownRequest.reduction))
              .arg(pecards::app::displayNumber(static_cast<double>(grid.window.rows()) / grid.rows, 3),
                  pecards::app::displayNumber(static_cast<double>(grid.window.cols()) / grid.cols, 3));
    // A first picture standing in for the exact one says so: sampled instead of the exact
    // reduction, or each row's softmax normaliser estimated from its stratified keys.
    QString sampled;
    QStringList standIns;
    if (m_shownRequest.reduction == pecards::Reduction::Sample && !isExact(grid)
        && m_reduction != pecards::Reduction::Sample)
        standIns << tr("SAMPLED picture");
    if (m_shownRequest.normaliser == pecards::Normaliser::Estimated)
        standIns << tr("ESTIMATED softmax (each row's normaliser from ≤%1 of its keys)")
                        .arg(pecards::maxNormaliserSamples(m_shownRequest.params.length));
    if (!standIns.isEmpty()) {
        const QString what = standIns.join(QStringLiteral(", "));
        const QString exact
            = m_reduction == pecards::Reduction::Sample ? tr("softmax") : reductionName(m_reduction);
        sampled = m_exactJob != 0
            ? tr("  ·  %1: exact %2 computing in the background").arg(what, exact)
            : tr("  ·  %1: exact %2 cancelled (zoom or change a parameter to compute it)").arg(what, exact);
    }
    const auto aliased
        = std::count(m_widget->frame().aliasedColumns.begin(), m_widget->frame().aliasedColumns.end(), true);
    const QString aliasing = aliased == 0
        ? QString()
        : tr("  ·  ALIASED: hatched columns oscillate faster than one sample per %1 rows can show; zoom in")
              .arg(pecards::app::displayNumber(static_cast<double>(grid.window.rows()) / grid.rows, 3));
    m_widget->setReadout(tr("%1  ·  %2").arg(where, how) + sampled + aliasing);
    m_widget->setToolTip(
        tr("%1.\nWheel or drag a rectangle to zoom (the engine recomputes the window exactly);\n"
           "double-click to reset; hover for the exact value.")
            .arg(reductionExplanation(m_shownRequest.reduction)));
}

QString HeatmapController::entryText(qint64 row, qint64 col) const {
    return tr("%1 = %2, %3 = %4").arg(m_style.rowName).arg(row).arg(m_style.colName).arg(col);
}

} // namespace pecards::gui
