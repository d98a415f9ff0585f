#pragma once
/// @file modelconfig.h
/// @brief Card parameters read from a Hugging Face `config.json` (LLaMA, Mistral, Qwen, Phi-3,
/// DeepSeek, GPT-J, GPT-NeoX, BLOOM, MPT, Falcon, T5, ...).

#include "pecards/params.h"

#include <QByteArray>
#include <QString>
#include <cstdint>
#include <vector>

namespace pecards::app {

/// @brief What a model's attention uses, in card parameters.
///
/// Keys read (aliases in reading order):
/// - heads: `num_attention_heads`, `n_head`, `n_heads`, `num_heads`;
/// - head dimension: T5 `d_kv`, else `head_dim`, else `hidden_size` | `n_embd` | `d_model` / heads;
/// - rotary part: DeepSeek `qk_rope_head_dim`, GPT-J `rotary_dim`, `partial_rotary_factor`,
///   GPT-NeoX `rotary_pct` (both truncated as HF `int(head_dim * f)`);
/// - base: `rope_theta` | `rope_parameters.rope_theta` | `rotary_emb_base` | MPT `attn_config.rope_theta`,
///   default 10000; GPT-J and CodeGen always use 10000;
/// - scaling: `rope_scaling` or (transformers v5) `rope_parameters`, type from `rope_type` or the
///   legacy `type` (see ropescalingconfig.h);
/// - layout: interleaved pairs for GPT-J, CodeGen, DeepSeek-V2/V3 and Cohere (their reference code
///   rotates adjacent pairs), half-split (`rotate_half`) otherwise;
/// - ALiBi: BLOOM (always), MPT `attn_config.alibi` (+ `alibi_bias_max`, default 8), Falcon `alibi`;
/// - T5: `relative_attention_num_buckets` (default 32), `relative_attention_max_distance` (default 128);
/// - `max_position_embeddings` | `n_positions` | `max_seq_len` | `seq_length`.
struct ModelConfig {
    QString name; ///< `_name_or_path`, else `model_type`, else the file's base name
    QString modelType; ///< HF `model_type`, e.g. "llama"
    QString filePath; ///< the file read ("" when parsed from memory)
    bool usesRope = false; ///< rotary position embedding (RoPE card)
    bool usesAlibi = false; ///< linear biases (ALiBi card)
    bool usesT5 = false; ///< T5 relative buckets (Relative card, variant T5)
    QString ropeType; ///< scaling type as the config names it: "default", "linear", "yarn", ...
    int heads = 0; ///< attention heads H
    int headDim = 0; ///< size of one head's q/k (T5: d_kv)
    std::int64_t maxPositionEmbeddings = 0; ///< positions the model was built for; 0 = not given
    pecards::RopeParams rope; ///< valid when usesRope
    pecards::AlibiParams alibi; ///< valid when usesAlibi (head 0)
    pecards::RelativeParams relative; ///< valid when usesT5 (encoder: bidirectional)

    /// @brief The cards this model's attention uses, in deck order (RoPE, ALiBi, Relative).
    std::vector<pecards::Card> cards() const;
    /// @brief Copies the parts the model defines (rope, alibi, relative) into `params`; card,
    /// length, causal mask and probe are left as they are.
    void applyTo(pecards::CardParams& params) const;
};

/// @brief Reads and checks a Hugging Face `config.json`.
/// @throws ConfigError naming the file and the key: unreadable file, invalid JSON, not an HF
///         config (e.g. the `*.extracted.json` files that carry `_extracted_from` / `_format`),
///         unknown scaling type, missing or non-numeric field, or a value that `pecards::validate`
///         rejects (the message then carries the InvalidParameter text).
ModelConfig readModelConfig(const QString& path);

/// @brief As readModelConfig, for JSON text already in memory; `fileName` is used in messages.
ModelConfig parseModelConfig(const QByteArray& json, const QString& fileName);

} // namespace pecards::app
