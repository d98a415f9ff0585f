#pragma once
/// @file caption.h
/// @brief The caption line of a figure: every parameter value the view depends on, so the
/// figure can be recomputed from its caption alone.
///
/// Names are the stable ones of params.h / view.h (`head_dim`, `half-split`, `yarn`, ...), the
/// same the CLI flags and workspace files use; numbers are printed in shortest round-trip form.
/// Fields whose value means "unset" (padding_idx = -1, rotary_dim = 0, seq_len = 0, optional
/// rope_scaling keys = 0) are omitted: omitted means the default.

#include "pecards/view.h"

#include <QString>
#include <QStringList>

namespace pecards::app {

/// @brief Separator between caption fields (" · ", U+00B7 with spaces); the renderer wraps there.
QString captionSeparator();

/// @brief Short name of the card as used in captions: "Sinusoidal", "Relative (T5)",
/// "Relative (Shaw)", "Relative (Transformer-XL)", "ALiBi", "RoPE", "RoPE+ALiBi".
QString cardShortName(const CardParams& params);

/// @brief The caption of a view, e.g. "RoPE score · head_dim=128 · base=10000 ·
/// layout=half-split · scaling=none · probe=ones · L=4096 · rows 0–4095 · cols 0–4095 ·
/// 512×512 px, max, 8×8 entries per pixel".
///
/// Lists the card's parameters (only those of the card, and of rope_scaling only the keys
/// its type reads), the probe/content source when the quantity uses one, `causal`, the length
/// L, the window (inclusive first–last entry), the grid size (min(out, window) per axis), the
/// reduction and the entries each grid pixel summarises (window / grid per axis). Does not validate the
/// request.
QString formatCaption(const ViewRequest& request);

/// @brief Every parameter of the card, one "name=value" field each, as the score caption
/// lists them (probe and seed included), then `causal` when set and L: for cover pages.
QStringList cardParameterFields(const CardParams& params);

} // namespace pecards::app
