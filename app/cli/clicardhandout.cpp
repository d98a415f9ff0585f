#include "clicardhandout.h"

#include "cardtext/cardtext.h"
#include "common/version.h"
#include "figure/cardhandout.h"
#include "figure/curves.h"
#include "figure/quantitydefaults.h"
#include "handoutfigures.h"
#include "usageerror.h"

#include <QCoreApplication>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace pecards::cli {

QStringList handoutLanguages() {
    return {u"en"_s, u"zh_CN"_s};
}

app::WorkspaceCard handoutCardState(const CardParams& params) {
    app::WorkspaceCard card;
    card.params = params;
    for (const QString& name : app::defaultFigureNames(params.card)) {
        if (app::chartKindNamed(name)) {
            app::CardChart chart;
            chart.chart = name;
            card.charts.push_back(chart);
            continue;
        }
        const auto quantity = fromString<Quantity>(name.toStdString());
        app::CardView view;
        view.quantity = quantity;
        view.window = fullExtent(params, quantity);
        view.reduction = app::defaultReduction(quantity);
        view.colormap = app::defaultColormap(quantity, params.card);
        card.views.push_back(view);
    }
    return card;
}

QByteArray cliCardHandoutPdf(
    Backend& backend, const CardParams& params, const QString& language, const RenderOptions& options) {
    QTranslator translator; // removes itself from the application when destroyed
    if (language != u"en"_s) {
        if (!translator.load(u":/i18n/pecards_%1.qm"_s.arg(language))) {
            throw UsageError(u"--language"_s, u"the translation of \"%1\" cannot be loaded"_s.arg(language));
        }
        QCoreApplication::installTranslator(&translator);
    }
    const app::FigureExportOptions figureOptions = figureExportOptions(options);
    const app::WorkspaceCard card = handoutCardState(params);
    app::CardHandout handout = app::cardHandoutTexts(params, language);
    const app::FigureExporter exporter(figureOptions);
    for (const HandoutFigure& shown :
        cardFigures(card, app::defaultFigureNames(params.card), u"--card-handout"_s)) {
        handout.figures.push_back(handoutFigure(backend, shown, figureOptions, options.viewSize));
        if (const QString error = exporter.pageError(handout.figures.back()); !error.isEmpty()) {
            throw UsageError(u"--size"_s,
                u"figure %1 (%2): %3"_s.arg(handout.figures.size())
                    .arg(app::figureTitleOf(handout.figures.back()), error));
        }
    }
    return app::cardHandoutPdf(handout, figureOptions);
}

} // namespace pecards::cli
