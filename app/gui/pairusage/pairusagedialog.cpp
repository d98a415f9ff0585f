#include "pairusage/pairusagedialog.h"

#include "pairusage/pairbandstrip.h"
#include "widgets/heatmapframe.h"
#include "widgets/heatmapwidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <figure/figureexporter.h>
#include <figure/mathtext.h>
#include <figure/pairusagefigure.h>
#include <pecards/pairusage.h>
#include <pecards/rope.h>
#include <pecards/rope_extrapolation.h>

namespace pecards::gui {

namespace {

enum Column { LayerColumn, HeadColumn, KeyHeadColumn, UsageColumn, MovedColumn, TopPairColumn, Columns };

/// The scaling in words: "YaRN ×4", "llama3 ×8", "linear (PI) ×2", ...
QString scalingName(const pecards::RopeScaling& scaling) {
    QString name;
    switch (scaling.type) {
    case pecards::RopeScalingType::None:
        return PairUsageDialog::tr("no scaling");
    case pecards::RopeScalingType::Linear:
        name = PairUsageDialog::tr("linear (PI)");
        break;
    case pecards::RopeScalingType::Dynamic:
        name = PairUsageDialog::tr("dynamic NTK");
        break;
    case pecards::RopeScalingType::Yarn:
        name = QStringLiteral("YaRN");
        break;
    case pecards::RopeScalingType::Llama3:
        name = QStringLiteral("llama3");
        break;
    case pecards::RopeScalingType::LongRope:
        name = QStringLiteral("LongRoPE");
        break;
    }
    return name + QStringLiteral(" ×") + pecards::app::displayNumber(scaling.factor, 4);
}

/// Usage matrix as a heatmap frame: rows (layers or heads) x pairs.
HeatmapFrame usageFrame(const Eigen::MatrixXd& usage, bool logarithmic, bool pooled) {
    pecards::Grid grid;
    grid.rows = static_cast<int>(usage.rows());
    grid.cols = static_cast<int>(usage.cols());
    grid.window = {0, usage.rows(), 0, usage.cols()};
    grid.values.reserve(static_cast<std::size_t>(usage.size()));
    for (Eigen::Index r = 0; r < usage.rows(); ++r)
        for (Eigen::Index c = 0; c < usage.cols(); ++c)
            grid.values.push_back(usage(r, c));
    ColorScaling scaling;
    scaling.colorMap = QStringLiteral("magma");
    scaling.logarithmic = logarithmic && usage.maxCoeff() > 0.0;
    return makeHeatmapFrame(std::move(grid), grid.window, scaling,
        pooled ? PairUsageDialog::tr("RoPE layer") : PairUsageDialog::tr("query head"),
        scaling.logarithmic ? PairUsageDialog::tr("rotary pair i (usage |q_i| |k_i| bound, log colours)")
                            : PairUsageDialog::tr("rotary pair i (usage |q_i| |k_i| bound, linear colours)"));
}

/// Sorts by the number in Qt::UserRole (the shown text is formatted).
class NumberItem : public QTableWidgetItem {
public:
    using QTableWidgetItem::QTableWidgetItem;
    bool operator<(const QTableWidgetItem& other) const override {
        return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
    }
};

} // namespace

PairUsageDialog::PairUsageDialog(
    const pecards::CardParams& rope, const QString& configPath, QWidget* parent, UseProbe useProbe)
    : QDialog(parent)
    , m_rope(rope)
    , m_useProbe(std::move(useProbe))
    , m_config(new QLineEdit(configPath, this))
    , m_checkpoint(new QLineEdit(this))
    , m_layout(new QComboBox(this))
    , m_run(new QPushButton(tr("&Read"), this))
    , m_status(new QLabel(this))
    , m_layer(new QComboBox(this))
    , m_log(new QCheckBox(tr("&Log colours"), this))
    , m_map(new HeatmapWidget(this))
    , m_strip(new PairBandStrip(this))
    , m_legend(new QLabel(this))
    , m_headline(new QLabel(this))
    , m_heads(new QTableWidget(0, Columns, this))
    , m_use(new QPushButton(tr("&Use this head as q, k on the RoPE card"), this))
    , m_save(new QPushButton(tr("&Save figure…"), this)) {
    setWindowTitle(tr("Pair usage of a checkpoint"));
    auto* intro = new QLabel(tr("Which rotary pairs a model's heads can use: for each pair, the longest "
                                "(q_a, q_b) a unit input can make (the largest singular value of the two "
                                "projection rows), times the same for its key head. Only the query and key "
                                "projections are read, one head at a time."),
        this);
    intro->setWordWrap(true);
    m_config->setObjectName(QStringLiteral("configPath"));
    m_checkpoint->setObjectName(QStringLiteral("checkpointPath"));
    m_checkpoint->setPlaceholderText(tr("model.safetensors, model.safetensors.index.json or their folder"));
    m_layout->addItem(tr("as the config says"));
    m_layout->addItem(tr("half-split (rotate_half, Hugging Face export)"));
    m_layout->addItem(tr("interleaved (Meta's original export)"));
    auto* form = new QFormLayout;
    auto* configRow = new QHBoxLayout;
    configRow->addWidget(m_config, 1);
    auto* browseConfig = new QPushButton(tr("Browse…"), this);
    configRow->addWidget(browseConfig);
    form->addRow(tr("Model config:"), configRow);
    auto* checkpointRow = new QHBoxLayout;
    checkpointRow->addWidget(m_checkpoint, 1);
    auto* browseFile = new QPushButton(tr("File…"), this);
    auto* browseFolder = new QPushButton(tr("Folder…"), this);
    checkpointRow->addWidget(browseFile);
    checkpointRow->addWidget(browseFolder);
    form->addRow(tr("Checkpoint:"), checkpointRow);
    auto* layoutRow = new QHBoxLayout;
    layoutRow->addWidget(m_layout, 1);
    layoutRow->addWidget(m_run);
    form->addRow(tr("Pairs of the rows:"), layoutRow);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* showRow = new QHBoxLayout;
    showRow->addWidget(new QLabel(tr("Show:"), this));
    showRow->addWidget(m_layer, 1);
    showRow->addWidget(m_log);
    showRow->addWidget(m_save);
    m_save->setEnabled(false);
    m_log->setChecked(true);
    m_map->setMinimumHeight(200);
    m_legend->setWordWrap(true);
    m_headline->setWordWrap(true);
    QFont bold = m_headline->font();
    bold.setBold(true);
    m_headline->setFont(bold);
    m_heads->setObjectName(QStringLiteral("headTable"));
    m_heads->setHorizontalHeaderLabels(
        {tr("Layer"), tr("Head"), tr("Key head"), tr("Usage"), tr("In moved pairs"), tr("Top pair")});
    m_heads->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_heads->verticalHeader()->hide();
    m_heads->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_heads->setSelectionMode(QAbstractItemView::SingleSelection);
    m_heads->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_heads->setSortingEnabled(true);
    m_heads->setMinimumHeight(100);
    m_use->setEnabled(false);
    m_use->setVisible(static_cast<bool>(m_useProbe));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addLayout(showRow);
    layout->addWidget(m_strip); // above the plot, whose columns it follows
    layout->addWidget(m_map, 5);
    layout->addWidget(m_legend);
    layout->addWidget(m_headline);
    layout->addWidget(m_heads, 2);
    layout->addWidget(m_use, 0, Qt::AlignRight);
    layout->addStretch(1); // holds the form at the top until something is read (then given 0)
    m_column = layout;
    for (QWidget* shown :
        {static_cast<QWidget*>(m_map), static_cast<QWidget*>(m_strip), static_cast<QWidget*>(m_legend),
            static_cast<QWidget*>(m_headline), static_cast<QWidget*>(m_heads), static_cast<QWidget*>(m_use)})
        shown->hide();

    connect(browseConfig, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("The model's config.json"), m_config->text(), tr("Hugging Face config (*.json)"));
        if (!path.isEmpty())
            m_config->setText(path);
    });
    connect(browseFile, &QPushButton::clicked, this, [this] { browse(false); });
    connect(browseFolder, &QPushButton::clicked, this, [this] { browse(true); });
    connect(m_run, &QPushButton::clicked, this, &PairUsageDialog::start);
    connect(&m_watcher, &QFutureWatcher<PairUsageOutcome>::finished, this,
        [this] { present(m_watcher.result()); });
    connect(m_layer, &QComboBox::currentIndexChanged, this, &PairUsageDialog::showSelection);
    connect(m_log, &QCheckBox::toggled, this, &PairUsageDialog::showSelection);
    m_strip->alignWith(m_map);
    connect(m_map, &HeatmapWidget::hovered, this, [this](qint64 row, qint64 col, int, int) {
        const pecards::Grid& grid = m_map->frame().grid;
        if (row < 0 || col < 0 || row >= grid.rows || col >= grid.cols)
            return;
        const QString what = shownLayer() < 0
            ? tr("layer %1").arg(m_outcome.layers[m_pooled.value(static_cast<qsizetype>(row))].layer)
            : tr("head %1").arg(row);
        m_map->setReadout(
            tr("%1, pair %2: usage %3")
                .arg(what)
                .arg(col)
                .arg(pecards::app::displayNumber(grid.at(static_cast<int>(row), static_cast<int>(col)), 4)));
    });
    connect(m_map, &HeatmapWidget::hoverLeft, this, [this] { m_map->setReadout(QString()); });
    connect(m_heads, &QTableWidget::itemSelectionChanged, this,
        [this] { m_use->setEnabled(!m_heads->selectedItems().isEmpty()); });
    connect(m_use, &QPushButton::clicked, this, [this] { useHead(m_heads->currentRow()); });
    connect(m_save, &QPushButton::clicked, this, [this] {
        const QString path
            = QFileDialog::getSaveFileName(this, tr("Save the figure"), QStringLiteral("pair-usage.png"),
                tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
        if (!path.isEmpty())
            saveFigure(path);
    });
    connect(m_heads, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { useHead(row); });
    // Larger on a larger screen: the heatmap takes the height (700 px fits a 1280 x 720 projector).
    const QRect screen = parent != nullptr && parent->screen() != nullptr
        ? parent->screen()->availableGeometry()
        : QRect(0, 0, 1280, 720);
    resize(std::min(960, screen.width() - 40), std::clamp(screen.height() - 60, 600, 900));
}

void PairUsageDialog::browse(bool folder) {
    const QString path = folder
        ? QFileDialog::getExistingDirectory(this, tr("The checkpoint's folder"), m_checkpoint->text())
        : QFileDialog::getOpenFileName(this, tr("The checkpoint"), m_checkpoint->text(),
            tr("safetensors checkpoint (*.safetensors *.index.json)"));
    if (!path.isEmpty())
        m_checkpoint->setText(path);
}

void PairUsageDialog::read(const PairUsageSetup& setup) {
    m_config->setText(setup.configPath);
    m_checkpoint->setText(setup.checkpointPath);
    m_layout->setCurrentIndex(!setup.layout ? 0 : *setup.layout == pecards::RopeLayout::HalfSplit ? 1 : 2);
    start();
}

void PairUsageDialog::start() {
    if (m_watcher.isRunning())
        return;
    PairUsageSetup setup {m_config->text(), m_checkpoint->text(), std::nullopt};
    if (m_layout->currentIndex() > 0)
        setup.layout = m_layout->currentIndex() == 1 ? pecards::RopeLayout::HalfSplit
                                                     : pecards::RopeLayout::Interleaved;
    if (setup.configPath.isEmpty() || setup.checkpointPath.isEmpty()) {
        m_status->setText(tr("Give the model's config.json and its checkpoint."));
        return;
    }
    m_run->setEnabled(false);
    m_status->setText(tr("Reading %1…").arg(QFileInfo(setup.checkpointPath).fileName()));
    m_watcher.setFuture(QtConcurrent::run(runPairUsageJob, setup));
}

void PairUsageDialog::present(PairUsageOutcome outcome) {
    m_run->setEnabled(true);
    if (!outcome.ok) {
        m_status->setText(tr("Not read: %1").arg(outcome.error)); // what was shown before stays
        emit finished();
        return;
    }
    m_outcome = std::move(outcome);
    const pecards::app::LayerUsage& first = m_outcome.layers.front();
    m_status->setText(tr("%1: %2 RoPE layers × %3 query heads (%4 key heads) × %5 pairs read from %6.")
                          .arg(m_outcome.model.name == QStringLiteral("config") // no _name_or_path
                                  ? QFileInfo(m_checkpoint->text()).fileName()
                                  : m_outcome.model.name)
                          .arg(m_outcome.layers.size())
                          .arg(m_outcome.weights.heads)
                          .arg(m_outcome.weights.kvHeads)
                          .arg(first.product.cols())
                          .arg(QFileInfo(m_checkpoint->text()).fileName())
        + (m_outcome.weights.notes.isEmpty() ? QString()
                                             : QStringLiteral("\n") + m_outcome.weights.notes.join(u'\n')));
    const QSignalBlocker block(m_layer);
    m_layer->clear();
    m_layer->addItem(tr("Every RoPE layer, each the mean over its heads"));
    for (const pecards::app::LayerUsage& layer : m_outcome.layers)
        m_layer->addItem(tr("Layer %1: its heads").arg(layer.layer));
    for (QWidget* shown :
        {static_cast<QWidget*>(m_map), static_cast<QWidget*>(m_strip), static_cast<QWidget*>(m_legend),
            static_cast<QWidget*>(m_headline), static_cast<QWidget*>(m_heads)})
        shown->show();
    m_use->setVisible(static_cast<bool>(m_useProbe));
    m_column->setStretch(m_column->count() - 1, 0);
    showSelection();
    emit finished();
}

QString PairUsageDialog::status() const {
    return m_status->text();
}

int PairUsageDialog::shownLayer() const {
    return m_layer->currentIndex() - 1;
}

void PairUsageDialog::showLayer(int index) {
    m_layer->setCurrentIndex(index + 1);
}

QString PairUsageDialog::headline() const {
    return m_headline->text();
}

QString PairUsageDialog::legend() const {
    return m_legend->text();
}

pecards::app::ScalingUnderTest PairUsageDialog::scalingUnderTest(qsizetype index) const {
    const std::optional<pecards::RopeScaling> chosen
        = m_rope.rope.scaling.type != pecards::RopeScalingType::None ? std::optional(m_rope.rope.scaling)
                                                                     : std::nullopt;
    return pecards::app::scalingUnderTest(
        m_outcome.weights.layers[static_cast<std::size_t>(index)], chosen, 0, m_outcome.model);
}

void PairUsageDialog::showSelection() {
    if (m_outcome.layers.isEmpty())
        return;
    const int shown = shownLayer();
    const bool pooled = shown < 0;
    const int stripLayer = pooled ? 0 : shown; // pooled: the first RoPE layer's frequencies
    Eigen::MatrixXd usage;
    QStringList apart; // pooled: layers of another pair count (Gemma 4's global layers), shown one by one
    if (pooled) {
        const Eigen::Index pairs = m_outcome.layers.front().product.cols();
        m_pooled.clear();
        for (qsizetype index = 0; index < m_outcome.layers.size(); ++index) {
            if (m_outcome.layers[index].product.cols() == pairs)
                m_pooled.append(index);
            else
                apart << QString::number(m_outcome.layers[index].layer);
        }
        usage.resize(m_pooled.size(), pairs);
        for (qsizetype r = 0; r < m_pooled.size(); ++r)
            usage.row(r) = m_outcome.layers[m_pooled[r]].product.colwise().mean();
    } else {
        usage = m_outcome.layers[shown].product;
    }
    m_map->setFrame(usageFrame(usage, m_log->isChecked(), pooled));
    m_shown = usage;
    m_save->setEnabled(true);

    const pecards::app::LayerHeads& heads = m_outcome.weights.layers[static_cast<std::size_t>(stripLayer)];
    const pecards::app::ScalingUnderTest test = scalingUnderTest(stripLayer);
    PairBandStrip::Bands bands;
    bands.moved = pecards::pairsMovedByScaling(test.rope, test.seqLen);
    const Eigen::VectorXd degree = pecards::pairMoveDegree(test.rope, test.seqLen);
    bands.degree.assign(degree.data(), degree.data() + degree.size());
    const std::int64_t l0 = heads.pairing.scaling.original_max_position_embeddings > 0
        ? heads.pairing.scaling.original_max_position_embeddings
        : m_outcome.model.maxPositionEmbeddings;
    if (l0 > 0) {
        bands.criticalPair
            = pecards::criticalDimension(pecards::rotaryDim(heads.pairing), heads.pairing.base, l0).pairs;
    }
    const int rotating = pecards::rotatingPairs(heads.pairing);
    bands.rotatingPairs = rotating < static_cast<int>(bands.moved.size()) ? rotating : -1;
    const int movedCount = static_cast<int>(std::count(bands.moved.begin(), bands.moved.end(), true));
    const QString scaling = scalingName(test.rope.scaling);
    QStringList legend;
    if (test.rope.scaling.type == pecards::RopeScalingType::None)
        legend << tr("Strip: no scaling is under test, so no pair moves and every cell is grey.");
    else
        legend << tr(
            "Strip, per pair: orange where %1 changes the frequency, darker the further (at L = %2; %3 "
            "of %4 pairs), grey where it does not%5.")
                      .arg(scaling)
                      .arg(test.seqLen)
                      .arg(movedCount)
                      .arg(bands.moved.size())
                      .arg(pooled ? tr(", for layer %1's frequencies").arg(heads.layer) : QString());
    if (bands.criticalPair >= 0 && bands.criticalPair < static_cast<int>(bands.moved.size()))
        legend << tr("Red line: pair %1 is the first whose wavelength 2π/θᵢ exceeds L0 = %2, so it never "
                     "completed a turn in training (Liu et al. 2023's critical dimension).")
                      .arg(bands.criticalPair)
                      .arg(l0);
    if (bands.rotatingPairs >= 0)
        legend << tr("Dashed line: pairs from %1 on do not rotate (proportional RoPE).")
                      .arg(bands.rotatingPairs);
    if (!apart.isEmpty())
        legend << tr("Not pooled here, as their number of pairs differs: layers %1; choose each under Show.")
                      .arg(apart.join(QStringLiteral(", ")));
    if (m_rope.rope.scaling.type == pecards::RopeScalingType::None)
        legend << tr(
            "The RoPE card has no scaling, so each layer's own is used; set one on the card (e.g. YaRN "
            "×4) to see which pairs it moves.");
    m_strip->setBands(std::move(bands));
    m_legend->setText(legend.join(u' '));

    // The table: every head of the layers shown, its share in the moved pairs.
    const QSignalBlocker block(m_heads);
    m_heads->setSortingEnabled(false);
    m_heads->setRowCount(0);
    double worst = -1.0;
    QString worstText;
    const auto cell = [this](int row, int column, const QString& text, const QVariant& value) {
        auto* item = new NumberItem(text);
        item->setData(Qt::UserRole, value);
        m_heads->setItem(row, column, item);
        return item;
    };
    for (qsizetype index = pooled ? 0 : shown; index < (pooled ? m_outcome.layers.size() : shown + 1);
         ++index) {
        const pecards::app::LayerUsage& layer = m_outcome.layers[index];
        const pecards::app::ScalingUnderTest layerTest = scalingUnderTest(index);
        for (const pecards::app::HeadSummary& head : pecards::app::headSummaries(
                 layer, pecards::pairsMovedByScaling(layerTest.rope, layerTest.seqLen))) {
            const int row = m_heads->rowCount();
            m_heads->insertRow(row);
            cell(row, LayerColumn, QString::number(layer.layer), layer.layer)
                ->setData(Qt::UserRole + 1, static_cast<int>(index));
            cell(row, HeadColumn, QString::number(head.head), head.head);
            cell(row, KeyHeadColumn, QString::number(head.keyHead), head.keyHead);
            cell(row, UsageColumn, pecards::app::displayNumber(head.usage, 4), head.usage);
            cell(row, MovedColumn, QStringLiteral("%1 %").arg(100.0 * head.movedFraction, 0, 'f', 1),
                head.movedFraction);
            cell(row, TopPairColumn, QString::number(head.topPair), head.topPair);
            if (head.movedFraction > worst) {
                worst = head.movedFraction;
                worstText = tr("Layer %1, head %2: %3 % of its usage is on the pairs %4 moves.")
                                .arg(layer.layer)
                                .arg(head.head)
                                .arg(100.0 * head.movedFraction, 0, 'f', 0)
                                .arg(scaling);
            }
        }
    }
    m_heads->setSortingEnabled(true);
    m_heads->sortItems(MovedColumn, Qt::DescendingOrder);
    if (worst > 0.0)
        m_headline->setText(worstText);
    else if (test.rope.scaling.type == pecards::RopeScalingType::None)
        m_headline->setText(tr("No scaling is under test, so no head's usage moves."));
    else
        m_headline->setText(tr("%1 moves no pair of these layers: no head's usage changes.").arg(scaling));
    m_use->setEnabled(false);
}

bool PairUsageDialog::saveFigure(const QString& path) {
    if (m_shown.size() == 0) {
        m_status->setText(tr("Nothing to save yet: read a checkpoint first."));
        return false;
    }
    std::vector<int> layers;
    const int shown = shownLayer();
    if (shown < 0) {
        for (const qsizetype index : std::as_const(m_pooled))
            layers.push_back(m_outcome.layers[index].layer);
    }
    const pecards::app::PairUsageFigureText text = pecards::app::pairUsageFigureText(m_outcome.model.name,
        m_checkpoint->text(), shown < 0 ? std::nullopt : std::optional(m_outcome.layers[shown].layer), layers,
        m_outcome.weights.heads, m_outcome.weights.kvHeads);
    QString error;
    if (!pecards::app::figureFormatForPath(path)) {
        error = tr("%1 must end in .png, .svg or .pdf").arg(QFileInfo(path).fileName());
    } else if (pecards::app::FigureExporter().save(
                   path, {pecards::app::pairUsageFigure(m_shown, text)}, &error)) {
        m_status->setText(tr("Saved %1.").arg(QFileInfo(path).fileName()));
        return true;
    }
    m_status->setText(tr("Not saved: %1").arg(error));
    return false;
}

bool PairUsageDialog::useHead(int row) {
    if (row < 0 || row >= m_heads->rowCount() || !m_useProbe)
        return false;
    const int index = m_heads->item(row, LayerColumn)->data(Qt::UserRole + 1).toInt();
    const int head = m_heads->item(row, HeadColumn)->data(Qt::UserRole).toInt();
    const int keyHead = m_heads->item(row, KeyHeadColumn)->data(Qt::UserRole).toInt();
    const pecards::app::LayerUsage& layer = m_outcome.layers[index];
    const std::vector<pecards::PairChannels> pairs = pecards::rotaryPairChannels(m_rope.rope);
    if (static_cast<Eigen::Index>(pairs.size()) != layer.product.cols()) {
        m_status->setText(
            tr("The RoPE card has %1 pairs and layer %2 has %3: open the model's config on the card "
               "first (File > Open config).")
                .arg(pairs.size())
                .arg(layer.layer)
                .arg(layer.product.cols()));
        return false;
    }
    // Each pair's longest query and key, both on the pair's first channel: the score of the
    // aligned inputs, sum_i |q_i| |k_i| cos((m - n) theta_i), the most this head's pairs can add.
    pecards::CardParams params = m_rope;
    params.probe.q.assign(static_cast<std::size_t>(params.rope.head_dim), 0.0);
    params.probe.k.assign(static_cast<std::size_t>(params.rope.head_dim), 0.0);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        params.probe.q[static_cast<std::size_t>(pairs[i].first)]
            = layer.query(head, static_cast<Eigen::Index>(i));
        params.probe.k[static_cast<std::size_t>(pairs[i].first)]
            = layer.key(keyHead, static_cast<Eigen::Index>(i));
    }
    m_useProbe(params, tr("Use head %1 of layer %2 as q, k").arg(head).arg(layer.layer));
    m_status->setText(
        tr("The RoPE card's q, k are now head %1 of layer %2's longest pairs: its score views show "
           "that head's positional response.")
            .arg(head)
            .arg(layer.layer));
    return true;
}

} // namespace pecards::gui
