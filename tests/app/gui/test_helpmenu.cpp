// Help menu: the user guide renders from the bundled docs with every image and linked document
// present; the shortcuts table lists exactly the window's QActions with shortcuts; the About
// text names the project version, the compute device and the licences; the window icon is set.
#include "compute/computejobs.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "window/abouttext.h"
#include "window/devicestatus.h"
#include "window/guidebrowser.h"
#include "window/mainwindow.h"
#include "window/shortcutlist.h"
#include "window/shortcutsdialog.h"

#include <QAction>
#include <QFile>
#include <QIcon>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextDocument>

using namespace pecards::gui;

namespace {

QStringList helpMenuItems(MainWindow& window) {
    for (const QAction* top : window.menuBar()->actions()) {
        if (top->text() == QStringLiteral("&Help")) {
            QStringList items;
            for (const QAction* action : top->menu()->actions())
                if (!action->isSeparator())
                    items << action->text();
            return items;
        }
    }
    return {};
}

} // namespace

TEST(HelpMenu, HasGuideShortcutsAndAbout) {
    ComputeService service(cpuBackendFactory());
    MainWindow window(&service);
    EXPECT_EQ(helpMenuItems(window),
        (QStringList {QStringLiteral("&User guide"), QStringLiteral("&Keyboard shortcuts"),
            QStringLiteral("&Choosing an encoding"), QStringLiteral("&About PE Cards")}));
}

TEST(UserGuide, RendersFromTheBundleWithEveryImageAndLink) {
    GuideBrowser guide;
    QTextBrowser* browser = guitest::named<QTextBrowser>(&guide, QStringLiteral("guide"));
    EXPECT_EQ(browser->source(), GuideBrowser::guideUrl());
    const QString text = browser->document()->toPlainText();
    for (const char* heading : {"PE Cards user guide", "Cards", "Views", "Zoom and exact values", "Compare",
             "Real model configs", "Figures, data and workspaces", "Presentation mode",
             "Command-line recipes", "Keyboard shortcuts"}) {
        EXPECT_TRUE(text.contains(QString::fromUtf8(heading))) << heading;
    }
    // Every image and local link of the Markdown resolves inside qrc:/docs/.
    QFile source(QStringLiteral(":/docs/guide.md"));
    ASSERT_TRUE(source.open(QIODevice::ReadOnly));
    const QString markdown = QString::fromUtf8(source.readAll());
    const QRegularExpression target(QStringLiteral(R"(\]\(([^)#\s]+)\))"));
    int images = 0;
    for (const QRegularExpressionMatch& match : target.globalMatch(markdown)) {
        const QString path = match.captured(1);
        if (path.startsWith(QStringLiteral("http")))
            continue;
        const QUrl url = GuideBrowser::guideUrl().resolved(QUrl(path));
        const bool image = path.endsWith(QStringLiteral(".png"));
        images += image ? 1 : 0;
        const QVariant resource = browser->loadResource(
            image ? QTextDocument::ImageResource : QTextDocument::MarkdownResource, url);
        EXPECT_FALSE(resource.toByteArray().isEmpty()) << path.toStdString();
        if (image) {
            EXPECT_FALSE(QImage::fromData(resource.toByteArray()).isNull()) << path.toStdString();
        }
    }
    EXPECT_GE(images, 6) << "the guide shows the app";
}

TEST(KeyboardShortcuts, ListsEveryActionShortcutOfTheWindow) {
    ComputeService service(cpuBackendFactory());
    MainWindow window(&service);
    QStringList expected;
    for (const QAction* action : window.findChildren<QAction*>())
        for (const QKeySequence& shortcut : action->shortcuts())
            expected << shortcut.toString(QKeySequence::NativeText);
    ASSERT_FALSE(expected.isEmpty());
    ShortcutsDialog dialog(window);
    QStringList listed;
    const auto* table = guitest::named<QTableWidget>(&dialog, QStringLiteral("shortcuts"));
    for (int row = 0; row < table->rowCount(); ++row)
        listed << table->item(row, 0)->text().split(QStringLiteral(", "));
    expected.sort();
    listed.sort();
    EXPECT_EQ(listed, expected);
    // Menu paths and status tips come along.
    const QList<ShortcutEntry> entries = collectShortcuts(window);
    const auto save = std::find_if(entries.begin(), entries.end(),
        [](const ShortcutEntry& e) { return e.command == QStringLiteral("File > Save workspace"); });
    ASSERT_NE(save, entries.end());
    EXPECT_EQ(save->keys, QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText));
    const auto presentation = std::find_if(entries.begin(), entries.end(),
        [](const ShortcutEntry& e) { return e.command == QStringLiteral("View > Presentation"); });
    ASSERT_NE(presentation, entries.end());
    EXPECT_EQ(presentation->keys, QStringLiteral("F5"));
    EXPECT_TRUE(presentation->description.contains(QStringLiteral("Esc")));
}

TEST(About, NamesVersionDeviceAndLicences) {
    const BackendInfo opencl {QStringLiteral("OpenCL: pthread-cpu (PoCL) <1>"), true, QString()};
    const QString text = aboutText(opencl);
    EXPECT_TRUE(text.contains(QStringLiteral("PE Cards " PECARDS_PROJECT_VERSION)));
    EXPECT_TRUE(text.contains(QStringLiteral("OpenCL: pthread-cpu (PoCL) &lt;1&gt;")))
        << "escaped device name";
    for (const char* licence : {"LGPL-3.0", "GPL-3.0", "MPL-2.0", "BSD-2-Clause", "Apache-2.0", "MIT"})
        EXPECT_TRUE(text.contains(QLatin1String(licence))) << licence;
    EXPECT_TRUE(text.contains(QLatin1String(qVersion())));

    const BackendInfo cpu {QStringLiteral("double"), false, QStringLiteral("no OpenCL platform found")};
    const QString fallback = aboutText(cpu);
    EXPECT_TRUE(fallback.contains(QStringLiteral("double (CPU reference)"))) << fallback.toStdString();
    EXPECT_TRUE(fallback.contains(QStringLiteral("no OpenCL platform found"))) << "the reason is shown";
    EXPECT_TRUE(aboutText(BackendInfo {}).contains(QStringLiteral("starting")))
        << "before the device is known";
}

TEST(WindowIcon, TheBundledSvgRendersAtDesktopSizes) {
    const QIcon icon(QStringLiteral(":/icons/pecards.svg"));
    for (const int size : {16, 48, 256}) {
        const QImage image = icon.pixmap(size).toImage();
        ASSERT_EQ(image.size(), QSize(size, size));
        EXPECT_NE(image.pixelColor(size / 2, size / 2).alpha(), 0) << size; // drawn, not empty
    }
}
