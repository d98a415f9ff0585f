#pragma once
/// @file encodingchoice.h
/// @brief Choosing an encoding: every family of the deck compared on one target model (length L,
/// head_dim, heads, layers, dtype) by learned parameters, position tensors built at L, extra work
/// per token, what happens beyond the training length L0, and how it works with a KV cache. Every
/// number is computed from the target (the formulas: docs/encodings.md §1-§5); the sources of each
/// statement are given on the fields below.

#include "pecards/params.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pecards {

/// @brief The encoding families compared (docs/encodings.md §1-§5).
enum class EncodingFamily {
    Sinusoidal, ///< Vaswani et al. 2017 §3.5: fixed sinusoid added to the input embeddings
    Learned, ///< learned absolute table added to the input embeddings (GPT-2 `wpe`, BERT)
    Shaw, ///< Shaw et al. 2018 §3: learned a^K, a^V for clipped offsets clip(j - i, -k, k)
    T5, ///< Raffel et al. 2020 §2.1: one learned scalar per bucket and head, added to the logits
    TransformerXL, ///< Dai et al. 2019 §3.3: terms (b), (d) with W_R R_{i-j}, learned u, v
    Alibi, ///< Press et al. 2022 §3: fixed bias -m_h (i - j) added to the logits
    Rope, ///< Su et al. 2021 (RoFormer) eqs. 13-16: q and k rotated by their positions
    RopeAlibi, ///< RoPE on q, k and the ALiBi bias on the logits (docs/encodings.md §5)
    /// RoPE with position interpolation at s = L/L0 (Chen et al. 2023: theta_i / s; HF `linear`)
    RopePi,
    /// RoPE with YaRN at s = L/L0 (Peng et al. 2023 §3.2-3.4; HF `_compute_yarn_parameters`)
    RopeYarn,
    /// RoPE with Llama 3.1's rule at s = L/L0 (HF `_compute_llama3_parameters`, low/high 1/4)
    RopeLlama3,
    /// p-RoPE (Barbero et al. 2024): the p = 1/4 highest frequencies of head_dim rotate, the rest
    /// pass unrotated (HF v5 `_compute_proportional_rope_parameters`, Gemma 4's full layers)
    PartialRope,
    /// RoPE layers with every fourth layer NoPE and a query temperature there (HF
    /// `modeling_llama4.py`: `no_rope_layers`, `attn_temperature_tuning`; SmolLM3 the same pattern)
    RopeNope,
    /// No positional encoding at all: a causal decoder learns position from the mask (Haviv et al.
    /// 2022; Kazemnejad et al. 2023)
    NoPE,
};

/// @brief Every family, in the order of the comparison table.
const std::vector<EncodingFamily>& encodingFamilies();

/// @brief What a position beyond the training length L0 meets.
enum class Extrapolation {
    UnseenAngles, ///< pairs of wavelength > L0 reach angles never seen in training (RoPE, TXL's R)
    NoRows, ///< the learned table has no row for positions >= L0 (GPT-2 fails with an index error)
    ClippedOffsets, ///< offsets beyond k share the last index (Shaw §3.2): only indices <= k exist
    SharedLastBucket, ///< distances beyond max_distance share the last bucket (T5, docs §4)
    LinearBias, ///< the bias -m (i - j) is defined at every distance; nothing learned is unseen
    /// An absolute code: every position >= L0 is a vector never seen in training, even where each
    /// pair's angle was (Press et al. 2022 Fig. 1: the sinusoid fails right after L0).
    NewPositions,
    /// RoPE rescaled to L (PI, YaRN, llama3 at s = L/L0): the slow pairs' angles at L stay within a
    /// fraction of a position of those trained; a fine-tune at L (which each needs) sees them all.
    Rescaled,
    /// Nothing positional (NoPE): position is implicit in the causal mask; past L0 the attention of
    /// a query spreads over more keys than training showed (Wang et al. 2024, "Length
    /// Generalization of Causal Transformers without Position Encoding").
    ImplicitPosition,
};

/// @brief How the encoding meets a KV cache (keys cached at their positions, one new query).
enum class KvCache {
    AddedBeforeProjection, ///< PE added to x before W_k: a cached key never changes
    ScoreTimeLookup, ///< keys plain; q . a^K_{clip(j-i)} and the a^V sum computed when scoring
    ScoreTimeBias, ///< keys plain; a bias by distance added to the scores when scoring
    RelativeShift, ///< memory of hidden states; terms (b), (d) recomputed per segment, _rel_shift
    RotatedOnWrite, ///< each key rotated once by its absolute position when written
    RotatedOnWriteAndBias, ///< keys rotated once when written, the ALiBi bias added when scoring
    Plain, ///< nothing positional: plain keys, plain scores (NoPE)
};

/// @brief The target model the encodings are compared for. d_model = heads x head_dim; every
/// head has its own keys (multi-head attention; grouped-query attention caches fewer keys, the
/// per-query work below is unchanged but for RoPE, which rotates one key per key head).
struct EncodingTarget {
    std::int64_t length = 8192; ///< L, positions of the sequence, [1, 2^24]
    std::int64_t training_length = 4096; ///< L0, positions seen in training, [2, 2^24]
    int head_dim = 128; ///< d_head, even, [2, 1024]
    int heads = 32; ///< H, [1, 128]
    int layers = 32; ///< transformer layers (of one stack), [1, 1024]
    int dtype_bytes = 2; ///< bytes per stored value (2: bf16/fp16, 4: fp32), [1, 8]
    double base = 10000.0; ///< sinusoid and RoPE base, finite, (1, 1e12]
    int clip_k = 16; ///< Shaw's clipping distance k (the relative card's default 16), [0, 2^24]
    int num_buckets = 32; ///< T5 buckets (HF default 32), [2, 1024]
    int max_distance = 128; ///< T5 max_distance (HF default 128), (num_buckets/2, 2^24]
};

/// @brief One family on the target. Counts are exact integers (no rounding).
struct EncodingChoice {
    EncodingFamily family = EncodingFamily::Sinusoidal;
    /// Learned position parameters of the whole model (count):
    /// learned: L0 x d_model (one row per trained position, GPT-2 `wpe`; positions >= L0 have none);
    /// Shaw: layers x 2 (2k + 1) d_head (a^K and a^V per layer, shared by the heads: tensor2tensor
    /// `dot_product_attention_relative`, Shaw §3.3); T5: num_buckets x H, once per stack (T5 §2.1
    /// "we share the position embedding parameters across all layers"; HF `T5Stack` gives
    /// `relative_attention_bias` to layer 0 only); Transformer-XL: layers x (d_model x H d_head +
    /// 2 H d_head) (`r_net` W_R and `r_w_bias` u, `r_r_bias` v per layer, untie_r = true as in the
    /// released models); sinusoidal, ALiBi, RoPE: 0 (fixed functions).
    std::int64_t parameters = 0;
    std::int64_t parameter_bytes = 0; ///< parameters x dtype_bytes
    /// Position tensors the reference implementation builds for one sequence of L positions
    /// (batch 1, one layer at a time, not counting the attention scores), in bytes at dtype_bytes:
    /// sinusoidal and learned: the L x d_model rows added to the inputs (fairseq's cached sinusoid;
    /// GPT-2 `wpe(position_ids)`); Shaw: the L x L x d_head gathered a^K and a^V of a layer
    /// (tensor2tensor `_generate_relative_positions_embeddings`; Shaw §3.3: O(n^2 d_a));
    /// T5: the H x L x L `position_bias` (HF `compute_bias`, built once and passed to every
    /// layer); Transformer-XL: R (L x d_model), W_R R (L x H d_head) and the (b)+(d) scores
    /// (L x L x H) of a layer (`RelPartialLearnableMultiHeadAttn`); ALiBi: H x L (HF BLOOM
    /// `build_alibi_tensor`, broadcast over query rows); RoPE: cos and sin, L x head_dim each
    /// (HF `LlamaRotaryEmbedding`; the scaled rows, p-RoPE (zero frequencies padded, HF v5) and
    /// RoPE + NoPE the same); RoPE+ALiBi: both; NoPE: nothing.
    std::int64_t extra_memory_bytes = 0;
    /// Extra operations (a multiply, an add or a multiply-add: one each) for the query at position
    /// L-1 over its L keys, all layers and heads, beyond plain attention: sinusoidal and learned:
    /// d_model adds (row added to the input; the table cached); Shaw: layers x H x 2 L d_head
    /// (q . a^K for L keys and sum_j alpha_ij a^V, Shaw eqs. 3-4); T5 and ALiBi: layers x H x L
    /// adds (a bias per score); Transformer-XL: layers x H x (L d_head + 2 d_head): (q+v) .
    /// W_R R_{i-j} for L distances, and u, v added, with W_R R cached per layer (the reference
    /// recomputes it per segment: L d_model H d_head more); RoPE: layers x H x 2 vectors (q, k) x 2
    /// head_dim (x cos + rotate_half(x) sin: a multiply and a multiply-add per coordinate, RoFormer
    /// eq. 34, HF `apply_rotary_pos_emb`; the cos/sin of a new position are shared); RoPE+ALiBi: both;
    /// the scaled rows and p-RoPE as RoPE (HF rotates the whole head); RoPE + NoPE: RoPE's in the
    /// RoPE layers and the query temperature in the NoPE layers, layers/4 x H x head_dim multiplies
    /// (HF Llama 4 `attn_scales`); NoPE: 0.
    std::int64_t work_per_token = 0;
    Extrapolation extrapolation = Extrapolation::UnseenAngles;
    /// How much is unseen at L beyond L0, out of `unseen_of` (0 when L <= L0):
    /// UnseenAngles: pairs whose wavelength exceeds L0 (L0 theta_i < 2 pi: position L0's angle was
    /// never reached; RoPE via unseenAngleLimits, scaling_lab.h; sinusoid: d_model/2 pairs, Transformer-
    /// XL: R's d_model/2 pairs by distance); NoRows: positions in [L0, L), of L; ClippedOffsets: Shaw
    /// indices reached by the causal offsets -(L-1)..0 but not by -(L0-1)..0, of 2k+1; SharedLastBucket:
    /// decoder (causal) buckets of distances L0..L-1 that no distance < L0 reached, of num_buckets
    /// (t5Bucket, relative.h); LinearBias: 0 of H slopes; Rescaled: pairs whose angle at L-1 lies
    /// past the largest trained angle (L0-1) theta_i, before the fine-tune, of head_dim/2;
    /// ImplicitPosition: 0 of 0.
    std::int64_t unseen = 0;
    std::int64_t unseen_of = 0;
    KvCache kv_cache = KvCache::AddedBeforeProjection;
    /// RoPE rows: how far the last position's angle lies past the trained angles, in positions of
    /// training, the largest over the pairs counted in `unseen`: ((L-1) theta'_i - (L0-1) theta_i)
    /// / theta_i. L - L0 unscaled, 1 - 1/s at s = L/L0 for the pairs PI divides; 0 when none.
    double overshoot = 0.0;
    /// The scaling factor s of the rescaled rows: max(1, L/L0); 1 for the others.
    double factor = 1.0;
    /// RoPE rows: pairs that rotate (head_dim/2, p-RoPE head_dim/8); 0 for the others.
    std::int64_t rotating_pairs = 0;
    /// Layers that carry the encoding: every layer, the RoPE layers of RoPE + NoPE (layers -
    /// floor(layers/4): Llama 4's NoPE layers are those l with (l+1) % 4 == 0), none for NoPE.
    std::int64_t encoded_layers = 0;
};

/// @brief The comparison of every family (encodingFamilies() order) on `target`.
/// @throws InvalidParameter naming the first value outside the ranges of EncodingTarget.
std::vector<EncodingChoice> compareEncodings(const EncodingTarget& target);

/// @brief The target of a card: its length L, head_dim = cardDimension(params) (the sinusoidal
/// and relative cards' d_model is taken as one head's size), heads = alibi.heads, base (the
/// sinusoid's on the sinusoidal card, else RoPE's), L0 = cardTrainingLength (else L),
/// Shaw clip_k and T5 num_buckets / max_distance of the relative card; layers and dtype_bytes keep
/// their defaults. Not validated (compareEncodings does).
EncodingTarget encodingTarget(const CardParams& params);

/// @brief Stable lowercase names ("sinusoidal", "learned", "shaw", "t5", "transformer-xl",
/// "alibi", "rope", "rope-alibi", "rope-pi", "rope-yarn", "rope-llama3", "p-rope", "rope-nope",
/// "nope"), and for the other enums ("unseen-angles", "added-before-projection").
std::string toString(EncodingFamily value);
std::string toString(Extrapolation value);
std::string toString(KvCache value);

/// @brief Widely used models with this encoding (names; the sources: GPT-2 and BERT configs
/// `max_position_embeddings`, Marian's `MarianSinusoidalPositionalEmbedding`, Huang et al. 2018
/// (Music Transformer, Shaw's relative attention), XLNet (Yang et al. 2019, which adopts
/// Transformer-XL's relative encoding), HF BLOOM and MPT `alibi`, GPT-J/GPT-NeoX/LLaMA/Mistral/Qwen2
/// `rotary`).
std::string modelsUsing(EncodingFamily value);

} // namespace pecards
