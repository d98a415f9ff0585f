#include "deck/deckworkspace.h"

#include "cards/cardregistry.h"
#include "deck/deckmodel.h"
#include "views/quantitystyle.h"

#include <QCoreApplication>
#include <algorithm>
#include <pecards/errors.h>

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

/// A heatmap of `quantity` as a panel first shows it: the full extent of `params`, the quantity's
/// reduction and colour map on this card (quantitystyle.h), the automatic colour range and scale.
/// Unset when the card has no such view for these parameters.
std::optional<pecards::app::CardView> defaultHeatmap(
    pecards::Quantity quantity, const pecards::CardParams& params) {
    try {
        const QuantityStyle style = quantityStyle(quantity, params.card);
        return pecards::app::CardView {quantity, pecards::fullExtent(params, quantity), style.reduction,
            style.scaling.colorMap, std::nullopt, std::nullopt, std::nullopt};
    } catch (const pecards::InvalidParameter&) {
        return std::nullopt;
    }
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
    // Their charts take the slots after the views, in order.
    for (qsizetype c = 0; c < saved.charts.size(); ++c) {
        const qsizetype k = saved.views.size() + c;
        if (k >= order.size())
            break;
        const QString id = chartViewId(entry, saved.charts.at(c).chart);
        if (id.isEmpty()) {
            notes.push_back(noView(entry, saved.charts.at(c).chart));
            continue;
        }
        states[order.at(k)] = {id, std::nullopt, saved.charts.at(c)};
    }
    if (saved.views.size() + saved.charts.size() > order.size())
        tooMany(saved.views.size() + saved.charts.size());
    return states;
}

/// The compare tab's state for `pair`: the heatmap of its quantity when both cards offer it (else
/// the first view both offer), drawn with its reduction and colour map.
CompareState compareStateOf(
    const CardEntry& left, const CardEntry& right, const pecards::app::ComparePair& pair) {
    CompareState state {left.id, right.id, pair.left, pair.right, {}, std::nullopt};
    const QList<ViewSpec> shared = sharedViews(left, pair.left, right, pair.right);
    const auto spec = std::find_if(shared.begin(), shared.end(),
        [&pair](const ViewSpec& s) { return s.kind == ViewKind::Heatmap && s.quantity == pair.quantity; });
    if (spec != shared.end())
        state.view = spec->id;
    else if (!shared.isEmpty())
        state.view = shared.front().id;
    const ViewSpec* shown = findViewSpec(shared, state.view);
    if (shown && shown->kind == ViewKind::Heatmap) {
        state.heatmap = defaultHeatmap(shown->quantity, pair.left);
        if (state.heatmap) {
            state.heatmap->reduction = pair.reduction.value_or(state.heatmap->reduction);
            state.heatmap->colormap = pair.colormap.value_or(state.heatmap->colormap);
        }
    }
    return state;
}

} // namespace

SlotState shownSlotState(const DeckModel& deck, int card, int slot) {
    SlotState state = deck.slot(card, slot);
    if (state.heatmap || state.chart)
        return state;
    const CardEntry* entry = findCardEntry(deck.cardId(card));
    const ViewSpec* spec = entry ? findViewSpec(entry->views, state.view) : nullptr;
    const pecards::CardParams& params = deck.shownParams(card);
    if (!spec || spec->createPanel || !isViewAvailable(*spec, params))
        return state;
    if (spec->kind == ViewKind::Heatmap) {
        state.heatmap = defaultHeatmap(spec->quantity, params);
    } else {
        const bool positioned = spec->curve == pecards::app::CurveKind::RopePolar
            || spec->curve == pecards::app::CurveKind::DynamicBase;
        state.chart = pecards::app::CardChart {QString::fromLatin1(pecards::app::chartName(spec->curve)), {},
            positioned ? pecards::app::kDefaultPolarPosition : 0, 0, std::nullopt};
    }
    return state;
}

pecards::app::Workspace workspaceOf(const DeckModel& deck) {
    pecards::app::Workspace workspace;
    for (int card = 0; card < deck.cardCount(); ++card) {
        pecards::app::WorkspaceCard saved;
        saved.params = deck.params(card);
        for (int k = 0; k < deck.slotCount(card); ++k) {
            const SlotState state = shownSlotState(deck, card, k);
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
    workspace.activeCard = deck.activeCard();
    // The pair's quantity: the heatmap shown, else (a chart) the score. No pair before the compare
    // tab has shown one.
    const CompareState& compare = deck.compareState();
    if (!compare.cardA.isEmpty()) {
        pecards::app::ComparePair pair {
            compare.a, compare.b, pecards::Quantity::Score, std::nullopt, std::nullopt};
        if (compare.heatmap) { // how A and B are drawn
            pair.quantity = compare.heatmap->quantity;
            pair.reduction = compare.heatmap->reduction;
            pair.colormap = compare.heatmap->colormap;
        }
        workspace.compare.push_back(pair);
    }
    workspace.check = deck.check();
    return workspace;
}

QString showWorkspace(DeckModel& deck, const pecards::app::Workspace& workspace) {
    deck.setCheck(workspace.check);
    QStringList notes;
    QList<int> targets; // the deck card of each workspace card, -1 when there is none
    for (const pecards::app::WorkspaceCard& saved : workspace.cards) {
        int target = -1;
        for (int card = 0; card < deck.cardCount() && target < 0; ++card) {
            const CardEntry* entry = findCardEntry(deck.cardId(card));
            if (entry && entry->card == saved.params.card && !targets.contains(card))
                target = card;
        }
        targets.push_back(target);
        if (target < 0) {
            notes.push_back(QCoreApplication::translate(
                "WorkspaceState", "A second card of the same type is not shown (the deck has one of each)."));
            continue;
        }
        deck.setParams(target, saved.params);
        QList<SlotState> states;
        for (int k = 0; k < deck.slotCount(target); ++k)
            states.push_back(deck.slot(target, k));
        states = slotsOf(*findCardEntry(deck.cardId(target)), states, saved, notes);
        for (int k = 0; k < states.size(); ++k)
            deck.setSlot(target, k, states.at(k));
    }
    if (!workspace.compare.isEmpty()) {
        const pecards::app::ComparePair& pair = workspace.compare.front();
        const CardEntry* left = findCardEntry(pair.left.card);
        const CardEntry* right = findCardEntry(pair.right.card);
        if (left && right)
            deck.setCompare(compareStateOf(*left, *right, pair));
        if (workspace.compare.size() > 1)
            notes.push_back(
                QCoreApplication::translate("WorkspaceState", "Only the first of %1 compare pairs is shown.")
                    .arg(workspace.compare.size()));
    }
    const bool shown = workspace.activeCard >= 0 && workspace.activeCard < targets.size()
        && targets.at(workspace.activeCard) >= 0;
    deck.setActiveCard(shown ? targets.at(workspace.activeCard) : -1);
    return notes.join(u' ');
}

} // namespace pecards::gui
