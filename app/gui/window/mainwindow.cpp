#include "window/mainwindow.h"

#include "cards/card.h"
#include "cards/cardregistry.h"
#include "compare/compareview.h"
#include "presentation/presentationcontroller.h"
#include "session/workspacecontroller.h"
#include "settings/languageswitcher.h"
#include "settings/theme.h"
#include "views/figuresavedialog.h"
#include "views/quantitystyle.h"
#include "window/devicestatus.h"
#include "window/mainmenus.h"
#include "window/modelloader.h"

#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <algorithm>

MainWindow::MainWindow(ComputeService* service, QWidget* parent)
    : QMainWindow(parent)
    , m_service(service)
    , m_deck(new QTabWidget(this))
    , m_settings(new QSettings(this))
    , m_preferences(pecards::app::Preferences::load(*m_settings))
    , m_loader(new ModelLoader(this))
    , m_language(new LanguageSwitcher(this)) {
    m_session = new WorkspaceController(this, m_settings, this);
    m_presentation = new PresentationController(this);
    setAcceptDrops(true);
    m_deck->setDocumentMode(true);
    QFont tabFont = m_deck->tabBar()->font();
    tabFont.setPointSizeF(tabFont.pointSizeF() * 1.15);
    tabFont.setBold(true);
    m_deck->tabBar()->setFont(tabFont);
    for (const CardEntry& entry : cardRegistry()) {
        Card* card = entry.create(entry, service, m_deck);
        m_cards.push_back(card);
        m_deck->addTab(card, cardTitle(entry));
    }
    m_compare = new CompareView(service, m_deck);
    m_deck->addTab(m_compare, QString());
    setCentralWidget(m_deck);
    m_status = new DeviceStatus(service, statusBar(), this);
    retranslate(); // titles and menus
    m_session->refreshModified(); // the start-up parameters are the first reference
    for (Card* card : m_cards)
        connect(card, &Card::paramsChanged, m_session, &WorkspaceController::refreshModified);

    connect(m_loader, &ModelLoader::loaded, this, &MainWindow::applyModel);
    connect(m_loader, &ModelLoader::failed, this, [this](const QString& path, const QString& message) {
        statusBar()->showMessage(tr("Could not load %1").arg(QFileInfo(path).fileName()), 10000);
        emit modelFailed(message);
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Model config"), message, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open(); // window-modal, does not block the event loop
    });
    showTab(QStringLiteral("rope"));
}

Card* MainWindow::card(const QString& id) const {
    const auto found
        = std::find_if(m_cards.begin(), m_cards.end(), [&id](Card* c) { return c->entry().id == id; });
    return found == m_cards.end() ? nullptr : *found;
}

void MainWindow::showTab(const QString& id) {
    if (id == QStringLiteral("compare"))
        m_deck->setCurrentWidget(m_compare);
    else if (Card* c = card(id))
        m_deck->setCurrentWidget(c);
}

Card* MainWindow::currentCard() const {
    return qobject_cast<Card*>(m_deck->currentWidget());
}

void MainWindow::openConfig(const QString& path) {
    statusBar()->showMessage(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    m_loader->load(path);
}

void MainWindow::applyModel(const pecards::app::ModelConfig& model) {
    for (Card* c : m_cards) {
        // Every field is set: the card's defaults, then what the config gives (applyModel docs).
        pecards::CardParams params = c->entry().defaults();
        model.applyTo(params);
        if (model.maxPositionEmbeddings > 0 && model.maxPositionEmbeddings <= pecards::kMaxLength)
            params.length = model.maxPositionEmbeddings;
        c->setParams(params);
    }
    const std::vector<pecards::Card> used = model.cards();
    if (!used.empty()) {
        if (const CardEntry* entry = findCardEntry(used.front()))
            showTab(entry->id);
    }
    m_modelName = model.name;
    refreshTitle();
    statusBar()->showMessage(tr("Loaded %1 (%2)").arg(model.name, model.modelType), 10000);
    emit modelApplied(model.name);
}

bool MainWindow::setLanguage(const QString& language) {
    if (!m_language->setLanguage(language))
        return false;
    for (Card* c : m_cards)
        c->setLanguage(language);
    return true;
}

QString MainWindow::language() const {
    return m_language->language();
}

void MainWindow::setPreferences(const pecards::app::Preferences& preferences) {
    m_preferences = preferences;
    m_preferences.save(*m_settings);
    m_settings->sync();
    applyTheme(preferences.theme);
    setSequentialColormap(preferences.colormap);
    setLanguage(preferences.language);
}

pecards::app::Preferences MainWindow::preferencesInForce() const {
    pecards::app::Preferences inForce = m_preferences;
    inForce.theme = currentTheme(); // --theme may differ from the saved preference
    inForce.language = language();
    inForce.colormap = sequentialColormap();
    return inForce;
}

void MainWindow::exportCurrentCard(const QString& path) {
    Card* card = currentCard();
    if (!card) {
        auto* box = new QMessageBox(QMessageBox::Information, tr("Export card"),
            tr("Show a card first: the compare tab is not a card."), QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return;
    }
    const QList<ShownHeatmap> heatmaps = card->visibleHeatmaps();
    if (!saveCardPdf(heatmaps, card->entry().id, this, path))
        return;
    statusBar()->showMessage(
        tr("Exported the %1 card: %n heatmap page(s) in one PDF", nullptr, static_cast<int>(heatmaps.size()))
            .arg(cardTitle(card->entry())),
        15000);
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::refreshTitle() {
    const QString path = m_session->currentPath();
    const QString file = path.isEmpty() ? tr("untitled") : QFileInfo(path).fileName();
    setWindowTitle(m_modelName.isEmpty() ? tr("%1[*] — PE Cards").arg(file)
                                         : tr("%1[*] — PE Cards — %2").arg(file, m_modelName));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_session->maybeSave())
        event->accept();
    else
        event->ignore();
}

void MainWindow::retranslate() {
    refreshTitle();
    for (int n = 0; n < m_cards.size(); ++n)
        m_deck->setTabText(n, cardTitle(m_cards.at(n)->entry()));
    m_deck->setTabText(m_deck->indexOf(m_compare), tr("Compare A | B"));
    const QList<QMenu*> old = menuBar()->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly);
    menuBar()->clear();
    for (QMenu* menu : old)
        menu->deleteLater(); // a language action of one of them may be running now
    buildMainMenus(*this);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile()
        && urls.front().toLocalFile().endsWith(QStringLiteral(".json")))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    openConfig(event->mimeData()->urls().front().toLocalFile());
    event->acceptProposedAction();
}
