#include "window/guidebrowser.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

GuideBrowser::GuideBrowser(QWidget* parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser(this)) {
    setWindowTitle(tr("PE Cards user guide"));
    // Links between the bundled documents stay inside; web links open in the browser.
    m_browser->setOpenLinks(true);
    m_browser->setOpenExternalLinks(true);
    m_browser->setSource(guideUrl(), QTextDocument::MarkdownResource);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* back = buttons->addButton(tr("&Back"), QDialogButtonBox::ActionRole);
    QPushButton* home = buttons->addButton(tr("&Contents"), QDialogButtonBox::ActionRole);
    back->setEnabled(false);
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    connect(back, &QPushButton::clicked, m_browser, &QTextBrowser::backward);
    connect(home, &QPushButton::clicked, m_browser, &QTextBrowser::home);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    resize(960, 760);
}

QUrl GuideBrowser::guideUrl() {
    return QUrl(QStringLiteral("qrc:/docs/guide.md"));
}
