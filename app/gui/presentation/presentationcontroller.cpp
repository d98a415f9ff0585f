#include "presentation/presentationcontroller.h"

#include "cards/cardpage.h"
#include "compare/compareview.h"
#include "views/chartpanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "window/stagescreen.h"

#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <algorithm>

namespace pecards::gui {

namespace {

/// The view of `slot` when a sweep animates it (charts and heatmaps), else null.
ViewPanel* sweepable(const ViewSlot* slot) {
    ViewPanel* view = slot->view();
    return view && view->isSweepable() ? view : nullptr;
}

/// A chart a sweep animates (the polar pairs, the ALiBi heads): the view presenting starts on.
bool sweepableChart(const ViewSlot* slot) {
    return qobject_cast<const ChartPanel*>(sweepable(slot)) != nullptr;
}

} // namespace

PresentationController::PresentationController(QMainWindow* window, QTabWidget* deck, CompareView* compare)
    : QObject(window)
    , m_window(window)
    , m_deck(deck)
    , m_compare(compare) {
    connect(&m_timer, &QTimer::timeout, this, &PresentationController::advance);
}

CardPage* PresentationController::currentCard() const {
    return qobject_cast<CardPage*>(m_deck->currentWidget());
}

void PresentationController::setActive(bool active) {
    if (active == m_active)
        return;
    m_active = active;
    if (active) {
        m_windowMode = WindowMode::of(*m_window);
        // The application font, not the window's: widgets under a style sheet (view slots) and
        // the charts take the application font, not their parent's.
        m_normalFont = QApplication::font();
        QFont large = m_normalFont;
        large.setPointSizeF(m_normalFont.pointSizeF() * kFontScale);
        QApplication::setFont(large);
        m_toolBar = buildToolBar();
        m_compare->setPanelsVisible(false);
        for (CardPage* card : m_window->findChildren<CardPage*>())
            card->setControlsVisible(false); // the projector's width is for the views
        // A new view of the compare tab (Up/Down, a preset) is presented as the others.
        m_compareViewShown
            = connect(m_compare, &CompareView::viewShown, this, &PresentationController::showCurrentView);
        m_sweepBefore.clear(); // the sweep moves these charts; leaving puts them back
        for (ViewPanel* view : m_window->findChildren<ViewPanel*>()) {
            if (view->isSweepable())
                m_sweepBefore.push_back({view, view->sweepPosition()});
        }
        m_window->menuBar()->hide(); // the screen is for the views (F5/Esc and the keys still work)
        m_window->statusBar()->hide();
        showOnStage(m_window);
        qApp->installEventFilter(this);
        m_viewIndex = 0;
        if (CardPage* card = currentCard()) { // start on the card's animated view, if it has one
            card->load();
            const auto found
                = std::find_if(card->viewSlots().begin(), card->viewSlots().end(), sweepableChart);
            if (found != card->viewSlots().end())
                m_viewIndex = static_cast<int>(found - card->viewSlots().begin());
        }
        showCurrentView();
        setPaused(false);
    } else {
        qApp->removeEventFilter(this);
        disconnect(m_compareViewShown);
        m_compare->setPanelsVisible(true);
        for (CardPage* card : m_window->findChildren<CardPage*>())
            card->setControlsVisible(true);
        m_timer.stop();
        showAllViews();
        for (const auto& [view, position] : m_sweepBefore) {
            if (view)
                view->setSweepPosition(position); // heatmaps: -1 removes the marker
        }
        m_sweepBefore.clear();
        m_window->menuBar()->show();
        m_window->statusBar()->show();
        QApplication::setFont(m_normalFont);
        for (ChartWidget* chart : m_window->findChildren<ChartWidget*>())
            chart->setLineScale(1.0);
        delete m_toolBar;
        m_toolBar = nullptr;
        m_windowMode.restore(*m_window);
    }
    emit activeChanged(active);
}

QToolBar* PresentationController::buildToolBar() {
    auto* bar = new QToolBar(tr("Presentation"), m_window);
    bar->setMovable(false);
    bar->addWidget(
        new QLabel(tr("  ←/→ card   ↑/↓ view   Space flip   P pause   +/− speed   Esc leave    "), bar));
    m_positionLabel = new QLabel(bar);
    bar->addWidget(m_positionLabel);
    bar->addWidget(new QLabel(tr("   speed (positions/s): "), bar));
    m_speedBox = new QSpinBox(bar);
    m_speedBox->setObjectName(QStringLiteral("presentationSpeed"));
    m_speedBox->setRange(kMinSpeed, kMaxSpeed);
    m_speedBox->setValue(m_speed);
    m_speedBox->setFocusPolicy(Qt::ClickFocus);
    connect(m_speedBox, &QSpinBox::valueChanged, this, &PresentationController::setSpeed);
    bar->addWidget(m_speedBox);
    m_pauseButton = new QToolButton(bar);
    m_pauseButton->setFocusPolicy(Qt::NoFocus);
    connect(m_pauseButton, &QToolButton::clicked, this, [this] { setPaused(!m_paused); });
    bar->addWidget(m_pauseButton);
    m_window->addToolBar(Qt::TopToolBarArea, bar);
    return bar;
}

void PresentationController::refreshToolBar() {
    if (!m_toolBar)
        return;
    m_positionLabel->setText(tr("m = %1").arg(m_position));
    const QSignalBlocker blocker(m_speedBox);
    m_speedBox->setValue(m_speed);
    // Standard media icons: the ⏸ glyph is missing from many fonts.
    m_pauseButton->setIcon(
        m_window->style()->standardIcon(m_paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
    m_pauseButton->setText(m_paused ? tr("Play") : tr("Pause"));
    m_pauseButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
}

void PresentationController::stepCard(int delta) {
    QTabWidget* deck = m_deck; // every tab, the compare tab included
    const int count = deck->count();
    if (count == 0)
        return;
    showAllViews();
    deck->setCurrentIndex(((deck->currentIndex() + delta) % count + count) % count);
    m_viewIndex = 0;
    showCurrentView();
}

void PresentationController::stepView(int delta) {
    if (m_deck->currentWidget() == m_compare) {
        // The compare tab shows one view (A, B and A − B, or one chart): step its choice.
        QComboBox* views = m_compare->viewChoice();
        if (views->count() > 0)
            views->setCurrentIndex(
                ((views->currentIndex() + delta) % views->count() + views->count()) % views->count());
        return;
    }
    CardPage* card = currentCard();
    if (!card || card->viewSlots().isEmpty())
        return;
    const auto count = static_cast<int>(card->viewSlots().size());
    m_viewIndex = ((m_viewIndex + delta) % count + count) % count;
    showCurrentView();
}

void PresentationController::showCurrentView() {
    CardPage* card = currentCard();
    if (!card) { // the compare tab: its chart (if one is shown) with thick lines
        for (ChartWidget* chart : m_compare->findChildren<ChartWidget*>())
            chart->setLineScale(kLineScale);
        refreshToolBar();
        return;
    }
    card->load();
    m_viewIndex = std::clamp(m_viewIndex, 0, std::max(0, static_cast<int>(card->viewSlots().size()) - 1));
    card->focusViews({m_viewIndex});
    for (ChartWidget* chart : card->findChildren<ChartWidget*>())
        chart->setLineScale(kLineScale);
    applyPosition();
    refreshToolBar();
}

void PresentationController::showAllViews() {
    if (CardPage* card = currentCard())
        card->focusViews({});
}

int PresentationController::sweepEnd() const {
    const CardPage* card = currentCard();
    const std::int64_t length = card ? card->params().length : kMaxSweep;
    return static_cast<int>(std::clamp<std::int64_t>(length, 2, kMaxSweep));
}

void PresentationController::setSpeed(int positionsPerSecond) {
    m_speed = std::clamp(positionsPerSecond, kMinSpeed, kMaxSpeed);
    m_timer.setInterval(1000 / m_speed);
    refreshToolBar();
}

void PresentationController::setPaused(bool paused) {
    m_paused = paused;
    if (m_active && !paused) {
        m_timer.setInterval(1000 / m_speed);
        m_timer.start();
    } else {
        m_timer.stop();
    }
    refreshToolBar();
}

void PresentationController::advance() {
    setPosition(m_position + 1);
}

void PresentationController::setPosition(int m) {
    m_position = std::max(0, m) % sweepEnd();
    applyPosition();
    refreshToolBar();
    emit positionChanged(m_position);
}

void PresentationController::applyPosition() {
    CardPage* card = currentCard();
    if (!card || m_viewIndex >= card->viewSlots().size())
        return;
    if (ViewPanel* view = sweepable(card->viewSlots().at(m_viewIndex)))
        view->setSweepPosition(m_position);
}

bool PresentationController::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress || !m_active)
        return QObject::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    switch (key->key()) {
    case Qt::Key_Escape:
    case Qt::Key_F5:
        setActive(false);
        return true;
    case Qt::Key_Right:
        stepCard(+1);
        return true;
    case Qt::Key_Left:
        stepCard(-1);
        return true;
    case Qt::Key_Down:
        stepView(+1);
        return true;
    case Qt::Key_Up:
        stepView(-1);
        return true;
    case Qt::Key_Space:
        if (CardPage* card = currentCard())
            card->flip();
        return true;
    case Qt::Key_P:
        setPaused(!m_paused);
        return true;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        setSpeed(m_speed + std::max(1, m_speed / 4));
        return true;
    case Qt::Key_Minus:
        setSpeed(m_speed - std::max(1, m_speed / 5));
        return true;
    default:
        return QObject::eventFilter(watched, event);
    }
}

} // namespace pecards::gui
