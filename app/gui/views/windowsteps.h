#pragma once
/// @file windowsteps.h
/// @brief The window a zoom or pan step asks for: applied by the view's controller to the window
/// it asked for last, so that quick wheel notches add up while a picture is being computed (#32:
/// forty fast notches used to go from 16.8M to 10.7M positions, most lost against the picture shown).

#include <pecards/view.h>

namespace pecards::gui {

/// @brief `current` scaled by `scale` (< 1 zooms in) around the fraction (fx, fy) of it (columns,
/// rows; 0.5 = the centre), inside `full`: at least one entry, at most `full`; a zoom in by less
/// than one entry still drops one.
pecards::Window zoomedWindow(
    const pecards::Window& current, const pecards::Window& full, double scale, double fx, double fy);

/// @brief `current` moved by (rows, cols) fractions of its size (at least one entry when not 0),
/// kept inside `full`.
pecards::Window pannedWindow(
    const pecards::Window& current, const pecards::Window& full, double rows, double cols);

} // namespace pecards::gui
