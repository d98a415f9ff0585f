#include "cards/cardregistry.h"

#include "cards/alibicard.h"
#include "cards/hybridcard.h"
#include "cards/multimodalcard.h"
#include "cards/relativecard.h"
#include "cards/ropecard.h"
#include "cards/sinusoidalcard.h"
#include "views/quantitystyle.h"

#include <QCoreApplication>
#include <algorithm>

namespace pecards::gui {

const QList<CardEntry>& cardRegistry() {
    static const QList<CardEntry> entries {SinusoidalCard::entry(), RelativeCard::entry(), AlibiCard::entry(),
        RopeCard::entry(), HybridCard::entry(), MultimodalCard::entry()};
    return entries;
}

const CardEntry* findCardEntry(const QString& id) {
    for (const CardEntry& entry : cardRegistry()) {
        if (entry.id == id)
            return &entry;
    }
    return nullptr;
}

const CardEntry* findCardEntry(pecards::Card card) {
    for (const CardEntry& entry : cardRegistry()) {
        if (entry.card == card)
            return &entry;
    }
    return nullptr;
}

QString cardTitle(const CardEntry& entry) {
    return QCoreApplication::translate(entry.trContext, entry.titleSource);
}

QList<ViewSpec> sharedViews(const CardEntry& a, const pecards::CardParams& paramsA, const CardEntry& b,
    const pecards::CardParams& paramsB) {
    const auto same = [](const ViewSpec& x, const ViewSpec& y) {
        return x.id == y.id && x.kind == y.kind
            && (x.kind == ViewKind::Heatmap ? x.quantity == y.quantity : x.curve == y.curve);
    };
    QList<ViewSpec> shared;
    for (const ViewSpec& spec : a.views) {
        if (spec.createPanel || !isViewAvailable(spec, paramsA))
            continue;
        const auto other
            = std::find_if(b.views.begin(), b.views.end(), [&](const ViewSpec& s) { return same(s, spec); });
        if (other != b.views.end() && isViewAvailable(*other, paramsB))
            shared.push_back(spec);
    }
    return shared;
}

ViewSpec heatmapView(const QString& id, pecards::Quantity quantity) {
    return ViewSpec {id, quantityName(quantity), nullptr, nullptr, ViewKind::Heatmap, quantity,
        pecards::app::CurveKind::Spectrum, {}, {}};
}

ViewSpec chartView(const QString& id, const char* context, const char* name, pecards::app::CurveKind curve) {
    return ViewSpec {id, QCoreApplication::translate(context, name), context, name, ViewKind::Chart,
        pecards::Quantity::Score, curve, {}, {}};
}

} // namespace pecards::gui
