#pragma once
/// @file languagechange.h
/// @brief Texts that follow a runtime language switch: `apply` sets a widget's texts through
/// tr() now and again on every QEvent::LanguageChange the widget receives (Qt sends it to every
/// widget when the translator changes), so tool rows built once are never left in the old
/// language.

#include <QObject>
#include <functional>

namespace pecards::gui {

/// @brief Calls `apply` now and after each language change of `widget` (the filter lives as
/// long as `widget`).
void retranslateOnLanguageChange(QObject* widget, std::function<void()> apply);

} // namespace pecards::gui
