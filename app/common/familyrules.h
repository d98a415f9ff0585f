#pragma once
/// @file familyrules.h
/// @brief What transformers' code for a model family fixes that its config.json does not say:
/// which families use which positional encoding, pair layout, fixed base and M-RoPE sections.
/// Keyed by the family's model_type (configparser.cpp's familyOf); each list cites its source in
/// familyrules.cpp.

#include <QString>
#include <vector>

namespace pecards::app {

/// @brief A RoPE family whose configs may carry no rotary key at all (LLaMA 1).
bool isRopeFamily(const QString& family);
/// @brief T5 and its descendants (bucketed relative bias).
bool isT5Family(const QString& family);
/// @brief Transformer-XL.
bool isTransformerXlFamily(const QString& family);
/// @brief A family whose positions are a learned absolute table (weights in the checkpoint).
bool isLearnedFamily(const QString& family);
/// @brief A family PE Cards has rules for (every list here, BLOOM and MPT); another model_type is
/// read with the generic rules of its keys, and the config's warnings say so.
bool isKnownFamily(const QString& family);
/// @brief DeepSeek-V3's classes (and Kimi K2's, read by them) choose the pair layout with
/// `rope_interleave` (default true: adjacent pairs; false: half-split), v4.57
/// `modeling_deepseek_v3.py` `DeepseekV3Attention.forward`.
bool readsRopeInterleave(const QString& family);
/// @brief The reference code rotates adjacent pairs (x[2i], x[2i + 1]): GPT-J, DeepSeek, GLM, ...
bool rotatesAdjacentPairs(const QString& family);
/// @brief The reference code fixes the RoPE base at 10000 (no config key): GPT-J, CodeGen.
bool fixesBaseAt10000(const QString& family);
/// @brief Qwen3-VL: its text rotary always interleaves the M-RoPE sections.
bool alwaysInterleavesMrope(const QString& family);
/// @brief The M-RoPE sections the family's rotary uses when its config names none: Qwen3-VL
/// [24, 20, 20], GLM-4.5V [8, 12, 12]; empty for the others.
std::vector<int> defaultMropeSection(const QString& family);

} // namespace pecards::app
