#pragma once
/// @file guidebrowser.h
/// @brief Help > User guide: docs/guide.md rendered in the app from the bundled copy
/// (qrc:/docs/, with its screenshots and the other docs it links), so it works offline (the
/// browser: "guide").

#include <QDialog>
#include <QUrl>

class QTextBrowser;

namespace pecards::gui {

class GuideBrowser : public QDialog {
    Q_OBJECT
public:
    explicit GuideBrowser(QWidget* parent = nullptr);

    /// @brief The bundled guide (qrc:/docs/guide.md).
    static QUrl guideUrl();

private:
    QTextBrowser* m_browser;
};

} // namespace pecards::gui
