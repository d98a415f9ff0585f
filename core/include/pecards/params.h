#pragma once
/// @file params.h
/// @brief Typed, validated parameters of every card (see docs/encodings.md §1-§6).
///
/// One `CardParams` value describes everything a view of a card needs. It is a plain value
/// type: copied freely across threads, compared with `==`.

#include "pecards/pitfallparams.h"
#include "pecards/trickparams.h"

#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pecards {

inline constexpr std::int64_t kMaxLength = std::int64_t {1} << 20; ///< largest L (positions)
inline constexpr int kMaxDim = 1024; ///< largest d_model / head_dim
inline constexpr int kMaxHeads = 128; ///< largest H
/// Largest |entry| of an explicit probe q or k: keeps q.k (<= 1024 * 1e6) where a double row
/// softmax still resolves probabilities to ~1e-7 (real projected q/k entries are O(1)-O(100)).
inline constexpr double kMaxProbeEntry = 1e3;
/// Largest |T5 bias| per bucket (trained T5 biases are O(10)).
inline constexpr double kMaxBucketValue = 1e6;
/// Largest RoPE scaling factor (real models use up to 64; 1e4 keeps dynamic NTK's base finite).
inline constexpr double kMaxScalingFactor = 1e4;

/// @brief The cards of the deck.
enum class Card { Sinusoidal, Relative, Alibi, Rope, Hybrid };

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
    Interleaved, ///< (x_2i, x_2i+1): RoFormer, GPT-J, Meta LLaMA
    HalfSplit, ///< (x_i, x_{i+r/2}): GPT-NeoX, HF LLaMA `rotate_half`
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
    int d_model = 128; ///< even, [2, 1024]
    double base = 10000.0; ///< finite, > 1
    SinusoidalLayout layout = SinusoidalLayout::Interleaved;
    SinusoidalFrequencies frequencies = SinusoidalFrequencies::Paper;
    int padding_idx
        = -1; ///< fairseq: -1 = none; else row padding_idx is zero and tokens start at padding_idx+1
    /// A learned absolute position table from a checkpoint (GPT-2 `wpe.weight`, BERT
    /// `position_embeddings.weight`; positions x d_model, immutable and shared), shown beside the
    /// sinusoid (learned.h); null = none.
    std::shared_ptr<const Eigen::MatrixXd> learned;
    std::string learned_file; ///< file name `learned` was read from (captions, workspaces)
    bool operator==(const SinusoidalParams&) const = default;
};

/// @brief RoPE scaling parameters, HF `rope_scaling` keys.
struct RopeScaling {
    RopeScalingType type = RopeScalingType::None;
    /// Scaling factor s (linear, dynamic, yarn, llama3; longrope's attention factor), finite, in
    /// [1/kMaxScalingFactor, kMaxScalingFactor] = [1e-4, 1e4]. Real models use s >= 1; HF loads
    /// s < 1 with a warning and computes with it, and so does PE Cards (the loader warns).
    double factor = 1.0;
    std::int64_t original_max_position_embeddings
        = 0; ///< L0 (yarn, llama3, longrope); 0 = use max_position_embeddings
    std::int64_t max_position_embeddings = 0; ///< model's max_position_embeddings (dynamic, yarn, longrope)
    double beta_fast = 32.0; ///< yarn
    double beta_slow = 1.0; ///< yarn
    bool truncate = true; ///< yarn: floor/ceil the correction range
    double mscale = 0.0; ///< yarn DeepSeek form; 0 = unset
    double mscale_all_dim = 0.0; ///< yarn DeepSeek form; 0 = unset
    /// DeepSeek-V2/V3 attention (their modeling code, HF DeepseekV3Attention): the softmax scale
    /// is also multiplied by mscale(factor, mscale_all_dim)^2 when rope_scaling is not default.
    /// Set by the loader for model_type deepseek_v2/deepseek_v3 only; other models do not do this.
    bool deepseek_softmax_mscale = false;
    double attention_factor = 0.0; ///< explicit override; 0 = derive from the type's rule
    double low_freq_factor = 1.0; ///< llama3
    double high_freq_factor = 4.0; ///< llama3
    std::vector<double> short_factor; ///< longrope, rotary_dim/2 entries
    std::vector<double> long_factor; ///< longrope, rotary_dim/2 entries
    bool operator==(const RopeScaling&) const = default;
};

/// @brief RoPE parameters (Su et al. 2021, RoFormer eqs. 13-16).
struct RopeParams {
    int head_dim = 128; ///< even, [2, 1024]
    double base = 10000.0; ///< theta, finite, > 1
    int rotary_dim = 0; ///< partial rotary r: even, [2, head_dim]; 0 = head_dim
    RopeLayout layout = RopeLayout::HalfSplit;
    RopeScaling scaling;
    std::int64_t seq_len
        = 0; ///< sequence length that selects dynamic/longrope frequencies; 0 = the view's length
    bool operator==(const RopeParams&) const = default;
};

/// @brief ALiBi parameters (Press et al. 2022 §3).
struct AlibiParams {
    int heads = 8; ///< H in [1, 128]
    int head = 0; ///< head shown, [0, heads-1]
    int head_dim
        = 64; ///< d of q/k in ALiBi-card content views (the hybrid uses rope.head_dim), even, [2, 1024]
    double alibi_bias_max = 8.; ///< the 8 in m_h = 2^(-8h/H) (MPT's alibi_bias_max), finite, > 0
    AlibiForm form = AlibiForm::Causal;
    bool operator==(const AlibiParams&) const = default;
};

/// @brief Relative-position parameters (Shaw 2018, Transformer-XL 2019, T5 2020).
struct RelativeParams {
    RelativeVariant variant = RelativeVariant::T5;
    int clip_k = 16; ///< Shaw k, [0, 2^20]
    int num_buckets = 32; ///< T5, [2, 1024]
    int max_distance = 128; ///< T5, [1, 2^20]
    bool bidirectional = true; ///< T5 encoder (true) or decoder (false)
    TxlTerm term = TxlTerm::Total; ///< Transformer-XL
    int d_model = 64; ///< Shaw / Transformer-XL vector size, even, [2, 1024]
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
    std::shared_ptr<const Eigen::MatrixXd> content_q;
    std::shared_ptr<const Eigen::MatrixXd> content_k; ///< as content_q, for keys
    std::string content_q_file; ///< file name content_q was read from (captions, workspaces); "" = none
    std::string content_k_file; ///< as content_q_file, for content_k
    bool operator==(const ProbeParams&) const = default;
};

/// @brief Everything that defines a card's quantities. Hybrid uses `rope` and `alibi`.
struct CardParams {
    Card card = Card::Rope;
    std::int64_t length = 4096; ///< L, [1, 2^20]
    bool causal = false; ///< causal mask on attention (ALiBi's Causal form implies it)
    SinusoidalParams sinusoidal;
    RopeParams rope;
    AlibiParams alibi;
    RelativeParams relative;
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

/// @brief The dimension the card's vectors have (d_model, head_dim, or relative d_model).
int cardDimension(const CardParams& params);

/// @brief Stable lowercase names used by CLI flags, file formats and messages
/// ("sinusoidal", "half-split", "yarn", ...), and their inverse (throws InvalidParameter).
std::string toString(Card value);
std::string toString(SinusoidalLayout value);
std::string toString(SinusoidalFrequencies value);
std::string toString(RopeLayout value);
std::string toString(RopeScalingType value);
std::string toString(AlibiForm value);
std::string toString(RelativeVariant value);
std::string toString(TxlTerm value);
std::string toString(ProbeKind value);
template <typename Enum> Enum fromString(const std::string& name);

} // namespace pecards
