#include "window/shortcutsdialog.h"

#include "window/shortcutlist.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace pecards::gui {

ShortcutsDialog::ShortcutsDialog(const QMainWindow& window, QWidget* parent)
    : QDialog(parent)
    , m_table(new QTableWidget(this)) {
    setWindowTitle(tr("Keyboard shortcuts"));
    m_table->setObjectName(QStringLiteral("shortcuts"));
    const QList<ShortcutEntry> entries = collectShortcuts(window);
    m_table->setColumnCount(3);
    m_table->setRowCount(static_cast<int>(entries.size()));
    m_table->setHorizontalHeaderLabels({tr("Shortcut"), tr("Command"), tr("Description")});
    for (int row = 0; row < entries.size(); ++row) {
        const ShortcutEntry& entry = entries.at(row);
        int column = 0;
        for (const QString& text : {entry.keys, entry.command, entry.description}) {
            auto* item = new QTableWidgetItem(text);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            item->setToolTip(text);
            m_table->setItem(row, column++, item);
        }
    }
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false); // one line per shortcut; the tooltip shows a long description

    auto* note = new QLabel(tr("Heatmaps: wheel or drag to zoom, double-click to reset. In presentation "
                               "mode the keys of View > Presentation apply."),
        this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(note);
    layout->addWidget(buttons);
    resize(900, 520);
}

} // namespace pecards::gui
