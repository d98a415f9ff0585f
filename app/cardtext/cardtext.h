#pragma once
/// @file cardtext.h
/// @brief The card texts embedded from resources/cards/<id>/{front,back}.<lang>.html (the
/// pecards_resources library), with the live convention line (convention.h) inserted into their
/// `<span id="convention"></span>` placeholder: what the app's card pages show and the card
/// handout prints.

#include "figure/cardhandout.h"

#include <QString>
#include <pecards/params.h>

namespace pecards::app {

/// @brief Card side.
enum class CardSide { Front, Back };

/// @brief The HTML of card `id`, side and language ("en", "zh_CN"; falls back to "en").
/// The placeholder `<span id="convention"></span>` receives `convention` (HTML-escaped).
/// Returns a short HTML note when the text is missing from the resources.
QString cardText(const QString& id, CardSide side, const QString& language, const QString& convention);

/// @brief The plain text of the first `<h2>` of a card side's HTML ("RoPE: rotary position
/// embedding"); empty when it has none.
QString cardHeading(const QString& html);

/// @brief The texts of the card handout (figure/cardhandout.h) of card `params.card`: its front
/// and back in `language` with the convention line of `params` (in the UI language), the front's
/// heading as title and the header line "PE Cards 0.9.0 · card handout · <heading>"; no figures.
CardHandout cardHandoutTexts(const CardParams& params, const QString& language);

} // namespace pecards::app
