#pragma once
/// @file paramsjson.h
/// @brief `pecards::CardParams` <-> JSON, every field by its params.h name and every enum by
/// its `toString` name, used by workspace files (format "pecards-workspace", version 1).
///
/// Layout: {"card", "length", "causal", "attention_sinks", "sliding_window", "sinusoidal": {...}, "rope":
/// {..., "scaling": {...}}, "alibi": {...}, "relative": {...}, "probe": {...}}. All sections are always
/// written, so a card keeps the settings of its other sections. Seeds above 2^53 are written as decimal
/// strings; content vectors loaded from .npy are embedded as
/// {"rows", "cols", "float64_le_base64"} (row-major little-endian float64), or null.

#include "pecards/params.h"
#include "workspace/jsonreader.h"

#include <QJsonObject>

namespace pecards::app {

/// @brief Every field of `params` as JSON. Does not validate; non-finite numbers cannot be
/// written (callers validate first, see saveWorkspace).
QJsonObject cardParamsToJson(const CardParams& params);

/// @brief Reads every field (all keys required, unknown keys rejected) and validates the
/// result with pecards::validate.
/// @throws WorkspaceFormatError naming the key path: missing key, wrong type, unknown enum
/// name, malformed content matrix, or "<path>: <InvalidParameter message>".
CardParams cardParamsFromJson(JsonReader reader);

} // namespace pecards::app
