#include "window/mainwindow.h"

#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "cards/relativecard.h"
#include "check/checkdialog.h"
#include "compare/compareview.h"
#include "deck/deckmodel.h"
#include "lessons/lessoncontroller.h"
#include "lessons/lessonplayer.h"
#include "pairusage/pairusagedialog.h"
#include "presentation/presentationcontroller.h"
#include "presentation/teachingoverlay.h"
#include "session/workspacecontroller.h"
#include "settings/languageswitcher.h"
#include "settings/theme.h"
#include "views/figuresavedialog.h"
#include "views/quantitystyle.h"
#include "widgets/modelstrip.h"
#include "widgets/tabrelayoutfilter.h"
#include "widgets/warningdialog.h"
#include "widgets/wheelguard.h"
#include "window/devicestatus.h"
#include "window/mainmenus.h"
#include "window/modelloader.h"
#include "window/startupactions.h"
#include "window/weightsloader.h"

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
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <pecards/errors.h>
#include <pecards/learned.h>
#include <pecards/pitfall.h>
#include <utility>

namespace pecards::gui {

MainWindow::MainWindow(ComputeService* service, QWidget* parent)
    : QMainWindow(parent)
    , m_service(service)
    , m_deckModel(new DeckModel(this))
    , m_deck(new QTabWidget(this))
    , m_settings(new QSettings(this))
    , m_preferences(pecards::app::Preferences::load(*m_settings))
    , m_loader(new ModelLoader(this))
    , m_language(new LanguageSwitcher(this)) {
    setAcceptDrops(true);
    new WheelGuard(this); // the wheel scrolls the panes, not the controls passing under the cursor
    new TabRelayoutFilter(m_deck); // a caption's new text repaints its view, not the window
    m_deck->setDocumentMode(true);
    QFont tabFont = m_deck->tabBar()->font();
    tabFont.setPointSizeF(tabFont.pointSizeF() * 1.15);
    tabFont.setBold(true);
    m_deck->tabBar()->setFont(tabFont);
    for (const CardEntry& entry : cardRegistry()) {
        QList<SlotState> states;
        for (const QString& view : entry.defaultViews)
            states.push_back({view, std::nullopt, std::nullopt});
        const int index = m_deckModel->addCard(entry.id, entry.defaults(), states);
        CardPage* card = entry.create(entry, service, m_deckModel, index, m_deck);
        m_cards.push_back(card);
        m_deck->addTab(card, cardTitle(entry));
    }
    m_compare = new CompareView(service, m_deckModel, m_deck);
    m_deck->addTab(m_compare, QString());
    // The card on screen is the model's: a tab the user picks, a workspace or lesson step opened.
    connect(m_deck, &QTabWidget::currentChanged, this,
        [this] { m_deckModel->setActiveCard(static_cast<int>(m_cards.indexOf(currentCard()))); });
    // Only the page on screen sets the deck's minimum size: a tab widget takes the largest of all
    // its pages', and a page behind another tab keeps the one it had when last laid out (a lesson
    // that hides the card texts then grew a 1280-pixel window to 1329 when its panel docked).
    const auto sizeByShownPage = [this] {
        for (int page = 0; page < m_deck->count(); ++page) {
            const QSizePolicy::Policy policy
                = page == m_deck->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
            m_deck->widget(page)->setSizePolicy(policy, policy);
        }
    };
    connect(m_deck, &QTabWidget::currentChanged, this, sizeByShownPage);
    sizeByShownPage();
    connect(m_deckModel, &DeckModel::activeCardChanged, this, [this](int card) {
        m_deck->setCurrentWidget(card < 0 ? static_cast<QWidget*>(m_compare) : m_cards.at(card));
    });
    m_session = new WorkspaceController(*m_deckModel, this, m_settings, this);
    m_presentation = new PresentationController(this, m_deck, m_compare);
    m_lessons = new LessonController(this, *m_deckModel, m_cards, m_language);
    m_teaching = new TeachingOverlay(this);
    const auto teaching
        = [this] { m_teaching->setAvailable(m_presentation->isActive() || m_lessons->player()->isActive()); };
    connect(m_presentation, &PresentationController::activeChanged, m_teaching, teaching);
    connect(m_lessons->player(), &LessonPlayer::activeChanged, m_teaching, teaching);
    // One undo history for the deck: an undo or redo shows the card it changed (the one on
    // screen when it is among them), so nothing changes out of sight.
    connect(m_deckModel, &DeckModel::cardsRecalled, this, [this](const QList<int>& changed) {
        const CardPage* shown = currentCard();
        if (changed.contains(shown ? shown->cardIndex() : -1))
            return;
        if (changed.front() < 0)
            m_deck->setCurrentWidget(m_compare);
        else
            m_deck->setCurrentWidget(m_cards.at(changed.front()));
    });
    auto* central = new QWidget(this);
    auto* column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    m_strip = new ModelStrip(central);
    column->addWidget(m_strip);
    column->addWidget(m_deck, 1);
    setCentralWidget(central);
    connect(m_strip, &ModelStrip::groupClicked, this, &MainWindow::applyLayerGroup);
    m_status = new DeviceStatus(service, statusBar(), this);
    m_status->setCard(currentCard());
    connect(m_deck, &QTabWidget::currentChanged, m_status, [this] { m_status->setCard(currentCard()); });
    retranslate(); // titles and menus
    m_session->refreshModified(); // the start-up parameters are the first reference
    connect(m_deckModel, &DeckModel::cardChanged, m_session, &WorkspaceController::refreshModified);
    connect(m_deckModel->undoStack(), &QUndoStack::cleanChanged, m_session,
        &WorkspaceController::refreshModified);
    connect(m_deckModel, &DeckModel::checkChanged, m_session, &WorkspaceController::refreshModified);
    connect(m_session, &WorkspaceController::saved, this, &MainWindow::refreshTitle);
    connect(m_session, &WorkspaceController::opened, this, [this] {
        refreshTitle();
        reopenCheck();
    });

    m_weights = new WeightsLoader(this);
    connect(m_weights, &WeightsLoader::t5BiasLoaded, this,
        [this](const QString& path, const QString& tensor, const Eigen::MatrixXd& table) {
            applyT5Bias(path, tensor, table);
        });
    connect(m_weights, &WeightsLoader::learnedTableLoaded, this, &MainWindow::applyLearnedTable);
    connect(m_weights, &WeightsLoader::contentLoaded, this, &MainWindow::applyContentVectors);
    connect(m_weights, &WeightsLoader::failed, this, [this](const QString& path, const QString& message) {
        statusBar()->showMessage(tr("Could not load %1").arg(QFileInfo(path).fileName()), 10000);
        openWarning(this, tr("Weights"), message);
    });
    connect(m_loader, &ModelLoader::loaded, this, [this](const pecards::app::ModelConfig& model) {
        const ConfigTarget target = std::exchange(m_configTarget, ConfigTarget::Deck);
        if (target == ConfigTarget::Deck)
            applyModel(model);
        else
            applyModelToCompare(model, target == ConfigTarget::CompareA ? CompareView::A : CompareView::B);
    });
    connect(m_loader, &ModelLoader::failed, this, [this](const QString& path, const QString& message) {
        statusBar()->showMessage(tr("Could not load %1").arg(QFileInfo(path).fileName()), 10000);
        m_configTarget = ConfigTarget::Deck;
        emit modelFailed(message);
        openWarning(this, tr("Model config"), message);
    });
    showTab(QStringLiteral("rope"));
}

CardPage* MainWindow::card(const QString& id) const {
    const auto found
        = std::find_if(m_cards.begin(), m_cards.end(), [&id](CardPage* c) { return c->entry().id == id; });
    return found == m_cards.end() ? nullptr : *found;
}

void MainWindow::showTab(const QString& id) {
    if (id == QStringLiteral("compare"))
        m_deckModel->setActiveCard(-1);
    else if (const int index = m_deckModel->indexOf(id); index >= 0)
        m_deckModel->setActiveCard(index);
}

void MainWindow::showPitfall(pecards::Pitfall pitfall) {
    const QString id = QString::fromStdString(pecards::toString(pecards::pitfallCard(pitfall)));
    showTab(id);
    if (CardPage* c = card(id))
        c->showPitfalls(pitfall);
}

CheckDialog* MainWindow::openCheck(const std::optional<pecards::app::CheckSetup>& setup) {
    auto* dialog = CheckDialog::open(setup ? setup->params : card(QStringLiteral("rope"))->params(), this,
        [this](pecards::Pitfall pitfall) { showPitfall(pitfall); });
    connect(dialog, &CheckDialog::started, this,
        [this](const pecards::app::CheckSetup& started) { m_deckModel->setCheck(started); });
    if (setup)
        dialog->check(*setup);
    else if (m_deckModel->check())
        dialog->fill(*m_deckModel->check());
    return dialog;
}

PairUsageDialog* MainWindow::openPairUsage() {
    auto* dialog = new PairUsageDialog(card(QStringLiteral("rope"))->params(), m_model.filePath, this,
        [this](const pecards::CardParams& params, const QString& what) {
            card(QStringLiteral("rope"))->edit(params, what);
            showTab(QStringLiteral("rope"));
        });
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void MainWindow::reopenCheck() {
    if (m_deckModel->check())
        openCheck(m_deckModel->check()); // the check is back as it was, its files read again
}

StartupParts MainWindow::startupParts() {
    StartupParts parts;
    parts.window = this;
    parts.deck = m_deckModel;
    parts.service = m_service;
    parts.cards = m_cards;
    parts.compare = m_compare;
    parts.session = m_session;
    parts.presentation = m_presentation;
    parts.lessons = m_lessons;
    parts.setLanguage = [this](const QString& language) { return setLanguage(language); };
    parts.openCheck = [this](const pecards::app::CheckSetup& setup) { return openCheck(setup); };
    parts.openPairUsage = [this] { return openPairUsage(); };
    parts.openConfig = [this](const QString& path, std::function<void(const QString&)> done) {
        // One answer: whichever of applied / failed comes first disconnects both.
        auto applied = std::make_shared<QMetaObject::Connection>();
        auto failed = std::make_shared<QMetaObject::Connection>();
        const auto answer = [applied, failed, done](const QString& error) {
            disconnect(*applied);
            disconnect(*failed);
            done(error);
        };
        *applied = connect(this, &MainWindow::modelApplied, this, [answer] { answer(QString()); });
        *failed = connect(this, &MainWindow::modelFailed, this, answer);
        openConfig(path);
    };
    return parts;
}

CardPage* MainWindow::currentCard() const {
    return qobject_cast<CardPage*>(m_deck->currentWidget());
}

void MainWindow::openConfig(const QString& path, ConfigTarget target) {
    statusBar()->showMessage(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    m_configTarget = target;
    m_loader->load(path);
}

MainWindow::ConfigTarget MainWindow::presetTarget() const {
    if (m_deck->currentWidget() != m_compare)
        return ConfigTarget::Deck;
    return m_compare->focusedSide() == CompareView::B ? ConfigTarget::CompareB : ConfigTarget::CompareA;
}

void MainWindow::applyModelToCompare(const pecards::app::ModelConfig& model, int side) {
    const std::vector<pecards::Card> used = model.cards();
    const CardEntry* entry = used.empty() ? nullptr : findCardEntry(used.front());
    if (!entry) {
        openWarning(
            this, tr("Compare"), tr("%1 uses no positional encoding PE Cards shows.").arg(model.name));
        return;
    }
    pecards::CardParams params = entry->defaults();
    model.openOn(params);
    m_compare->setSide(static_cast<CompareView::Side>(side), entry->id, params);
    showTab(QStringLiteral("compare"));
    const QString sideName = side == CompareView::A ? QStringLiteral("A") : QStringLiteral("B");
    statusBar()->showMessage(model.warnings.isEmpty()
            ? tr("%1 (%2) on side %3").arg(model.name, model.modelType, sideName)
            : tr("%1 on side %2: %3").arg(model.name, sideName, model.warnings.join(QStringLiteral("; "))),
        model.warnings.isEmpty() ? 10000 : 20000);
    emit modelApplied(model.name);
}

void MainWindow::applyModel(const pecards::app::ModelConfig& model) {
    // A config with L0 and a scaling opens at the context it extends to; beyond kMaxLength (2^24)
    // the view stops at kMaxLength (the loader's warning says so). The CLI's --config opens so too.
    m_deckModel->undoStack()->beginMacro(tr("Load %1").arg(model.name)); // one undoable step
    for (CardPage* c : m_cards) {
        // Every field is set: the card's defaults, then what the config gives (applyModel docs).
        pecards::CardParams params = c->entry().defaults();
        model.openOn(params);
        c->edit(params, tr("Load %1").arg(model.name));
    }
    m_deckModel->undoStack()->endMacro();
    m_model = model;
    m_strip->setPositions(model.positions, model.primaryGroup);
    if (!model.warnings.isEmpty())
        statusBar()->showMessage(
            tr("%1: %2").arg(model.name, model.warnings.join(QStringLiteral("; "))), 20000);
    const std::vector<pecards::Card> used = model.cards();
    if (!used.empty()) {
        if (const CardEntry* entry = findCardEntry(used.front()))
            showTab(entry->id);
    }
    m_modelName = model.name;
    refreshTitle();
    if (model.warnings.isEmpty())
        statusBar()->showMessage(tr("Loaded %1 (%2)").arg(model.name, model.modelType), 10000);
    emit modelApplied(model.name);
}

void MainWindow::applyLayerGroup(int group) {
    if (group < 0 || group >= static_cast<int>(m_model.positions.groups.size()))
        return;
    const pecards::LayerGroup& g = m_model.positions.groups[static_cast<std::size_t>(group)];
    statusBar()->showMessage(m_strip->groupSummary(group), 15000);
    std::optional<pecards::Card> shown;
    for (CardPage* c : m_cards) {
        pecards::CardParams params = c->params();
        switch (g.treatment) {
        case pecards::LayerTreatment::Rope:
            // Exactly the group's parameters: head_dim, rotary dim and convention, base, scaling,
            // and its attention span (a full-attention group clears a window left from before).
            params.rope = g.rope;
            params.sliding_window = g.sliding_window;
            params.attention_chunk = g.attention_chunk >= pecards::kMaxLength ? 0 : g.attention_chunk;
            shown = pecards::Card::Rope;
            break;
        case pecards::LayerTreatment::Alibi:
            params.alibi = g.alibi;
            shown = pecards::Card::Alibi;
            break;
        case pecards::LayerTreatment::T5Bias:
        case pecards::LayerTreatment::TransformerXL:
            params.relative = g.relative;
            shown = pecards::Card::Relative;
            break;
        case pecards::LayerTreatment::NoPE:
            // The RoPE card without rotation: the model's head_dim, no pair turns, so the score
            // is position-free (the engineer's review C11); the group's own span.
            params.rope = m_model.rope;
            params.rope.partial = pecards::RopePartial::NoPE;
            params.rope.rotary_dim = 0;
            params.rope.scaling = {};
            params.sliding_window = g.sliding_window;
            params.attention_chunk = g.attention_chunk >= pecards::kMaxLength ? 0 : g.attention_chunk;
            shown = pecards::Card::Rope;
            break;
        case pecards::LayerTreatment::NoAttention:
            break; // nothing to put on a card; the status bar says what these layers are
        }
        c->setParams(params);
    }
    if (shown) {
        if (const CardEntry* entry = findCardEntry(*shown))
            showTab(entry->id);
    }
}

void MainWindow::openWeights(const QString& path) {
    statusBar()->showMessage(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    m_weights->loadWeights(path);
}

void MainWindow::applyT5Bias(const QString& path, const QString& tensor, const Eigen::MatrixXd& table) {
    // readT5BiasTable checked the shape (num_buckets x heads) before reading it.
    auto* relative = qobject_cast<RelativeCard*>(card(QStringLiteral("relative")));
    if (!relative)
        return;
    pecards::CardParams params = relative->params();
    params.relative.variant = pecards::RelativeVariant::T5;
    params.relative.num_buckets = static_cast<int>(table.rows());
    params.relative.bucket_values.assign(table.col(0).data(), table.col(0).data() + table.rows());
    params.relative.bidirectional = !tensor.contains(QStringLiteral("decoder"));
    try {
        pecards::validate(params.relative);
    } catch (const pecards::InvalidParameter& error) {
        openWarning(this, tr("Weights"),
            QFileInfo(path).fileName() + QStringLiteral(": ") + QString::fromUtf8(error.what()));
        return;
    }
    relative->showT5Bias(table, params, 1);
    showTab(QStringLiteral("relative"));
    statusBar()->showMessage(tr("T5 bias from %1 (%2): %3 buckets x %4 heads, head 1 shown (pick another "
                                "in the card header)")
                                 .arg(QFileInfo(path).fileName(), tensor)
                                 .arg(table.rows())
                                 .arg(table.cols()),
        15000);
}

void MainWindow::applyLearnedTable(const QString& path, const QString& tensor, const Eigen::MatrixXd& table) {
    CardPage* sinusoidal = card(QStringLiteral("sinusoidal"));
    if (!sinusoidal)
        return;
    // The sinusoid beside it gets the table's width; L is the table's positions (GPT-2: 1024), at
    // most kMaxLearnedPositions.
    pecards::CardParams params = sinusoidal->params();
    params.sinusoidal.learned = std::make_shared<const Eigen::MatrixXd>(table);
    params.sinusoidal.learned_file = QFileInfo(path).fileName().toStdString();
    params.sinusoidal.d_model = static_cast<int>(table.cols());
    params.length
        = std::min<std::int64_t>(static_cast<std::int64_t>(table.rows()), pecards::kMaxLearnedPositions);
    try {
        pecards::validate(params);
    } catch (const pecards::InvalidParameter& error) {
        openWarning(this, tr("Weights"),
            tr("%1: %2 has shape [%3, %4]; positions x d_model with an even d_model in [2, 1024] is needed "
               "(%5)")
                .arg(QFileInfo(path).fileName(), tensor)
                .arg(table.rows())
                .arg(table.cols())
                .arg(QString::fromUtf8(error.what())));
        return;
    }
    // One undoable step: the table, and the learned views in the slots after the first (the
    // sinusoid's own table stays beside them), so the table is on screen at once (review C15).
    m_deckModel->undoStack()->beginMacro(tr("Load %1").arg(QFileInfo(path).fileName()));
    sinusoidal->edit(params, tr("Load %1").arg(QFileInfo(path).fileName()));
    const int card = m_deckModel->indexOf(QStringLiteral("sinusoidal"));
    const QStringList learnedViews {QStringLiteral("learned-table"), QStringLiteral("learned-similarity"),
        QStringLiteral("learned-difference")};
    for (int slot = 1; slot <= learnedViews.size() && slot < m_deckModel->slotCount(card); ++slot)
        m_deckModel->setSlot(card, slot, {learnedViews.at(slot - 1), std::nullopt, std::nullopt});
    m_deckModel->undoStack()->endMacro();
    showTab(QStringLiteral("sinusoidal"));
    statusBar()->showMessage(tr("Learned position table from %1 (%2): %3 positions x d_model %4; see the "
                                "learned views of the Sinusoidal card")
                                 .arg(QFileInfo(path).fileName(), tensor)
                                 .arg(table.rows())
                                 .arg(table.cols()),
        15000);
}

void MainWindow::openContentVectors(const QString& queryPath, const QString& keyPath) {
    statusBar()->showMessage(tr("Reading %1…").arg(QFileInfo(queryPath).fileName()));
    m_weights->loadContent(queryPath, keyPath);
}

void MainWindow::applyContentVectors(const QString& queryPath, const QString& keyPath,
    const Eigen::MatrixXd& queries, const Eigen::MatrixXd& keys) {
    CardPage* shown = currentCard();
    if (!shown) {
        openWarning(this, tr("Q/K vectors"), tr("Show a card first: the compare tab is not a card."));
        return;
    }
    pecards::CardParams params = shown->params();
    const int d = pecards::cardDimension(params);
    for (const auto& [path, matrix] : {std::pair {queryPath, &queries}, std::pair {keyPath, &keys}}) {
        if (matrix->cols() != d || matrix->rows() < params.length) {
            openWarning(this, tr("Q/K vectors"),
                tr("%1 has shape (%2, %3); this card needs (rows >= L = %4, d = %5)")
                    .arg(QFileInfo(path).fileName())
                    .arg(matrix->rows())
                    .arg(matrix->cols())
                    .arg(params.length)
                    .arg(d));
            return;
        }
    }
    params.probe.content_q = std::make_shared<const Eigen::MatrixXd>(queries);
    params.probe.content_k = std::make_shared<const Eigen::MatrixXd>(keys);
    params.probe.content_q_file = QFileInfo(queryPath).fileName().toStdString();
    params.probe.content_k_file = QFileInfo(keyPath).fileName().toStdString();
    shown->setParams(params);
    statusBar()->showMessage(tr("Content vectors: %1 (queries), %2 (keys)")
                                 .arg(QFileInfo(queryPath).fileName(), QFileInfo(keyPath).fileName()),
        15000);
}

bool MainWindow::setLanguage(const QString& language) {
    if (!m_language->setLanguage(language))
        return false;
    for (CardPage* c : m_cards)
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

CardPage* MainWindow::cardToExport(const QString& action) {
    CardPage* card = currentCard();
    if (!card) {
        auto* box = new QMessageBox(QMessageBox::Information, action,
            tr("Show a card first: the compare tab is not a card."), QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
    return card;
}

void MainWindow::exportCurrentCard() {
    CardPage* card = cardToExport(tr("Export card"));
    if (!card)
        return;
    QStringList leftOut;
    const QList<ShownView> views = card->visibleViews(&leftOut);
    askAndSaveCardPdf(views, leftOut, card->coverPage(modelDescription()), card->entry().id, m_service, this);
}

void MainWindow::exportCardHandout() {
    CardPage* card = cardToExport(tr("Export card handout"));
    if (!card)
        return;
    QStringList leftOut;
    const QList<ShownView> views = card->visibleViews(&leftOut);
    askAndSaveCardHandout(views, leftOut, card->handoutTexts(), card->entry().id, m_service, this);
}

void MainWindow::copyCurrentFigure() {
    CardPage* card = currentCard();
    const std::optional<ShownView> shown = card ? card->currentView() : std::nullopt;
    if (!shown) {
        statusBar()->showMessage(tr("Nothing to copy: show a card with a computed view first"), 10000);
        return;
    }
    copyFigureToClipboard(*shown, m_service, this);
}

QString MainWindow::modelDescription() const {
    return m_modelName.isEmpty() ? tr("the card's default parameters") : m_modelName;
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

} // namespace pecards::gui
