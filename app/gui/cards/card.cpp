#include "cards/card.h"

#include "cards/parameterform.h"
#include "views/cardview.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>
#include <pecards/errors.h>

Card::Card(const CardEntry& entry, ComputeService* service, QWidget* parent)
    : QWidget(parent)
    , m_entry(entry)
    , m_service(service)
    , m_params(entry.defaults())
    , m_shownParams(m_params) {
    setObjectName(entry.id);
}

void Card::showEvent(QShowEvent* event) {
    load();
    QWidget::showEvent(event);
}

void Card::load() {
    if (m_loaded)
        return;
    m_loaded = true;
    doLoad();
    m_form->setParams(m_params); // first requests: every view computes once
}

void Card::doLoad() {
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    outer->addWidget(splitter);

    // Left: the card text with its header.
    auto* textSide = new QWidget(splitter);
    textSide->setMinimumWidth(kTextMinimumWidth);
    auto* textLayout = new QVBoxLayout(textSide);
    textLayout->setContentsMargins(0, 0, 0, 0);
    m_headerRow = new QHBoxLayout;
    m_title = new QLabel(textSide);
    m_flip = new QPushButton(textSide);
    m_flip->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F));
    connect(m_flip, &QPushButton::clicked, this, &Card::flip);
    m_headerRow->addWidget(m_title);
    m_headerRow->addStretch(1);
    m_headerRow->addWidget(m_flip);
    auto* titleRow = m_headerRow;
    textLayout->addLayout(titleRow);
    m_headerRow = new QHBoxLayout; // card-specific widgets go on their own row
    m_headerRow->addStretch(1);
    textLayout->addLayout(m_headerRow);
    m_convention = new QLabel(textSide);
    m_convention->setWordWrap(true);
    m_convention->setTextFormat(Qt::RichText);
    m_convention->setAutoFillBackground(true);
    m_convention->setBackgroundRole(QPalette::AlternateBase);
    m_convention->setMargin(6);
    textLayout->addWidget(m_convention);
    m_text = new QTextBrowser(textSide);
    m_text->setOpenExternalLinks(true);
    textLayout->addWidget(m_text, 1);

    // Middle: the view grid.
    auto* grid = new QWidget(splitter);
    auto* gridLayout = new QGridLayout(grid);
    m_grid = gridLayout;
    gridLayout->setContentsMargins(0, 0, 0, 0);
    gridLayout->setSpacing(6);
    for (int n = 0; n < m_entry.defaultViews.size(); ++n) {
        auto* slot = new ViewSlot(m_service, QStringLiteral("%1/slot%2").arg(m_entry.id).arg(n),
            m_entry.views, m_entry.viewTitle, grid);
        slot->showView(m_entry.defaultViews.at(n));
        gridLayout->addWidget(slot, n / kGridColumns, n % kGridColumns);
        m_slots.push_back(slot);
    }
    for (int row = 0; row < gridLayout->rowCount(); ++row)
        gridLayout->setRowStretch(row, 1);
    for (int column = 0; column < kGridColumns; ++column)
        gridLayout->setColumnStretch(column, 1);

    // Right: the controls.
    auto* scroll = new QScrollArea(splitter);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_controls = scroll;
    buildForm();

    splitter->addWidget(textSide);
    splitter->addWidget(grid);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 0);
    splitter->setSizes({330, 940, 330});
}

void Card::buildForm() {
    auto* form = new ParameterForm(m_controls);
    m_entry.addControls(*form);
    if (m_form) // a language change: the new controls show the current parameters
        form->setParams(m_params);
    delete m_controls->takeWidget();
    m_form = form;
    m_controls->setWidget(m_form);
    m_controls->setMinimumWidth(std::min(m_form->sizeHint().width() + 24, kControlsMaximumWidth));
    connect(m_form, &ParameterForm::paramsChanged, this, &Card::applyParams);
}

void Card::focusView(int index) {
    if (!m_loaded)
        return;
    for (int n = 0; n < m_slots.size(); ++n) {
        const bool shown = index < 0 || n == index;
        m_slots.at(n)->setVisible(shown);
        m_grid->setRowStretch(n / kGridColumns, 0);
        m_grid->setColumnStretch(n % kGridColumns, 0);
    }
    for (int n = 0; n < m_slots.size(); ++n) {
        if (index < 0 || n == index) {
            m_grid->setRowStretch(n / kGridColumns, 1);
            m_grid->setColumnStretch(n % kGridColumns, 1);
        }
    }
}

void Card::setParams(const pecards::CardParams& params) {
    if (m_loaded)
        m_form->setParams(params);
    else
        applyParams(params);
}

void Card::applyParams(const pecards::CardParams& params) {
    m_params = params;
    try {
        pecards::validate(params);
        m_shownParams = params; // the header and text describe what the views show
    } catch (const pecards::InvalidParameter&) { }
    if (m_loaded) {
        refreshHeader();
        refreshText();
        for (ViewSlot* slot : m_slots)
            slot->setParams(params);
    }
    emit paramsChanged(params);
}

void Card::refreshHeader() {
    m_title->setText(
        QStringLiteral("<b style='font-size:15pt'>%1</b>").arg(cardTitle(m_entry).toHtmlEscaped()));
    m_flip->setToolTip(tr("Turn the card over (Ctrl+F)"));
    m_convention->setText(tr("<b>Numbers follow:</b> %1<br><b>Convention:</b> %2")
                              .arg(m_entry.reference(m_shownParams).toHtmlEscaped(),
                                  m_entry.convention(m_shownParams).toHtmlEscaped()));
}

void Card::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && m_loaded) {
        buildForm();
        refreshHeader();
        m_shownHtml.clear();
        refreshText(); // flip button text and the card text
        for (ViewSlot* slot : m_slots)
            slot->refreshTitle();
    }
    QWidget::changeEvent(event);
}

void Card::flip() {
    m_side = m_side == CardSide::Front ? CardSide::Back : CardSide::Front;
    refreshText();
}

void Card::setLanguage(const QString& language) {
    m_language = language;
    refreshText();
}

QString Card::currentText() const {
    return cardText(m_entry.id, m_side, m_language, m_entry.convention(m_shownParams));
}

void Card::refreshText() {
    if (!m_loaded)
        return;
    const QString html = currentText();
    if (html != m_shownHtml) {
        const bool sameSide = m_shownSide == m_side;
        const int scroll = m_text->verticalScrollBar()->value();
        m_text->setHtml(html);
        if (sameSide) // a parameter changed the convention line: keep the reader's place
            m_text->verticalScrollBar()->setValue(scroll);
        m_shownHtml = html;
        m_shownSide = m_side;
    }
    m_flip->setText(m_side == CardSide::Front ? tr("Flip to back ⟲") : tr("Flip to front ⟲"));
}

bool Card::allViewsAnswered() const {
    for (const ViewSlot* slot : m_slots) {
        if (!slot->isHidden() && slot->view() && !slot->view()->hasResult())
            return false;
    }
    return true;
}

QList<ShownHeatmap> Card::visibleHeatmaps() const {
    QList<ShownHeatmap> heatmaps;
    for (const ViewSlot* slot : m_slots) {
        const auto* panel = qobject_cast<const HeatmapPanel*>(slot->view());
        if (!panel || !slot->isVisible())
            continue;
        if (const std::optional<ShownHeatmap> shown = panel->controller()->shown())
            heatmaps.push_back(*shown);
    }
    return heatmaps;
}
