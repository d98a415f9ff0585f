#include "window/mainwindow.h"

#include "cards/card.h"
#include "cards/cardregistry.h"
#include "compare/compareview.h"
#include "window/devicestatus.h"
#include "window/mainmenus.h"
#include "window/modelloader.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <algorithm>

MainWindow::MainWindow(ComputeService* service, QWidget* parent)
    : QMainWindow(parent)
    , m_service(service)
    , m_deck(new QTabWidget(this))
    , m_loader(new ModelLoader(this)) {
    setWindowTitle(tr("PE Cards"));
    setAcceptDrops(true);
    m_deck->setDocumentMode(true);
    QFont tabFont = m_deck->tabBar()->font();
    tabFont.setPointSizeF(tabFont.pointSizeF() * 1.15);
    tabFont.setBold(true);
    m_deck->tabBar()->setFont(tabFont);
    for (const CardEntry& entry : cardRegistry()) {
        Card* card = entry.create(entry, service, m_deck);
        m_cards.push_back(card);
        m_deck->addTab(card, entry.title);
    }
    m_compare = new CompareView(service, m_deck);
    m_deck->addTab(m_compare, tr("Compare A | B"));
    setCentralWidget(m_deck);
    m_status = new DeviceStatus(service, statusBar(), this);
    buildMainMenus(*this);

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
        pecards::CardParams params = c->params();
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
    setWindowTitle(tr("PE Cards — %1").arg(model.name));
    statusBar()->showMessage(tr("Loaded %1 (%2)").arg(model.name, model.modelType), 10000);
    emit modelApplied(model.name);
}

void MainWindow::setLanguage(const QString& language) {
    for (Card* c : m_cards)
        c->setLanguage(language);
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
