#pragma once
/// @file application.h
/// @brief Entry point of the desktop app (main.cpp only calls this).

namespace pecards::gui {

/// @brief Creates the application, the compute service and the window; runs the event loop.
int runPecards(int argc, char* argv[]);

} // namespace pecards::gui
