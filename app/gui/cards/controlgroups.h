#pragma once
/// @file controlgroups.h
/// @brief The groups of parameter controls the cards share (sequence, RoPE, ALiBi, probe),
/// so RoPE and the hybrid, or ALiBi and the hybrid, bind the same fields the same way.

namespace pecards::gui {

class ParameterForm;

/// @brief Max length L (logarithmic over the table's typical range, paramtable.h) and, with `withCausal`, the
/// mask: the causal toggle, the sliding window W and the attention sinks (pecards::visibility).
void addSequenceControls(ParameterForm& form, bool withCausal);
/// @brief head_dim, base (logarithmic, 10 to 10^7), rotary_dim, layout; with `withScaling`
/// the scaling type, factor, original max positions and the type-specific keys.
void addRopeControls(ParameterForm& form, bool withScaling);
/// @brief heads, head shown, alibi_bias_max, form; `withHeadDim` adds the content-view head_dim.
void addAlibiControls(ParameterForm& form, bool withHeadDim);
/// @brief Probe q/k (ones or random) and the seed of random probe and content vectors.
void addProbeControls(ParameterForm& form);

} // namespace pecards::gui
