#include "session/workspacestate.h"

#include "cards/cardpage.h"
#include "cards/cardregistry.h"
#include "compare/compareview.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "window/mainwindow.h"

#include <QCoreApplication>
#include <QSet>

namespace pecards::gui {

namespace {

HeatmapPanel* heatmapPanel(const ViewSlot* slot) {
    return qobject_cast<HeatmapPanel*>(slot->view());
}

/// The id of the card's heatmap view of `quantity`, empty if none.
QString heatmapViewId(const CardEntry& entry, pecards::Quantity quantity) {
    for (const ViewSpec& spec : entry.views) {
        if (spec.kind == ViewKind::Heatmap && spec.quantity == quantity)
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

/// Gives the workspace views to the card's slots (rule in the header); returns a note or empty.
QString applyViews(CardPage& card, const QList<pecards::app::CardView>& views) {
    QList<ViewSlot*> order;
    QList<ViewSlot*> charts;
    for (ViewSlot* slot : card.viewSlots())
        (heatmapPanel(slot) ? order : charts).push_back(slot);
    const qsizetype heatmapSlots = order.size();
    order.append(charts);
    QString note;
    for (qsizetype k = 0; k < order.size(); ++k) {
        ViewSlot* slot = order.at(k);
        if (k >= views.size()) {
            const QString chart = firstChartViewId(card.entry());
            if (k < heatmapSlots && !chart.isEmpty())
                slot->showView(chart);
            continue;
        }
        const pecards::app::CardView& view = views.at(k);
        const QString id = heatmapViewId(card.entry(), view.quantity);
        if (id.isEmpty()) {
            note = QCoreApplication::translate("WorkspaceState", "The %1 card has no %2 view.")
                       .arg(card.entry().title, QString::fromStdString(pecards::toString(view.quantity)));
            continue;
        }
        slot->showView(id);
        heatmapPanel(slot)->restore(view.window, view.reduction, view.colormap);
    }
    if (views.size() > order.size())
        note = QCoreApplication::translate(
            "WorkspaceState", "The %1 card shows %2 views; the workspace has %3.")
                   .arg(card.entry().title)
                   .arg(order.size())
                   .arg(views.size());
    return note;
}

} // namespace

pecards::app::Workspace captureWorkspace(MainWindow& window) {
    pecards::app::Workspace workspace;
    const QList<CardPage*> cards = window.cards();
    for (CardPage* card : cards) {
        card->load();
        pecards::app::WorkspaceCard saved;
        saved.params = card->params();
        for (const ViewSlot* slot : card->viewSlots()) {
            if (const HeatmapPanel* panel = heatmapPanel(slot)) {
                const HeatmapController* controller = panel->controller();
                saved.views.push_back({controller->quantity(), controller->window(), controller->reduction(),
                    controller->colorMap()});
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
        target->load();
        target->setParams(saved.params);
        const QString note = applyViews(*target, saved.views);
        if (!note.isEmpty())
            notes.push_back(note);
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
                    HeatmapController* shown = panel->controller();
                    panel->restore(shown->window(), pair.reduction.value_or(shown->reduction()),
                        pair.colormap.value_or(shown->colorMap()));
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
