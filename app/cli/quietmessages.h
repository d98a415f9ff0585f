#pragma once
/// @file quietmessages.h
/// @brief The Qt message filter of the headless front ends (pecards-cli, the Python module).

namespace pecards::cli {

/// @brief Installs a Qt message handler that drops Qt's notice that XDG_RUNTIME_DIR is unset
/// (usual in containers, CI, cron and notebooks; the platform integration only probes the runtime
/// folder, which PE Cards never uses), so an error stays the one line on stderr that pecards-cli
/// promises. Every other message goes to the handler installed before. Call once.
void installQuietMessageHandler();

} // namespace pecards::cli
