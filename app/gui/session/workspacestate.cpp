#include "session/workspacestate.h"

#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "compare/compareview.h"
#include "deck/deckmodel.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "window/mainwindow.h"

#include <QCoreApplication>
#include <QSet>

namespace pecards::gui {

namespace {

/// The id of the card's heatmap view of `quantity`, empty if none.
QString heatmapViewId(const CardEntry& entry, pecards::Quantity quantity) {
    for (const ViewSpec& spec : entry.views) {
        if (spec.kind == ViewKind::Heatmap && spec.quantity == quantity && !spec.createPanel)
            return spec.id;
    }
    return {};
}

/// The id of the card's chart view called `chart` (figure/curves.h chartName), empty if none.
QString chartViewId(const CardEntry& entry, const QString& chart) {
    const std::optional<pecards::app::CurveKind> kind = pecards::app::chartKindNamed(chart);
    for (const ViewSpec& spec : entry.views) {
        if (kind && spec.kind == ViewKind::Chart && spec.curve == *kind && !spec.createPanel)
            return spec.id;
    }
    return {};
}

QString firstChartViewId(const CardEntry& entry) {
    for (const ViewSpec& spec : entry.views) {
        if (spec.kind == ViewKind::Chart)
            return spec.id;
    }
    return {};
}

QString noView(const CardEntry& entry, const QString& view) {
    return QCoreApplication::translate("WorkspaceState", "The %1 card has no %2 view.")
        .arg(cardTitle(entry), view);
}

/// The slot states of `saved` (rule in the header); `notes` gets what could not be shown.
QList<SlotState> slotsOf(const CardEntry& entry, QList<SlotState> states,
    const pecards::app::WorkspaceCard& saved, QStringList& notes) {
    const auto heatmapState = [&](pecards::app::CardView view) -> std::optional<SlotState> {
        const QString id = heatmapViewId(entry, view.quantity);
        if (id.isEmpty()) {
            notes.push_back(noView(entry, QString::fromStdString(pecards::toString(view.quantity))));
            return std::nullopt;
        }
        view.slot.reset(); // the model keeps the state, the slot is its place
        return SlotState {id, view, std::nullopt};
    };
    const auto tooMany = [&](qsizetype count) {
        notes.push_back(
            QCoreApplication::translate("WorkspaceState", "The %1 card shows %2 views; the workspace has %3.")
                .arg(cardTitle(entry))
                .arg(states.size())
                .arg(count));
    };
    const bool placed
        = std::any_of(saved.views.begin(), saved.views.end(), [](const auto& v) { return v.slot; })
        || std::any_of(saved.charts.begin(), saved.charts.end(), [](const auto& c) { return c.slot; });
    if (placed) { // saved by the app: every view in its own slot
        for (const pecards::app::CardView& view : saved.views) {
            if (!view.slot || *view.slot >= states.size()) {
                tooMany(saved.views.size() + saved.charts.size());
                continue;
            }
            if (const std::optional<SlotState> state = heatmapState(view))
                states[*view.slot] = *state;
        }
        for (pecards::app::CardChart chart : saved.charts) {
            if (!chart.slot || *chart.slot >= states.size()) {
                tooMany(saved.views.size() + saved.charts.size());
                continue;
            }
            const QString id = chartViewId(entry, chart.chart);
            if (id.isEmpty()) {
                notes.push_back(noView(entry, chart.chart));
                continue;
            }
            const int slot = *chart.slot;
            chart.slot.reset();
            states[slot] = {id, std::nullopt, chart};
        }
        return states;
    }
    // Older files (views only, no slots): the k-th view goes to the k-th heatmap slot, extra views
    // to the chart slots; heatmap slots left over show the card's first chart.
    QList<int> order;
    QList<int> chartSlots;
    for (int k = 0; k < states.size(); ++k) {
        const ViewSpec* spec = findViewSpec(entry.views, states[k].view);
        (spec && spec->kind == ViewKind::Heatmap ? order : chartSlots).push_back(k);
    }
    const qsizetype heatmapSlots = order.size();
    order.append(chartSlots);
    for (qsizetype k = 0; k < order.size(); ++k) {
        SlotState& slot = states[order.at(k)];
        if (k >= saved.views.size()) {
            if (k < heatmapSlots && !firstChartViewId(entry).isEmpty())
                slot = {firstChartViewId(entry), std::nullopt, std::nullopt};
            continue;
        }
        if (const std::optional<SlotState> state = heatmapState(saved.views.at(k)))
            slot = *state;
    }
    if (saved.views.size() > order.size())
        tooMany(saved.views.size());
    return states;
}

} // namespace

pecards::app::Workspace captureWorkspace(MainWindow& window) {
    pecards::app::Workspace workspace;
    const DeckModel& deck = *window.deckModel();
    const QList<CardPage*> cards = window.cards();
    for (CardPage* card : cards) {
        card->load(); // every slot's panel has shown its state once: the defaults are known
        const int index = card->cardIndex();
        pecards::app::WorkspaceCard saved;
        saved.params = deck.params(index);
        for (int k = 0; k < deck.slotCount(index); ++k) {
            const SlotState& state = deck.slot(index, k);
            if (state.heatmap) {
                saved.views.push_back(*state.heatmap);
                saved.views.back().slot = k;
            } else if (state.chart) {
                saved.charts.push_back(*state.chart);
                saved.charts.back().slot = k;
            }
        }
        workspace.cards.push_back(saved);
    }
    workspace.activeCard = static_cast<int>(cards.indexOf(window.currentCard()));
    const CompareView* compare = window.compareView();
    pecards::app::ComparePair pair {compare->params(CompareView::A), compare->params(CompareView::B),
        compare->quantity(), std::nullopt, std::nullopt};
    if (const HeatmapPanel* a = compare->heatmapPanel(CompareView::A)) { // how A and B are drawn
        pair.reduction = a->controller()->reduction();
        pair.colormap = a->controller()->colorMap();
    }
    workspace.compare.push_back(pair);
    workspace.check = window.lastCheck();
    return workspace;
}

QString applyWorkspace(MainWindow& window, const pecards::app::Workspace& workspace) {
    window.setLastCheck(workspace.check);
    DeckModel& deck = *window.deckModel();
    QStringList notes;
    QSet<CardPage*> used;
    QList<CardPage*> targets; // the deck card of each workspace card, nullptr when there is none
    for (const pecards::app::WorkspaceCard& saved : workspace.cards) {
        CardPage* target = nullptr;
        for (CardPage* card : window.cards()) {
            if (card->entry().card == saved.params.card && !used.contains(card)) {
                target = card;
                break;
            }
        }
        targets.push_back(target);
        if (!target) {
            notes.push_back(QCoreApplication::translate(
                "WorkspaceState", "A second card of the same type is not shown (the deck has one of each)."));
            continue;
        }
        used.insert(target);
        const int index = target->cardIndex();
        deck.setParams(index, saved.params);
        QList<SlotState> states;
        for (int k = 0; k < deck.slotCount(index); ++k)
            states.push_back(deck.slot(index, k));
        states = slotsOf(target->entry(), states, saved, notes);
        for (int k = 0; k < states.size(); ++k)
            deck.setSlot(index, k, states.at(k));
    }
    if (!workspace.compare.isEmpty()) {
        const pecards::app::ComparePair& pair = workspace.compare.front();
        const CardEntry* left = findCardEntry(pair.left.card);
        const CardEntry* right = findCardEntry(pair.right.card);
        if (left && right) {
            CompareView* compare = window.compareView();
            compare->compare(left->id, pair.left, right->id, pair.right, pair.quantity);
            for (const CompareView::Side side : {CompareView::A, CompareView::B}) {
                if (HeatmapPanel* panel = compare->heatmapPanel(side)) {
                    pecards::app::CardView view = panel->view();
                    view.reduction = pair.reduction.value_or(view.reduction);
                    view.colormap = pair.colormap.value_or(view.colormap);
                    panel->applyView(view);
                }
            }
        }
        if (workspace.compare.size() > 1)
            notes.push_back(
                QCoreApplication::translate("WorkspaceState", "Only the first of %1 compare pairs is shown.")
                    .arg(workspace.compare.size()));
    }
    if (workspace.activeCard >= 0 && workspace.activeCard < targets.size()
        && targets.at(workspace.activeCard))
        window.showTab(targets.at(workspace.activeCard)->entry().id);
    else
        window.showTab(QStringLiteral("compare"));
    return notes.join(u' ');
}

} // namespace pecards::gui
