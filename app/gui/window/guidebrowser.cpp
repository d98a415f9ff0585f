#include "window/guidebrowser.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QVBoxLayout>

namespace pecards::gui {

namespace {

constexpr int kImageWidth = 880; ///< screenshots are shown at this width (pixels), aspect kept

/// Scales every image of the document to kImageWidth wide (the screenshots are 1280 to 1600
/// pixels, wider than the guide window).
void fitImages(QTextDocument* document) {
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().isImageFormat())
                continue;
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            image.setWidth(kImageWidth);
            QTextCursor cursor(document);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(image);
        }
    }
}

} // namespace

GuideBrowser::GuideBrowser(QWidget* parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser(this)) {
    setWindowTitle(tr("PE Cards user guide"));
    m_browser->setObjectName(QStringLiteral("guide"));
    // Links between the bundled documents stay inside; web links open in the browser.
    m_browser->setOpenLinks(true);
    m_browser->setOpenExternalLinks(true);
    connect(m_browser, &QTextBrowser::sourceChanged, this, [this] { fitImages(m_browser->document()); });
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

} // namespace pecards::gui
