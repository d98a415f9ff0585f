#pragma once
/// @file theme.h
/// @brief The light and dark application palettes (Fusion style, so every widget follows the
/// palette), applied to the whole application.

#include <QPalette>
#include <workspace/preferences.h>

namespace pecards::gui {

/// @brief The palette of `theme`: the style's standard palette for Light; for Dark a dark grey
/// window (#2b2b2b), darker bases, light text, blue highlight, and dimmed disabled text.
QPalette themePalette(pecards::app::Theme theme);

/// @brief Sets the Fusion style and the theme's palette on the running QApplication.
void applyTheme(pecards::app::Theme theme);

/// @brief The theme the application shows now (from the window colour's lightness).
pecards::app::Theme currentTheme();

} // namespace pecards::gui
