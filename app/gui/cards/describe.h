#pragma once
/// @file describe.h
/// @brief Short human-readable descriptions of parameter parts, shared by the cards' convention
/// lines and view titles ("half-split (GPT-NeoX, HF LLaMA rotate_half)", "slope 2^-3").

#include <QString>
#include <pecards/params.h>
#include <pecards/view.h>

namespace pecards::gui {

/// @brief Where the content views' q_i, k_j come from: "seed 7" (contentVector), or "q, k from
/// q.npy, k.npy" after File > Open Q/K vectors (#32, the engineer's review C3: titles said "seed 0").
QString describeContent(const pecards::CardParams& params);
/// @brief "half-split (GPT-NeoX, HF LLaMA rotate_half)" / "interleaved (RoFormer, GPT-J)".
QString describeRopeLayout(pecards::RopeLayout layout);
/// @brief "none" / "yarn, factor 4, L0 = 4096" ...
QString describeRopeScaling(const pecards::RopeScaling& scaling);
/// @brief What the scaling derives at the card's sequence length (pecards::ropeScaling at
/// pecards::effectiveSeqLen): dynamic NTK's effective base, YaRN's correction range, the
/// attention factor and total logit multiplier (yarn, longrope), the longrope list in use, Llama 3's
/// wavelength bands. Empty for none/linear and for invalid parameters (the views say why).
QString describeScalingDerived(const pecards::CardParams& params);
/// @brief The ALiBi slope rule for H heads, true for every H: "2^(-8h/H)" for a power of two,
/// else the interleaving with P = 2^floor(log2 H), and the steepest head counted from 1
/// ("steepest: head 9, 2^-0.5" for 12 heads).
QString describeSlopeRule(const pecards::AlibiParams& alibi);
/// @brief What the sequence length picks (HF v5 `dynamic_rope_update` rules, via
/// pecards::effectiveSeqLen): ", effective base 2.1e+04 at seq_len 8192" (dynamic NTK),
/// ", long factors (seq_len 131072 > L0 4096)" (longrope); "" for other scalings or invalid
/// parameters.
QString describeRopeChoice(const pecards::CardParams& params);
/// @brief "causal -m(i-j) (paper, GPT-NeoX)" ...
QString describeAlibiForm(pecards::AlibiForm form);
/// @brief The slope of the shown head, "2^-3" for powers of two, else 4 significant digits;
/// "?" when the ALiBi parameters are invalid.
QString describeSlope(const pecards::AlibiParams& alibi);
/// @brief "q = k = (1, …, 1)" or "q, k random (seed 0)".
QString describeProbe(const pecards::ProbeParams& probe);
/// @brief "causal" / "bidirectional".
QString describeMask(bool causal);
/// @brief describeMask(params.causal), then the sliding window and the attention sinks when a
/// window is set: "causal, window 48, 4 sinks".
QString describeMask(const pecards::CardParams& params);

} // namespace pecards::gui
