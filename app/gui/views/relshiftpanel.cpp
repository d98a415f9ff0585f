#include "views/relshiftpanel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>
#include <pecards/relative.h>

namespace pecards::gui {

namespace {

constexpr long long kRowCode = 1000; ///< input value = (row + 1) * kRowCode + distance

/// x[i, c] = (i + 1) * 1000 + (klen - 1 - c): every entry names its query row and distance, so
/// each shifted entry tells where it came from (0 = the padding).
Eigen::MatrixXd labelledInput(int qlen, int klen) {
    Eigen::MatrixXd x(qlen, klen);
    for (int i = 0; i < qlen; ++i) {
        for (int c = 0; c < klen; ++c)
            x(i, c) = static_cast<double>((i + 1) * kRowCode + (klen - 1 - c));
    }
    return x;
}

} // namespace

RelShiftPanel::RelShiftPanel(const ViewSpec& spec, QWidget* parent)
    : ViewPanel(spec, parent)
    , m_qlen(new QSpinBox(this))
    , m_mlen(new QSpinBox(this))
    , m_zeroTriu(new QCheckBox(tr("zero_triu"), this))
    , m_table(new QTableWidget(this)) {
    toolRow()->addStretch(1);
    m_qlen->setRange(1, kMaxLength);
    m_qlen->setValue(6);
    m_qlen->setToolTip(tr("Query length qlen (the segment)"));
    m_mlen->setRange(0, kMaxLength);
    m_mlen->setValue(3);
    m_mlen->setToolTip(tr("Memory length mlen: cached positions before the segment; klen = mlen + qlen"));
    m_zeroTriu->setToolTip(tr("zero_triu: zero the entries above the valid region, as the reference can"));
    toolRow()->addWidget(new QLabel(tr("qlen:"), this));
    toolRow()->addWidget(m_qlen);
    toolRow()->addWidget(new QLabel(tr("mlen:"), this));
    toolRow()->addWidget(m_mlen);
    toolRow()->addWidget(m_zeroTriu);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setMinimumSize(200, 160);
    setContent(m_table);
    auto* legend
        = new QLabel(tr("Cell: distance i + mlen − j the score uses. Hatched: reshape leftover "
                        "(row:distance of another query row, or the padding 0), masked by the model."),
            this);
    legend->setWordWrap(true);
    layout()->addWidget(legend);
    connect(m_qlen, &QSpinBox::valueChanged, this, &RelShiftPanel::submit);
    connect(m_mlen, &QSpinBox::valueChanged, this, &RelShiftPanel::submit);
    connect(m_zeroTriu, &QCheckBox::toggled, this, &RelShiftPanel::submit);
    connect(&m_watcher, &QFutureWatcher<Eigen::MatrixXd>::finished, this, &RelShiftPanel::onShifted);
}

void RelShiftPanel::setParams(const pecards::CardParams&) {
    // The shift depends only on the shapes chosen here, not on the card's parameters.
    if (!m_hasResult && !m_watcher.isRunning())
        submit();
}

void RelShiftPanel::setShape(int qlen, int mlen, bool zeroTriu) {
    m_qlen->setValue(qlen);
    m_mlen->setValue(mlen);
    m_zeroTriu->setChecked(zeroTriu);
    submit();
}

void RelShiftPanel::submit() {
    if (m_watcher.isRunning()) {
        m_pending = true; // the latest shape runs when this one is done
        return;
    }
    m_pending = false;
    const int qlen = m_qlen->value();
    const int klen = m_qlen->value() + m_mlen->value();
    const bool zeroTriu = m_zeroTriu->isChecked();
    m_shownQlen = qlen;
    m_shownKlen = klen;
    m_watcher.setFuture(QtConcurrent::run(
        [qlen, klen, zeroTriu] { return pecards::txlRelShift(labelledInput(qlen, klen), zeroTriu); }));
}

void RelShiftPanel::onShifted() {
    if (m_pending) {
        submit();
        return;
    }
    const Eigen::MatrixXd out = m_watcher.result();
    const int qlen = m_shownQlen;
    const int klen = m_shownKlen;
    const int mlen = klen - qlen;
    m_cells.assign(static_cast<std::size_t>(qlen) * static_cast<std::size_t>(klen), Cell {});
    m_table->setRowCount(qlen);
    m_table->setColumnCount(klen);
    QStringList rows;
    QStringList columns;
    for (int i = 0; i < qlen; ++i)
        rows.push_back(tr("i=%1").arg(i));
    for (int j = 0; j < klen; ++j)
        columns.push_back(tr("j=%1").arg(j));
    m_table->setVerticalHeaderLabels(rows);
    m_table->setHorizontalHeaderLabels(columns);
    const QColor validColour = palette().color(QPalette::Base);
    const QColor leftoverColour = palette().color(QPalette::Mid);
    for (int i = 0; i < qlen; ++i) {
        for (int j = 0; j < klen; ++j) {
            const auto code = static_cast<long long>(std::llround(out(i, j)));
            Cell cell;
            cell.valid = j <= i + mlen;
            cell.sourceRow = code == 0 ? -1 : static_cast<int>(code / kRowCode - 1);
            cell.distance = code == 0 ? 0 : static_cast<int>(code % kRowCode);
            m_cells[static_cast<std::size_t>(i * klen + j)] = cell;
            const bool ownRow = cell.sourceRow == i;
            QString text;
            if (cell.valid && ownRow)
                text = QString::number(cell.distance);
            else if (cell.sourceRow < 0)
                text = QStringLiteral("0");
            else
                text = tr("%1:%2").arg(cell.sourceRow).arg(cell.distance);
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignCenter);
            if (cell.valid) {
                item->setBackground(validColour);
            } else {
                item->setBackground(QBrush(leftoverColour, Qt::BDiagPattern));
                QFont font = item->font();
                font.setItalic(true);
                item->setFont(font);
            }
            item->setToolTip(cell.valid ? tr("valid: distance %1 = i + mlen − j").arg(cell.distance)
                                        : tr("reshape leftover (masked): %1").arg(text));
            m_table->setItem(i, j, item);
        }
    }
    m_hasResult = true;
    emit updated();
}

} // namespace pecards::gui
