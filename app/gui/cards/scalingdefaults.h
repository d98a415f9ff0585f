#pragma once
/// @file scalingdefaults.h
/// @brief Valid, typical `rope_scaling` values for a scaling type chosen by hand, so picking
/// "yarn" or "longrope" in the RoPE controls shows pictures at once instead of an error.

#include <pecards/params.h>

namespace pecards::gui {

/// @brief The scaling of `rope` with its type set to `type` and every key that type reads set
/// to a typical value when the current one is unset or invalid for it (values the user set
/// and that are valid are kept):
/// - factor: kept when > 1, else 4 (8 for llama3, Llama 3.1);
/// - original_max_position_embeddings L0: kept when set, else 4096 (8192 for llama3);
/// - max_position_embeddings: kept when set, else factor x L0 (dynamic: L0);
/// - yarn: beta_fast and beta_slow at their defaults (paramtable.h; HF's) when beta_fast < beta_slow;
/// - llama3: low_freq_factor and high_freq_factor at their defaults (paramtable.h; Llama 3.1's)
///   when high <= low;
/// - longrope: short and long factor lists of rotary_dim/2 entries kept when they have that
///   size, else Phi-3.5-mini's lists (resource presets/phi-3.5-mini.json) when rotary_dim is 96,
///   else all 1.0; L0 4096 and max_position_embeddings factor x L0 as in Phi-3.5-mini.
/// Reference for the keys: HF transformers modeling_rope_utils.py `_compute_*_parameters`.
pecards::RopeScaling typicalRopeScaling(const pecards::RopeParams& rope, pecards::RopeScalingType type);

/// @brief The longrope lists of `scaling` resized to `entries` (rotary_dim/2): kept entries stay,
/// new ones are 1.0 (no rescaling of that pair).
void resizeLongRopeFactors(pecards::RopeScaling& scaling, int entries);

} // namespace pecards::gui
