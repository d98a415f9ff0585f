#pragma once
/// @file viewspec.h
/// @brief What one view slot of a card shows: a heatmap of an engine quantity or a chart.

#include "figure/curves.h"

#include <QString>
#include <functional>
#include <pecards/view.h>

class QWidget;

namespace pecards::gui {

class ComputeService;
class ViewPanel;

enum class ViewKind { Heatmap, Chart };

struct ViewSpec {
    QString id; ///< stable id, e.g. "score", "polar" (tags, command line)
    QString name; ///< menu text, e.g. "Score heatmap" (in the language of the moment it was made)
    const char* trContext = nullptr; ///< charts: translation context of nameSource
    const char* nameSource = nullptr; ///< charts: the untranslated name
    ViewKind kind = ViewKind::Heatmap;
    pecards::Quantity quantity = pecards::Quantity::Score; ///< heatmaps
    pecards::app::CurveKind curve = pecards::app::CurveKind::Spectrum; ///< charts
    /// Whether the view has a meaning for these parameters (e.g. bucket maps only for T5 and
    /// Shaw, not Transformer-XL); empty = always. Slots offer only available views.
    std::function<bool(const pecards::CardParams&)> available;
    /// A panel of the view's own (neither a heatmap of a quantity nor a chart of curves), made
    /// for the slot with the request tag; empty = HeatmapPanel or ChartPanel by `kind`.
    std::function<ViewPanel*(const ViewSpec&, ComputeService*, const QString& tag, QWidget* parent)>
        createPanel;
};

/// @brief The view with this id in `specs` (a card's views), nullptr if none.
const ViewSpec* findViewSpec(const QList<ViewSpec>& specs, const QString& id);

/// @brief True when `spec` is meaningful for `params` (no `available` rule, or it holds).
bool isViewAvailable(const ViewSpec& spec, const pecards::CardParams& params);

/// @brief The view's name in the current UI language (heatmaps: the quantity's name; charts:
/// nameSource translated).
QString viewDisplayName(const ViewSpec& spec);

} // namespace pecards::gui
