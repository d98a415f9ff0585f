#include "window/encodingchoicedialog.h"

#include "window/encodingchoicetext.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <figure/mathtext.h>
#include <limits>
#include <pecards/errors.h>

namespace pecards::gui {

namespace {

/// Target boxes (label and spin box) in one row of the controls: six in one row were 1506 px wide
/// in presentation's fonts, wider than a 1280x720 projector.
constexpr int kSpinsPerRow = 3;

/// 2 to the power `exponent`, as written: "2²⁶".
QString twoToThe(int exponent) {
    return QStringLiteral("2") + pecards::app::superscript(QString::number(exponent));
}

using pecards::EncodingChoice;

} // namespace

EncodingChoiceDialog::EncodingChoiceDialog(const pecards::CardParams& params, QWidget* parent)
    : QDialog(parent)
    , m_base(pecards::encodingTarget(params))
    , m_controls(new QGridLayout)
    , m_table(new QTableWidget(this))
    , m_message(new QLabel(this)) {
    setWindowTitle(tr("Choosing an encoding"));
    m_table->setObjectName(QStringLiteral("families"));
    m_message->setObjectName(QStringLiteral("message"));
    addSpin(tr("L"), tr("Target length L in positions, [1, %1]").arg(twoToThe(pecards::kMaxLengthLog2)),
        m_base.length);
    addSpin(
        tr("head_dim"), tr("Size of one head, even, [2, 1024]; d_model = heads × head_dim"), m_base.head_dim);
    addSpin(tr("Heads"), tr("Attention heads H, [1, 128]"), m_base.heads);
    addSpin(tr("Layers"), tr("Transformer layers, [1, 1024]"), m_base.layers);
    addSpin(tr("L0"), tr("Training length L0 in positions, [2, %1]").arg(twoToThe(pecards::kMaxLengthLog2)),
        m_base.training_length);
    addSpin(tr("Bytes/value"), tr("Bytes per stored value: 2 for bf16/fp16, 4 for fp32"), m_base.dtype_bytes);
    m_controls->setColumnStretch(kSpinsPerRow * 2, 1); // the pairs stay left, as a row of boxes

    // Short headers (their units are in the tooltips), so the words of the Beyond L0, KV cache and
    // Used by columns get the room at 1280 px.
    const QStringList headers {tr("Encoding"), tr("Learned\nparameters"), tr("Parameter\nmemory"),
        tr("Position\ntensors at L"), tr("Extra work\nper token"), tr("Beyond L0\n(what is unseen)"),
        tr("KV cache"), tr("Used by")};
    const QStringList tips {tr("Encoding family"),
        tr("Learned position parameters of the whole model: a learned table has L0 × d_model, Shaw 2(2k+1) "
           "× head_dim per layer, T5 buckets × heads once (shared by the layers), Transformer-XL W_R, u, v "
           "per layer; fixed functions have none"),
        tr("Learned parameters × bytes per value, in bytes"),
        tr("Position tensors the reference builds for one sequence of L positions (one layer at a time, "
           "not counting the attention scores), in bytes"),
        tr("Multiplies, adds and multiply-adds (one each) for the query at L-1 over its L keys, beyond plain "
           "attention, summed over layers and heads: operations per token"),
        tr("What a sequence of L positions meets that training at L0 never did"),
        tr("How cached keys are used when the next token arrives"),
        tr("Widely used models with this encoding")};
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    for (int column = 0; column < headers.size(); ++column)
        m_table->horizontalHeaderItem(column)->setToolTip(tips.at(column));
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(6, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(7, QHeaderView::Stretch);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Rows grow with the wrapped words of the stretched columns, which get their width only when
    // the dialog is laid out (and again when it is resized).
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, m_table,
        [this] { m_table->resizeRowsToContents(); });

    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020"));
    m_message->hide();
    auto* note
        = new QLabel(tr("Every number is computed by the engine for this target (Shaw k, T5 buckets and "
                        "the base from the current card). Sources and definitions: docs/choosing.md."),
            this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &EncodingChoiceDialog::onAnswered);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(m_controls);
    layout->addWidget(m_message);
    layout->addWidget(m_table, 1);
    layout->addWidget(note);
    layout->addWidget(buttons);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    resize(1240, 640);
    submit();
}

QSpinBox* EncodingChoiceDialog::addSpin(const QString& label, const QString& tip, qint64 value) {
    auto* spin = new QSpinBox(this);
    // The engine checks the range and names it: the box itself never clamps a typed value.
    spin->setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
    spin->setValue(static_cast<int>(value));
    spin->setToolTip(tip);
    spin->setKeyboardTracking(false);
    auto* caption = new QLabel(label, this);
    caption->setBuddy(spin);
    caption->setToolTip(tip);
    const auto index = static_cast<int>(m_spins.size());
    m_controls->addWidget(caption, index / kSpinsPerRow, 2 * (index % kSpinsPerRow));
    m_controls->addWidget(spin, index / kSpinsPerRow, 2 * (index % kSpinsPerRow) + 1);
    connect(spin, &QSpinBox::valueChanged, this, &EncodingChoiceDialog::submit);
    m_spins.push_back(spin);
    return spin;
}

void EncodingChoiceDialog::submit() {
    if (m_watcher.isRunning()) {
        m_pending = true; // the newest target runs when this one is done
        return;
    }
    m_pending = false;
    pecards::EncodingTarget target = m_base;
    target.length = m_spins[0]->value();
    target.head_dim = m_spins[1]->value();
    target.heads = m_spins[2]->value();
    target.layers = m_spins[3]->value();
    target.training_length = m_spins[4]->value();
    target.dtype_bytes = m_spins[5]->value();
    m_watcher.setFuture(QtConcurrent::run([target]() -> Outcome {
        try {
            return {pecards::compareEncodings(target), target, {}};
        } catch (const pecards::InvalidParameter& error) {
            return {{}, target, QString::fromStdString(error.what())};
        }
    }));
}

void EncodingChoiceDialog::onAnswered() {
    if (m_pending) {
        submit();
        return;
    }
    const Outcome outcome = m_watcher.result();
    m_message->setText(outcome.error);
    m_message->setVisible(!outcome.error.isEmpty());
    if (outcome.error.isEmpty())
        fill(outcome);
    emit answered();
}

void EncodingChoiceDialog::fill(const Outcome& outcome) {
    const QLocale locale;
    m_table->setRowCount(static_cast<int>(outcome.rows.size()));
    for (int row = 0; row < static_cast<int>(outcome.rows.size()); ++row) {
        const EncodingChoice& choice = outcome.rows[static_cast<std::size_t>(row)];
        const QStringList cells {encodingFamilyName(choice.family, outcome.target),
            locale.toString(static_cast<qlonglong>(choice.parameters)),
            locale.formattedDataSize(choice.parameter_bytes, 1, QLocale::DataSizeTraditionalFormat),
            locale.formattedDataSize(choice.extra_memory_bytes, 1, QLocale::DataSizeTraditionalFormat),
            locale.toString(static_cast<qlonglong>(choice.work_per_token)), encodingBeyondText(choice),
            encodingKvCacheText(choice.kv_cache),
            QString::fromStdString(pecards::modelsUsing(choice.family))};
        for (int column = 0; column < cells.size(); ++column) {
            auto* item = new QTableWidgetItem(cells.at(column));
            item->setToolTip(cells.at(column));
            if (column >= 1 && column <= 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column, item);
        }
    }
    m_table->resizeRowsToContents();
}

} // namespace pecards::gui
