#pragma once
/// @file cardtext.h
/// @brief The card texts embedded from resources/cards/<id>/{front,back}.<lang>.html, with the
/// live convention line inserted into their `<span id="convention"></span>` placeholder.

#include <QString>

namespace pecards::gui {

/// @brief Card side.
enum class CardSide { Front, Back };

/// @brief The HTML of card `id`, side and language ("en", "zh_CN"; falls back to "en").
/// The placeholder `<span id="convention"></span>` receives `convention` (HTML-escaped).
/// Returns a short HTML note when the text is missing from the resources.
QString cardText(const QString& id, CardSide side, const QString& language, const QString& convention);

/// @brief Resource path of a card text, e.g. ":/cards/rope/front.en.html".
QString cardTextPath(const QString& id, CardSide side, const QString& language);

} // namespace pecards::gui
