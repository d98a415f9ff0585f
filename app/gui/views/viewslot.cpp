#include "views/viewslot.h"

#include "deck/deckmodel.h"
#include "views/chartpanel.h"
#include "views/heatmappanel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QVBoxLayout>
#include <algorithm>

namespace pecards::gui {

ViewSlot::ViewSlot(ComputeService* service, const DeckModel& deck, int card, const QString& tagPrefix,
    const QList<ViewSpec>& specs, TitleFunction title, QWidget* parent)
    : QFrame(parent)
    , m_service(service)
    , m_deck(deck)
    , m_card(card)
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
}

void ViewSlot::showView(const QString& id) {
    if (std::none_of(m_specs.begin(), m_specs.end(), [&id](const ViewSpec& s) { return s.id == id; }))
        return;
    m_chosen = id;
    show(id);
}

void ViewSlot::showStandIn(const QString& id) {
    show(id);
}

void ViewSlot::show(const QString& id) {
    const auto spec
        = std::find_if(m_specs.begin(), m_specs.end(), [&id](const ViewSpec& s) { return s.id == id; });
    if (spec == m_specs.end() || (m_view && m_view->spec().id == id))
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
}

void ViewSlot::refreshChoice() {
    const QSignalBlocker block(m_choice);
    m_choice->clear();
    for (const ViewSpec& spec : m_specs) {
        if (!m_hasParams || isViewAvailable(spec, m_deck.params(m_card))
            || (m_view && m_view->spec().id == spec.id))
            m_choice->addItem(viewDisplayName(spec), spec.id);
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
