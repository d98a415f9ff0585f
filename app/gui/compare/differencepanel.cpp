#include "compare/differencepanel.h"

#include "settings/languagechange.h"
#include "views/quantitystyle.h"
#include "widgets/heatmapwidget.h"

#include <QHBoxLayout>
#include <QToolButton>
#include <cmath>
#include <figure/difference.h>
#include <figure/mathtext.h>
#include <pecards/errors.h>

namespace pecards::gui {

namespace {

QString valueText(double value) {
    if (std::isinf(value) && value < 0)
        return DifferencePanel::tr("masked");
    return pecards::app::displayNumber(value, 10);
}

} // namespace

DifferencePanel::DifferencePanel(const ViewSpec& spec, QWidget* parent)
    : ViewPanel(spec, parent)
    , m_heatmap(new HeatmapWidget(this)) {
    auto* reset = new QToolButton(this);
    retranslateOnLanguageChange(reset, [reset] {
        reset->setText(tr("⟲ Full"));
        reset->setToolTip(tr("Show the full extent again in A, B and A − B (or double-click a heatmap)"));
    });
    connect(reset, &QToolButton::clicked, this, &DifferencePanel::resetRequested);
    connect(m_heatmap, &HeatmapWidget::resetRequested, this, &DifferencePanel::resetRequested);
    toolRow()->addStretch(1);
    toolRow()->addWidget(reset);
    addExportButton();
    setContent(m_heatmap);
    retranslateOnLanguageChange(m_heatmap, [this] {
        m_heatmap->setToolTip(
            tr("A − B of the heatmaps A and B.\nWheel or drag a rectangle to zoom A, B and A − B "
               "together;\ndouble-click to reset; hover for the exact values of A, B and A − B."));
        if (m_a)
            m_heatmap->setReadout(idleReadout());
    });
}

QString DifferencePanel::idleReadout() {
    return tr("A − B, masked on either side = grey; hover for exact values");
}

void DifferencePanel::showDifference(
    const ShownHeatmap& a, const ShownHeatmap& b, const pecards::Window& fullExtent) {
    m_hasResult = true;
    const QuantityStyle style = quantityStyle(a.request.quantity, a.request.params.card);
    try {
        pecards::Grid difference = pecards::app::viewDifference(a.request, a.grid, b.request, b.grid);
        m_a = a;
        m_b = b;
        ColorScaling diverging;
        diverging.colorMap = QStringLiteral("diverging");
        diverging.symmetric = true;
        m_heatmap->setFrame(
            makeHeatmapFrame(std::move(difference), fullExtent, diverging, style.rowLabel, style.colLabel));
        m_heatmap->setReadout(idleReadout());
    } catch (const pecards::InvalidParameter& error) {
        // Nothing to draw: a difference of two units would be a picture of nothing.
        m_a.reset();
        m_b.reset();
        m_heatmap->setFrame(HeatmapFrame {});
        m_heatmap->setMessage(QString::fromStdString(error.what()));
        m_heatmap->setReadout(QString());
    }
    emit updated();
}

void DifferencePanel::showMessage(const QString& message) {
    m_hasResult = true;
    m_heatmap->setMessage(message);
    emit updated();
}

void DifferencePanel::startProbe(qint64 row, qint64 col, int pixelRow, int pixelCol) {
    const HeatmapFrame& frame = m_heatmap->frame();
    if (frame.isNull() || pixelRow < 0 || pixelCol < 0 || pixelRow >= frame.grid.rows
        || pixelCol >= frame.grid.cols)
        return;
    m_exact = Exact {row, col, std::nullopt, std::nullopt};
    m_pixelText = tr("pixel A − B = %1").arg(valueText(frame.grid.at(pixelRow, pixelCol)));
    showExactReadout();
}

void DifferencePanel::setExactValue(bool sideB, qint64 row, qint64 col, double value) {
    if (row != m_exact.row || col != m_exact.col)
        return;
    (sideB ? m_exact.b : m_exact.a) = value;
    showExactReadout();
}

void DifferencePanel::showExactReadout() {
    if (!m_a)
        return;
    const QuantityStyle style = quantityStyle(m_a->request.quantity, m_a->request.params.card);
    const QString entry
        = tr("%1 = %2, %3 = %4").arg(style.rowName).arg(m_exact.row).arg(style.colName).arg(m_exact.col);
    if (!m_exact.a || !m_exact.b) {
        m_heatmap->setReadout(
            tr("%1: asking the double-precision reference…  ·  %2").arg(entry, m_pixelText));
        return;
    }
    const double a = *m_exact.a;
    const double b = *m_exact.b;
    const bool masked = (std::isinf(a) && a < 0) || (std::isinf(b) && b < 0);
    m_heatmap->setReadout(
        tr("%1: A − B = %2 (exact, double precision: A = %3, B = %4)  ·  %5")
            .arg(entry, masked ? tr("masked") : valueText(a - b), valueText(a), valueText(b), m_pixelText));
}

std::optional<pecards::app::FigureSpec> DifferencePanel::figure() const {
    if (!m_a || !m_b || m_heatmap->frame().isNull())
        return std::nullopt;
    return pecards::app::compareFigureSpecs(*m_a, *m_b).difference;
}

void DifferencePanel::saveView() {
    // The compare tab saves A − B with A and B as one set (CompareView sets the save handler).
}

} // namespace pecards::gui
