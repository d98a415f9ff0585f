#pragma once
/// @file cardregistry.h
/// @brief The deck: one entry per card type with its factory and the functions the compare
/// view needs without a card widget (controls, conventions, titles). Replaces a `switch`.

#include "views/viewspec.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <pecards/params.h>

class QWidget;

namespace pecards::gui {

class CardPage;
class ComputeService;
class DeckModel;
class ParameterForm;

struct CardEntry {
    QString id; ///< "sinusoidal", "relative", "alibi", "rope", "hybrid" (resource folder, tags)
    QString title; ///< deck tab text (translated when the registry was built; see cardTitle)
    const char* trContext = ""; ///< translation context of titleSource (the card class name)
    const char* titleSource = ""; ///< untranslated title
    pecards::Card card = pecards::Card::Rope;
    /// The card page of card `card` of the deck model (its index, tab order).
    std::function<CardPage*(const CardEntry&, ComputeService*, DeckModel*, int card, QWidget*)> create;
    std::function<pecards::CardParams()> defaults; ///< good first parameters
    std::function<void(ParameterForm&)> addControls; ///< the card's own parameter controls
    std::function<QString(const pecards::CardParams&)> reference; ///< whose numbers it follows
    std::function<QString(const ViewSpec&, const pecards::CardParams&)> viewTitle;
    QList<ViewSpec> views; ///< everything the card can show
    QStringList defaultViews; ///< view ids of the slots, in grid order
};

/// @brief All cards, in deck order.
const QList<CardEntry>& cardRegistry();

/// @brief The entry with this id or card; nullptr if none.
const CardEntry* findCardEntry(const QString& id);
const CardEntry* findCardEntry(pecards::Card card);

/// @brief The card's title in the current UI language.
QString cardTitle(const CardEntry& entry);

/// @brief The views card `a` with `paramsA` and card `b` with `paramsB` both offer, in `a`'s
/// order: the same id, kind and quantity or curve, available for both parameter sets, and drawn by
/// the common panels (not a view with a panel of its own). What the compare tab can show.
QList<ViewSpec> sharedViews(const CardEntry& a, const pecards::CardParams& paramsA, const CardEntry& b,
    const pecards::CardParams& paramsB);

/// @brief Helpers for building entries: a heatmap or chart view spec.
ViewSpec heatmapView(const QString& id, pecards::Quantity quantity);
/// `context` and `name` are the untranslated name and its translation context
/// (QT_TRANSLATE_NOOP), so the name follows later language changes (viewDisplayName).
ViewSpec chartView(const QString& id, const char* context, const char* name, pecards::app::CurveKind curve);

} // namespace pecards::gui
