#include "cards/cardregistry.h"

#include "cards/alibicard.h"
#include "cards/hybridcard.h"
#include "cards/relativecard.h"
#include "cards/ropecard.h"
#include "cards/sinusoidalcard.h"
#include "views/quantitystyle.h"

#include <QCoreApplication>

namespace pecards::gui {

const QList<CardEntry>& cardRegistry() {
    static const QList<CardEntry> entries {SinusoidalCard::entry(), RelativeCard::entry(), AlibiCard::entry(),
        RopeCard::entry(), HybridCard::entry()};
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

ViewSpec heatmapView(const QString& id, pecards::Quantity quantity) {
    return ViewSpec {id, quantityName(quantity), nullptr, nullptr, ViewKind::Heatmap, quantity,
        pecards::app::CurveKind::Spectrum, {}, {}};
}

ViewSpec chartView(const QString& id, const char* context, const char* name, pecards::app::CurveKind curve) {
    return ViewSpec {id, QCoreApplication::translate(context, name), context, name, ViewKind::Chart,
        pecards::Quantity::Score, curve, {}, {}};
}

} // namespace pecards::gui
