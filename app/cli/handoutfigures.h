#pragma once
/// @file handoutfigures.h
/// @brief The figures of the printed handouts (lesson handout, card handout): heatmap views and
/// charts of a card state, named as pecards-cli names them ("score", "unseen-angles",
/// "spectrum"), computed by the backend and drawn by app/figure as `render` draws any view or
/// chart.

#include "figure/curves.h"
#include "figure/figure.h"
#include "figure/figurebuilder.h"
#include "figure/figureexporter.h"
#include "pecards/backend.h"
#include "workspace/workspace.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace pecards::cli {

/// @brief One figure of a handout page: a heatmap view (computed at the printed plot's pixel
/// size, in its colour map and locked colour range) or a chart.
struct HandoutFigure {
    std::optional<ViewRequest> view;
    QString colormap;
    std::optional<app::ValueRange> range;
    std::optional<app::CurveRequest> chart;
};

/// @brief The figures of `card` named by `names`, in their order: each name is a view of the card
/// (its quantity's name, with the view's window, reduction, colour map and locked range) or one of
/// its charts (chartRequest). A name the card lacks is skipped.
/// @throws UsageError naming `flag` for a chart name that is not a chart.
std::vector<HandoutFigure> cardFigures(
    const app::WorkspaceCard& card, const QStringList& names, const QString& flag);

/// @brief The figure of `shown`: viewFigure (at `viewSize` pixels when given, else at print
/// resolution) or chartFigure.
/// @throws as viewFigure and chartFigure.
app::Figure handoutFigure(Backend& backend, const HandoutFigure& shown,
    const app::FigureExportOptions& options, const std::optional<std::pair<int, int>>& viewSize);

} // namespace pecards::cli
