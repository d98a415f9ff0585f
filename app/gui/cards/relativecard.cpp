#include "cards/relativecard.h"

#include "cards/controlgroups.h"
#include "cards/parameterform.h"
#include "cardtext/describe.h"
#include "views/relshiftpanel.h"

#include <QButtonGroup>
#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QToolButton>
#include <algorithm>

namespace pecards::gui {

namespace {

QString relativeViewTitle(const ViewSpec& spec, const pecards::CardParams& p) {
    const QString variant = pecards::app::describeRelativeVariant(p.relative);
    if (spec.id == QStringLiteral("rel-shift"))
        return RelativeCard::tr(
            "Transformer-XL _rel_shift: the (b)+(d) matrix aligned to distance i + mlen - j");
    if (spec.kind == ViewKind::Chart)
        return RelativeCard::tr("Index against relative position n = j - i, %1").arg(variant);
    switch (spec.quantity) {
    case pecards::Quantity::Buckets:
        return RelativeCard::tr("Bucket / index map of (i, j), %1").arg(variant);
    case pecards::Quantity::Score:
        return RelativeCard::tr("Positional score, %1").arg(variant);
    case pecards::Quantity::Attention:
        return RelativeCard::tr("Attention (softmax), %1, %2").arg(pecards::app::describeMask(p), variant);
    case pecards::Quantity::ContentScore:
        return RelativeCard::tr("Content score, %1, %2").arg(pecards::app::describeContent(p)).arg(variant);
    default:
        return RelativeCard::tr("Content attention, %1, %2")
            .arg(pecards::app::describeContent(p))
            .arg(variant);
    }
}

void addRelativeCardControls(ParameterForm& form) {
    using P = pecards::CardParams;
    using pecards::RelativeVariant;
    addSequenceControls(form, true);
    form.addSection(RelativeCard::tr("Relative position"));
    form.addChoice(
        QStringLiteral("variant"), RelativeCard::tr("variant"),
        {{RelativeCard::tr("T5 buckets"), static_cast<int>(RelativeVariant::T5), {}},
            {RelativeCard::tr("Shaw (clipped)"), static_cast<int>(RelativeVariant::Shaw), {}},
            {RelativeCard::tr("Transformer-XL"), static_cast<int>(RelativeVariant::TransformerXL), {}}},
        [](const P& p) { return static_cast<int>(p.relative.variant); },
        [](P& p, int v) { p.relative.variant = static_cast<RelativeVariant>(v); });
    form.addParameter(pecards::ParamId::NumBuckets, RelativeCard::tr("buckets"),
        RelativeCard::tr("relative_attention_num_buckets (32 in T5); bidirectional halves them by sign"));
    form.setVisibleWhen(
        QStringLiteral("num_buckets"), [](const P& p) { return p.relative.variant == RelativeVariant::T5; });
    form.setRangeWhen(QStringLiteral("num_buckets"), [](const P& p) {
        // Bidirectional buckets are halved by sign: twice the table's minimum (params.cpp).
        const pecards::ParamSpec& buckets = pecards::paramSpec(pecards::ParamId::NumBuckets);
        return std::pair {buckets.minimum * (p.relative.bidirectional ? 2 : 1), buckets.maximum};
    });
    form.addParameter(pecards::ParamId::MaxDistance, RelativeCard::tr("max_distance"),
        RelativeCard::tr(
            "relative_attention_max_distance (128 in T5): beyond it every distance shares the last bucket"));
    form.setVisibleWhen(
        QStringLiteral("max_distance"), [](const P& p) { return p.relative.variant == RelativeVariant::T5; });
    form.setRangeWhen(QStringLiteral("max_distance"), [](const P& p) {
        // T5: max_distance > max_exact = (num_buckets, halved when bidirectional) / 2.
        const pecards::ParamSpec& spec = pecards::paramSpec(pecards::ParamId::NumBuckets);
        const int buckets = std::clamp(
            p.relative.num_buckets, static_cast<int>(spec.minimum), static_cast<int>(spec.maximum));
        const int maxExact = (p.relative.bidirectional ? buckets / 2 : buckets) / 2;
        return std::pair {maxExact + 1.0, pecards::paramSpec(pecards::ParamId::MaxDistance).maximum};
    });
    form.addToggle(
        QStringLiteral("bidirectional"), RelativeCard::tr("bidirectional"),
        [](const P& p) { return p.relative.bidirectional; },
        [](P& p, bool on) { p.relative.bidirectional = on; },
        RelativeCard::tr("T5 encoder (on) or decoder (off)"));
    form.setVisibleWhen(QStringLiteral("bidirectional"),
        [](const P& p) { return p.relative.variant == RelativeVariant::T5; });
    form.addParameter(pecards::ParamId::ClipK, RelativeCard::tr("clip k"),
        RelativeCard::tr("Shaw: offsets beyond ±k share one learned vector"));
    form.setVisibleWhen(
        QStringLiteral("clip_k"), [](const P& p) { return p.relative.variant == RelativeVariant::Shaw; });
    QList<ParameterForm::Choice> terms;
    for (const auto term : {pecards::TxlTerm::Total, pecards::TxlTerm::A, pecards::TxlTerm::B,
             pecards::TxlTerm::C, pecards::TxlTerm::D})
        terms.push_back({QString::fromStdString(pecards::toString(term)), static_cast<int>(term), {}});
    form.addChoice(
        QStringLiteral("term"), RelativeCard::tr("score term"), terms,
        [](const P& p) { return static_cast<int>(p.relative.term); },
        [](P& p, int v) { p.relative.term = static_cast<pecards::TxlTerm>(v); },
        RelativeCard::tr("(a) q·k, (b) q·W_R Rᵢ₋ⱼ, (c) u·k, (d) v·W_R Rᵢ₋ⱼ"));
    form.setVisibleWhen(QStringLiteral("term"),
        [](const P& p) { return p.relative.variant == RelativeVariant::TransformerXL; });
    form.addParameter(pecards::ParamId::RelativeDModel, RelativeCard::tr("d_model d"),
        RelativeCard::tr("Shaw / Transformer-XL vector size"));
    addProbeControls(form);
}

} // namespace

void RelativeCard::doLoad() {
    CardPage::doLoad();
    m_variants = new QButtonGroup(this);
    const QList<std::pair<QString, pecards::RelativeVariant>> variants {
        {RelativeCard::tr("T5"), pecards::RelativeVariant::T5},
        {RelativeCard::tr("Shaw"), pecards::RelativeVariant::Shaw},
        {RelativeCard::tr("Transformer-XL"), pecards::RelativeVariant::TransformerXL}};
    QHBoxLayout* variantRow = addHeaderRow();
    for (const auto& [text, variant] : variants) {
        auto* button = new QToolButton(this);
        button->setText(text);
        button->setCheckable(true);
        button->setChecked(variant == params().relative.variant);
        m_variants->addButton(button, static_cast<int>(variant));
        variantRow->addWidget(button);
    }
    connect(m_variants, &QButtonGroup::idClicked, this, [this](int id) {
        pecards::CardParams next = params();
        next.relative.variant = static_cast<pecards::RelativeVariant>(id);
        edit(next, CardPage::tr("Change parameters")); // a user edit: undoable
    });
    m_headLabel = new QLabel(this);
    m_head = new QSpinBox(this);
    m_head->setObjectName(QStringLiteral("t5-head"));
    variantRow->addStretch(1);
    QHBoxLayout* headRow = addHeaderRow(); // shown with a checkpoint's T5 bias
    headRow->addWidget(m_headLabel);
    headRow->addWidget(m_head);
    headRow->addStretch(1);
    connect(m_head, &QSpinBox::valueChanged, this, [this](int head) {
        if (m_t5Table.size() == 0 || head < 1 || head > m_t5Table.cols())
            return;
        pecards::CardParams next = params();
        next.relative.bucket_values.assign(
            m_t5Table.col(head - 1).data(), m_t5Table.col(head - 1).data() + m_t5Table.rows());
        if (next != params())
            edit(next, RelativeCard::tr("T5 head %1").arg(head));
    });
    retranslateHeadPicker();
    syncHeadPicker(params());
}

void RelativeCard::paramsShown(const pecards::CardParams& params) {
    if (!m_variants)
        return; // not loaded: doLoad shows the parameters
    if (QAbstractButton* button = m_variants->button(static_cast<int>(params.relative.variant)))
        button->setChecked(true);
    syncHeadPicker(params);
}

void RelativeCard::retranslateHeadPicker() {
    m_headLabel->setText(RelativeCard::tr("head"));
    fitTextPane();
    m_head->setToolTip(RelativeCard::tr(
        "Head of the checkpoint's relative_attention_bias.weight shown (one column per head, from 1)"));
}

void RelativeCard::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && m_head)
        retranslateHeadPicker();
    CardPage::changeEvent(event);
}

void RelativeCard::showT5Bias(const Eigen::MatrixXd& table, pecards::CardParams params, int head) {
    m_t5Table = table;
    params.relative.bucket_values.assign(
        table.col(head - 1).data(), table.col(head - 1).data() + table.rows());
    setParams(params);
    syncHeadPicker(this->params());
}

int RelativeCard::t5Head() const {
    return headOf(params());
}

int RelativeCard::headOf(const pecards::CardParams& params) const {
    const std::vector<double>& values = params.relative.bucket_values;
    if (m_t5Table.size() == 0 || values.size() != static_cast<std::size_t>(m_t5Table.rows()))
        return 0;
    for (Eigen::Index h = 0; h < m_t5Table.cols(); ++h) {
        if (std::equal(values.begin(), values.end(), m_t5Table.col(h).data()))
            return static_cast<int>(h) + 1;
    }
    return 0;
}

void RelativeCard::syncHeadPicker(const pecards::CardParams& params) {
    const int head = headOf(params);
    if (head == 0)
        m_t5Table.resize(0, 0); // bucket_values came from elsewhere: the table no longer applies
    if (!m_head)
        return;
    const bool shown = head > 0 && params.relative.variant == pecards::RelativeVariant::T5;
    m_headLabel->setVisible(shown);
    m_head->setVisible(shown);
    fitTextPane();
    if (head > 0) {
        const QSignalBlocker blocker(m_head);
        m_head->setRange(1, static_cast<int>(m_t5Table.cols()));
        m_head->setValue(head);
    }
}

CardEntry RelativeCard::entry() {
    using pecards::Quantity;
    CardEntry e;
    e.id = QStringLiteral("relative");
    e.trContext = RelativeCard::staticMetaObject.className();
    e.titleSource = QT_TR_NOOP("Relative");
    e.title = RelativeCard::tr(e.titleSource);
    e.card = pecards::Card::Relative;
    e.create
        = [](const CardEntry& entry, ComputeService* service, DeckModel* deck, int card,
              QWidget* parent) -> CardPage* { return new RelativeCard(entry, service, deck, card, parent); };
    e.defaults = [] { return pecards::startParams(pecards::Card::Relative); }; // paramtable.h
    e.addControls = addRelativeCardControls;
    e.reference = [](const pecards::CardParams& p) {
        switch (p.relative.variant) {
        case pecards::RelativeVariant::Shaw:
            return RelativeCard::tr("Shaw, Uszkoreit, Vaswani 2018 (clip(j-i, -k, k) + k)");
        case pecards::RelativeVariant::TransformerXL:
            return RelativeCard::tr(
                "Dai et al. 2019 §3.3; kimiyoung/transformer-xl RelPartialLearnableMultiHeadAttn");
        case pecards::RelativeVariant::T5:
            break;
        }
        return RelativeCard::tr("HF transformers T5Attention._relative_position_bucket (log in float32)");
    };
    e.viewTitle = relativeViewTitle;
    // Bucket / index views exist for T5 and Shaw; Transformer-XL has no index, but its
    // _rel_shift (how the (b)+(d) matrix is aligned to distances).
    const auto isTxl = [](const pecards::CardParams& p) {
        return p.relative.variant == pecards::RelativeVariant::TransformerXL;
    };
    const auto hasIndex = [isTxl](const pecards::CardParams& p) { return !isTxl(p); };
    ViewSpec buckets = heatmapView(QStringLiteral("buckets"), Quantity::Buckets);
    buckets.available = hasIndex;
    ViewSpec bucketChart = chartView(QStringLiteral("bucket-chart"), "RelativeCard",
        QT_TRANSLATE_NOOP("RelativeCard", "Index against distance (chart)"),
        pecards::app::CurveKind::RelativeBuckets);
    bucketChart.available = hasIndex;
    ViewSpec relShift = chartView(QStringLiteral("rel-shift"), "RelativeCard",
        QT_TRANSLATE_NOOP("RelativeCard", "_rel_shift alignment (table)"),
        pecards::app::CurveKind::RelativeBuckets);
    relShift.available = isTxl;
    relShift.createPanel = [](const ViewSpec& spec, ComputeService*, const QString&,
                               QWidget* parent) -> ViewPanel* { return new RelShiftPanel(spec, parent); };
    e.views = {buckets, heatmapView(QStringLiteral("score"), Quantity::Score),
        heatmapView(QStringLiteral("attention"), Quantity::Attention), bucketChart, relShift,
        heatmapView(QStringLiteral("content-score"), Quantity::ContentScore),
        heatmapView(QStringLiteral("content-attention"), Quantity::ContentAttention)};
    e.defaultViews = {QStringLiteral("buckets"), QStringLiteral("score"), QStringLiteral("attention"),
        QStringLiteral("bucket-chart")};
    return e;
}

} // namespace pecards::gui
