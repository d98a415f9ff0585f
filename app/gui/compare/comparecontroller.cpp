#include "compare/comparecontroller.h"

#include "compute/computeservice.h"
#include "widgets/heatmapwidget.h"

#include <QCoreApplication>
#include <QEvent>
#include <algorithm>
#include <cmath>
#include <pecards/errors.h>

namespace {

QString valueText(double value) {
    if (std::isinf(value) && value < 0)
        return QCoreApplication::translate("CompareController", "masked");
    return QString::number(value, 'g', 8);
}

} // namespace

CompareController::CompareController(
    ComputeService* service, std::array<HeatmapWidget*, 3> widgets, QObject* parent)
    : QObject(parent)
    , m_service(service)
    , m_widgets(widgets) {
    connect(service, &ComputeService::differenceReady, this, &CompareController::onDifference);
    connect(service, &ComputeService::failed, this, &CompareController::onFailure);
    m_widgets[0]->installEventFilter(this);
    for (HeatmapWidget* widget : m_widgets) {
        connect(widget, &HeatmapWidget::windowRequested, this, &CompareController::setWindow);
        connect(widget, &HeatmapWidget::resetRequested, this, &CompareController::resetWindow);
        connect(widget, &HeatmapWidget::hovered, this,
            [this](qint64 row, qint64 col, int pixelRow, int pixelCol) {
                showReadout(pixelRow, pixelCol, row, col);
            });
    }
}

void CompareController::setParams(Side side, const pecards::CardParams& params) {
    m_params[side == B ? 1 : 0] = params;
    try {
        const pecards::Window full = pecards::fullExtent(m_params[0], m_quantity);
        if (!(full == m_fullExtent)) {
            m_fullExtent = full;
            m_window = full;
        }
    } catch (const pecards::InvalidParameter&) {
        // reported by the worker for the request below
    }
    submit();
}

void CompareController::setQuantity(pecards::Quantity quantity) {
    m_quantity = quantity;
    m_reduction = quantityStyle(quantity).reduction;
    m_fullExtent = {};
    setParams(A, m_params[0]);
}

void CompareController::setReduction(pecards::Reduction reduction) {
    m_reduction = reduction;
    submit();
}

void CompareController::setWindow(const pecards::Window& window) {
    m_window = window;
    submit();
}

void CompareController::resetWindow() {
    m_window = m_fullExtent;
    submit();
}

bool CompareController::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_widgets[0] && (event->type() == QEvent::Show || event->type() == QEvent::Resize))
        submit();
    return QObject::eventFilter(watched, event);
}

void CompareController::submit() {
    if (!m_widgets[0]->isVisible())
        return; // asked again when shown, at the size it then has
    const QSize pixels = m_widgets[0]->plotPixels();
    DifferenceRequest request;
    for (int side = 0; side < 2; ++side) {
        pecards::ViewRequest& view = side == 0 ? request.a : request.b;
        view.params = m_params[side];
        view.quantity = m_quantity;
        view.window = m_window;
        view.out_rows = std::clamp(pixels.height(), 1, kMaxPixels);
        view.out_cols = std::clamp(pixels.width(), 1, kMaxPixels);
        view.reduction = m_reduction;
    }
    m_service->UI_submit(kTag, request);
}

void CompareController::onDifference(const DifferenceResult& result) {
    if (result.tag != kTag || result.id < m_shownId)
        return;
    m_shownId = result.id;
    m_result = result;
    m_hasResult = true;
    const QuantityStyle style = quantityStyle(m_quantity);
    // A and B share one colour range so equal colours mean equal values.
    ColorScaling shared = style.scaling;
    const auto [aLow, aHigh] = naturalColorRange(result.a, shared);
    const auto [bLow, bHigh] = naturalColorRange(result.b, shared);
    shared.fixedLow = std::min(aLow, bLow);
    shared.fixedHigh = std::max(aHigh, bHigh);
    m_widgets[A]->setFrame(makeHeatmapFrame(result.a, m_fullExtent, shared, style.rowLabel, style.colLabel));
    m_widgets[B]->setFrame(makeHeatmapFrame(result.b, m_fullExtent, shared, style.rowLabel, style.colLabel));
    ColorScaling diverging;
    diverging.colorMap = QStringLiteral("diverging");
    diverging.symmetric = true;
    m_widgets[Difference]->setFrame(
        makeHeatmapFrame(result.difference, m_fullExtent, diverging, style.rowLabel, style.colLabel));
    emit framesShown();
}

void CompareController::onFailure(const ComputeFailure& failure) {
    if (failure.tag != kTag || failure.id < m_shownId)
        return;
    m_shownId = failure.id;
    for (HeatmapWidget* widget : m_widgets)
        widget->setMessage(failure.message);
    emit messageShown(failure.message);
}

void CompareController::showReadout(int pixelRow, int pixelCol, qint64 row, qint64 col) {
    if (!m_hasResult || pixelRow >= m_result.a.rows || pixelCol >= m_result.a.cols)
        return;
    const bool exact
        = m_result.a.window.rows() == m_result.a.rows && m_result.a.window.cols() == m_result.a.cols;
    const QuantityStyle style = quantityStyle(m_quantity);
    const QString text
        = tr("%1 = %2, %3 = %4 (%5):  A = %6,  B = %7,  A - B = %8")
              .arg(style.rowName)
              .arg(row)
              .arg(style.colName)
              .arg(col)
              .arg(exact ? tr("exact") : tr("pixel %1").arg(reductionName(m_reduction)))
              .arg(valueText(m_result.a.at(pixelRow, pixelCol)), valueText(m_result.b.at(pixelRow, pixelCol)),
                  valueText(m_result.difference.at(pixelRow, pixelCol)));
    for (HeatmapWidget* widget : m_widgets)
        widget->setReadout(text);
}
