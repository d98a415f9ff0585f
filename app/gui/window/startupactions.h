#pragma once
/// @file startupactions.h
/// @brief Applies the command-line options (startupoptions.h) to the shown window. The state
/// they set (the card on screen, --length, --views, --rows/--cols) replaces the deck model's
/// state; the rest drives the window's own parts: a model config read by its loader, the back
/// side, a Pitfalls view, presentation, the lesson player, the check dialog and the screenshot.

#include "window/startupoptions.h"

namespace pecards::gui {

class ComputeService;
class MainWindow;

/// @brief Applies the options to a shown window (after the model, when one is given) and, with
/// `--screenshot`, saves the image and quits the application when every view has answered
/// (at most `timeoutMs`).
void applyStartupOptions(
    MainWindow& window, ComputeService& service, const StartupOptions& options, int timeoutMs = 60000);

} // namespace pecards::gui
