#include "views/viewpanel.h"

#include "settings/languagechange.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace pecards::gui {

ViewPanel::ViewPanel(const ViewSpec& spec, QWidget* parent)
    : QWidget(parent)
    , m_spec(spec)
    , m_layout(new QVBoxLayout(this))
    , m_toolRow(new QHBoxLayout)
    , m_title(new QLabel(this)) {
    m_layout->setContentsMargins(2, 2, 2, 2);
    m_layout->setSpacing(2);
    m_toolRow->setSpacing(4);
    m_layout->addLayout(m_toolRow);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    QFont font = m_title->font();
    font.setBold(true);
    m_title->setFont(font);
    m_layout->addWidget(m_title);
}

void ViewPanel::setTitle(const QString& title) {
    m_title->setText(title);
}

QString ViewPanel::title() const {
    return m_title->text();
}

void ViewPanel::setContent(QWidget* content) {
    m_layout->addWidget(content, 1);
}

void ViewPanel::addExportButton() {
    auto* button = new QToolButton(this);
    retranslateOnLanguageChange(button, [button] {
        button->setText(tr("Save…"));
        button->setToolTip(tr("Save this view as a figure or its numbers"));
    });
    m_toolRow->addWidget(button);
    connect(button, &QToolButton::clicked, this, [this] {
        if (m_saveHandler)
            m_saveHandler();
        else
            saveView();
    });
}

} // namespace pecards::gui
