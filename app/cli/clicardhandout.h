#pragma once
/// @file clicardhandout.h
/// @brief `pecards-cli render --card-handout --card NAME [card flags | --config FILE]
/// [--language en|zh_CN] --out card.pdf`: the printable card handout (figure/cardhandout.h) of a
/// card with the views the app shows when it starts (figure/quantitydefaults.h
/// defaultFigureNames), for the parameters the flags give.

#include "cliparser.h"
#include "pecards/backend.h"
#include "workspace/workspace.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace pecards::cli {

/// @brief The languages of the card texts: "en", "zh_CN".
QStringList handoutLanguages();

/// @brief The card state the handout draws: `params` with the views of
/// defaultFigureNames(params.card); heatmaps over their full extent in the quantity's default
/// colour map (the app's default "viridis" as the sequential one) and reduction, charts with their
/// default channels and reach.
app::WorkspaceCard handoutCardState(const CardParams& params);

/// @brief The card handout of `params.card` in `language` (one of handoutLanguages(): the card
/// texts, the convention line, figure captions and the header in that language) as PDF bytes.
/// @throws UsageError naming --language when its translation cannot be loaded; what viewFigure
/// and app::cardHandoutPdf throw.
QByteArray cliCardHandoutPdf(
    Backend& backend, const CardParams& params, const QString& language, const RenderOptions& options);

} // namespace pecards::cli
