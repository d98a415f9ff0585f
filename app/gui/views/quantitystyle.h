#pragma once
/// @file quantitystyle.h
/// @brief How each engine quantity is drawn: axis names, colour scaling and the default
/// pixel reduction.

#include "views/heatmapframe.h"

#include <QString>
#include <pecards/view.h>

struct QuantityStyle {
    QString rowName; ///< short, for read-outs: "i", "p"
    QString colName; ///< "j", "dim", "pair i"
    QString rowLabel; ///< axis title: "query position i"
    QString colLabel; ///< "key position j"
    ColorScaling scaling;
    pecards::Reduction reduction = pecards::Reduction::Mean; ///< default pixel summary
};

/// @brief Style of `quantity`: tables and scores diverging around 0 (when signed), attention
/// magma from 0, phase [0, 2 pi) viridis, bucket indices cividis. Content views default to
/// the `sample` reduction (exact reductions of content views are costly).
QuantityStyle quantityStyle(pecards::Quantity quantity);

/// @brief The sequential colour map of the views whose quantity has no map of its own (phase,
/// one-signed scores such as ALiBi biases): the "colour map" preference, "viridis" by default.
QString sequentialColormap();
/// @brief Sets it (a colormaplookup.h name; an unknown name is ignored). Views take it at their
/// next frame.
void setSequentialColormap(const QString& name);

/// @brief "sample", "mean", "max", "min" and a tooltip-length explanation.
QString reductionName(pecards::Reduction reduction);
QString reductionExplanation(pecards::Reduction reduction);
