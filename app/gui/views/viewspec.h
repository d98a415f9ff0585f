#pragma once
/// @file viewspec.h
/// @brief What one view slot of a card shows: a heatmap of an engine quantity or a chart.

#include "compute/curves.h"

#include <QString>
#include <pecards/view.h>

enum class ViewKind { Heatmap, Chart };

struct ViewSpec {
    QString id; ///< stable id, e.g. "score", "polar" (tags, command line)
    QString name; ///< menu text, e.g. "Score heatmap"
    ViewKind kind = ViewKind::Heatmap;
    pecards::Quantity quantity = pecards::Quantity::Score; ///< heatmaps
    CurveKind curve = CurveKind::Spectrum; ///< charts
};
