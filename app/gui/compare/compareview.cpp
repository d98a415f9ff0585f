#include "compare/compareview.h"

#include "cards/cardregistry.h"
#include "cards/parameterform.h"
#include "cards/scalingdefaults.h"
#include "cardtext/convention.h"
#include "compare/comparegrid.h"
#include "compare/differencepanel.h"
#include "deck/deckmodel.h"
#include "settings/languagechange.h"
#include "views/chartpanel.h"
#include "views/figuresavedialog.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/pairexportjob.h"
#include "views/quantitystyle.h"
#include "widgets/heatmapwidget.h"

#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <pecards/errors.h>

namespace pecards::gui {

CompareView::CompareView(ComputeService* service, DeckModel* deck, QWidget* parent)
    : QWidget(parent)
    , m_service(service)
    , m_deck(deck)
    , m_view(new QComboBox(this))
    , m_intro(new QLabel(this))
    , m_viewLabel(new QLabel(this))
    , m_grid(new CompareGrid(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout; // ready-made comparisons, then the view: narrower than 1024 px
    top->addWidget(m_intro);
    for (const QString& id :
        {QStringLiteral("rope-base"), QStringLiteral("alibi-hybrid"), QStringLiteral("alibi-forms")}) {
        auto* button = new QPushButton(this);
        connect(
            button, &QPushButton::clicked, this, [this, id] { userEdit([this, id] { showPreset(id); }); });
        top->addWidget(button);
        m_presets.push_back({button, id});
    }
    top->addStretch(1);
    top->addWidget(m_viewLabel);
    m_view->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_view->setMinimumContentsLength(16);
    top->addWidget(m_view);
    layout->addLayout(top);

    auto* body = new QHBoxLayout;
    layout->addLayout(body, 1);
    for (const Side side : {A, B}) {
        auto* panel = new QVBoxLayout;
        m_cards[side] = new QComboBox(this);
        m_cards[side]->setMaximumWidth(kPanelMaximumWidth);
        for (const CardEntry& entry : cardRegistry())
            m_cards[side]->addItem(entry.title, entry.id);
        m_cardLabels[side] = new QLabel(this);
        panel->addWidget(m_cardLabels[side]);
        panel->addWidget(m_cards[side]);
        m_scrolls[side] = new QScrollArea(this);
        m_scrolls[side]->setWidgetResizable(true);
        m_scrolls[side]->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        m_scrolls[side]->setMinimumWidth(kPanelMinimumWidth);
        m_scrolls[side]->setMaximumWidth(kPanelMaximumWidth); // the views get the room
        panel->addWidget(m_scrolls[side], 1);
        connect(m_cards[side], &QComboBox::currentIndexChanged, this, [this, side] {
            userEdit([this, side] {
                const QString id = m_cards[side]->currentData().toString();
                pecards::CardParams params = findCardEntry(id)->defaults();
                if (m_params[side].length > 0)
                    params.length = m_params[side].length;
                setCard(side, id, params);
                refreshViewChoice();
            });
        });
        if (side == B)
            body->addWidget(m_grid, 1);
        body->addLayout(panel);
    }
    connect(m_view, &QComboBox::currentIndexChanged, this, [this] {
        if (m_view->currentIndex() >= 0)
            userEdit([this] { showView(m_view->currentData().toString()); });
    });
    retranslateOnLanguageChange(this, [this] { retranslate(); });
    connect(m_deck, &DeckModel::compareChanged, this, &CompareView::followModel);
    showPreset(QStringLiteral("rope-base"));
}

CompareState CompareView::state() const {
    CompareState state {m_cardIds[A], m_cardIds[B], m_params[A], m_params[B], m_spec.id, std::nullopt};
    if (m_panels[A])
        state.heatmap = m_panels[A]->view();
    return state;
}

void CompareView::userEdit(const std::function<void()>& change) {
    {
        const QScopedValueRollback busy(m_busy, true);
        change();
    }
    record();
}

void CompareView::record() {
    if (m_busy)
        return;
    const QScopedValueRollback recording(m_recording, true);
    m_deck->editCompare(state(), tr("Change compare"));
}

void CompareView::store() {
    if (m_busy)
        return;
    const QScopedValueRollback recording(m_recording, true);
    m_deck->setCompare(state());
}

void CompareView::followModel() {
    const CompareState& wanted = m_deck->compareState();
    if (m_recording || state() == wanted)
        return;
    {
        const QScopedValueRollback busy(m_busy, true);
        compare(wanted.cardA, wanted.a, wanted.cardB, wanted.b, m_quantity);
        showView(wanted.view);
        if (wanted.heatmap && m_panels[A]) {
            m_panels[A]->applyView(*wanted.heatmap); // B's window follows A's (syncWindow)
            pecards::app::CardView b = m_panels[B]->view();
            b.reduction = wanted.heatmap->reduction;
            b.colormap = wanted.heatmap->colormap;
            b.colorRange = wanted.heatmap->colorRange;
            b.logarithmic = wanted.heatmap->logarithmic;
            m_panels[B]->applyView(b);
        }
    }
    store(); // what is shown, where it differs from the model (a window kept inside the extent)
}

void CompareView::retranslate() {
    m_intro->setText(tr("<b>Compare</b>"));
    m_intro->setToolTip(tr("Two cards, or one card with two parameter sets: A, B and A − B"));
    m_viewLabel->setText(tr("view:"));
    m_cardLabels[A]->setText(tr("<b>A</b> card:"));
    m_cardLabels[B]->setText(tr("<b>B</b> card:"));
    for (const auto& [button, id] : m_presets) {
        if (id == QStringLiteral("rope-base"))
            button->setText(tr("RoPE base 10⁴ vs 5·10⁵"));
        else if (id == QStringLiteral("alibi-hybrid"))
            button->setText(tr("ALiBi vs RoPE+ALiBi"));
        else
            button->setText(tr("ALiBi causal vs BLOOM form"));
    }
    for (QComboBox* cards : m_cards) {
        for (int n = 0; n < cards->count(); ++n)
            cards->setItemText(n, cardTitle(*findCardEntry(cards->itemData(n).toString())));
    }
    if (m_forms[A] && m_forms[B]) { // the controls' labels: the forms are made again
        const QScopedValueRollback busy(m_busy, true);
        const QScopedValueRollback guard(m_settingUp, true);
        for (const Side side : {A, B})
            setCard(side, m_cardIds[side], m_params[side]);
    }
    refreshViewChoice();
    refreshTitles();
}

void CompareView::setPanelsVisible(bool visible) {
    for (const Side side : {A, B}) {
        m_cardLabels[side]->setVisible(visible);
        m_cards[side]->setVisible(visible);
        m_scrolls[side]->setVisible(visible);
    }
}

void CompareView::setCard(Side side, const QString& id, const pecards::CardParams& params) {
    const CardEntry* entry = findCardEntry(id);
    if (!entry)
        return;
    m_cardIds[side] = id;
    {
        const QSignalBlocker block(m_cards[side]);
        m_cards[side]->setCurrentIndex(m_cards[side]->findData(id));
    }
    auto* form = new ParameterForm;
    entry->addControls(*form);
    m_scrolls[side]->setWidget(form); // deletes the previous form
    m_forms[side] = form;
    connect(form, &ParameterForm::edited, this, [this, side](const pecards::CardParams& p) {
        userEdit([this, side, p] { setSideParams(side, p); });
    });
    form->setParams(params);
    setSideParams(side, params);
}

void CompareView::setSideParams(Side side, const pecards::CardParams& params) {
    m_params[side] = params;
    if (m_settingUp)
        return; // compare() shows the view once both sides are set
    if (m_panels[side]) {
        m_panels[side]->setParams(params);
        syncWindow(side);
    } else if (m_chart) {
        if (side == A)
            m_chart->setParams(params);
        else
            m_chart->setOverlay(params);
    }
    refreshTitles();
    // The views offered may change with the parameters (e.g. the relative variant).
    const QString shown = m_spec.id;
    refreshViewChoice();
    if (m_view->currentData().toString() != shown && m_view->currentIndex() >= 0)
        showView(m_view->currentData().toString());
}

QList<ViewSpec> CompareView::sharedViews() const {
    const CardEntry* a = findCardEntry(m_cardIds[A]);
    const CardEntry* b = findCardEntry(m_cardIds[B]);
    return a && b ? pecards::gui::sharedViews(*a, m_params[A], *b, m_params[B]) : QList<ViewSpec>();
}

void CompareView::refreshViewChoice() {
    const QSignalBlocker block(m_view);
    m_view->clear();
    for (const ViewSpec& spec : sharedViews())
        m_view->addItem(viewDisplayName(spec), spec.id);
    const int index = m_view->findData(m_spec.id);
    m_view->setCurrentIndex(index >= 0 ? index : 0);
}

bool CompareView::showView(const QString& id) {
    const QList<ViewSpec> shared = sharedViews();
    const auto spec
        = std::find_if(shared.begin(), shared.end(), [&id](const ViewSpec& s) { return s.id == id; });
    if (spec == shared.end())
        return false;
    {
        const QScopedValueRollback busy(m_busy, true);
        {
            const QSignalBlocker block(m_view);
            m_view->setCurrentIndex(m_view->findData(id));
        }
        showSpec(*spec);
    }
    store();
    return true;
}

void CompareView::showSpec(const ViewSpec& spec) {
    m_spec = spec;
    m_panels = {};
    m_difference = nullptr;
    m_chart = nullptr;
    if (spec.kind == ViewKind::Heatmap) {
        m_quantity = spec.quantity;
        for (const Side side : {A, B}) {
            const QString tag = QStringLiteral("compare/%1/%2").arg(side == A ? u'A' : u'B').arg(spec.id);
            m_panels[side] = new HeatmapPanel(spec, m_service, tag);
            m_panels[side]->heatmap()->setSquarePlot(quantityStyle(spec.quantity).square);
        }
        m_difference = new DifferencePanel(spec);
        m_difference->heatmap()->setSquarePlot(quantityStyle(spec.quantity).square);
        m_grid->setViews({m_panels[A], m_panels[B], m_difference});
        for (const Side side : {A, B}) {
            m_panels[side]->heatmap()->installEventFilter(this);
            // A picture whose labels need other room moved the plot's edges, as a resize does.
            connect(m_panels[side]->heatmap(), &HeatmapWidget::plotAreaChanged, this,
                &CompareView::shareOutputPixels, Qt::QueuedConnection);
        }
        connectHeatmaps();
        for (const Side side : {A, B})
            m_panels[side]->setSaveHandler([this, side] { saveFigure(side); });
        m_difference->setSaveHandler([this] { saveFigure(std::nullopt); });
        for (const Side side : {A, B}) // the user's zoom, pixel rule or colours: one undoable step
            connect(m_panels[side], &ViewPanel::stateEdited, this, &CompareView::record);
        shareOutputPixels();
        m_panels[A]->setParams(m_params[A]);
        m_panels[B]->setParams(m_params[B]);
        syncWindow(A);
    } else {
        m_chart = new ChartPanel(spec, m_service, QStringLiteral("compare/") + spec.id);
        m_grid->setViews({m_chart});
        m_chart->setOverlay(m_params[B]); // before A: one request for each side
        m_chart->setParams(m_params[A]);
    }
    refreshTitles();
    emit viewShown();
}

void CompareView::connectHeatmaps() {
    for (const Side side : {A, B}) {
        HeatmapController* self = m_panels[side]->controller();
        HeatmapController* other = m_panels[1 - side]->controller();
        connect(self, &HeatmapController::windowChanged, this, [this, side] { syncWindow(side); });
        connect(self, &HeatmapController::frameShown, this, &CompareView::refreshDifference);
        connect(self, &HeatmapController::naturalRangeChanged, this, &CompareView::shareColorRange);
        connect(self, &HeatmapController::messageShown, m_difference, [this, side](const QString& message) {
            m_difference->showMessage((side == A ? tr("A: %1") : tr("B: %1")).arg(message));
        });
        connect(self, &HeatmapController::probeAnswered, m_difference,
            [this, side](qint64 row, qint64 col, double value) {
                m_difference->setExactValue(side == B, row, col, value);
            });
        // Hovering one map reads the same entry in all three.
        connect(m_panels[side]->heatmap(), &HeatmapWidget::hovered, this,
            [this, self, other](qint64 row, qint64 col, int pixelRow, int pixelCol) {
                m_difference->startProbe(row, col, pixelRow, pixelCol);
                self->probe(row, col, pixelRow, pixelCol);
                other->probe(row, col, pixelRow, pixelCol);
            });
        // One pixel summary on both sides.
        connect(m_panels[side]->reductionBox(), &QComboBox::currentIndexChanged,
            m_panels[1 - side]->reductionBox(), &QComboBox::setCurrentIndex);
    }
    HeatmapWidget* difference = m_difference->heatmap();
    connect(difference, &HeatmapWidget::windowRequested, m_panels[A]->controller(),
        &HeatmapController::setWindow);
    connect(m_difference, &DifferencePanel::resetRequested, this, [this] {
        m_panels[A]->controller()->resetWindow();
        m_panels[B]->controller()->resetWindow();
    });
    connect(difference, &HeatmapWidget::hovered, this,
        [this](qint64 row, qint64 col, int pixelRow, int pixelCol) {
            m_difference->startProbe(row, col, pixelRow, pixelCol);
            m_panels[A]->controller()->probe(row, col, pixelRow, pixelCol);
            m_panels[B]->controller()->probe(row, col, pixelRow, pixelCol);
        });
}

bool CompareView::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize && m_panels[A]
        && (watched == m_panels[A]->heatmap() || watched == m_panels[B]->heatmap()))
        shareOutputPixels();
    return QWidget::eventFilter(watched, event);
}

void CompareView::shareOutputPixels() {
    if (!m_panels[A] || !m_panels[B]) // a chart replaced the maps before a queued call came
        return;
    // Titles and read-outs of different lengths leave A and B plots of slightly different
    // sizes: both are computed at the smaller one.
    const QSize a = m_panels[A]->heatmap()->plotPixels();
    const QSize b = m_panels[B]->heatmap()->plotPixels();
    const QSize common(std::min(a.width(), b.width()), std::min(a.height(), b.height()));
    m_panels[A]->controller()->setOutputPixels(common);
    m_panels[B]->controller()->setOutputPixels(common);
}

void CompareView::syncWindow(Side from) {
    if (m_syncing || !m_panels[A] || !m_panels[B])
        return;
    const QScopedValueRollback guard(m_syncing, true);
    pecards::Window window = m_panels[from]->controller()->window();
    try {
        // Only the part both sides have can be subtracted (and `pecards-cli render` draws a
        // compare pair there): the window stays inside it, else it is all of it.
        const pecards::Window common = pecards::app::commonWindow(m_params[A], m_params[B], m_quantity);
        const pecards::Window inside {std::max(window.row_begin, common.row_begin),
            std::min(window.row_end, common.row_end), std::max(window.col_begin, common.col_begin),
            std::min(window.col_end, common.col_end)};
        window = inside.row_begin < inside.row_end && inside.col_begin < inside.col_end ? inside : common;
    } catch (const pecards::InvalidParameter&) {
        // Invalid parameters: the side's own view shows the message; B follows A as it is.
    }
    for (const Side side : {A, B}) {
        HeatmapController* controller = m_panels[side]->controller();
        if (!(controller->window() == window))
            controller->setWindow(window);
    }
}

void CompareView::refreshDifference() {
    if (!m_difference)
        return;
    HeatmapController* a = m_panels[A]->controller();
    HeatmapController* b = m_panels[B]->controller();
    const std::optional<ShownHeatmap> shownA = a->shown();
    const std::optional<ShownHeatmap> shownB = b->shown();
    if (!shownA || !shownB || !(shownA->request == a->lastRequest())
        || !(shownB->request == b->lastRequest()))
        return; // a side is still computing its latest request
    m_difference->showDifference(*shownA, *shownB, m_panels[A]->heatmap()->frame().fullExtent);
}

void CompareView::shareColorRange() {
    HeatmapController* a = m_panels[A]->controller();
    HeatmapController* b = m_panels[B]->controller();
    const auto rangeA = a->naturalRange();
    const auto rangeB = b->naturalRange();
    if (!rangeA || !rangeB)
        return;
    pecards::ViewRequest viewA;
    viewA.params = m_params[A];
    viewA.quantity = m_quantity;
    pecards::ViewRequest viewB = viewA;
    viewB.params = m_params[B];
    // Equal colours mean equal values, when the values have one unit.
    const std::optional<pecards::app::ValueRange> shared = pecards::app::sharedValueRange(
        viewA, {rangeA->first, rangeA->second}, viewB, {rangeB->first, rangeB->second});
    const auto range = shared ? std::optional(std::make_pair(shared->min, shared->max)) : std::nullopt;
    a->setSharedRange(range);
    b->setSharedRange(range);
}

bool CompareView::exportFigures(const pecards::app::FigureExportOptions& options, QObject* context,
    std::function<void(const pecards::app::CompareFigureSet&)> done,
    std::function<void(const QString&)> failed) const {
    if (!m_panels[A] || !m_panels[B])
        return false;
    const std::optional<ShownHeatmap> shownA = m_panels[A]->controller()->shown();
    const std::optional<ShownHeatmap> shownB = m_panels[B]->controller()->shown();
    if (!shownA || !shownB)
        return false;
    PairExportJob::start(
        m_service, *shownA, *shownB, options, context,
        [done = std::move(done)](
            const ShownHeatmap& a, const ShownHeatmap& b) { done(pecards::app::compareFigureSpecs(a, b)); },
        std::move(failed));
    return true;
}

void CompareView::saveFigure(std::optional<Side> side) {
    if (!m_panels[A])
        return;
    ViewPanel* panel = side ? static_cast<ViewPanel*>(m_panels[*side]) : m_difference;
    const std::optional<ShownHeatmap> shown
        = side ? m_panels[*side]->controller()->shown() : std::optional<ShownHeatmap>();
    if (m_difference->heatmap()->frame().isNull()) {
        // No A − B to draw (two units, two extents, or not computed yet): no compare set.
        if (shown)
            askAndSaveHeatmap(*shown, m_service, panel);
        return;
    }
    QString name = QString::fromStdString(pecards::toString(m_quantity)); // the CLI's "score-a" etc.
    if (!side)
        name += QStringLiteral("-difference");
    else
        name += *side == A ? QStringLiteral("-a") : QStringLiteral("-b");
    const FigureMaker make = [this, side, panel](const pecards::app::FigureExportOptions& options,
                                 std::function<void(const pecards::app::Figure&)> done,
                                 std::function<void(const QString&)> failed) {
        const bool started = exportFigures(
            options, panel,
            [side, done](const pecards::app::CompareFigureSet& figures) {
                done(!side ? figures.difference : *side == A ? figures.a : figures.b);
            },
            failed);
        if (!started)
            failed(tr("A and B are still being computed; save again once they are shown."));
    };
    askAndSaveMadeFigure(name, make, shown, panel);
}

bool CompareView::hasResult() const {
    if (m_chart)
        return m_chart->hasResult();
    return m_panels[A] && m_panels[A]->hasResult() && m_panels[B]->hasResult() && m_difference->hasResult();
}

void CompareView::compare(const QString& idA, const pecards::CardParams& a, const QString& idB,
    const pecards::CardParams& b, pecards::Quantity quantity) {
    {
        const QScopedValueRollback busy(m_busy, true);
        {
            const QScopedValueRollback guard(m_settingUp, true);
            setCard(A, idA, a);
            setCard(B, idB, b);
        }
        m_quantity = quantity;
        refreshViewChoice();
        const QList<ViewSpec> shared = sharedViews();
        const auto spec = std::find_if(shared.begin(), shared.end(),
            [quantity](const ViewSpec& s) { return s.kind == ViewKind::Heatmap && s.quantity == quantity; });
        if (spec != shared.end())
            showView(spec->id);
        else if (!shared.isEmpty())
            showView(shared.front().id);
    }
    store();
}

CompareView::Side CompareView::focusedSide() const {
    const QWidget* focus = QApplication::focusWidget();
    const bool inB = focus
        && ((m_forms[B] && m_forms[B]->isAncestorOf(focus))
            || (m_panels[B] && m_panels[B]->isAncestorOf(focus)));
    return inB ? B : A;
}

void CompareView::setSide(Side side, const QString& id, const pecards::CardParams& params) {
    std::array<QString, 2> ids = m_cardIds;
    std::array<pecards::CardParams, 2> sides = m_params;
    ids[side] = id;
    sides[side] = params;
    compare(ids[A], sides[A], ids[B], sides[B], m_quantity);
}

void CompareView::compareScalings(
    const QString& id, const pecards::CardParams& params, pecards::RopeScalingType type) {
    pecards::CardParams scaled = params;
    scaled.rope.scaling = typicalRopeScaling(params.rope, type);
    compare(id, params, id, scaled, m_quantity);
}

bool CompareView::showPreset(const QString& name) {
    if (name == QStringLiteral("rope-base")) {
        pecards::CardParams a = findCardEntry(QStringLiteral("rope"))->defaults();
        pecards::CardParams b = a;
        b.rope.base = 500000.0;
        compare(QStringLiteral("rope"), a, QStringLiteral("rope"), b, pecards::Quantity::Score);
        return true;
    }
    if (name == QStringLiteral("alibi-hybrid")) {
        pecards::CardParams a = findCardEntry(QStringLiteral("alibi"))->defaults();
        pecards::CardParams b = findCardEntry(QStringLiteral("hybrid"))->defaults();
        a.length = b.length = 512;
        a.alibi.head = b.alibi.head = 2;
        compare(QStringLiteral("alibi"), a, QStringLiteral("hybrid"), b, pecards::Quantity::Attention);
        return true;
    }
    if (name == QStringLiteral("alibi-forms")) {
        pecards::CardParams a = findCardEntry(QStringLiteral("alibi"))->defaults();
        pecards::CardParams b = a;
        b.alibi.form = pecards::AlibiForm::RowOffsetBloom;
        b.causal = true; // BLOOM masks its +m j bias as every decoder does: equal softmax, unequal bias
        compare(QStringLiteral("alibi"), a, QStringLiteral("alibi"), b, pecards::Quantity::Score);
        return true;
    }
    return false;
}

void CompareView::refreshTitles() {
    // The view's title as the card gives it (what the picture shows); the card's whole
    // convention in the tooltip.
    const auto describe = [this](Side side) {
        const CardEntry* entry = findCardEntry(m_cardIds[side]);
        if (!entry || m_spec.id.isEmpty())
            return QString();
        return tr("%1 — %2: %3")
            .arg(side == A ? QStringLiteral("A") : QStringLiteral("B"), cardTitle(*entry),
                entry->viewTitle(m_spec, m_params[side]));
    };
    const auto convention = [this](Side side) {
        const CardEntry* entry = findCardEntry(m_cardIds[side]);
        return entry ? pecards::app::cardConvention(m_params[side]) : QString();
    };
    if (m_panels[A]) {
        for (const Side side : {A, B}) {
            m_panels[side]->setTitle(describe(side));
            m_panels[side]->setToolTip(convention(side));
        }
        m_difference->setTitle(tr("A − B (%1), diverging colours centred at 0").arg(viewDisplayName(m_spec)));
    } else if (m_chart) {
        m_chart->setTitle(describe(A) + QLatin1Char('\n') + describe(B));
        m_chart->setToolTip(tr("A: %1\nB: %2").arg(convention(A), convention(B)));
    }
}

} // namespace pecards::gui
