#pragma once
/// @file quantitystyle.h
/// @brief How each engine quantity is drawn: axis names, colour scaling and the default
/// pixel reduction.

#include "widgets/heatmapframe.h"

#include <QString>
#include <pecards/view.h>

namespace pecards::gui {

struct QuantityStyle {
    QString rowName; ///< short, for read-outs: "i", "p"
    QString colName; ///< "j", "dim", "pair i"
    QString rowLabel; ///< axis title: "query position i"
    QString colLabel; ///< "key position j"
    ColorScaling scaling;
    pecards::Reduction reduction = pecards::Reduction::Mean; ///< default pixel summary
    /// Position x position (score, attention, buckets, the content views): the plot stays square,
    /// so the diagonal is at 45 degrees (the teacher's T-U4: a 4096 x 4096 score drawn 165 x 330).
    bool square = true;
};

/// @brief Style of `quantity` on `card`, the same for every parameter value (a colour map never
/// changes by itself): tables and scores diverging, centred at 0; the ALiBi bias (one sign in
/// every form) on the sequential map with its own range; attention magma on a log scale; phase
/// [0, 2 pi) on the sequential map; bucket indices one distinct colour each (colour map and
/// reduction from figure/quantitydefaults.h, the rule the CLI shares). Content views
/// default to the `sample` reduction (exact reductions of content views are costly).
QuantityStyle quantityStyle(pecards::Quantity quantity, pecards::Card card = pecards::Card::Rope);

/// @brief The sequential colour map of the views whose quantity has no map of its own (phase,
/// one-signed scores such as ALiBi biases): the "colour map" preference, "viridis" by default.
QString sequentialColormap();
/// @brief Sets it (a colormaplookup.h name; an unknown name is ignored). Views take it at their
/// next frame.
void setSequentialColormap(const QString& name);

/// @brief "Positional score", "Attention (softmax)", ...: the name of a heatmap view of `quantity`
/// in menus and titles, in the language of the moment.
QString quantityName(pecards::Quantity quantity);

/// @brief "sample", "mean", "max", "min" in the UI language (tr), and a tooltip-length explanation.
QString reductionName(pecards::Reduction reduction);
QString reductionExplanation(pecards::Reduction reduction);

} // namespace pecards::gui
