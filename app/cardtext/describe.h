#pragma once
/// @file describe.h
/// @brief Short human-readable descriptions of parameter parts, shared by the cards' convention
/// lines (convention.h) and the app's view titles ("half-split (GPT-NeoX, HF LLaMA
/// rotate_half)", "slope 2^-3"), in the UI language (the translator installed in the
/// QCoreApplication; the texts keep the translation context of the card that shows them).

#include <QString>
#include <pecards/params.h>
#include <pecards/view.h>

namespace pecards::app {

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
/// @brief The sinusoidal column layout: "interleaved (paper: PE[p,2i] = sin, PE[p,2i+1] = cos)"
/// or "concatenated [sin | cos] (Transformer-XL, tensor2tensor, fairseq)".
QString describeSinusoidalLayout(const pecards::SinusoidalParams& sinusoidal);
/// @brief The sinusoidal frequency rule: "paper wᵢ = b⁻²ⁱᐟᵈ" (Vaswani et al. 2017 §3.5) or the
/// tensor2tensor/fairseq exp(-i ln b/(d/2-1)).
QString describeSinusoidalFrequencies(const pecards::SinusoidalParams& sinusoidal);
/// @brief The shown ALiBi head, counted from 1, and its slope: "head 1 of 8, slope 2^-1".
QString describeAlibiHead(const pecards::CardParams& params);
/// @brief The relative variant with its sizes: "T5 buckets, bidirectional (encoder), 32 buckets,
/// max_distance 128, bucket values from the seed", Shaw's clip and Transformer-XL's term.
QString describeRelativeVariant(const pecards::RelativeParams& relative);
/// @brief The RoPE and ALiBi parts of the hybrid card: "RoPE base 10000, head_dim 64; ALiBi
/// head 1 of 8, slope 2^-1, causal …".
QString describeHybridParts(const pecards::CardParams& params);

} // namespace pecards::app
