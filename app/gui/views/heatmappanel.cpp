#include "views/heatmappanel.h"

#include "figure/labcurves.h"
#include "settings/languagechange.h"
#include "views/figuresavedialog.h"
#include "views/heatmapcontroller.h"
#include "views/quantitystyle.h"
#include "widgets/heatmapwidget.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QMenu>
#include <QSignalBlocker>
#include <QToolButton>

namespace pecards::gui {

HeatmapPanel::HeatmapPanel(const ViewSpec& spec, ComputeService* service, const QString& tag, QWidget* parent)
    : ViewPanel(spec, parent)
    , m_service(service)
    , m_heatmap(new HeatmapWidget(this))
    , m_controller(new HeatmapController(service, m_heatmap, tag, spec.quantity, this))
    , m_reduction(new QComboBox(this)) {
    for (const pecards::Reduction reduction : {pecards::Reduction::Sample, pecards::Reduction::Mean,
             pecards::Reduction::Max, pecards::Reduction::Min})
        m_reduction->addItem(QString(), static_cast<int>(reduction));
    retranslateOnLanguageChange(m_reduction, [this] {
        for (int n = 0; n < m_reduction->count(); ++n) {
            const auto reduction = static_cast<pecards::Reduction>(m_reduction->itemData(n).toInt());
            m_reduction->setItemText(n, reductionName(reduction));
            m_reduction->setItemData(n, reductionExplanation(reduction), Qt::ToolTipRole);
        }
        m_reduction->setToolTip(tr("How one pixel summarises the block of entries it covers"));
    });
    m_reduction->setCurrentIndex(m_reduction->findData(static_cast<int>(m_controller->reduction())));
    connect(m_reduction, &QComboBox::currentIndexChanged, this, [this] {
        m_controller->setReduction(static_cast<pecards::Reduction>(m_reduction->currentData().toInt()));
    });

    auto* reset = new QToolButton(this);
    retranslateOnLanguageChange(reset, [reset] {
        reset->setText(tr("⟲ Full"));
        reset->setToolTip(tr("Show the full extent again (or double-click the heatmap)"));
    });
    connect(reset, &QToolButton::clicked, m_controller, &HeatmapController::resetWindow);

    toolRow()->addStretch(1);
    toolRow()->addWidget(m_reduction);
    toolRow()->addWidget(reset);
    addExportButton();

    m_heatmap->setSquarePlot(quantityStyle(spec.quantity).square);
    m_heatmap->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_heatmap, &QWidget::customContextMenuRequested, this, &HeatmapPanel::showContextMenu);
    connect(m_controller, &HeatmapController::frameShown, this, &ViewPanel::updated);
    connect(m_controller, &HeatmapController::messageShown, this, &ViewPanel::updated);
    connect(m_controller, &HeatmapController::stateEdited, this, &ViewPanel::stateEdited);
    // The reduction box shows the controller's reduction whoever set it (an undo, a workspace).
    connect(m_controller, &HeatmapController::stateEdited, m_reduction, [this] {
        const QSignalBlocker blocker(m_reduction);
        m_reduction->setCurrentIndex(m_reduction->findData(static_cast<int>(m_controller->reduction())));
    });
    setContent(m_heatmap);
}

void HeatmapPanel::setParams(const pecards::CardParams& params) {
    // The unseen-angles map of a card without L0 uses the lab's demonstration L0 (its title says so).
    m_controller->setParams(
        spec().quantity == pecards::Quantity::UnseenAngles ? pecards::app::labParams(params) : params);
}

void HeatmapPanel::setSweepPosition(int m) {
    using pecards::Quantity;
    const Quantity q = spec().quantity;
    const bool columnsArePositions
        = q != Quantity::Table && q != Quantity::Phase && q != Quantity::UnseenAngles;
    m_heatmap->setMarker(m < 0 ? std::nullopt : std::optional<qint64>(m), columnsArePositions);
}

int HeatmapPanel::sweepPosition() const {
    return m_heatmap->marker() ? static_cast<int>(*m_heatmap->marker()) : -1;
}

bool HeatmapPanel::hasResult() const {
    return m_controller->hasResult();
}

void HeatmapPanel::applyView(const pecards::app::CardView& view) {
    m_controller->setReduction(view.reduction);
    const bool automatic = view.colormap == m_controller->defaultColorMap();
    m_controller->setColorMap(automatic ? std::nullopt : std::optional<QString>(view.colormap));
    m_controller->lockColorRange(view.colorRange);
    m_controller->setLogarithmic(view.logarithmic);
    m_controller->setWindow(view.window);
}

pecards::app::CardView HeatmapPanel::view() const {
    const HeatmapController& c = *m_controller;
    return {c.quantity(), c.window(), c.reduction(), c.colorMap(), c.lockedRange(), c.logarithmicOverride(),
        std::nullopt};
}

void HeatmapPanel::writeState(SlotState& state) const {
    state.heatmap = view();
    state.chart.reset();
}

void HeatmapPanel::readState(const SlotState& state) {
    if (!state.heatmap || state.heatmap->quantity != spec().quantity)
        return;
    const QSignalBlocker blocker(this); // the state comes from the model: no stateEdited
    applyView(*state.heatmap);
}

std::optional<ShownView> HeatmapPanel::shownView() const {
    if (std::optional<ShownHeatmap> shown = m_controller->shown())
        return ShownView(*std::move(shown));
    return std::nullopt;
}

void HeatmapPanel::saveView() {
    if (const std::optional<ShownHeatmap> shown = m_controller->shown())
        askAndSaveHeatmap(*shown, m_service, this);
}

void HeatmapPanel::showContextMenu(const QPoint& position) {
    QMenu menu(this);
    menu.addAction(tr("Reset zoom"), m_controller, &HeatmapController::resetWindow);
    QMenu* colors = menu.addMenu(tr("Colour map"));
    colors->addAction(tr("Automatic"), this, [this] { m_controller->setColorMap(std::nullopt); });
    for (const QString& name : heatmapColormapNames())
        colors->addAction(name, this, [this, name] { m_controller->setColorMap(name); });
    QAction* lock = menu.addAction(
        tr("Lock colour range"), this, [this](bool on) { m_controller->setColorRangeLocked(on); });
    lock->setCheckable(true);
    lock->setChecked(m_controller->isColorRangeLocked());
    lock->setToolTip(tr("Keep this colour range while zooming or changing parameters"));
    QAction* log = menu.addAction(
        tr("Logarithmic colour scale"), this, [this](bool on) { m_controller->setLogarithmic(on); });
    log->setCheckable(true);
    log->setChecked(m_controller->isLogarithmic());
    menu.exec(m_heatmap->mapToGlobal(position));
}

} // namespace pecards::gui
