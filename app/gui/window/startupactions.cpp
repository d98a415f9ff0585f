#include "window/startupactions.h"

#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "check/checkdialog.h"
#include "compare/compareview.h"
#include "compute/computeservice.h"
#include "deck/deckmodel.h"
#include "deck/deckworkspace.h"
#include "lessons/lessoncontroller.h"
#include "lessons/lessonplayer.h"
#include "pairusage/pairusagedialog.h"
#include "presentation/presentationcontroller.h"
#include "session/workspacecontroller.h"
#include "window/presets.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTextStream>
#include <QTimer>
#include <QUndoStack>
#include <QWidget>
#include <algorithm>
#include <functional>
#include <memory>
#include <pecards/errors.h>
#include <pecards/pitfall.h>
#include <tuple>
#include <workspace/workspace.h>

namespace pecards::gui {

namespace {

constexpr int kPollMs = 200;
constexpr int kSettlePolls = 3; ///< idle polls in a row before the screenshot (charts repaint)

bool allAnswered(const StartupParts& parts) {
    if (!parts.service->isIdle())
        return false;
    const int active = parts.deck->activeCard();
    return active >= 0 ? parts.cards.at(active)->allViewsAnswered() : parts.compare->hasResult();
}

/// Saves `target`'s image (the window, or a dialog on it) once every view has answered and
/// `ready` says so, then quits.
void takeScreenshot(const StartupParts& parts, const QString& path, int timeoutMs, QWidget* target = nullptr,
    std::function<bool()> ready = {}) {
    auto* timer = new QTimer(parts.window);
    auto* clock = new QElapsedTimer;
    clock->start();
    auto settled = std::make_shared<int>(0);
    QObject::connect(timer, &QTimer::timeout, parts.window,
        [parts, path, timeoutMs, timer, clock, settled, target, ready] {
            *settled = allAnswered(parts) && (!ready || ready()) ? *settled + 1 : 0;
            const bool timedOut = clock->elapsed() > timeoutMs;
            if (*settled < kSettlePolls && !timedOut)
                return;
            timer->stop();
            delete clock;
            if (timedOut)
                QTextStream(stderr) << "pecards: screenshot taken before every view answered (timeout)"
                                    << Qt::endl;
            const bool saved = (target != nullptr ? target : parts.window)->grab().save(path);
            if (!saved)
                QTextStream(stderr) << "pecards: cannot write " << path << Qt::endl;
            QApplication::exit(saved ? 0 : 1);
        });
    timer->start(kPollMs);
}

/// The flags that set the state of card `card`: --length, --views (slots in order) and --rows /
/// --cols (the first slot's heatmap window; outside the view's extent the window is cut to it
/// and stderr says so).
void applyStateOptions(DeckModel& deck, int card, const StartupOptions& options) {
    if (options.length) {
        pecards::CardParams params = deck.params(card);
        params.length = *options.length;
        deck.setParams(card, params);
    }
    const CardEntry* entry = findCardEntry(deck.cardId(card));
    for (int slot = 0; slot < options.views.size() && slot < deck.slotCount(card); ++slot) {
        if (entry && findViewSpec(entry->views, options.views.at(slot)))
            deck.setSlot(card, slot, {options.views.at(slot), std::nullopt, std::nullopt});
    }
    if ((!options.rows && !options.cols) || deck.slotCount(card) == 0)
        return;
    SlotState state = shownSlotState(deck, card, 0);
    if (!state.heatmap)
        return;
    const pecards::Window full = pecards::fullExtent(deck.shownParams(card), state.heatmap->quantity);
    const auto cut = [](const char* flag, std::pair<std::int64_t, std::int64_t> range, std::int64_t end) {
        if (range.second <= end)
            return range;
        const std::pair<std::int64_t, std::int64_t> shown {std::min(range.first, end - 1), end};
        QTextStream(stderr) << "pecards: --" << flag << " " << range.first << ":" << range.second
                            << " reaches beyond the view's " << flag << " [0, " << end << "); shown as "
                            << shown.first << ":" << shown.second << Qt::endl;
        return shown;
    };
    if (options.rows)
        std::tie(state.heatmap->window.row_begin, state.heatmap->window.row_end)
            = cut("rows", *options.rows, full.row_end);
    if (options.cols)
        std::tie(state.heatmap->window.col_begin, state.heatmap->window.col_end)
            = cut("cols", *options.cols, full.col_end);
    deck.setSlot(card, 0, state);
}

void applyViewOptions(const StartupParts& parts, const StartupOptions& options, int timeoutMs) {
    if (!options.language.isEmpty())
        parts.setLanguage(options.language);
    if (!options.workspace.isEmpty())
        parts.session->open(options.workspace);
    DeckModel& deck = *parts.deck;
    if (!options.compare.isEmpty()) {
        parts.compare->showPreset(options.compare);
        deck.setActiveCard(-1);
    } else if (const int card = deck.indexOf(options.card); card >= 0) {
        deck.setActiveCard(card);
    }
    if (const int active = deck.activeCard(); active >= 0) {
        applyStateOptions(deck, active, options);
        CardPage* card = parts.cards.at(active);
        card->load();
        if (options.back)
            card->flip();
        if (!options.pitfall.isEmpty())
            card->showPitfalls(pecards::fromString<pecards::Pitfall>(options.pitfall.toStdString()));
    }
    if (options.presentation) {
        PresentationController* presentation = parts.presentation;
        presentation->setActive(true);
        if (options.position) {
            presentation->setPaused(true);
            presentation->setPosition(*options.position);
        }
    }
    if (!options.lesson.isEmpty() && parts.lessons->open(options.lesson)) {
        const auto steps = static_cast<int>(parts.lessons->lesson().steps.size());
        if (options.lessonStep > steps)
            QTextStream(stderr) << "pecards: --step " << options.lessonStep << " is invalid: the lesson has "
                                << steps << " steps; it starts at step 1" << Qt::endl;
        parts.lessons->play(options.lessonStep > steps ? 0 : options.lessonStep - 1);
        if (options.reveal && !parts.lessons->player()->isRevealed())
            parts.lessons->player()->next();
    } else if (!options.lesson.isEmpty()) {
        QTextStream(stderr) << "pecards: " << parts.lessons->lastError() << Qt::endl;
    }
    // The start-up state (flags, a workspace, a lesson step) is where the session starts, not
    // edits to undo.
    deck.undoStack()->clear();
    CheckDialog* check = nullptr;
    if (!options.check.isEmpty()) {
        pecards::app::CheckSetup setup;
        setup.params = deck.params(deck.indexOf(QStringLiteral("rope")));
        setup.first = options.check.front();
        setup.second = options.check.size() == 2 ? options.check.back() : QString();
        using Table = pecards::app::CheckSetup::Table;
        setup.table = options.check.size() == 2             ? Table::CosSin
            : setup.first.endsWith(QStringLiteral(".gguf")) ? Table::Gguf
                                                            : Table::InvFreq;
        check = parts.openCheck(setup);
    }
    PairUsageDialog* usage = nullptr;
    if (!options.pairUsage.isEmpty()) {
        usage = parts.openPairUsage();
        usage->read({options.config, options.pairUsage, std::nullopt});
    }
    if (!options.screenshot.isEmpty() && usage != nullptr) {
        auto shown = std::make_shared<bool>(false);
        QObject::connect(usage, &PairUsageDialog::finished, usage, [shown] { *shown = true; });
        takeScreenshot(parts, options.screenshot, timeoutMs, usage, [shown] { return *shown; });
    } else if (!options.screenshot.isEmpty() && check != nullptr) {
        auto shown = std::make_shared<bool>(false);
        QObject::connect(check, &CheckDialog::checked, check, [shown] { *shown = true; });
        takeScreenshot(parts, options.screenshot, timeoutMs, check, [shown] { return *shown; });
    } else if (!options.screenshot.isEmpty()) {
        takeScreenshot(parts, options.screenshot, timeoutMs);
    }
}

} // namespace

void applyStartupOptions(const StartupParts& parts, const StartupOptions& options, int timeoutMs) {
    const QString model = !options.config.isEmpty() ? options.config
        : !options.preset.isEmpty()                 ? findPreset(options.preset)->resource
                                                    : QString();
    if (model.isEmpty()) {
        applyViewOptions(parts, options, timeoutMs);
        return;
    }
    // The model first (read off the UI thread), then the view options on top of it.
    parts.openConfig(model, [parts, options, timeoutMs](const QString& error) {
        if (!error.isEmpty())
            QTextStream(stderr) << "pecards: " << error << Qt::endl;
        applyViewOptions(parts, options, timeoutMs);
    });
}

} // namespace pecards::gui
