#pragma once
/// @file viewspec.h
/// @brief What one view slot of a card shows: a heatmap of an engine quantity or a chart.

#include "figure/curves.h"

#include <QString>
#include <pecards/view.h>

enum class ViewKind { Heatmap, Chart };

struct ViewSpec {
    QString id; ///< stable id, e.g. "score", "polar" (tags, command line)
    QString name; ///< menu text, e.g. "Score heatmap" (in the language of the moment it was made)
    const char* trContext = nullptr; ///< charts: translation context of nameSource
    const char* nameSource = nullptr; ///< charts: the untranslated name
    ViewKind kind = ViewKind::Heatmap;
    pecards::Quantity quantity = pecards::Quantity::Score; ///< heatmaps
    pecards::app::CurveKind curve = pecards::app::CurveKind::Spectrum; ///< charts
};

/// @brief The view's name in the current UI language (heatmaps: the quantity's name; charts:
/// nameSource translated).
QString viewDisplayName(const ViewSpec& spec);
