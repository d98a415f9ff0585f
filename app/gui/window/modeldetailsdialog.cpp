#include "window/modeldetailsdialog.h"

#include "widgets/chartwidget.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <common/modelconfig.h>
#include <figure/logitscalecurves.h>
#include <figure/mathtext.h>
#include <pecards/logitscale.h>
#include <pecards/rope.h>
#include <pecards/visionrope.h>
#include <vector>

namespace pecards::gui {

namespace {

QString configValue(double value) {
    return pecards::app::displayNumber(value, 7);
}

/// "0-3, 5, 7-9": the layer indices as ranges.
QString layerList(const std::vector<int>& layers) {
    QStringList parts;
    for (std::size_t i = 0; i < layers.size();) {
        std::size_t j = i;
        while (j + 1 < layers.size() && layers[j + 1] == layers[j] + 1)
            ++j;
        parts << (j == i ? QString::number(layers[i])
                         : QStringLiteral("%1–%2").arg(layers[i]).arg(layers[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

void fillRow(QTableWidget* table, int row, const QStringList& cells) {
    for (int column = 0; column < cells.size(); ++column) {
        auto* item = new QTableWidgetItem(cells[column]);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        item->setToolTip(cells[column]);
        table->setItem(row, column, item);
    }
}

QTableWidget* makeTable(const QStringList& headers, QWidget* parent) {
    auto* table = new QTableWidget(parent);
    table->setColumnCount(static_cast<int>(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setWordWrap(false);
    return table;
}

/// The vision tower's 2-D RoPE in words: which pairs turn with the patch row and which with the
/// column, and their frequency ranges (pecards/visionrope.h).
QString visionTowerText(const pecards::app::VisionTowerConfig& tower) {
    std::vector<double> row;
    std::vector<double> column;
    for (const pecards::VisionRopePair& pair : pecards::visionRopePairs(tower.rope))
        (pair.axis == pecards::MropeAxis::Height ? row : column).push_back(pair.inv_freq);
    const auto [rowSlow, rowFast] = std::ranges::minmax(row);
    const auto [colSlow, colFast] = std::ranges::minmax(column);
    const bool pixtral = tower.rope.family == pecards::VisionRopeFamily::Pixtral;
    QString text = ModelDetailsDialog::tr(
        "Vision tower (%1): 2-D RoPE, head_dim %2, θ = %3. %4 pairs turn with the patch's row (θ from %5 to "
        "%6 radians per patch), %7 with its column (%8 to %9).")
                       .arg(pixtral ? QStringLiteral("Pixtral") : QStringLiteral("Gemma 4"))
                       .arg(tower.rope.head_dim)
                       .arg(configValue(tower.rope.theta))
                       .arg(static_cast<int>(row.size()))
                       .arg(pecards::app::displayNumber(rowFast, 3), pecards::app::displayNumber(rowSlow, 3))
                       .arg(static_cast<int>(column.size()))
                       .arg(pecards::app::displayNumber(colFast, 3), pecards::app::displayNumber(colSlow, 3));
    if (!text.endsWith(QChar(0x3002))) // a Chinese full stop takes no space after it
        text += QLatin1Char(' ');
    text += (pixtral
            ? ModelDetailsDialog::tr("One frequency set over the head: even ones on the row, odd ones "
                                     "on the column; grids up to %1 patches a side.")
                  .arg(tower.rope.max_patches_per_side)
            : ModelDetailsDialog::tr("The head's first half turns with the column, the second with the "
                                     "row, with the same frequencies."));
    return text;
}

/// How transformers' get_rope_index gives the model's tokens their t, h, w ids (pecards/mrope.h),
/// in words with the config's values.
QString positionIdsText(const pecards::app::MultimodalConfig& multimodal) {
    const pecards::MropeVision& v = multimodal.vision;
    QString text = ModelDetailsDialog::tr(
        "Position ids (%1): text tokens count on; an image of H × W patches becomes (H/%2) × (W/%2) "
        "tokens with t = start, h = start + row, w = start + column.")
                       .arg(QString::fromStdString(toString(*multimodal.family)))
                       .arg(v.spatial_merge_size);
    if (!text.endsWith(QChar(0x3002)))
        text += QLatin1Char(' ');
    switch (*multimodal.family) {
    case pecards::MropeFamily::Qwen2VL:
        return text + ModelDetailsDialog::tr("Video: t = start + the grid's index.");
    case pecards::MropeFamily::Qwen25VL:
        return text
            + ModelDetailsDialog::tr(
                "Video: t = start + ⌊grid index × seconds per grid × %1⌋ (tokens_per_second).")
                  .arg(configValue(v.tokens_per_second));
    case pecards::MropeFamily::Qwen3VL:
    case pecards::MropeFamily::Glm4V:
        return text
            + ModelDetailsDialog::tr("Video: every frame is a grid of its own after its timestamp text.");
    case pecards::MropeFamily::Qwen25Omni:
        return text
            + ModelDetailsDialog::tr(
                "TMRoPE: every image, video and audio sits between a start and an end token; video and audio "
                "time runs at %1 ids per second; a video's own audio is interleaved with it in chunks of %2 "
                "s "
                "(%3 ids).")
                  .arg(v.position_id_per_seconds)
                  .arg(configValue(v.seconds_per_chunk))
                  .arg(static_cast<qint64>(v.position_id_per_seconds * v.seconds_per_chunk));
    }
    return text;
}

} // namespace

ModelDetailsDialog::ModelDetailsDialog(const pecards::app::ModelConfig& model, QWidget* parent)
    : QDialog(parent)
    , m_tabs(new QTabWidget(this))
    , m_groups(makeTable({tr("Layer type"), tr("Treatment"), tr("Layers"), tr("head_dim"), tr("Rotary"),
                             tr("Base θ"), tr("Scaling"), tr("Span")},
          this))
    , m_sources(makeTable({tr("Value"), tr("Where it came from")}, this))
    , m_chart(new ChartWidget(this)) {
    setWindowTitle(tr("Model details: %1 (%2)").arg(model.name, model.modelType));
    m_groups->setObjectName(QStringLiteral("groups"));
    m_sources->setObjectName(QStringLiteral("sources"));
    m_chart->setObjectName(QStringLiteral("logitChart"));
    const pecards::ModelPositions& positions = model.positions;

    m_groups->setRowCount(static_cast<int>(positions.groups.size()));
    for (std::size_t g = 0; g < positions.groups.size(); ++g) {
        const pecards::LayerGroup& group = positions.groups[g];
        const bool rope = group.treatment == pecards::LayerTreatment::Rope;
        QString treatment = group.treatment == pecards::LayerTreatment::NoAttention ? tr("no attention")
            : group.treatment == pecards::LayerTreatment::NoPE
            ? tr("NoPE")
            : QString::fromStdString(toString(group.treatment));
        QString rotary;
        if (rope) {
            rotary = group.rope.partial == pecards::RopePartial::Proportional
                ? tr("proportional: %1 of %2 pairs")
                      .arg(pecards::rotatingPairs(group.rope))
                      .arg(group.rope.head_dim / 2)
                : tr("%1 dims, %2")
                      .arg(pecards::rotaryDim(group.rope))
                      .arg(QString::fromStdString(toString(group.rope.layout)));
            if (!group.mrope_section.empty())
                rotary += group.mrope_interleaved ? tr(", M-RoPE interleaved") : tr(", M-RoPE blocked");
        }
        const QString scaling = !rope ? QString()
            : group.rope.scaling.type == pecards::RopeScalingType::None
            ? tr("none")
            : QStringLiteral("%1 ×%2").arg(QString::fromStdString(toString(group.rope.scaling.type)),
                configValue(group.rope.scaling.factor));
        QString span = tr("full");
        if (group.treatment == pecards::LayerTreatment::NoAttention)
            span = QString();
        else if (group.sliding_window > 0)
            span = tr("window %1").arg(group.sliding_window);
        else if (group.attention_chunk > 0)
            span = tr("chunks of %1").arg(group.attention_chunk);
        fillRow(m_groups, static_cast<int>(g),
            {QString::fromStdString(group.name), treatment,
                tr("%n layer(s): %1", nullptr, static_cast<int>(group.layers.size()))
                    .arg(layerList(group.layers)),
                rope ? QString::number(group.rope.head_dim) : QString(), rotary,
                rope ? configValue(group.rope.base) : QString(), scaling, span});
    }
    m_groups->resizeColumnsToContents();

    m_sources->setRowCount(static_cast<int>(model.sources.size()));
    for (qsizetype row = 0; row < model.sources.size(); ++row)
        fillRow(m_sources, static_cast<int>(row), {model.sources[row].first, model.sources[row].second});
    m_sources->resizeColumnToContents(0);

    // The logit factors up to the longest context the config describes (views stop at 2^24).
    const std::int64_t reach = model.positionsShown() > 0 ? model.positionsShown() : 4096;
    const std::vector<pecards::LogitFactor> factors = pecards::logitScales(positions, reach);
    m_chart->setCurves(pecards::app::logitScaleCurves(factors));
    if (factors.empty())
        m_chart->setMessage(
            tr("No factor multiplies this model's logits: every one is 1 at every position."));

    auto* layers = new QWidget(this);
    auto* layersLayout = new QVBoxLayout(layers);
    layersLayout->addWidget(m_groups);
    auto* notes = new QLabel(model.notes.join(QStringLiteral("\n")), layers);
    notes->setTextFormat(Qt::PlainText); // notes quote the config's values: never rendered as HTML
    notes->setWordWrap(true);
    layersLayout->addWidget(notes);
    if (model.multimodal.family) {
        auto* ids = new QLabel(positionIdsText(model.multimodal), layers);
        ids->setObjectName(QStringLiteral("positionIds"));
        ids->setTextFormat(Qt::PlainText);
        ids->setWordWrap(true);
        layersLayout->addWidget(ids);
    }
    if (model.visionTower) {
        auto* vision = new QLabel(visionTowerText(*model.visionTower), layers);
        vision->setObjectName(QStringLiteral("visionTower"));
        vision->setTextFormat(Qt::PlainText);
        vision->setWordWrap(true);
        layersLayout->addWidget(vision);
    }
    m_tabs->addTab(layers, tr("Layers"));
    m_tabs->addTab(m_sources, tr("Sources"));
    auto* scales = new QWidget(this);
    auto* scalesLayout = new QVBoxLayout(scales);
    scalesLayout->addWidget(m_chart, 1);
    auto* legend = new QLabel(m_chart->legendHtml(), scales);
    legend->setWordWrap(true);
    scalesLayout->addWidget(legend);
    m_tabs->addTab(scales, tr("Logit scales"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(buttons);
    resize(1000, 600);
}

} // namespace pecards::gui
