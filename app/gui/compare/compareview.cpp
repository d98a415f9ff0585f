#include "compare/compareview.h"

#include "cards/cardregistry.h"
#include "cards/describe.h"
#include "cards/parameterform.h"
#include "widgets/heatmapwidget.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace {

const QList<pecards::Quantity> kQuantities {pecards::Quantity::Score, pecards::Quantity::Attention,
    pecards::Quantity::Table, pecards::Quantity::Phase, pecards::Quantity::Buckets,
    pecards::Quantity::ContentScore, pecards::Quantity::ContentAttention};

} // namespace

CompareView::CompareView(ComputeService* service, QWidget* parent)
    : QWidget(parent)
    , m_service(service)
    , m_quantity(new QComboBox(this))
    , m_reduction(new QComboBox(this)) {
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    auto* presets = new QHBoxLayout; // a row of its own: the top row never forces the width
    top->addWidget(new QLabel(tr("<b>Compare</b> two cards or two parameter sets:"), this));
    for (const auto& [name, text] : {std::pair {QStringLiteral("rope-base"), tr("RoPE base 10⁴ vs 5·10⁵")},
             std::pair {QStringLiteral("alibi-hybrid"), tr("ALiBi vs RoPE+ALiBi")},
             std::pair {QStringLiteral("alibi-forms"), tr("ALiBi causal vs BLOOM form")}}) {
        auto* button = new QPushButton(text, this);
        connect(button, &QPushButton::clicked, this, [this, id = name] { showPreset(id); });
        presets->addWidget(button);
    }
    presets->addStretch(1);
    top->addStretch(1);
    top->addWidget(new QLabel(tr("quantity:"), this));
    top->addWidget(m_quantity);
    top->addWidget(new QLabel(tr("pixel:"), this));
    for (const auto reduction : {pecards::Reduction::Sample, pecards::Reduction::Mean,
             pecards::Reduction::Max, pecards::Reduction::Min})
        m_reduction->addItem(reductionName(reduction), static_cast<int>(reduction));
    top->addWidget(m_reduction);
    layout->addLayout(top);
    layout->addLayout(presets);

    auto* body = new QHBoxLayout;
    layout->addLayout(body, 1);
    auto* maps = new QGridLayout;
    m_maps = maps;
    for (int side = 0; side < 3; ++side) {
        m_heatmaps[side] = new HeatmapWidget(this);
        m_heatmaps[side]->setMinimumSize(200, 140); // two rows of maps fit a 640 px high window
        m_titles[side] = new QLabel(this);
        m_titles[side]->setWordWrap(true);
        QFont font = m_titles[side]->font();
        font.setBold(true);
        m_titles[side]->setFont(font);
    }
    m_controller = new CompareController(service, m_heatmaps, this);

    for (int side = 0; side < 2; ++side) {
        auto* panel = new QVBoxLayout;
        m_cards[side] = new QComboBox(this);
        for (const CardEntry& entry : cardRegistry())
            m_cards[side]->addItem(entry.title, entry.id);
        panel->addWidget(new QLabel(side == 0 ? tr("<b>A</b> card:") : tr("<b>B</b> card:"), this));
        panel->addWidget(m_cards[side]);
        m_scrolls[side] = new QScrollArea(this);
        m_scrolls[side]->setWidgetResizable(true);
        m_scrolls[side]->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        m_scrolls[side]->setMinimumWidth(kPanelMinimumWidth);
        panel->addWidget(m_scrolls[side], 1);
        const auto which = side == 0 ? CompareController::A : CompareController::B;
        connect(m_cards[side], &QComboBox::currentIndexChanged, this, [this, side, which] {
            const QString id = m_cards[side]->currentData().toString();
            const CardEntry* entry = findCardEntry(id);
            pecards::CardParams params = entry->defaults();
            params.length
                = m_controller->params(which).length > 0 ? m_controller->params(which).length : params.length;
            setCard(which, id, params);
            refreshQuantities();
        });
        if (side == 0)
            body->addLayout(panel);
        else {
            body->addLayout(maps, 1);
            body->addLayout(panel);
        }
    }
    arrangeMaps(2);

    connect(m_quantity, &QComboBox::currentIndexChanged, this, [this] {
        if (m_quantity->currentIndex() < 0)
            return;
        m_controller->setQuantity(static_cast<pecards::Quantity>(m_quantity->currentData().toInt()));
        const QSignalBlocker block(m_reduction);
        m_reduction->setCurrentIndex(
            m_reduction->findData(static_cast<int>(quantityStyle(m_controller->quantity()).reduction)));
        refreshTitles();
    });
    connect(m_reduction, &QComboBox::currentIndexChanged, this, [this] {
        m_controller->setReduction(static_cast<pecards::Reduction>(m_reduction->currentData().toInt()));
    });
    showPreset(QStringLiteral("rope-base"));
}

void CompareView::arrangeMaps(int columns) {
    m_mapColumns = columns;
    for (int side = 0; side < 3; ++side) {
        m_maps->removeWidget(m_titles[side]);
        m_maps->removeWidget(m_heatmaps[side]);
    }
    for (int row = 0; row < 4; ++row)
        m_maps->setRowStretch(row, 0);
    for (int column = 0; column < 3; ++column)
        m_maps->setColumnStretch(column, 0);
    // Three side by side when wide; else A | B over A - B.
    for (int side = 0; side < 3; ++side) {
        const int row = 2 * (side / columns);
        const int column = side % columns;
        m_maps->addWidget(m_titles[side], row, column);
        m_maps->addWidget(m_heatmaps[side], row + 1, column);
        m_maps->setRowStretch(row + 1, 1);
        m_maps->setColumnStretch(column, 1);
    }
}

void CompareView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    const int columns = width() >= kThreeColumnWidth ? 3 : 2;
    if (columns != m_mapColumns)
        arrangeMaps(columns);
}

void CompareView::setCard(
    CompareController::Side side, const QString& id, const pecards::CardParams& params) {
    const int index = side == CompareController::B ? 1 : 0;
    const CardEntry* entry = findCardEntry(id);
    if (!entry)
        return;
    m_cardIds[index] = id;
    {
        const QSignalBlocker block(m_cards[index]);
        m_cards[index]->setCurrentIndex(m_cards[index]->findData(id));
    }
    auto* form = new ParameterForm;
    entry->addControls(*form);
    m_scrolls[index]->setWidget(form); // deletes the previous form
    m_forms[index] = form;
    connect(form, &ParameterForm::paramsChanged, this, [this, side](const pecards::CardParams& p) {
        m_controller->setParams(side, p);
        refreshTitles();
    });
    form->setParams(params);
}

void CompareView::compare(const QString& idA, const pecards::CardParams& a, const QString& idB,
    const pecards::CardParams& b, pecards::Quantity quantity) {
    setCard(CompareController::A, idA, a);
    setCard(CompareController::B, idB, b);
    refreshQuantities();
    m_quantity->setCurrentIndex(m_quantity->findData(static_cast<int>(quantity)));
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
        compare(QStringLiteral("alibi"), a, QStringLiteral("alibi"), b, pecards::Quantity::Score);
        return true;
    }
    return false;
}

void CompareView::refreshQuantities() {
    const QSignalBlocker block(m_quantity);
    const QVariant current = m_quantity->currentData();
    m_quantity->clear();
    const pecards::Card a = m_controller->params(CompareController::A).card;
    const pecards::Card b = m_controller->params(CompareController::B).card;
    for (const pecards::Quantity quantity : kQuantities) {
        if (pecards::hasQuantity(a, quantity) && pecards::hasQuantity(b, quantity))
            m_quantity->addItem(quantityName(quantity), static_cast<int>(quantity));
    }
    const int index = m_quantity->findData(current);
    m_quantity->setCurrentIndex(index >= 0 ? index : 0);
    if (m_quantity->currentIndex() >= 0 && index < 0)
        m_controller->setQuantity(static_cast<pecards::Quantity>(m_quantity->currentData().toInt()));
    const QSignalBlocker blockReduction(m_reduction);
    m_reduction->setCurrentIndex(m_reduction->findData(static_cast<int>(m_controller->reduction())));
    refreshTitles();
}

void CompareView::refreshTitles() {
    const auto describe = [this](int index, CompareController::Side side) {
        const CardEntry* entry = findCardEntry(m_cardIds[index]);
        if (!entry)
            return QString();
        return tr("%1 — %2: %3")
            .arg(index == 0 ? QStringLiteral("A") : QStringLiteral("B"), entry->title,
                entry->convention(m_controller->params(side)));
    };
    m_titles[0]->setText(describe(0, CompareController::A));
    m_titles[1]->setText(describe(1, CompareController::B));
    m_titles[2]->setText(tr("A - B (%1), diverging colours centred at 0; masked on either side = grey")
                             .arg(quantityName(m_controller->quantity())));
}
