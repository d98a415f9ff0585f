#pragma once
/// @file modelconfig.h
/// @brief Card parameters and per-layer positional structure read from a Hugging Face
/// `config.json` (LLaMA 1-4, Mistral, Qwen 2/2.5/3 and -VL, Gemma 2/3, Phi-3, DeepSeek-V2/V3,
/// GLM/ChatGLM, GPT-J, GPT-NeoX, BLOOM, MPT, Falcon, T5, Transformer-XL, ...).

#include "common/multimodalconfig.h"
#include "common/visiontowerconfig.h"
#include "pecards/modelpositions.h"
#include "pecards/params.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <utility>
#include <vector>

namespace pecards::app {

/// @brief Transformer-XL values (HF `TransfoXLConfig`, v4.35, the last release with the model).
struct TransformerXlConfig {
    int dModel = 0; ///< `d_model`: size of the relative sinusoid R
    int nHead = 0; ///< `n_head`
    int dHead = 0; ///< `d_head`
    std::int64_t memLen = 0; ///< `mem_len`: cached positions
    std::int64_t tgtLen = 0; ///< `tgt_len`: segment length
    std::int64_t clampLen = 0; ///< `clamp_len`: distances beyond it use R_clamp_len (<= 0: none)
    std::int64_t klen() const { return tgtLen + memLen; } ///< keys seen by one query segment
};

/// @brief The shapes of a model's query and key projections, as its modeling code splits them (what
/// reading a checkpoint's attention weights needs, checkpointusage.h). 0 = not in the config.
struct ProjectionShape {
    int kvHeads = 0; ///< `num_key_value_heads` | `num_kv_heads`, 1 for Falcon `multi_query`, else the heads
    int hidden = 0; ///< `hidden_size` | `n_embd` | `d_model`: the projections' input size
    /// DeepSeek MLA (HF DeepseekV3Attention): queries from `q_b_proj` (`q_lora_rank` > 0) or `q_proj`,
    /// each head [qk_nope_head_dim | qk_rope_head_dim]; the shared rotary key is the last
    /// qk_rope_head_dim rows of `kv_a_proj_with_mqa`, after its kv_lora_rank rows.
    int qLoraRank = 0;
    int kvLoraRank = 0;
    int qkNopeHeadDim = 0;
    int qkRopeHeadDim = 0;
    bool mla() const { return qkRopeHeadDim > 0 && kvLoraRank > 0; }
};

/// @brief What a model's attention uses, in card parameters, layer by layer.
///
/// Reading rules (Hugging Face transformers v5 unless said otherwise):
/// - the language model's keys are read from `text_config`, `llm_config` or `language_config`
///   when the file nests them (multimodal and v5 re-saves), else from the top level;
/// - heads: `num_attention_heads`, `n_head`, `n_heads`, `num_heads`;
/// - head dimension: T5 `d_kv`; DeepSeek `qk_nope_head_dim + qk_rope_head_dim` (HF `qk_head_dim`);
///   ChatGLM `kv_channels`; else `head_dim`; else hidden (`hidden_size` | `n_embd` | `d_model`) / heads;
/// - rotary part: DeepSeek `qk_rope_head_dim`, GPT-J `rotary_dim`, `partial_rotary_factor` (top
///   level wins over the RoPE block's, v5 standardization), GPT-NeoX `rotary_pct`, each truncated as
///   HF `int(head_dim * f)`; GLM default 0.5 (v4.46 `GlmConfig`); ChatGLM half of `kv_channels`
///   (THUDM modeling_chatglm.py `rotary_dim // 2`);
/// - base: the block's `rope_theta`, else `rope_theta` | `rotary_emb_base` | MPT
///   `attn_config.rope_theta`, else 10000 (`default_theta`); GPT-J/CodeGen 10000; ChatGLM
///   10000 x `rope_ratio`; Gemma 2/3 sliding layers `rope_local_base_freq` without scaling;
/// - scaling: `rope_scaling` (wins, as in v5 `convert_rope_params_to_dict`) or `rope_parameters`,
///   either one dict or one dict per layer type (keys = the `layer_types` values); see
///   ropescalingconfig.h; layers: see layertypes.h;
/// - layout: interleaved pairs for GPT-J, CodeGen, DeepSeek-V2/V3, Cohere 1/2, GLM/ChatGLM and
///   Llama 4 (their reference code rotates adjacent pairs), half-split (`rotate_half`) otherwise;
/// - ALiBi: BLOOM (always), MPT `attn_config.alibi` (+ `alibi_bias_max`, default 8), Falcon `alibi`;
/// - T5: `relative_attention_num_buckets` (32), `relative_attention_max_distance` (128);
/// - Transformer-XL: `d_model`, `n_head`, `d_head`, `mem_len`, `tgt_len`, `clamp_len`;
/// - `max_position_embeddings` | `n_positions` | `max_seq_len` | `seq_length`. Values above 2^24
///   are kept as given (scaling formulas use them); a warning says that views stop at 2^24.
struct ModelConfig {
    QString name; ///< `_name_or_path`, else the file's base name
    QString modelType; ///< HF `model_type` of the language model, e.g. "gemma3_text"
    QString filePath; ///< the file read ("" when parsed from memory)
    QString textConfigKey; ///< "text_config", "llm_config", "language_config" or "" (flat)
    bool usesRope = false; ///< rotary position embedding (RoPE card)
    bool usesAlibi = false; ///< linear biases (ALiBi card)
    bool usesT5 = false; ///< T5 relative buckets (Relative card, variant T5)
    bool usesTransformerXl = false; ///< Transformer-XL relative terms (Relative card)
    QString ropeType; ///< scaling type of the primary RoPE group after aliases: "default", "yarn", ...
    int heads = 0; ///< attention heads H
    int headDim = 0; ///< size of one head's q/k (T5: d_kv)
    ProjectionShape projection; ///< key heads, hidden size and MLA ranks (RoPE models)
    std::int64_t maxPositionEmbeddings = 0; ///< positions the model was built for; 0 = not given
    pecards::RopeParams rope; ///< the primary RoPE group's parameters (full-attention layers)
    pecards::AlibiParams alibi; ///< valid when usesAlibi (head 0)
    pecards::RelativeParams relative; ///< valid when usesT5 or usesTransformerXl
    TransformerXlConfig transformerXl; ///< valid when usesTransformerXl
    pecards::ModelPositions positions; ///< every layer with its treatment
    MultimodalConfig multimodal; ///< M-RoPE position-id rules of a vision-language model (none: text only)
    std::optional<VisionTowerConfig> visionTower; ///< the vision tower's 2-D RoPE (Pixtral, Gemma 4)
    int primaryGroup = 0; ///< index into positions.groups of the group `rope`/`alibi`/`relative` came from
    QStringList warnings; ///< where HF warns while loading this config, the same facts in words
    QStringList notes; ///< facts about the model's attention that no card parameter carries
    /// Where each value PE Cards uses came from, as (value, source) pairs in a stable order:
    /// "config: <key path>", "class default: <class> (<version>)", or "not in the file: <rule>".
    QList<std::pair<QString, QString>> sources;

    /// @brief The cards this model's attention uses: RoPE (and multimodal for an M-RoPE model), ALiBi,
    /// Relative.
    std::vector<pecards::Card> cards() const;
    /// @brief Copies the parts the model defines (rope, alibi, relative, and the primary group's
    /// `sliding_window` and `attention_chunk`, 0 when it has none) into `params`; card, length,
    /// causal mask, attention sinks and probe are left as they are.
    void applyTo(pecards::CardParams& params) const;
    /// @brief The one rule the app and `pecards-cli --config` open the model by (#32): applyTo(params),
    /// then the length L = positionsShown() when the config gives a length (the context it extends to,
    /// at most kMaxLength). The RoPE sequence length is left as it is: 0, the view's L, with or
    /// without a config (dynamic NTK and LongRoPE then scale for L, as Hugging Face does for an input
    /// of L tokens). The multimodal card takes the model's RoPE, its primary group's mrope_section
    /// and layout, and its family's vision rules (mropeGroup), and keeps its segments (L = their
    /// token count); a model without M-RoPE sections leaves that card's text part as it is. A
    /// vision tower's 2-D RoPE goes to the card's tower view.
    void openOn(pecards::CardParams& params) const;
    /// @brief The primary layer group when it has three M-RoPE sections (a vision-language model);
    /// nullptr otherwise. cards() lists the multimodal card then, or when the model has a vision tower.
    const pecards::LayerGroup* mropeGroup() const;
    /// @brief The longest context the config describes: max_position_embeddings, or L0 x factor
    /// for a scaling that extends L0 when that is larger; 0 = not given.
    std::int64_t extendedContext() const;
    /// @brief The positions PE Cards shows of the model: extendedContext() capped at kMaxLength
    /// (2^24, the longest view); 0 when the config gives no length.
    std::int64_t positionsShown() const;
};

/// @brief Reads and checks a Hugging Face `config.json`.
/// @throws ConfigError naming the file and the key: unreadable file, invalid JSON, not an HF
///         config (e.g. the `*.extracted.json` files that carry `_extracted_from` / `_format`),
///         a family with no positional encoding in its config (learned absolute tables live in
///         the checkpoint), unknown scaling type, missing or non-numeric field, or a value that
///         `pecards::validate` rejects (the message then carries the InvalidParameter text).
ModelConfig readModelConfig(const QString& path);

/// @brief As readModelConfig, for JSON text already in memory; `fileName` is used in messages.
ModelConfig parseModelConfig(const QByteArray& json, const QString& fileName);

} // namespace pecards::app
