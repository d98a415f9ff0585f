#include "window/mainmenus.h"

#include "cards/card.h"
#include "compare/compareview.h"
#include "views/figureexport.h"
#include "window/mainwindow.h"
#include "window/presets.h"

#include <QActionGroup>
#include <QApplication>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>

void buildMainMenus(MainWindow& window) {
    MainWindow* w = &window;
    QMenu* file = window.menuBar()->addMenu(MainWindow::tr("&File"));
    QAction* open = file->addAction(MainWindow::tr("&Open config…"), w, [w] {
        const QString path = QFileDialog::getOpenFileName(w,
            MainWindow::tr("Open a Hugging Face config.json"), {}, MainWindow::tr("Model config (*.json)"));
        if (!path.isEmpty())
            w->openConfig(path);
    });
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(MainWindow::tr(
        "Load a model's positional-encoding parameters (or drop a config.json on the window)"));
    file->addAction(MainWindow::tr("Save &window image…"), w, [w] { exportFigure(w, w, w->windowTitle()); });
    file->addSeparator();
    QAction* quit = file->addAction(MainWindow::tr("&Quit"), qApp, &QApplication::quit);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* presets = window.menuBar()->addMenu(MainWindow::tr("&Presets"));
    for (const ModelPreset& preset : modelPresets())
        presets->addAction(preset.label, w, [w, resource = preset.resource] { w->openConfig(resource); });

    QMenu* card = window.menuBar()->addMenu(MainWindow::tr("&Card"));
    card->addAction(MainWindow::tr("&Flip current card"), w, [w] {
        if (Card* c = w->currentCard())
            c->flip();
    });
    QMenu* language = card->addMenu(MainWindow::tr("Card &language"));
    auto* languages = new QActionGroup(language);
    for (const auto& [code, name] : {std::pair {QStringLiteral("en"), QStringLiteral("English")},
             std::pair {QStringLiteral("zh_CN"), QStringLiteral("中文 (简体)")}}) {
        QAction* action = language->addAction(name, w, [w, id = code] { w->setLanguage(id); });
        action->setCheckable(true);
        action->setChecked(code == QStringLiteral("en"));
        languages->addAction(action);
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

    QMenu* help = window.menuBar()->addMenu(MainWindow::tr("&Help"));
    help->addAction(MainWindow::tr("&About PE Cards"), w, [w] {
        QMessageBox::about(w, MainWindow::tr("About PE Cards"),
            MainWindow::tr(
                "<b>PE Cards</b> shows how transformer positional encodings work: sinusoidal, relative "
                "(Shaw, Transformer-XL, T5), ALiBi, RoPE with its context-extension scalings, and the "
                "RoPE+ALiBi hybrid.<br><br>Heatmaps: wheel or drag to zoom (exact values at every "
                "zoom), double-click to reset, hover for the exact value. Models: File > Open config or "
                "drop a Hugging Face config.json on the window."));
    });
}
