#include "widgets/factortable.h"

#include <QHeaderView>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>

namespace pecards::gui {

namespace {

QString factorText(const std::vector<double>& list, int row) {
    return row < static_cast<int>(list.size()) ? QString::number(list[static_cast<std::size_t>(row)], 'g', 17)
                                               : QString();
}

} // namespace

FactorTable::FactorTable(QWidget* parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, 2, this))
    , m_fit(new QPushButton(this)) {
    m_table->setObjectName(QStringLiteral("factors"));
    m_fit->setObjectName(QStringLiteral("fit"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_table->setHorizontalHeaderLabels({tr("short_factor"), tr("long_factor")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setMinimumHeight(6 * (m_table->fontMetrics().height() + 6));
    m_table->setMaximumHeight(12 * (m_table->fontMetrics().height() + 6));
    m_table->setToolTip(tr("LongRoPE: pair i's wavelength is multiplied by short_factor[i] up to L0 and by "
                           "long_factor[i] beyond it; one entry per pair (rotary_dim/2)"));
    layout->addWidget(m_table);
    layout->addWidget(m_fit);
    connect(m_table, &QTableWidget::cellChanged, this, &FactorTable::onCellChanged);
    connect(m_fit, &QPushButton::clicked, this, [this] { emit fitRequested(m_needed); });
}

void FactorTable::setLists(
    const std::vector<double>& shortFactor, const std::vector<double>& longFactor, int needed) {
    m_short = shortFactor;
    m_long = longFactor;
    m_needed = needed;
    const QSignalBlocker block(m_table);
    const auto rows = static_cast<int>(std::max(m_short.size(), m_long.size()));
    m_table->setRowCount(rows);
    QStringList pairs;
    for (int row = 0; row < rows; ++row) {
        pairs.push_back(tr("i = %1").arg(row));
        for (int column = 0; column < 2; ++column) {
            const QString text = factorText(column == 0 ? m_short : m_long, row);
            if (QTableWidgetItem* item = m_table->item(row, column))
                item->setText(text);
            else
                m_table->setItem(row, column, new QTableWidgetItem(text));
        }
    }
    m_table->setVerticalHeaderLabels(pairs);
    const bool fits = m_short.size() == static_cast<std::size_t>(needed)
        && m_long.size() == static_cast<std::size_t>(needed);
    m_fit->setText(tr("Fit both lists to rotary_dim/2 = %1 entries").arg(needed));
    m_fit->setVisible(!fits && needed > 0);
}

void FactorTable::onCellChanged(int row, int column) {
    std::vector<double>& list = column == 0 ? m_short : m_long;
    bool ok = false;
    const double value = m_table->item(row, column)->text().trimmed().toDouble(&ok);
    if (row >= static_cast<int>(list.size()))
        list.resize(static_cast<std::size_t>(row) + 1, std::numeric_limits<double>::quiet_NaN());
    list[static_cast<std::size_t>(row)] = ok ? value : std::numeric_limits<double>::quiet_NaN();
    emit edited(m_short, m_long);
}

} // namespace pecards::gui
