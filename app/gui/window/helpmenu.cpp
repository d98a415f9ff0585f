#include "window/helpmenu.h"

#include "cards/cardpage.h"
#include "window/abouttext.h"
#include "window/devicestatus.h"
#include "window/encodingchoicedialog.h"
#include "window/guidebrowser.h"
#include "window/mainwindow.h"
#include "window/shortcutsdialog.h"

#include <QMenuBar>
#include <QMessageBox>

namespace pecards::gui {

namespace {

/// One non-modal window of type T per main window, raised when asked again.
template <typename T, typename Make> void showSingle(MainWindow* w, Make make) {
    T* dialog = w->findChild<T*>();
    if (dialog == nullptr) {
        dialog = make();
        dialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

} // namespace

void buildHelpMenu(MainWindow& window) {
    MainWindow* w = &window;
    QMenu* help = window.menuBar()->addMenu(MainWindow::tr("&Help"));
    QAction* guide = help->addAction(MainWindow::tr("&User guide"), w,
        [w] { showSingle<GuideBrowser>(w, [w] { return new GuideBrowser(w); }); });
    guide->setShortcut(QKeySequence::HelpContents);
    guide->setStatusTip(
        MainWindow::tr("Cards, views, zoom, compare, configs, export, presentation and the CLI"));
    help->addAction(MainWindow::tr("&Keyboard shortcuts"), w,
        [w] { showSingle<ShortcutsDialog>(w, [w] { return new ShortcutsDialog(*w, w); }); });
    help->addAction(MainWindow::tr("&Choosing an encoding"), w, [w] {
        const CardPage* card = w->currentCard();
        const pecards::CardParams params = card != nullptr ? card->params() : pecards::CardParams {};
        showSingle<EncodingChoiceDialog>(w, [w, params] { return new EncodingChoiceDialog(params, w); });
    });
    help->addSeparator();
    help->addAction(MainWindow::tr("&About PE Cards"), w, [w] {
        QMessageBox::about(w, MainWindow::tr("About PE Cards"), aboutText(w->deviceStatus()->backend()));
    });
}

} // namespace pecards::gui
