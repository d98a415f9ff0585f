#pragma once
/// @file workspacefile.h
/// @brief Workspace files: versioned JSON ({"format": "pecards-workspace", "version": 1, ...}),
/// saved atomically and opened all-or-nothing.
///
/// Document layout (version 1):
///
///     {"format": "pecards-workspace", "version": 1, "app_version": "0.1.0", "active_card": 0,
///      "cards": [{"params": {CardParams, paramsjson.h},
///                 "views": [{"quantity": "score", "reduction": "max", "colormap": "viridis",
///                            "window": {"row_begin": 0, "row_end": 4096, "col_begin": 0, "col_end":
///                            4096}}]}],
///      "compare": [{"left": {CardParams}, "right": {CardParams}, "quantity": "attention",
///                   "reduction": "max", "colormap": "magma"}]}
///
/// A compare pair's "reduction" and "colormap" are optional (files of 0.1.0 have none). Also
/// optional, as the app saves them since the deck model (#27): a view's "color_range" ([low,
/// high], a locked colour range), "logarithmic" (the app's colour scale) and "slot" (the app's
/// view slot, grid order from 0), and a card's "charts" ([{"chart": "polar", "channels": [0, 8],
/// "position": 10, "reach": 0, "slot": 2}], workspace.h CardChart).

#include "workspace/jsonreader.h"
#include "workspace/workspace.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <optional>

namespace pecards::app {

/// @brief The workspace as an indented UTF-8 JSON document.
/// @throws InvalidParameter if a card or compare pair has invalid parameters (validate),
/// a view does not fit its card (validate(ViewRequest)), a colormap name is not [a-z0-9_-]+,
/// or activeCard is out of range: what is saved can always be opened again.
QByteArray workspaceToJson(const Workspace& workspace);

/// @brief The state part of a workspace document ({"active_card", "cards", "compare"}), for
/// documents that embed a deck state (lesson steps, lessonfile.h).
/// @throws InvalidParameter as workspaceToJson (key paths relative to the state object).
QJsonObject workspaceStateToJson(const Workspace& workspace);

/// @brief Reads "cards", "compare" and "active_card" from `reader` and checks them as
/// workspaceFromJson does; the caller reads its other keys and calls finish().
/// @throws WorkspaceFormatError naming the key path.
Workspace workspaceStateFromJson(JsonReader& reader);

/// @brief Parses and checks a whole document; nothing is returned unless all of it is valid.
/// @throws WorkspaceFormatError naming the problem and its key path: not JSON (with the
/// offset), another format, a newer version, a missing / mistyped / unknown key, invalid
/// parameters or views.
Workspace workspaceFromJson(const QByteArray& json);

/// @brief Opens a workspace file.
/// @return the workspace, or nullopt with `error` = "Cannot open workspace <path>: <problem>".
std::optional<Workspace> openWorkspace(const QString& path, QString* error = nullptr);

/// @brief Saves atomically (QSaveFile): the file is replaced only when the whole document was
/// written, so a crash or a full disk leaves the previous file intact.
/// @return true on success; false with `error` = "Cannot save workspace <path>: <reason>".
bool saveWorkspace(const QString& path, const Workspace& workspace, QString* error = nullptr);

} // namespace pecards::app
