#include "lessons/lessonplayer.h"

#include "cards/cardpage.h"
#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "figure/curves.h"
#include "lessons/lessonsteppanel.h"
#include "views/heatmappanel.h"
#include "views/pitfallview.h"
#include "views/viewpanel.h"
#include "views/viewslot.h"
#include "widgets/heatmapwidget.h"
#include "window/stagescreen.h"

#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenuBar>
#include <QStatusBar>
#include <algorithm>
#include <pecards/errors.h>

namespace pecards::gui {

namespace {

/// The narrowest the cards beside the lesson panel may become (their texts and parameter panes are
/// hidden): room for two heatmaps of a readable width.
constexpr int kLessonDeckMinimumWidth = 480;

} // namespace

LessonPlayer::LessonPlayer(QMainWindow* window, DeckModel& deck, const QList<CardPage*>& cards)
    : QObject(window)
    , m_window(window)
    , m_deck(deck)
    , m_cards(cards) {
    m_animation.setInterval(1000 / kFramesPerSecond);
    connect(&m_animation, &QTimer::timeout, this, &LessonPlayer::animate);
}

void LessonPlayer::play(const pecards::app::Lesson& lesson, int step) {
    if (lesson.steps.isEmpty())
        return;
    m_lesson = lesson;
    if (!m_active) {
        m_active = true;
        m_saved = workspaceOf(m_deck);
        m_savedPitfalls.clear();
        for (CardPage* card : m_cards) {
            if (card->pitfallsShown())
                m_savedPitfalls.push_back({card, card->pitfallView()->pitfall()});
        }
        m_sweepBefore.clear();
        for (ViewPanel* view : m_window->findChildren<ViewPanel*>()) {
            if (view->isSweepable())
                m_sweepBefore.push_back({view, view->sweepPosition()});
        }
        m_windowMode = WindowMode::of(*m_window);
        // The step's text is in the panel, and its state is fixed: the card texts and parameter
        // panes give their room to the views, as in presentation. Hidden before the panel docks:
        // with them shown, the card's minimum width and the panel's exceed 1280 and the window
        // grows to fit them and does not shrink back.
        for (CardPage* card : m_cards) {
            card->setTextVisible(false);
            card->setControlsVisible(false);
        }
        // Large enough to read from the back of a room (T-U1: tick labels and titles were 12-13
        // px at 720p), as presentation does; the application font, which the charts take too.
        m_normalFont = QApplication::font();
        QFont large = m_normalFont;
        large.setPointSizeF(m_normalFont.pointSizeF() * kLessonFontScale);
        QApplication::setFont(large);
        // The card on screen lays itself out again now, not after the panel has docked against
        // the minimum width it had with its panes shown (a busy machine let the window grow).
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        m_panel = new LessonStepPanel;
        m_dock = new QDockWidget(m_window);
        m_dock->setObjectName(QStringLiteral("lessonPlayer"));
        m_dock->setFeatures(QDockWidget::NoDockWidgetFeatures);
        m_dock->setTitleBarWidget(new QWidget(m_dock)); // no title bar: the panel says it all
        m_dock->setWidget(m_panel);
        // The stage's width decides, not the deck's own minimum, which can be stale: a card page
        // behind another tab keeps the minimum of its last layout (its text pane shown) until it is
        // laid out on screen, and when a step brought it to the front the window grew to that plus
        // the panel (1348 px at 1280x720, live under X11) and stayed so.
        m_deckMinimum = m_window->centralWidget()->minimumSize();
        m_window->centralWidget()->setMinimumWidth(kLessonDeckMinimumWidth);
        m_window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
        connect(m_panel, &LessonStepPanel::nextRequested, this, &LessonPlayer::next);
        connect(m_panel, &LessonStepPanel::backRequested, this, &LessonPlayer::back);
        connect(m_panel, &LessonStepPanel::leaveRequested, this, &LessonPlayer::stop);
        m_window->menuBar()->hide();
        m_window->statusBar()->hide();
        showOnStage(m_window);
        qApp->installEventFilter(this);
        emit activeChanged(true);
    }
    m_applied = -1;
    show(std::clamp(step, 0, static_cast<int>(m_lesson.steps.size()) - 1), false);
}

void LessonPlayer::stop() {
    if (!m_active)
        return;
    m_active = false;
    m_animation.stop();
    qApp->removeEventFilter(this);
    for (CardPage* card : m_cards) {
        card->focusViews({});
        card->showViews();
        card->setTextVisible(true);
        card->setControlsVisible(true);
    }
    showWorkspace(m_deck, m_saved); // the card on screen too
    restoreSweeps();
    for (const auto& [card, pitfall] : m_savedPitfalls) {
        if (card)
            card->showPitfalls(pitfall);
    }
    m_window->removeDockWidget(m_dock);
    QApplication::setFont(m_normalFont);
    m_window->centralWidget()->setMinimumSize(m_deckMinimum);
    delete m_dock;
    m_dock = nullptr;
    m_panel = nullptr;
    m_window->menuBar()->show();
    m_window->statusBar()->show();
    m_windowMode.restore(*m_window);
    emit activeChanged(false);
}

void LessonPlayer::next() {
    if (!m_active)
        return;
    if (!m_revealed)
        show(m_index, true);
    else if (m_index + 1 < m_lesson.steps.size())
        show(m_index + 1, false);
}

void LessonPlayer::back() {
    if (m_active && m_index > 0)
        show(m_index - 1, true);
}

void LessonPlayer::restoreSweeps() {
    for (const auto& [view, position] : m_sweepBefore) {
        if (view)
            view->setSweepPosition(position); // heatmaps: -1 removes the mark
    }
    if (m_circled)
        m_circled->setCircles({});
    m_circled = nullptr;
}

void LessonPlayer::show(int index, bool revealed) {
    m_animation.stop();
    restoreSweeps();
    const pecards::app::LessonStep& step = m_lesson.steps.at(index);
    m_index = index;
    // A question waits on the picture shown before it; other steps show theirs at once.
    m_revealed = revealed || !step.question;
    if (m_revealed)
        applyStep(step);
    else if (index > 0 && m_applied != index - 1)
        applyStep(m_lesson.steps.at(index - 1)); // the picture before the change
    m_applied = m_revealed ? index : index - 1;
    m_panel->showStep(m_lesson.title, step, index, static_cast<int>(m_lesson.steps.size()), m_revealed);
    emit stepShown(m_index, m_revealed);
}

QList<int> LessonPlayer::shownSlots(const CardPage& card, const QStringList& names) {
    QList<int> found;
    const QList<ViewSlot*>& viewSlots = card.viewSlots();
    for (const QString& name : names) {
        for (int k = 0; k < viewSlots.size(); ++k) {
            const ViewPanel* view = viewSlots.at(k)->view();
            if (!view || found.contains(k))
                continue;
            const ViewSpec& spec = view->spec();
            const QString shown = spec.kind == ViewKind::Heatmap
                ? QString::fromStdString(pecards::toString(spec.quantity))
                : QString::fromLatin1(pecards::app::chartName(spec.curve));
            if (shown == name) {
                found.push_back(k);
                break;
            }
        }
    }
    return found;
}

CardPage* LessonPlayer::activeCard(const pecards::app::LessonStep& step) const {
    if (step.state.activeCard < 0)
        return nullptr;
    const pecards::Card type = step.state.cards.at(step.state.activeCard).params.card;
    for (CardPage* card : m_cards) {
        if (card->entry().card == type)
            return card;
    }
    return nullptr;
}

void LessonPlayer::applyStep(const pecards::app::LessonStep& step) {
    for (CardPage* card : m_cards)
        card->focusViews({});
    showWorkspace(m_deck, step.state);
    CardPage* card = activeCard(step);
    if (!card)
        return;
    if (step.pitfall != pecards::Pitfall::None) {
        card->showPitfalls(step.pitfall);
    } else {
        card->showViews();
        // The step's shown views (its first view unless it names them) fill the grid, in order.
        const QList<int> shown = shownSlots(*card, pecards::app::shownViews(step));
        card->focusViews(shown);
        // The step's markers circle entries of the first (checked against its extent on reading).
        if (!shown.isEmpty() && !step.markers.isEmpty()) {
            if (auto* heatmap = qobject_cast<HeatmapPanel*>(card->viewSlots().at(shown.front())->view())) {
                QList<HeatmapWidget::Circle> circles;
                for (const pecards::app::LessonMarker& marker : step.markers)
                    circles.push_back({marker.row, marker.col, marker.label});
                m_circled = heatmap->heatmap();
                m_circled->setCircles(circles);
            }
        }
    }
    if (step.animation) {
        m_animated = card;
        m_clock.start();
        m_animation.start();
        animate();
    }
}

void LessonPlayer::animate() {
    const pecards::app::LessonStep& step = m_lesson.steps.at(m_index);
    if (!step.animation || !m_animated) {
        m_animation.stop();
        return;
    }
    const pecards::app::LessonAnimation& animation = *step.animation;
    const pecards::CardParams& params = step.state.cards.at(step.state.activeCard).params;
    const double t = std::min(1.0, static_cast<double>(m_clock.elapsed()) / (1000.0 * animation.seconds));
    const double value = pecards::app::animationValue(animation, params, t);
    if (animation.parameter == pecards::app::kAnimatePosition) {
        for (ViewSlot* slot : m_animated->viewSlots()) {
            if (ViewPanel* view = slot->view(); view && view->isSweepable())
                view->setSweepPosition(static_cast<int>(value));
        }
    } else {
        try {
            m_animated->setParams(pecards::app::withAnimatedValue(params, animation.parameter, value));
        } catch (const pecards::InvalidParameter&) {
            // Both ends were checked when the lesson was read; a value between them that is not
            // valid ends the sweep on the step's own state.
            m_animation.stop();
            m_animated->setParams(params);
            return;
        }
    }
    if (t >= 1.0) {
        m_animation.stop();
        if (animation.parameter != pecards::app::kAnimatePosition)
            m_animated->setParams(params); // the animation ends on the step's own state
    }
}

bool LessonPlayer::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress || !m_active)
        return QObject::eventFilter(watched, event);
    switch (static_cast<QKeyEvent*>(event)->key()) {
    case Qt::Key_Escape:
    case Qt::Key_F6:
        stop();
        return true;
    case Qt::Key_Space:
    case Qt::Key_Right:
        next();
        return true;
    case Qt::Key_Left:
        back();
        return true;
    case Qt::Key_1:
    case Qt::Key_2:
    case Qt::Key_3:
    case Qt::Key_4:
        m_panel->choose(static_cast<QKeyEvent*>(event)->key() - Qt::Key_1);
        return true;
    default:
        return QObject::eventFilter(watched, event);
    }
}

} // namespace pecards::gui
