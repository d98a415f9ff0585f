#include "views/viewslot.h"

#include "deck/deckmodel.h"
#include "views/chartpanel.h"
#include "views/heatmappanel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QVBoxLayout>
#include <algorithm>

namespace pecards::gui {

ViewSlot::ViewSlot(ComputeService* service, DeckModel& deck, int card, int slot, const QString& tagPrefix,
    const QList<ViewSpec>& specs, TitleFunction title, QWidget* parent)
    : QFrame(parent)
    , m_service(service)
    , m_deck(deck)
    , m_card(card)
    , m_slot(slot)
    , m_tagPrefix(tagPrefix)
    , m_specs(specs)
    , m_title(std::move(title))
    , m_choice(new QComboBox(this))
    , m_layout(new QVBoxLayout(this)) {
    m_layout->setContentsMargins(2, 2, 2, 2);
    setFrameShape(QFrame::StyledPanel);
    // Sized by a typical name, not the longest: the slot never forces the grid's width.
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_choice->setMinimumContentsLength(kChoiceCharacters);
    m_choice->setSizePolicy(QSizePolicy::Expanding, m_choice->sizePolicy().verticalPolicy());
    refreshChoice();
    connect(m_choice, &QComboBox::currentIndexChanged, this, [this] {
        if (m_choice->currentIndex() >= 0)
            showView(m_choice->currentData().toString());
    });
    connect(&m_deck, &DeckModel::slotChanged, this, [this](int changedCard, int changed) {
        if (changedCard == m_card && changed == m_slot && !m_storing)
            followModel();
    });
}

const QString& ViewSlot::chosenView() const {
    return m_deck.slot(m_card, m_slot).view;
}

void ViewSlot::showView(const QString& id) {
    if (!findViewSpec(m_specs, id))
        return;
    if (id != chosenView())
        m_deck.editSlot(m_card, m_slot, SlotState {id, std::nullopt, std::nullopt}, tr("Change view"));
    show(id); // also back from a stand-in when `id` was chosen already
}

void ViewSlot::showStandIn(const QString& id) {
    show(id);
}

void ViewSlot::showChosen() {
    show(chosenView());
}

void ViewSlot::followModel() {
    const SlotState& state = m_deck.slot(m_card, m_slot);
    if (!m_view || m_view->spec().id != state.view) {
        show(state.view); // reads the state once it has parameters
        return;
    }
    if (m_hasParams)
        m_view->readState(state);
}

void ViewSlot::storeShownState() {
    if (!m_view || m_view->spec().id != chosenView())
        return; // a stand-in is not what the slot keeps
    SlotState state = m_deck.slot(m_card, m_slot);
    m_view->writeState(state);
    const QScopedValueRollback storing(m_storing, true);
    m_deck.setSlot(m_card, m_slot, state);
}

void ViewSlot::show(const QString& id) {
    const ViewSpec* spec = findViewSpec(m_specs, id);
    if (!spec || (m_view && m_view->spec().id == id))
        return;
    if (m_view) {
        m_view->toolRow()->removeWidget(m_choice);
        m_view->deleteLater();
        m_view = nullptr;
    }
    const QString tag = m_tagPrefix + QLatin1Char('/') + spec->id;
    if (spec->createPanel)
        m_view = spec->createPanel(*spec, m_service, tag, this);
    else if (spec->kind == ViewKind::Heatmap)
        m_view = new HeatmapPanel(*spec, m_service, tag, this);
    else
        m_view = new ChartPanel(*spec, m_service, tag, this);
    // The choice takes the row's free room (before the row's stretch) up to its whole name.
    m_view->toolRow()->insertWidget(0, m_choice, kChoiceStretch);
    m_layout->addWidget(m_view);
    m_stateShown = false;
    // The user's edits of the chosen view are undoable steps in the model; a stand-in's are not
    // kept (the slot keeps its chosen view).
    connect(m_view, &ViewPanel::stateEdited, this, [this] {
        if (m_view->spec().id != chosenView() || !m_stateShown)
            return;
        SlotState state = m_deck.slot(m_card, m_slot);
        m_view->writeState(state);
        const QScopedValueRollback storing(m_storing, true);
        m_deck.editSlot(m_card, m_slot, state, tr("Change view settings"));
    });
    refreshChoice();
    emit viewShown(m_view);
    if (m_hasParams)
        showParams();
}

void ViewSlot::showParams() {
    m_hasParams = true;
    refreshChoice();
    if (!m_view)
        return;
    // The title describes the picture shown: invalid parameters keep the last good picture
    // (with the engine's message over it), so they keep its title too.
    m_view->setTitle(m_title(m_view->spec(), m_deck.shownParams(m_card)));
    m_view->setParams(m_deck.params(m_card));
    if (m_view->spec().id != chosenView())
        return; // a stand-in shows its defaults
    if (!m_stateShown) { // a new panel: the model's zoom, reduction, colours or chart tools
        m_stateShown = true;
        m_view->readState(m_deck.slot(m_card, m_slot));
    }
    storeShownState();
}

void ViewSlot::refreshChoice() {
    QList<std::pair<QString, QString>> offered; // name, id
    for (const ViewSpec& spec : m_specs) {
        if (!m_hasParams || isViewAvailable(spec, m_deck.params(m_card))
            || (m_view && m_view->spec().id == spec.id))
            offered.push_back({viewDisplayName(spec), spec.id});
    }
    const QSignalBlocker block(m_choice);
    // A parameter step rarely changes what is offered: the list is rebuilt only when it does
    // (or its names change language), not on every step.
    bool same = offered.size() == m_choice->count();
    for (int n = 0; same && n < m_choice->count(); ++n)
        same = m_choice->itemText(n) == offered.at(n).first
            && m_choice->itemData(n).toString() == offered.at(n).second;
    if (!same) {
        m_choice->clear();
        for (const auto& [name, id] : offered)
            m_choice->addItem(name, id);
    }
    m_choice->setCurrentIndex(m_view ? m_choice->findData(m_view->spec().id) : -1);
    fitChoice();
}

void ViewSlot::fitChoice() {
    // No wider than the name shown needs (the rest of the row stays free).
    QStyleOptionComboBox option;
    option.initFrom(m_choice);
    const QSize text(
        m_choice->fontMetrics().horizontalAdvance(m_choice->currentText()), m_choice->fontMetrics().height());
    m_choice->setMaximumWidth(std::max(m_choice->minimumSizeHint().width(),
        m_choice->style()->sizeFromContents(QStyle::CT_ComboBox, &option, text, m_choice).width()));
}

void ViewSlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange) // presentation mode's larger font
        fitChoice();
    QFrame::changeEvent(event);
}

void ViewSlot::refreshTitle() {
    refreshChoice();
    m_choice->setToolTip(tr("What this view shows"));
    if (m_view && m_hasParams)
        m_view->setTitle(m_title(m_view->spec(), m_deck.shownParams(m_card)));
}

} // namespace pecards::gui
