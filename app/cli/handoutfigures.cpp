#include "handoutfigures.h"

#include "renderfigures.h"

namespace pecards::cli {

std::vector<HandoutFigure> cardFigures(
    const app::WorkspaceCard& card, const QStringList& names, const QString& flag) {
    std::vector<HandoutFigure> figures;
    for (const QString& name : names) {
        for (const app::CardView& shown : card.views) {
            if (QString::fromStdString(toString(shown.quantity)) != name)
                continue;
            HandoutFigure figure;
            ViewRequest view;
            view.params = card.params;
            view.quantity = shown.quantity;
            view.window = shown.window;
            view.reduction = shown.reduction;
            figure.view = view;
            figure.colormap = shown.colormap;
            if (shown.colorRange)
                figure.range = app::ValueRange {shown.colorRange->first, shown.colorRange->second};
            figures.push_back(figure);
            break;
        }
        for (const app::CardChart& chart : card.charts) {
            if (chart.chart == name) {
                HandoutFigure figure;
                figure.chart = chartRequest(card.params, chart, flag);
                figures.push_back(figure);
                break;
            }
        }
    }
    return figures;
}

app::Figure handoutFigure(Backend& backend, const HandoutFigure& shown,
    const app::FigureExportOptions& options, const std::optional<std::pair<int, int>>& viewSize) {
    if (shown.view)
        return viewFigure(backend, *shown.view, shown.colormap, shown.range, options, viewSize);
    return chartFigure(*shown.chart);
}

} // namespace pecards::cli
