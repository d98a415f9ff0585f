#include "window/mainmenus.h"

#include "cards/cardpage.h"
#include "check/checkdialog.h"
#include "compare/compareview.h"
#include "deck/deckmodel.h"
#include "lessons/lessonsmenu.h"
#include "presentation/presentationcontroller.h"
#include "presentation/teachingoverlay.h"
#include "session/workspacecontroller.h"
#include "settings/languageswitcher.h"
#include "settings/preferencesdialog.h"
#include "views/figureexport.h"
#include "widgets/warningdialog.h"
#include "window/helpmenu.h"
#include "window/mainwindow.h"
#include "window/modeldetailsdialog.h"
#include "window/presets.h"

#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QTabWidget>
#include <QUndoStack>
#include <tuple>

namespace pecards::gui {

namespace {

void buildFileMenu(MainWindow* w) {
    QMenu* file = w->menuBar()->addMenu(MainWindow::tr("&File"));
    QAction* open = file->addAction(MainWindow::tr("&Open config…"), w, [w] {
        const QString path = QFileDialog::getOpenFileName(w,
            MainWindow::tr("Open a Hugging Face config.json"), {}, MainWindow::tr("Model config (*.json)"));
        if (!path.isEmpty())
            w->openConfig(path);
    });
    open->setShortcut(QKeySequence::Open);
    file->addAction(MainWindow::tr("Open &weights…"), w, [w] {
        const QString path = QFileDialog::getOpenFileName(w, MainWindow::tr("Open a T5 checkpoint"), {},
            MainWindow::tr("safetensors checkpoint (*.safetensors)"));
        if (!path.isEmpty())
            w->openWeights(path);
    });
    file->addAction(MainWindow::tr("Open &Q/K vectors…"), w, [w] {
        const QString query = QFileDialog::getOpenFileName(
            w, MainWindow::tr("Query vectors (rows = positions)"), {}, MainWindow::tr("NumPy array (*.npy)"));
        if (query.isEmpty())
            return;
        const QString key = QFileDialog::getOpenFileName(
            w, MainWindow::tr("Key vectors (rows = positions)"), {}, MainWindow::tr("NumPy array (*.npy)"));
        if (!key.isEmpty())
            w->openContentVectors(query, key);
    });
    open->setStatusTip(MainWindow::tr(
        "Load a model's positional-encoding parameters (or drop a config.json on the window)"));
    QAction* check = file->addAction(MainWindow::tr("Check an &implementation…"), w, [w] { w->openCheck(); });
    check->setStatusTip(
        MainWindow::tr("Compare your engine's cos/sin cache, rotated vectors, inv_freq or GGUF file with the "
                       "reference for the RoPE card's model, and name the bug"));
    QAction* usage
        = file->addAction(MainWindow::tr("&Pair usage of a checkpoint…"), w, [w] { w->openPairUsage(); });
    usage->setStatusTip(
        MainWindow::tr("Which rotary pairs a checkpoint's heads can use, and how much of each "
                       "head's usage the RoPE card's scaling moves"));
    file->addSeparator();
    WorkspaceController* session = w->session();
    QAction* openWorkspace
        = file->addAction(MainWindow::tr("Open &workspace…"), session, &WorkspaceController::askOpen);
    openWorkspace->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    QMenu* recent = file->addMenu(MainWindow::tr("Open &recent"));
    QObject::connect(recent, &QMenu::aboutToShow, recent, [recent, session] {
        recent->clear();
        QStringList gone;
        const QStringList files = session->recentFiles(&gone);
        for (int n = 0; n < files.size(); ++n) {
            recent->addAction(QStringLiteral("&%1 %2").arg(n + 1).arg(QDir::toNativeSeparators(files.at(n))),
                session, [session, path = files.at(n)] { session->openAfterPrompt(path); });
        }
        if (files.isEmpty())
            recent->addAction(MainWindow::tr("(no recent workspaces)"))->setEnabled(false);
        for (const QString& path : gone) // said once: the entries are gone from the list now
            recent
                ->addAction(
                    MainWindow::tr("(removed, file not found: %1)").arg(QDir::toNativeSeparators(path)))
                ->setEnabled(false);
    });
    QAction* save = file->addAction(MainWindow::tr("&Save workspace"), session, &WorkspaceController::save);
    save->setShortcut(QKeySequence::Save);
    QAction* saveAs
        = file->addAction(MainWindow::tr("Save workspace &as…"), session, &WorkspaceController::saveAs);
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->addSeparator();
    QAction* exportCard
        = file->addAction(MainWindow::tr("&Export card…"), w, [w] { w->exportCurrentCard(); });
    exportCard->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportCard->setStatusTip(
        MainWindow::tr("A cover page and every visible view of this card as one PDF, a page each"));
    file->addAction(MainWindow::tr("Export card &handout…"), w, [w] { w->exportCardHandout(); })
        ->setStatusTip(
            MainWindow::tr("The card's front and back text with its visible views, printable (PDF)"));
    QAction* copyFigure = file->addAction(MainWindow::tr("&Copy figure"), w, &MainWindow::copyCurrentFigure);
    copyFigure->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copyFigure->setStatusTip(MainWindow::tr("The focused view as a figure on the clipboard, for slides"));
    file->addAction(MainWindow::tr("Save window &image…"), w, [w] { exportFigure(w, w, w->windowTitle()); });
    file->addSeparator();
    file->addAction(MainWindow::tr("&Preferences…"), w, [w] {
        PreferencesDialog dialog(w->preferencesInForce(), w);
        if (dialog.exec() == QDialog::Accepted)
            w->setPreferences(dialog.preferences());
    });
    file->addSeparator();
    QAction* quit = file->addAction(MainWindow::tr("&Quit"), w, &QWidget::close); // asks about unsaved work
    quit->setShortcut(QKeySequence::Quit);
}

void buildEditMenu(MainWindow* w) {
    QMenu* edit = w->menuBar()->addMenu(MainWindow::tr("&Edit"));
    QAction* undo = w->deckModel()->undoStack()->createUndoAction(edit, MainWindow::tr("Undo"));
    undo->setShortcut(QKeySequence::Undo);
    edit->addAction(undo);
    QAction* redo = w->deckModel()->undoStack()->createRedoAction(edit, MainWindow::tr("Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* reset = edit->addAction(MainWindow::tr("Reset card to &defaults"), w, [w] {
        if (CardPage* c = w->currentCard())
            c->resetToDefaults();
    });
    reset->setStatusTip(MainWindow::tr("Every parameter of this card back to its first value (undoable)"));
}

void buildViewMenu(MainWindow* w) {
    QMenu* view = w->menuBar()->addMenu(MainWindow::tr("&View"));
    QAction* presentation = view->addAction(
        MainWindow::tr("&Presentation"), w->presentation(), &PresentationController::toggle);
    presentation->setShortcut(QKeySequence(Qt::Key_F5));
    presentation->setStatusTip(MainWindow::tr("Full screen for a classroom: arrows move through cards and "
                                              "views, Space flips, P pauses, Esc leaves"));
    TeachingOverlay* teaching = w->teaching();
    for (QAction* action :
        {teaching->penAction(), teaching->pointerAction(), teaching->blankAction(), teaching->eraseAction()})
        view->addAction(action);
    view->addSeparator();
    QMenu* language = view->addMenu(MainWindow::tr("&Language"));
    auto* languages = new QActionGroup(language);
    for (const QString& code : LanguageSwitcher::languages()) {
        QAction* action = language->addAction(LanguageSwitcher::languageName(code), w, [w, code] {
            pecards::app::Preferences preferences = w->preferences();
            preferences.language = code;
            w->setPreferences(preferences);
        });
        action->setCheckable(true);
        action->setChecked(code == w->language());
        languages->addAction(action);
    }
}

} // namespace

void buildMainMenus(MainWindow& window) {
    MainWindow* w = &window;
    buildFileMenu(w);
    buildEditMenu(w);
    buildViewMenu(w);

    QMenu* presets = window.menuBar()->addMenu(MainWindow::tr("P&resets"));
    for (const ModelPreset& preset : modelPresets())
        presets->addAction(
            preset.label, w, [w, resource = preset.resource] { w->openConfig(resource, w->presetTarget()); });

    QMenu* model = window.menuBar()->addMenu(MainWindow::tr("&Model"));
    model->addAction(MainWindow::tr("&Details of the open model..."), w, [w] {
        if (w->model().name.isEmpty()) {
            QMessageBox::information(w, MainWindow::tr("Model details"),
                MainWindow::tr("No model is open: open a config.json with File > Open config or choose one "
                               "under Presets."));
            return;
        }
        auto* dialog = new ModelDetailsDialog(w->model(), w);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });

    QMenu* card = window.menuBar()->addMenu(MainWindow::tr("&Card"));
    QAction* flip = card->addAction(MainWindow::tr("&Flip current card"), w, [w] {
        if (CardPage* c = w->currentCard())
            c->flip();
    });
    flip->setShortcut(QKeySequence(CardPage::kFlipShortcut));
    // Ctrl+PgDown / Ctrl+PgUp move through the deck (Ctrl+Tab too, from QTabWidget).
    for (const auto& [text, key, step] : {std::tuple {MainWindow::tr("&Next card"), Qt::Key_PageDown, 1},
             std::tuple {MainWindow::tr("&Previous card"), Qt::Key_PageUp, -1}}) {
        QAction* move = card->addAction(text, w, [w, step = step] { // clang 14: no capture of a binding
            QTabWidget* deck = w->deck();
            deck->setCurrentIndex((deck->currentIndex() + step + deck->count()) % deck->count());
        });
        move->setShortcut(QKeySequence(Qt::CTRL | key));
        move->setShortcutContext(Qt::WindowShortcut);
    }

    QMenu* compare = window.menuBar()->addMenu(MainWindow::tr("C&ompare"));
    for (const auto& [id, text] :
        {std::pair {QStringLiteral("rope-base"), MainWindow::tr("RoPE base 10⁴ vs 5·10⁵")},
            std::pair {QStringLiteral("alibi-hybrid"), MainWindow::tr("ALiBi vs RoPE+ALiBi")},
            std::pair {QStringLiteral("alibi-forms"), MainWindow::tr("ALiBi causal vs BLOOM row offset")}}) {
        compare->addAction(text, w, [w, preset = id] {
            w->compareView()->showPreset(preset);
            w->showTab(QStringLiteral("compare"));
        });
    }
    // Compare my model (#32): the card on screen, its model's parameters included, on a side.
    compare->addSeparator();
    for (const auto& [text, side] : {std::pair {MainWindow::tr("A = current card"), CompareView::A},
             std::pair {MainWindow::tr("B = current card"), CompareView::B}}) {
        QAction* action = compare->addAction(text, w, [w, side = side] {
            if (const CardPage* shown = w->currentCard()) {
                w->compareView()->setSide(side, shown->entry().id, shown->params());
                w->showTab(QStringLiteral("compare"));
            } else {
                openWarning(w, MainWindow::tr("Compare"),
                    MainWindow::tr("Show a card first: the compare tab is not a card."));
            }
        });
        action->setObjectName(
            side == CompareView::A ? QStringLiteral("compareCurrentA") : QStringLiteral("compareCurrentB"));
    }
    for (const auto& [text, target] :
        {std::pair {MainWindow::tr("Load config into A…"), MainWindow::ConfigTarget::CompareA},
            std::pair {MainWindow::tr("Load config into B…"), MainWindow::ConfigTarget::CompareB}}) {
        QAction* load = compare->addAction(text, w, [w, target = target] {
            const QString path
                = QFileDialog::getOpenFileName(w, MainWindow::tr("Open a Hugging Face config.json"), {},
                    MainWindow::tr("Model config (*.json)"));
            if (!path.isEmpty())
                w->openConfig(path, target);
        });
        load->setObjectName(target == MainWindow::ConfigTarget::CompareA ? QStringLiteral("compareLoadA")
                                                                         : QStringLiteral("compareLoadB"));
    }
    QAction* scalings = compare->addAction(MainWindow::tr("Current card against a scaling…"), w, [w] {
        const CardPage* shown = w->currentCard();
        const bool rope = shown
            && (shown->params().card == pecards::Card::Rope || shown->params().card == pecards::Card::Hybrid);
        if (!rope) {
            openWarning(w, MainWindow::tr("Compare"),
                MainWindow::tr("Show the RoPE or RoPE + ALiBi card first: the scalings are RoPE's."));
            return;
        }
        QStringList names;
        for (const auto type : {pecards::RopeScalingType::Linear, pecards::RopeScalingType::Dynamic,
                 pecards::RopeScalingType::Yarn, pecards::RopeScalingType::Llama3,
                 pecards::RopeScalingType::LongRope})
            names << QString::fromStdString(pecards::toString(type));
        bool ok = false;
        const QString chosen = QInputDialog::getItem(w, MainWindow::tr("Compare two scalings"),
            MainWindow::tr("A: the card as it is. B: the same with the scaling"), names, 2, false, &ok);
        if (!ok)
            return;
        w->compareView()->compareScalings(shown->entry().id, shown->params(),
            pecards::fromString<pecards::RopeScalingType>(chosen.toStdString()));
        w->showTab(QStringLiteral("compare"));
    });
    scalings->setObjectName(QStringLiteral("compareScalings"));

    buildLessonsMenu(*window.menuBar(), *window.lessons());
    buildHelpMenu(window);
}

} // namespace pecards::gui
