#pragma once
/// @file trickcontrols.h
/// @brief Controls of the article's tricks (pecards/tricks.h, TrickParams): the domain-aware bias
/// and the gate alpha(p) on the sinusoidal card, the PE distillation's training and evaluation
/// lengths on the sinusoidal and RoPE cards. Their charts are views of those cards.

namespace pecards::gui {

class ParameterForm;

/// @brief Edge positions n, bias scale; gate curve, alpha, alpha_end, sigmoid centre and width,
/// query row (the gated charts). The numbers are descriptor-table controls (addParameter).
void addDomainAndGateControls(ParameterForm& form);
/// @brief Distillation: training length, evaluation length, hidden units, epochs (table controls).
void addDistillationControls(ParameterForm& form);

} // namespace pecards::gui
