#pragma once
/// @file params.h
/// @brief Typed, validated parameters of every card (see docs/encodings.md §1-§6).
///
/// One `CardParams` value describes everything a view of a card needs. It is a plain value
/// type: copied freely across threads, compared with `==`.

#include "pecards/matrixfwd.h"
#include "pecards/multimodalparams.h"
#include "pecards/paramtable.h"
#include "pecards/pitfallparams.h"
#include "pecards/trickparams.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pecards {

/// Largest |entry| of an explicit probe q or k: keeps q.k (<= 1024 * 1e6) where a double row
/// softmax still resolves probabilities to ~1e-7 (real projected q/k entries are O(1)-O(100)).
inline constexpr double kMaxProbeEntry = 1e3;
/// Largest |T5 bias| per bucket (trained T5 biases are O(10)).
inline constexpr double kMaxBucketValue = 1e6;

/// @brief Column order of the sinusoidal table (docs/encodings.md §1).
enum class SinusoidalLayout {
    Interleaved, ///< PE[p,2i] = sin, PE[p,2i+1] = cos (the paper, Annotated Transformer)
    Concatenated, ///< PE[p] = [sin(p w_0..), cos(p w_0..)] (Transformer-XL, GPT-J, GPT-NeoX)
};

/// @brief Frequency rule of the sinusoidal table (docs/encodings.md §1).
enum class SinusoidalFrequencies {
    Paper, ///< w_i = b^(-2i/d)
    Tensor2Tensor ///< w_i = exp(-i ln(b)/(d/2-1)) (tensor2tensor, fairseq)
};

/// @brief Which coordinates RoPE pairs (docs/encodings.md §2).
enum class RopeLayout {
    Interleaved, ///< (x[2i], x[2i + 1]): RoFormer, GPT-J, Meta LLaMA
    HalfSplit, ///< (x_i, x_{i+r/2}): GPT-NeoX, HF LLaMA `rotate_half`
};

/// @brief Which dimensions a partial rotary embedding rotates (docs/encodings.md §2).
enum class RopePartial {
    /// The first r = rotary_dim dimensions form the pairs, frequencies b^(-2i/r), dims >= r pass
    /// through (GPT-J `rotary_dim`, GPT-NeoX `rotary_pct`, HF `partial_rotary_factor` of
    /// `_compute_default_rope_parameters`).
    Classic,
    /// Gemma 4 `rope_type: "proportional"` (HF transformers v5 `modeling_rope_utils.py`,
    /// `_compute_proportional_rope_parameters`): the pairs span the whole head (half-split pairs
    /// (i, i + head_dim/2)), frequencies b^(-2i/head_dim) for the first rotary_dim/2 pairs and 0
    /// (no rotation) for the others: only the highest frequencies rotate.
    Proportional,
    /// No pair rotates: theta_i = 0 for every pair (pairs as proportional's), so q and k enter the
    /// score as they are: NoPE layers (Kazemnejad et al. 2023; Llama 4's every 4th layer, SmolLM3).
    /// HF's proportional rule with partial_rotary_factor 0 (`rope_angles` = 0). Scaling none or linear.
    NoPE,
};

/// @brief RoPE context-extension scaling (HF transformers `modeling_rope_utils.py`).
enum class RopeScalingType { None, Linear, Dynamic, Yarn, Llama3, LongRope };

/// @brief Which of the equivalent ALiBi bias forms is shown (docs/encodings.md §3).
enum class AlibiForm {
    Causal, ///< -m (i-j) for j <= i, masked above the diagonal (paper, GPT-NeoX)
    Symmetric, ///< -m |i-j| (encoder variant)
    RowOffsetBloom, ///< +m j (ofirpress, HF BLOOM): causal softmax equal, raw bias not
    RowOffsetFoundry, ///< -m (L-1-j) (llm-foundry)
};

/// @brief Relative-position family shown by the Relative card (docs/encodings.md §4).
enum class RelativeVariant { Shaw, TransformerXL, T5 };

/// @brief Transformer-XL score term (Dai et al. 2019 §3.3): (a)+(b)+(c)+(d) or one of them.
enum class TxlTerm { Total, A, B, C, D };

/// @brief How the fixed probe q/k of positional-only views are chosen (docs/encodings.md §6).
enum class ProbeKind {
    Ones, ///< q = k = (1, ..., 1)
    Random, ///< q, k ~ N(0, I/d) from `seed` (see probe.h)
};

/// @brief Sinusoidal absolute PE parameters (Vaswani et al. 2017 §3.5).
struct SinusoidalParams {
    int d_model = paramDefault<int>(ParamId::SinusoidalDModel); ///< range: paramtable.h
    double base = paramDefault<double>(ParamId::Base); ///< range: paramtable.h
    SinusoidalLayout layout = SinusoidalLayout::Interleaved;
    SinusoidalFrequencies frequencies = SinusoidalFrequencies::Paper;
    /// fairseq: -1 = none; else row padding_idx is zero and tokens start at padding_idx+1
    int padding_idx = paramDefault<int>(ParamId::PaddingIdx);
    /// A learned absolute position table from a checkpoint (GPT-2 `wpe.weight`, BERT
    /// `position_embeddings.weight`; positions x d_model, immutable and shared), shown beside the
    /// sinusoid (learned.h); null = none.
    std::shared_ptr<const Matrix> learned;
    std::string learned_file; ///< file name `learned` was read from (captions, workspaces)
    bool operator==(const SinusoidalParams&) const = default;
};

/// @brief RoPE scaling parameters, HF `rope_scaling` keys.
struct RopeScaling {
    RopeScalingType type = RopeScalingType::None;
    /// Scaling factor s (linear, dynamic, yarn, llama3; longrope's attention factor), finite, in
    /// the range of paramtable.h. Real models use s >= 1; HF loads s < 1 with a warning and
    /// computes with it, and so does PE Cards (the loader warns).
    double factor = paramDefault<double>(ParamId::Factor);
    /// L0 (yarn, llama3, longrope); 0 = use max_position_embeddings
    std::int64_t original_max_position_embeddings
        = paramDefault<std::int64_t>(ParamId::OriginalMaxPositionEmbeddings);
    /// model's max_position_embeddings (dynamic, yarn, longrope); 0 = not given
    std::int64_t max_position_embeddings = paramDefault<std::int64_t>(ParamId::MaxPositionEmbeddings);
    double beta_fast = paramDefault<double>(ParamId::BetaFast); ///< yarn
    double beta_slow = paramDefault<double>(ParamId::BetaSlow); ///< yarn
    bool truncate = true; ///< yarn: floor/ceil the correction range
    double mscale = paramDefault<double>(ParamId::Mscale); ///< yarn DeepSeek form; 0 = unset
    double mscale_all_dim = paramDefault<double>(ParamId::MscaleAllDim); ///< yarn DeepSeek form; 0 = unset
    /// DeepSeek-V2/V3 attention (their modeling code, HF DeepseekV3Attention): the softmax scale
    /// is also multiplied by mscale(factor, mscale_all_dim)^2 when rope_scaling is not default.
    /// Set by the loader for model_type deepseek_v2/deepseek_v3 only; other models do not do this.
    bool deepseek_softmax_mscale = false;
    /// explicit override; 0 = derive from the type's rule
    double attention_factor = paramDefault<double>(ParamId::AttentionFactor);
    double low_freq_factor = paramDefault<double>(ParamId::LowFreqFactor); ///< llama3
    double high_freq_factor = paramDefault<double>(ParamId::HighFreqFactor); ///< llama3
    std::vector<double> short_factor; ///< longrope, rotary_dim/2 entries
    std::vector<double> long_factor; ///< longrope, rotary_dim/2 entries
    bool operator==(const RopeScaling&) const = default;
};

/// @brief RoPE parameters (Su et al. 2021, RoFormer eqs. 13-16).
struct RopeParams {
    int head_dim = paramDefault<int>(ParamId::RopeHeadDim); ///< range: paramtable.h
    double base = paramDefault<double>(ParamId::Base); ///< theta
    int rotary_dim = paramDefault<int>(ParamId::RotaryDim); ///< partial rotary r <= head_dim; 0 = head_dim
    RopeLayout layout = RopeLayout::HalfSplit;
    /// which dims the partial rotary_dim rotates; Proportional allows scaling none or linear only
    RopePartial partial = RopePartial::Classic;
    RopeScaling scaling;
    /// sequence length that selects dynamic/longrope frequencies; 0 = the view's length
    std::int64_t seq_len = paramDefault<std::int64_t>(ParamId::SeqLen);
    bool operator==(const RopeParams&) const = default;
};

/// @brief ALiBi parameters (Press et al. 2022 §3).
struct AlibiParams {
    int heads = paramDefault<int>(ParamId::Heads); ///< H
    int head = paramDefault<int>(ParamId::Head) - 1; ///< head shown, [0, heads-1] (the table counts from 1)
    /// d of q/k in ALiBi-card content views (the hybrid uses rope.head_dim)
    int head_dim = paramDefault<int>(ParamId::AlibiHeadDim);
    /// the 8 in m_h = 2^(-8h/H) (MPT's alibi_bias_max)
    double alibi_bias_max = paramDefault<double>(ParamId::AlibiBiasMax);
    AlibiForm form = AlibiForm::Causal;
    bool operator==(const AlibiParams&) const = default;
};

/// @brief Relative-position parameters (Shaw 2018, Transformer-XL 2019, T5 2020).
struct RelativeParams {
    RelativeVariant variant = RelativeVariant::T5;
    int clip_k = paramDefault<int>(ParamId::ClipK); ///< Shaw k
    int num_buckets = paramDefault<int>(ParamId::NumBuckets); ///< T5
    int max_distance = paramDefault<int>(ParamId::MaxDistance); ///< T5
    bool bidirectional = true; ///< T5 encoder (true) or decoder (false)
    TxlTerm term = TxlTerm::Total; ///< Transformer-XL
    int d_model = paramDefault<int>(ParamId::RelativeDModel); ///< Shaw / Transformer-XL vector size
    std::vector<double> bucket_values; ///< T5 bias per bucket (num_buckets entries); empty = from probe seed
    bool operator==(const RelativeParams&) const = default;
};

/// @brief Fixed probe vectors for positional-only views, and the content-view seed.
struct ProbeParams {
    ProbeKind kind = ProbeKind::Ones;
    std::uint64_t seed = 0;
    std::vector<double> q; ///< explicit query (size = card dimension); overrides kind when non-empty
    std::vector<double> k; ///< explicit key (size = card dimension); overrides kind when non-empty
    /// Content vectors loaded from a .npy file (rows = positions, L x d, immutable and shared);
    /// null = content vectors from `seed`. Content views need rows >= the view's length.
    std::shared_ptr<const Matrix> content_q;
    std::shared_ptr<const Matrix> content_k; ///< as content_q, for keys
    std::string content_q_file; ///< file name content_q was read from (captions, workspaces); "" = none
    std::string content_k_file; ///< as content_q_file, for content_k
    bool operator==(const ProbeParams&) const = default;
};

/// @brief Everything that defines a card's quantities. Hybrid uses `rope` and `alibi`.
struct CardParams {
    Card card = Card::Rope;
    std::int64_t length = paramDefault<std::int64_t>(ParamId::Length); ///< L
    bool causal = false; ///< causal mask on attention (ALiBi's Causal form implies it)
    /// StreamingLLM attention sinks n_sink: keys j < n_sink stay visible outside the sliding
    /// window (pecards::visibility, viewrules.h); at most `length`
    std::int64_t attention_sinks = paramDefault<std::int64_t>(ParamId::AttentionSinks);
    /// sliding window W (HF `sliding_window`): keys with |i - j| < W are visible; 0 = none
    std::int64_t sliding_window = paramDefault<std::int64_t>(ParamId::SlidingWindow);
    /// chunked attention C (HF `attention_chunk_size`, Llama 4): keys of the query's own chunk of
    /// C positions only; 0 = none
    std::int64_t attention_chunk = paramDefault<std::int64_t>(ParamId::AttentionChunk);
    SinusoidalParams sinusoidal;
    RopeParams rope;
    AlibiParams alibi;
    RelativeParams relative;
    MultimodalParams multimodal; ///< the multimodal card's M-RoPE positions (with `rope`)
    ProbeParams probe;
    PitfallParams pitfall; ///< the bug reproduced (pitfall.h); default none
    TrickParams tricks; ///< the advanced-tricks demonstrations (tricks.h)
    bool operator==(const CardParams&) const = default;
};

/// @brief Validates the parameters the given card uses (others are ignored).
/// @throws InvalidParameter naming the first invalid parameter, its value and allowed range.
void validate(const CardParams& params);

/// @brief Validators of the parts, used by `validate` and by callers that hold one part.
/// @throws InvalidParameter
void validate(const SinusoidalParams& params);
void validate(const RopeParams& params);
void validate(const AlibiParams& params);
void validate(const RelativeParams& params);
void validateLength(std::int64_t length);

/// @brief The parameters a card of the GUI starts with: the engine defaults with each table
/// parameter at its card start value (ParamSpec::startValue, paramtable.h).
CardParams startParams(Card card);

/// @brief The value of table parameter `spec` in `params` (ParamSpec units: head counted from 1).
double paramValue(const CardParams& params, const ParamSpec& spec);
/// @brief Sets table parameter `spec` of `params` to `value` (rounded for integer fields).
void setParamValue(CardParams& params, const ParamSpec& spec, double value);

/// @brief The dimension the card's vectors have (d_model, head_dim, or relative d_model).
int cardDimension(const CardParams& params);

/// @brief Stable lowercase names used by CLI flags, file formats and messages
/// ("sinusoidal", "half-split", "yarn", ...), and their inverse (throws InvalidParameter).
std::string toString(Card value);
std::string toString(SinusoidalLayout value);
std::string toString(SinusoidalFrequencies value);
std::string toString(RopeLayout value);
std::string toString(RopePartial value);
std::string toString(RopeScalingType value);
std::string toString(AlibiForm value);
std::string toString(RelativeVariant value);
std::string toString(TxlTerm value);
std::string toString(ProbeKind value);
template <typename Enum> Enum fromString(const std::string& name);

} // namespace pecards
