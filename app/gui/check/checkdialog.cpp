#include "check/checkdialog.h"

#include "views/heatmapframe.h"
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

namespace pecards::gui {

namespace {

/// "head_dim 128, rotary_dim 128, base 500000, layout half-split, scaling llama3 × 8, L 131072"
QString modelLine(const pecards::CardParams& params) {
    const pecards::RopeParams& rope = params.rope;
    QString text = CheckDialog::tr("head_dim %1, rotary_dim %2, base %3, layout %4, scaling %5")
                       .arg(rope.head_dim)
                       .arg(rope.rotary_dim == 0 ? rope.head_dim : rope.rotary_dim)
                       .arg(rope.base, 0, 'g', 10)
                       .arg(QString::fromStdString(pecards::toString(rope.layout)),
                           QString::fromStdString(pecards::toString(rope.scaling.type)));
    if (rope.scaling.type != pecards::RopeScalingType::None)
        text += QStringLiteral(" × %1").arg(rope.scaling.factor, 0, 'g', 6);
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

CheckDialog::CheckDialog(const pecards::CardParams& params, QWidget* parent, ShowPitfall showPitfall)
    : QDialog(parent)
    , m_params(params)
    , m_showPitfall(std::move(showPitfall))
    , m_cos(new QLineEdit(this))
    , m_sin(new QLineEdit(this))
    , m_invFreq(new QLineEdit(this))
    , m_format(new QComboBox(this))
    , m_firstPosition(new QSpinBox(this))
    , m_run(new QPushButton(tr("&Check"), this))
    , m_showBug(new QPushButton(tr("Show this &bug"), this))
    , m_model(new QLabel(this))
    , m_verdict(new QLabel(this))
    , m_map(new HeatmapWidget(this))
    , m_table(new QTableWidget(0, 4, this)) {
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
    m_cos->setPlaceholderText(tr("positions × r (HF layout) or positions × r/2"));
    m_sin->setPlaceholderText(tr("the shape of cos"));
    m_invFreq->setPlaceholderText(tr("r/2 frequencies, when there is no cache"));
    for (const pecards::CheckFormat format : {pecards::CheckFormat::Float32, pecards::CheckFormat::Bfloat16,
             pecards::CheckFormat::Float16, pecards::CheckFormat::Float64})
        m_format->addItem(QString::fromStdString(pecards::toString(format)), static_cast<int>(format));
    m_format->setToolTip(
        tr("The format your engine computed or stored the numbers in: it sets the tolerance"));
    m_firstPosition->setRange(0, 1 << 26);
    m_firstPosition->setToolTip(tr("The position of the tables' first row"));
    auto* form = new QFormLayout;
    form->addRow(tr("cos (.npy)"), fileRow(m_cos, tr("The engine's cos cache")));
    form->addRow(tr("sin (.npy)"), fileRow(m_sin, tr("The engine's sin cache")));
    form->addRow(tr("or inv_freq (.npy)"), fileRow(m_invFreq, tr("The engine's inverse frequencies")));
    form->addRow(tr("format"), m_format);
    form->addRow(tr("first position"), m_firstPosition);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_map->setMinimumHeight(220);
    m_table->setHorizontalHeaderLabels(
        {tr("variant"), tr("fits"), tr("max error ÷ tolerance"), tr("the bug")});
    m_table->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
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
    layout->addLayout(form);
    layout->addWidget(m_verdict);
    layout->addWidget(m_map, 3);
    layout->addWidget(m_table, 2);
    layout->addWidget(buttons);
    m_map->hide();
    m_table->hide();
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
    const QString path = QFileDialog::getOpenFileName(this, title, field->text(), tr("NumPy array (*.npy)"));
    if (!path.isEmpty())
        field->setText(path);
}

CheckFiles CheckDialog::files() const {
    CheckFiles files;
    files.cos = m_cos->text().trimmed();
    files.sin = m_sin->text().trimmed();
    files.invFreq = m_invFreq->text().trimmed();
    files.format = static_cast<pecards::CheckFormat>(m_format->currentData().toInt());
    files.firstPosition = m_firstPosition->value();
    return files;
}

void CheckDialog::check(const CheckFiles& files) {
    m_cos->setText(files.cos);
    m_sin->setText(files.sin);
    m_invFreq->setText(files.invFreq);
    m_format->setCurrentIndex(m_format->findData(static_cast<int>(files.format)));
    m_firstPosition->setValue(static_cast<int>(files.firstPosition));
    start();
}

void CheckDialog::start() {
    const CheckFiles request = files();
    QString problem;
    if (request.cos.isEmpty() != request.sin.isEmpty())
        problem = tr("%1 is missing: a cache is checked as cos and sin")
                      .arg(request.cos.isEmpty() ? tr("cos") : tr("sin"));
    else if (request.cos.isEmpty() && request.invFreq.isEmpty())
        problem = tr("Choose the engine's cos and sin, or its inv_freq (.npy files).");
    else if (!request.cos.isEmpty() && !request.invFreq.isEmpty())
        problem = tr("Choose one table: cos and sin, or inv_freq, not both.");
    if (!problem.isEmpty()) {
        m_verdict->setText(
            QStringLiteral("<span style='color:#b00020'>%1</span>").arg(problem.toHtmlEscaped()));
        return;
    }
    if (m_watcher.isRunning())
        return; // the button is disabled meanwhile
    m_run->setEnabled(false);
    m_verdict->setText(tr("Checking…"));
    m_watcher.setFuture(QtConcurrent::run(runCheckJob, request, m_params));
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
        m_table->hide();
        Q_EMIT checked();
        return;
    }
    const pecards::CheckReport& report = outcome.report;
    QString verdict;
    if (report.matches) {
        verdict = tr("<b style='color:#1b7a1b'>Matches the reference</b>: max error %1 of the tolerance.")
                      .arg(report.max_error, 0, 'g', 3);
    } else if (std::isinf(report.max_error)) {
        verdict = tr("<b style='color:#b00020'>Does not match the reference</b>: another size than the "
                     "model's table.");
    } else {
        verdict = tr("<b style='color:#b00020'>Does not match the reference</b>: max error %1 tolerances (%2 "
                     "absolute)")
                      .arg(report.max_error, 0, 'g', 3)
                      .arg(report.max_abs_error, 0, 'g', 3);
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
              .arg(report.unit_roundoff, 0, 'g', 3));
    const bool hasMap = report.error_map.rows > 0;
    m_map->setVisible(hasMap);
    if (hasMap) {
        m_map->setFrame(mapFrame(report.error_map));
        m_map->setMarker(
            report.first_position >= 0 ? std::optional<qint64>(report.first_position) : std::nullopt, false);
    }
    m_table->setRowCount(static_cast<int>(report.variants.size()));
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const pecards::CheckVariant& variant = report.variants[static_cast<std::size_t>(row)];
        const QStringList cells {QString::fromStdString(variant.name), variant.fits ? tr("fits") : QString(),
            variant.comparable ? QString::number(variant.max_error, 'g', 3) : tr("another size"),
            QString::fromStdString(variant.explanation)};
        for (int column = 0; column < cells.size(); ++column)
            m_table->setItem(row, column, new QTableWidgetItem(cells.at(column)));
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_table->show();
    Q_EMIT checked();
}

QString CheckDialog::verdict() const {
    return m_verdict->text();
}

QStringList CheckDialog::diagnosis() const {
    QStringList names;
    for (int row = 0; row < m_table->rowCount(); ++row)
        names << m_table->item(row, 0)->text();
    return names;
}

} // namespace pecards::gui
