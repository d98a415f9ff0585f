#include "check/checkdialog.h"

#include "widgets/heatmapframe.h"
#include "widgets/heatmapwidget.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>
#include <figure/mathtext.h>

namespace pecards::gui {

namespace {

/// "head_dim 128, rotary_dim 128, base 500000, layout half-split, scaling llama3 × 8, L 131072"
QString modelLine(const pecards::CardParams& params) {
    const pecards::RopeParams& rope = params.rope;
    QString text = CheckDialog::tr("head_dim %1, rotary_dim %2, base %3, layout %4, scaling %5")
                       .arg(rope.head_dim)
                       .arg(rope.rotary_dim == 0 ? rope.head_dim : rope.rotary_dim)
                       .arg(pecards::app::displayNumber(rope.base, 10))
                       .arg(QString::fromStdString(pecards::toString(rope.layout)),
                           QString::fromStdString(pecards::toString(rope.scaling.type)));
    if (rope.scaling.type != pecards::RopeScalingType::None)
        text += QStringLiteral(" × %1").arg(pecards::app::displayNumber(rope.scaling.factor, 6));
    return text;
}

/// The error map as a heatmap frame: rows = position blocks, columns = pairs, log colours.
HeatmapFrame mapFrame(const pecards::CheckErrorMap& map) {
    pecards::Grid grid;
    grid.rows = map.rows;
    grid.cols = map.cols;
    grid.window = {map.first_position, map.first_position + map.positions, 0, map.cols};
    grid.values = map.values;
    ColorScaling scaling;
    scaling.colorMap = QStringLiteral("magma");
    scaling.logarithmic = true;
    return makeHeatmapFrame(std::move(grid), grid.window, scaling, CheckDialog::tr("position m"),
        CheckDialog::tr("pair i (error ÷ tolerance, log colours)"));
}

} // namespace

using Table = pecards::app::CheckSetup::Table;

CheckDialog::CheckDialog(const pecards::CardParams& params, QWidget* parent, ShowPitfall showPitfall)
    : QDialog(parent)
    , m_params(params)
    , m_showPitfall(std::move(showPitfall))
    , m_table(new QComboBox(this))
    , m_first(new QLineEdit(this))
    , m_second(new QLineEdit(this))
    , m_firstLabel(new QLabel(this))
    , m_secondLabel(new QLabel(this))
    , m_form(new QFormLayout)
    , m_format(new QComboBox(this))
    , m_firstPosition(new QSpinBox(this))
    , m_run(new QPushButton(tr("&Check"), this))
    , m_showBug(new QPushButton(tr("Show this &bug"), this))
    , m_model(new QLabel(this))
    , m_verdict(new QLabel(this))
    , m_map(new HeatmapWidget(this))
    , m_variants(new QTableWidget(0, 4, this)) {
    setWindowTitle(tr("Check an implementation"));
    m_model->setWordWrap(true);
    m_model->setText(tr("Your engine's RoPE numbers against the reference for the RoPE card's model: %1.")
                         .arg(modelLine(params)));
    const auto fileRow = [this](QLineEdit* field, const QString& title) {
        auto* row = new QHBoxLayout;
        auto* browseButton = new QPushButton(tr("Browse…"), this);
        connect(browseButton, &QPushButton::clicked, this, [this, field, title] { browse(field, title); });
        row->addWidget(field, 1);
        row->addWidget(browseButton);
        return row;
    };
    m_table->addItem(tr("cos and sin cache"), static_cast<int>(Table::CosSin));
    m_table->addItem(tr("rotated q or k"), static_cast<int>(Table::Rotated));
    m_table->addItem(tr("inv_freq"), static_cast<int>(Table::InvFreq));
    m_table->addItem(tr("GGUF file (llama.cpp)"), static_cast<int>(Table::Gguf));
    m_table->setToolTip(tr("What your engine gives: tables as .npy, or FILE.safetensors:TENSOR"));
    connect(m_table, &QComboBox::currentIndexChanged, this, &CheckDialog::showTableRows);
    for (const pecards::CheckFormat format : {pecards::CheckFormat::Float32, pecards::CheckFormat::Bfloat16,
             pecards::CheckFormat::Float16, pecards::CheckFormat::Float64})
        m_format->addItem(QString::fromStdString(pecards::toString(format)), static_cast<int>(format));
    m_format->setToolTip(
        tr("The format your engine computed or stored the numbers in: it sets the tolerance"));
    m_firstPosition->setRange(0, 1 << 26);
    m_firstPosition->setToolTip(tr("The position of the tables' first row"));
    m_form->addRow(tr("your table"), m_table);
    m_form->addRow(m_firstLabel, fileRow(m_first, tr("The engine's table")));
    m_form->addRow(m_secondLabel, fileRow(m_second, tr("The engine's second table")));
    m_form->addRow(tr("format"), m_format);
    m_form->addRow(tr("first position"), m_firstPosition);
    showTableRows();
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_map->setMinimumHeight(220);
    m_variants->setHorizontalHeaderLabels(
        {tr("variant"), tr("fits"), tr("max error ÷ tolerance"), tr("the bug")});
    m_variants->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_variants->verticalHeader()->setVisible(false);
    m_variants->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_variants->setSelectionBehavior(QAbstractItemView::SelectRows);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_run, QDialogButtonBox::ActionRole);
    buttons->addButton(m_showBug, QDialogButtonBox::ActionRole);
    m_showBug->setToolTip(
        tr("Open the diagnosed bug in the RoPE card's Pitfalls view, with the card's parameters"));
    m_showBug->setObjectName(QStringLiteral("showBug"));
    m_showBug->setEnabled(false);
    m_showBug->setVisible(static_cast<bool>(m_showPitfall));
    connect(m_showBug, &QPushButton::clicked, this, [this] {
        if (m_pitfall != pecards::Pitfall::None && m_showPitfall)
            m_showPitfall(m_pitfall);
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_run, &QPushButton::clicked, this, &CheckDialog::start);
    connect(
        &m_watcher, &QFutureWatcher<CheckOutcome>::finished, this, [this] { present(m_watcher.result()); });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_model);
    layout->addLayout(m_form);
    layout->addWidget(m_verdict);
    layout->addWidget(m_map, 3);
    layout->addWidget(m_variants, 2);
    layout->addWidget(buttons);
    m_map->hide();
    m_variants->hide();
    // 900 x 760, or less on a small screen: within the main window (a 1280 x 720 projector).
    const QSize room = parent != nullptr ? parent->window()->size() * 0.95 : QSize(900, 760);
    resize(QSize(900, 760).boundedTo(room));
}

CheckDialog* CheckDialog::open(const pecards::CardParams& params, QWidget* parent, ShowPitfall showPitfall) {
    auto* dialog = new CheckDialog(params, parent, std::move(showPitfall));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void CheckDialog::browse(QLineEdit* field, const QString& title) {
    const bool gguf = field == m_first && m_table->currentData().toInt() == static_cast<int>(Table::Gguf);
    const QString path = QFileDialog::getOpenFileName(this, title, field->text(),
        gguf ? tr("GGUF file (*.gguf)") : tr("Tables (*.npy *.safetensors);;NumPy array (*.npy)"));
    if (path.isEmpty())
        return;
    // A checkpoint holds many tensors: the name goes after a colon, the error lists them.
    field->setText(path.endsWith(QStringLiteral(".safetensors")) ? path + QLatin1Char(':') : path);
    field->setFocus();
}

void CheckDialog::showTableRows() {
    const auto table = static_cast<Table>(m_table->currentData().toInt());
    const bool two = table == Table::CosSin || table == Table::Rotated;
    m_firstLabel->setText(table == Table::CosSin ? tr("cos")
            : table == Table::Rotated            ? tr("rotated")
            : table == Table::InvFreq            ? tr("inv_freq")
                                                 : tr("GGUF file"));
    m_secondLabel->setText(table == Table::Rotated ? tr("unrotated") : tr("sin"));
    m_first->setPlaceholderText(table == Table::CosSin ? tr("positions × r (HF layout) or positions × r/2")
            : table == Table::Rotated                  ? tr("positions × head_dim, after your RoPE")
            : table == Table::InvFreq                  ? tr("r/2 frequencies")
                                                       : tr("its rope metadata and rope_freqs tensor"));
    m_second->setPlaceholderText(
        table == Table::Rotated ? tr("the same vectors before RoPE") : tr("the shape of cos"));
    m_form->setRowVisible(m_secondLabel, two);
    m_form->setRowVisible(m_firstPosition, two);
}

pecards::app::CheckSetup CheckDialog::setup() const {
    pecards::app::CheckSetup setup;
    setup.table = static_cast<Table>(m_table->currentData().toInt());
    setup.first = m_first->text().trimmed();
    const bool two = setup.table == Table::CosSin || setup.table == Table::Rotated;
    setup.second = two ? m_second->text().trimmed() : QString();
    setup.format = static_cast<pecards::CheckFormat>(m_format->currentData().toInt());
    setup.firstPosition = two ? m_firstPosition->value() : 0;
    setup.params = m_params;
    return setup;
}

void CheckDialog::fill(const pecards::app::CheckSetup& setup) {
    m_table->setCurrentIndex(m_table->findData(static_cast<int>(setup.table)));
    m_first->setText(setup.first);
    m_second->setText(setup.second);
    m_format->setCurrentIndex(m_format->findData(static_cast<int>(setup.format)));
    m_firstPosition->setValue(static_cast<int>(setup.firstPosition));
}

void CheckDialog::check(const pecards::app::CheckSetup& setup) {
    fill(setup);
    start();
}

void CheckDialog::start() {
    const pecards::app::CheckSetup request = setup();
    const bool two = request.table == Table::CosSin || request.table == Table::Rotated;
    QString problem;
    if (request.first.isEmpty())
        problem = tr("Choose the engine's %1 file.").arg(m_firstLabel->text());
    else if (two && request.second.isEmpty())
        problem = tr("%1 is missing: this table is checked with its %1.").arg(m_secondLabel->text());
    if (!problem.isEmpty()) {
        m_verdict->setText(
            QStringLiteral("<span style='color:#b00020'>%1</span>").arg(problem.toHtmlEscaped()));
        return;
    }
    if (m_watcher.isRunning())
        return; // the button is disabled meanwhile
    m_run->setEnabled(false);
    m_verdict->setText(tr("Checking…"));
    Q_EMIT started(request);
    m_watcher.setFuture(QtConcurrent::run(runCheckJob, request));
}

void CheckDialog::present(const CheckOutcome& outcome) {
    m_run->setEnabled(true);
    const bool diagnosed = outcome.ok && !outcome.report.matches && !outcome.report.variants.empty()
        && outcome.report.variants.front().fits;
    m_pitfall = diagnosed ? pecards::pitfallOfVariant(outcome.report.variants.front().name)
                          : pecards::Pitfall::None;
    m_showBug->setEnabled(m_pitfall != pecards::Pitfall::None);
    if (!outcome.ok) {
        m_verdict->setText(
            QStringLiteral("<span style='color:#b00020'>%1</span>").arg(outcome.error.toHtmlEscaped()));
        m_map->hide();
        m_variants->hide();
        Q_EMIT checked();
        return;
    }
    const pecards::CheckReport& report = outcome.report;
    QString verdict;
    if (report.matches) {
        verdict = tr("<b style='color:#1b7a1b'>Matches the reference</b>: max error %1 of the tolerance.")
                      .arg(pecards::app::displayNumber(report.max_error, 3));
    } else if (std::isinf(report.max_error)) {
        verdict = tr("<b style='color:#b00020'>Does not match the reference</b>: another size than the "
                     "model's table.");
    } else {
        verdict = tr("<b style='color:#b00020'>Does not match the reference</b>: max error %1 tolerances (%2 "
                     "absolute)")
                      .arg(pecards::app::displayNumber(report.max_error, 3),
                          pecards::app::displayNumber(report.max_abs_error, 3));
        verdict += report.first_position >= 0
            ? tr(", first at position %1, pair %2.").arg(report.first_position).arg(report.first_pair)
            : tr(", first at pair %1.").arg(report.first_pair);
        const pecards::CheckVariant& best = report.variants.front();
        verdict += best.fits ? tr(" Diagnosis: <b>%1</b>, %2.")
                                   .arg(QString::fromStdString(best.name).toHtmlEscaped(),
                                       QString::fromStdString(best.explanation).toHtmlEscaped())
                             : tr(" No known bug reproduces these numbers: the error starts where marked.");
    }
    m_verdict->setText(verdict
        + QStringLiteral("<br><small>%1 (tolerance 16 u, u = %2)</small>")
              .arg(outcome.checked.toHtmlEscaped())
              .arg(pecards::app::displayNumber(report.unit_roundoff, 3)));
    const bool hasMap = report.error_map.rows > 0;
    m_map->setVisible(hasMap);
    if (hasMap) {
        m_map->setFrame(mapFrame(report.error_map));
        m_map->setMarker(
            report.first_position >= 0 ? std::optional<qint64>(report.first_position) : std::nullopt, false);
    }
    m_variants->setRowCount(static_cast<int>(report.variants.size()));
    for (int row = 0; row < m_variants->rowCount(); ++row) {
        const pecards::CheckVariant& variant = report.variants[static_cast<std::size_t>(row)];
        const QStringList cells {QString::fromStdString(variant.name), variant.fits ? tr("fits") : QString(),
            variant.comparable ? pecards::app::displayNumber(variant.max_error, 3) : tr("another size"),
            QString::fromStdString(variant.explanation)};
        for (int column = 0; column < cells.size(); ++column)
            m_variants->setItem(row, column, new QTableWidgetItem(cells.at(column)));
    }
    m_variants->resizeColumnsToContents();
    m_variants->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_variants->show();
    Q_EMIT checked();
}

QString CheckDialog::verdict() const {
    return m_verdict->text();
}

QStringList CheckDialog::diagnosis() const {
    QStringList names;
    for (int row = 0; row < m_variants->rowCount(); ++row)
        names << m_variants->item(row, 0)->text();
    return names;
}

} // namespace pecards::gui
