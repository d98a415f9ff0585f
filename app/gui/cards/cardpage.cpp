#include "cards/cardpage.h"

#include "cards/parameterform.h"
#include "cardtext/convention.h"
#include "deck/deckmodel.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/pitfallview.h"
#include "views/viewgrid.h"
#include "views/viewpanel.h"
#include "views/viewslot.h"

#include <QApplication>
#include <QDesktopServices>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMultiMap>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QVBoxLayout>
#include <algorithm>
#include <figure/caption.h>
#include <pecards/errors.h>

namespace pecards::gui {

namespace {

/// Code names (T5Attention._relative_position_bucket) may break after a dot (a zero-width
/// space), so a word-wrapped label in a narrow pane wraps them instead of cutting them off.
QString breakableNames(QString text) {
    static const QRegularExpression joint(QStringLiteral("\\.(?=[A-Za-z_])"));
    return text.replace(joint, QStringLiteral(".\u200B"));
}

} // namespace

CardPage::CardPage(
    const CardEntry& entry, ComputeService* service, DeckModel* deck, int card, QWidget* parent)
    : QWidget(parent)
    , m_entry(entry)
    , m_service(service)
    , m_deck(deck)
    , m_card(card) {
    setObjectName(entry.id);
    connect(m_deck, &DeckModel::cardChanged, this, [this](int changed) {
        if (changed == m_card)
            applyParams();
    });
}

const pecards::CardParams& CardPage::params() const {
    return m_deck->params(m_card);
}

void CardPage::showEvent(QShowEvent* event) {
    load();
    QWidget::showEvent(event);
}

void CardPage::load() {
    if (m_loaded)
        return;
    m_loaded = true;
    doLoad();
    applyParams(); // first requests: every view computes once
}

void CardPage::doLoad() {
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    outer->addWidget(splitter);

    // Left: the card text with its header.
    auto* textSide = new QWidget(splitter);
    textSide->setObjectName(QStringLiteral("textPane"));
    textSide->setMinimumWidth(kTextMinimumWidth);
    auto* textLayout = new QVBoxLayout(textSide);
    textLayout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(textSide);
    m_title->setWordWrap(true);
    m_flip = new QPushButton(textSide);
    connect(m_flip, &QPushButton::clicked, this, &CardPage::flip);
    m_pitfallButton = new QPushButton(textSide);
    connect(m_pitfallButton, &QPushButton::clicked, this, [this] {
        if (pitfallsShown())
            showViews();
        else
            showPitfalls(m_pitfalls->pitfall());
    });
    // The pane may be narrow (200 px at 1280 x 720): the title has its own row, the buttons the
    // next one, card-specific widgets (addHeaderRow) the rows after; fitTextPane keeps them whole.
    textLayout->addWidget(m_title);
    auto* buttonRow = new QHBoxLayout;
    buttonRow->addWidget(m_flip);
    buttonRow->addStretch(1);
    buttonRow->addWidget(m_pitfallButton);
    textLayout->addLayout(buttonRow);
    m_headerRows.push_back(buttonRow);
    m_convention = new QLabel(textSide);
    m_convention->setWordWrap(true);
    m_convention->setTextFormat(Qt::RichText);
    m_convention->setAutoFillBackground(true);
    m_convention->setBackgroundRole(QPalette::AlternateBase);
    m_convention->setMargin(6);
    textLayout->addWidget(m_convention);
    m_text = new QTextBrowser(textSide);
    // Links: "pitfall:<name>" opens the Pitfalls view on that pitfall, others the browser.
    m_text->setOpenLinks(false);
    connect(m_text, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QStringLiteral("pitfall")) {
            try {
                showPitfalls(pecards::fromString<pecards::Pitfall>(url.path().toStdString()));
            } catch (const pecards::InvalidParameter&) {
                // a link to an unknown pitfall: nothing to show
            }
            return;
        }
        QDesktopServices::openUrl(url);
    });
    // In a narrow pane, table cells keep their words on one line (the text scrolls sideways
    // instead of showing one letter per line) and code blocks wrap.
    m_text->document()->setDefaultStyleSheet(
        QStringLiteral("td, th { white-space: nowrap; } pre { white-space: pre-wrap; }"));
    textLayout->addWidget(m_text, 1);

    // Middle: the view grid (reflows to one column when narrow; scrolls when low), or the
    // Pitfalls view in its place.
    m_stack = new QStackedWidget(splitter);
    m_grid = new ViewGrid(m_stack);
    for (int n = 0; n < m_deck->slotCount(m_card); ++n) {
        auto* slot
            = new ViewSlot(m_service, *m_deck, m_card, n, QStringLiteral("%1/slot%2").arg(m_entry.id).arg(n),
                m_entry.views, m_entry.viewTitle, m_grid->content());
        connect(slot, &ViewSlot::viewShown, this, [this](ViewPanel* view) {
            if (auto* panel = qobject_cast<HeatmapPanel*>(view))
                connect(panel->controller(), &HeatmapController::naturalRangeChanged, this,
                    &CardPage::shareColorRanges);
            shareColorRanges();
        });
        slot->showChosen();
        m_grid->addSlot(slot);
        m_slots.push_back(slot);
    }

    // Right: the controls.
    auto* scroll = new QScrollArea(splitter);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scroll->setMinimumWidth(kControlsMinimumWidth);
    m_controls = scroll;
    buildForm();

    m_stack->addWidget(m_grid);
    m_pitfalls = new PitfallView(m_service, m_entry.defaults().card, m_entry.id, m_stack);
    m_pitfalls->setLanguage(m_language); // its diagnosis in the card text's language (T-C5)
    m_stack->addWidget(m_pitfalls);
    connect(m_pitfalls, &PitfallView::closeRequested, this, &CardPage::showViews);
    splitter->addWidget(textSide);
    splitter->addWidget(m_stack);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 0);
    // The side panes can be dragged narrower down to their minimum, or collapsed (drag a handle
    // to the edge), so the views keep the space on small screens.
    splitter->setChildrenCollapsible(true);
    splitter->setSizes({200, 1000, std::min(m_form->sizeHint().width() + 24, kControlsMaximumWidth)});
}

void CardPage::buildForm() {
    auto* form = new ParameterForm(m_controls);
    m_entry.addControls(*form);
    form->setParams(params());
    delete m_controls->takeWidget();
    m_form = form;
    m_controls->setWidget(m_form);
    connect(m_form, &ParameterForm::edited, this,
        [this](const pecards::CardParams& edited) { m_deck->edit(m_card, edited, tr("Change parameters")); });
}

void CardPage::edit(const pecards::CardParams& params, const QString& what) {
    m_deck->edit(m_card, params, what);
}

void CardPage::resetToDefaults() {
    edit(m_entry.defaults(), tr("Reset %1 to defaults").arg(cardTitle(m_entry)));
}

void CardPage::focusViews(const QList<int>& indices) {
    if (m_loaded)
        m_grid->focusSlots(indices);
}

void CardPage::setParams(const pecards::CardParams& params) {
    m_deck->setParams(m_card, params);
}

void CardPage::applyParams() {
    const pecards::CardParams& params = this->params();
    if (m_loaded) {
        if (!(m_form->params() == params)) // an undo, a model, a lesson: not the form's own edit
            m_form->setParams(params);
        // The views' requests first: the worker computes while this thread lays out the text.
        fitViews(params);
        for (ViewSlot* slot : m_slots)
            slot->showParams();
        m_pitfalls->setParams(params);
        refreshHeader();
        refreshText();
    }
    paramsShown(params);
}

void CardPage::shareColorRanges() {
    QMultiMap<int, HeatmapController*> byQuantity;
    for (const ViewSlot* slot : m_slots) {
        if (const auto* panel = qobject_cast<const HeatmapPanel*>(slot->view()))
            byQuantity.insert(static_cast<int>(panel->spec().quantity), panel->controller());
    }
    for (const int quantity : byQuantity.uniqueKeys()) {
        const QList<HeatmapController*> views = byQuantity.values(quantity);
        std::optional<std::pair<double, double>> range;
        for (const HeatmapController* view : views) {
            if (const auto own = view->naturalRange())
                range = range
                    ? std::make_pair(std::min(range->first, own->first), std::max(range->second, own->second))
                    : *own;
        }
        for (HeatmapController* view : views)
            view->setSharedRange(views.size() > 1 ? range : std::nullopt);
    }
}

void CardPage::fitViews(const pecards::CardParams& params) {
    const auto available = [this, &params](const QString& id) {
        const ViewSpec* spec = findViewSpec(m_entry.views, id);
        return spec && isViewAvailable(*spec, params);
    };
    QStringList shown;
    for (const ViewSlot* slot : m_slots) {
        if (available(slot->chosenView()))
            shown.push_back(slot->chosenView());
    }
    for (ViewSlot* slot : m_slots) {
        if (available(slot->chosenView())) {
            slot->showChosen(); // back from a stand-in, if it had one
            continue;
        }
        // The chosen view means nothing for these parameters: the first available view that no
        // other slot shows stands in for it.
        const QString current = slot->view() ? slot->view()->spec().id : QString();
        if (available(current) && !shown.contains(current) && current != slot->chosenView()) {
            shown.push_back(current);
            continue;
        }
        for (const ViewSpec& spec : m_entry.views) {
            if (isViewAvailable(spec, params) && !shown.contains(spec.id)) {
                shown.push_back(spec.id);
                slot->showStandIn(spec.id);
                break;
            }
        }
    }
}

void CardPage::refreshHeader() {
    m_title->setText(
        QStringLiteral("<b style='font-size:15pt'>%1</b>").arg(cardTitle(m_entry).toHtmlEscaped()));
    m_flip->setToolTip(tr("Turn the card over (Card > Flip, %1)")
                           .arg(QKeySequence(kFlipShortcut).toString(QKeySequence::NativeText)));
    m_pitfallButton->setText(pitfallsShown() ? tr("Back to views") : tr("Pitfalls"));
    m_pitfallButton->setToolTip(tr("The classic bugs of this encoding next to the correct version"));
    fitTextPane();
    m_convention->setText(
        tr("<b>Numbers follow:</b> %1<br><b>Convention:</b> %2")
            .arg(breakableNames(m_entry.reference(m_deck->shownParams(m_card)).toHtmlEscaped()),
                breakableNames(pecards::app::cardConvention(m_deck->shownParams(m_card)).toHtmlEscaped())));
}

void CardPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && m_loaded) {
        buildForm();
        refreshHeader();
        m_shownHtml.clear();
        refreshText(); // flip button text and the card text
        for (ViewSlot* slot : m_slots)
            slot->refreshTitle();
    }
    if (event->type() == QEvent::FontChange && m_loaded) // presentation mode's larger font
        fitTextPane();
    QWidget::changeEvent(event);
}

QHBoxLayout* CardPage::addHeaderRow() {
    auto* row = new QHBoxLayout;
    auto* textLayout = static_cast<QVBoxLayout*>(m_title->parentWidget()->layout());
    textLayout->insertLayout(textLayout->indexOf(m_convention), row);
    m_headerRows.push_back(row);
    return row;
}

void CardPage::fitTextPane() {
    int widest = kTextMinimumWidth;
    for (QHBoxLayout* row : m_headerRows) {
        row->invalidate();
        widest = std::max(widest, row->sizeHint().width());
    }
    m_title->parentWidget()->setMinimumWidth(widest);
}

void CardPage::flip() {
    m_side = m_side == CardSide::Front ? CardSide::Back : CardSide::Front;
    refreshText();
}

void CardPage::setLanguage(const QString& language) {
    m_language = language;
    if (m_pitfalls)
        m_pitfalls->setLanguage(language);
    refreshText();
}

bool CardPage::replaceShownConvention(const QString& convention) {
    if (m_shownConvention.isEmpty())
        return false;
    QTextCursor cursor = m_text->document()->find(m_shownConvention, 0, QTextDocument::FindCaseSensitively);
    if (cursor.isNull())
        return false;
    cursor.insertText(convention); // in the replaced text's character format
    return true;
}

pecards::app::CardHandout CardPage::handoutTexts() const {
    return pecards::app::cardHandoutTexts(m_deck->shownParams(m_card), m_language);
}

QString CardPage::currentText() const {
    return pecards::app::cardText(
        m_entry.id, m_side, m_language, pecards::app::cardConvention(m_deck->shownParams(m_card)));
}

void CardPage::refreshText() {
    if (!m_loaded)
        return;
    const QString convention = pecards::app::cardConvention(m_deck->shownParams(m_card));
    const QString html = pecards::app::cardText(m_entry.id, m_side, m_language, convention);
    if (html != m_shownHtml) {
        const bool sameDocument
            = !m_shownHtml.isEmpty() && m_shownSide == m_side && m_shownLanguage == m_language;
        // A parameter step changes only the convention line: edit it in place (no new layout
        // of the whole text, the reader's place kept); anything else loads the new text.
        if (!(sameDocument && replaceShownConvention(convention))) {
            const bool sameSide = m_shownSide == m_side;
            const int scroll = m_text->verticalScrollBar()->value();
            m_text->setHtml(html);
            if (sameSide) // a parameter changed the convention line: keep the reader's place
                m_text->verticalScrollBar()->setValue(scroll);
        }
        m_shownHtml = html;
        m_shownSide = m_side;
        m_shownLanguage = m_language;
        m_shownConvention = convention;
    }
    m_flip->setText(m_side == CardSide::Front ? tr("Flip to back ⟲") : tr("Flip to front ⟲"));
    fitTextPane();
}

void CardPage::showPitfalls(pecards::Pitfall pitfall) {
    load();
    m_stack->setCurrentWidget(m_pitfalls);
    m_pitfalls->setParams(params());
    m_pitfalls->showPitfall(pitfall);
    refreshHeader();
    showTextSide();
}

void CardPage::showViews() {
    if (!m_loaded)
        return;
    m_stack->setCurrentWidget(m_grid);
    refreshHeader();
    showTextSide();
}

void CardPage::setTextVisible(bool visible) {
    load();
    m_textWanted = visible;
    showTextSide();
}

void CardPage::setControlsVisible(bool visible) {
    load();
    m_controls->setVisible(visible);
    showTextSide();
}

void CardPage::showTextSide() {
    m_text->parentWidget()->setVisible(m_textWanted && !(m_controls->isHidden() && pitfallsShown()));
}

bool CardPage::pitfallsShown() const {
    return m_loaded && m_stack->currentWidget() == m_pitfalls;
}

bool CardPage::allViewsAnswered() const {
    if (pitfallsShown())
        return m_pitfalls->isAnswered();
    for (const ViewSlot* slot : m_slots) {
        if (!slot->isHidden() && slot->view() && !slot->view()->hasResult())
            return false;
    }
    return true;
}

bool CardPage::allViewsFinal() const {
    for (const ViewSlot* slot : m_slots) {
        const auto* heatmap = slot->isHidden() ? nullptr : qobject_cast<const HeatmapPanel*>(slot->view());
        if (heatmap && !heatmap->controller()->showsFinalPicture())
            return false;
    }
    return true;
}

QList<ShownView> CardPage::visibleViews(QStringList* leftOut) const {
    QList<ShownView> views;
    if (pitfallsShown()) { // the Pitfalls view in place of the grid: its correct and buggy maps
        for (int side = 0; side < 2; ++side) {
            if (const std::optional<ShownHeatmap>& shown = m_pitfalls->shown(side))
                views.push_back(*shown);
        }
        if (leftOut != nullptr) {
            if (views.size() < 2)
                leftOut->push_back(tr("the Pitfalls view (still computing, or a side has an error)"));
            leftOut->push_back(tr("Buggy − correct (its own Save… button saves it)"));
        }
        return views;
    }
    for (const ViewSlot* slot : m_slots) {
        if (!slot->isVisible() || !slot->view())
            continue;
        if (std::optional<ShownView> shown = slot->view()->shownView())
            views.push_back(*std::move(shown));
        else if (leftOut != nullptr)
            leftOut->push_back(slot->view()->title());
    }
    return views;
}

pecards::app::CoverSpec CardPage::coverPage(const QString& model) const {
    return {cardTitle(m_entry), model, pecards::app::cardParameterFields(params()), {}};
}

std::optional<ShownView> CardPage::currentView() const {
    const QWidget* focus = QApplication::focusWidget();
    std::optional<ShownView> first;
    for (const ViewSlot* slot : m_slots) {
        if (!slot->isVisible() || !slot->view())
            continue;
        std::optional<ShownView> shown = slot->view()->shownView();
        if (shown && focus && slot->isAncestorOf(focus))
            return shown;
        if (!first)
            first = std::move(shown);
    }
    return first;
}

} // namespace pecards::gui
