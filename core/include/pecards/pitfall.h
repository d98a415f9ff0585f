#pragma once
/// @file pitfall.h
/// @brief The pitfall catalogue (which card, one line each, validation) and the building blocks
/// of the buggy computations: exact low-precision rounding, the naive odd-d_model table, the
/// rotate-every-two-on-a-half-split-table rotation, the HF q/k permutation, the stale dynamic
/// NTK frequencies, unclamped T5 buckets and the wrong-row `_rel_shift`.
///
/// Each pitfall is computed as the buggy public code computes it (pitfallspec.h); nothing is a
/// picture made to look wrong.

#include "pecards/params.h"
#include "pecards/view.h"

#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

namespace pecards {

/// @brief The pitfalls of a card, in catalogue order (never Pitfall::None).
std::vector<Pitfall> pitfallsOf(Card card);

/// @brief The card a pitfall belongs to. @throws InvalidParameter for Pitfall::None.
Card pitfallCard(Pitfall pitfall);

/// @brief One line: the bug and the public code or report it reproduces (CLI `pitfalls`).
std::string pitfallSummary(Pitfall pitfall);

/// @brief True for the pitfalls that are a parameter choice of the correct computation
/// (RopeSmallBase, ShawSmallClip): they are computed by the card's own path at any length
/// with the parameters of pitfallAsParameters. The others are dense pitfall views (pitfallspec.h).
bool isParameterPitfall(Pitfall pitfall);

/// @brief What a pitfall reads of PitfallParams besides `kind` and `fixed`: the storage `format`
/// (the RoPE precision pitfalls round positions, inv_freq or the cos/sin cache to it on the buggy
/// side; BLOOM's left padding rounds m·j to it on both sides) and its scenario's parameters, by
/// their paramtable.h ids (SmallBase, SmallClipK, StaleSeqLen, LeftPadding); none for Pitfall::None
/// and the other pitfalls. Figure captions name exactly these; the Pitfalls view offers the format
/// exactly where it is read.
struct PitfallInputs {
    bool format = false;
    std::vector<ParamId> parameters;
};
PitfallInputs pitfallInputs(Pitfall pitfall);

/// @brief For a parameter pitfall (not fixed): the card parameters it amounts to, with
/// pitfall.kind = None (RopeSmallBase: rope.base = small_base; ShawSmallClip: clip_k =
/// small_clip_k). For a fixed parameter pitfall: the parameters with pitfall.kind = None.
/// @throws InvalidParameter if params.pitfall is not a parameter pitfall
CardParams pitfallAsParameters(const CardParams& params);

/// @brief The parameters the Pitfalls view and lesson handouts show a pitfall with: `params`
/// itself, except SinusoidalOddDModel with an even d_model, shown at d_model − 1: the bug needs an
/// odd d_model (with an even one the naive code builds the correct table) and the sinusoidal card
/// holds even ones only. `pecards-cli` asks for an odd --d-model instead.
CardParams pitfallShownParams(CardParams params);

/// @brief Checks the pitfall part of validated-otherwise card parameters: the pitfall belongs
/// to the card (and variant), its own parameters are in range, dense pitfalls have
/// length <= kMaxPitfallLength (parambounds.h). Called by validate(CardParams).
/// @throws InvalidParameter naming the field, its value and the allowed range
void validatePitfall(const CardParams& params);

/// @brief Whether a pitfall view offers the quantity: Table (sinusoidal and RoPE pitfalls),
/// Score, Attention, and Buckets (T5 pitfall). Parameter pitfalls offer the card's quantities.
/// @throws InvalidParameter naming the quantity and the allowed ones
void validatePitfallQuantity(const CardParams& params, Quantity quantity);

/// @brief Rounds to the nearest value of the format, ties to even (IEEE 754 roundTiesToEven), in
/// double: 24 (float32), 8 (bfloat16, float32's exponent range) or 11 (float16) significant bits;
/// float16 has subnormals below 2^-14 (quantum 2^-24) and overflows to +-inf from 65520 on.
/// E.g. bf16: 257 -> 256, 0.8659643234 -> 0.8671875; fp16: 2049 -> 2048.
double roundToFormat(double value, StorageFormat format);

/// @brief The first positive integer position the format cannot hold (stored as its even
/// neighbour below): 2^p + 1 for p significant bits: 16777217 (float32), 257 (bf16), 2049 (fp16).
std::int64_t firstPositionCollision(StorageFormat format);

/// @brief The error the Annotated Transformer / PyTorch tutorial `PositionalEncoding` raises for
/// an odd d_model: `pe[:, 1::2] = torch.cos(position * div_term)` assigns (d+1)/2 columns into
/// (d-1)/2, e.g. for d = 7, L = 5000: "RuntimeError: The expanded size of the tensor (3) must match
/// the existing size (4) at non-singleton dimension 1.  Target sizes: [5000, 3].  Tensor sizes:
/// [5000, 4]". @throws InvalidParameter unless d_model is odd, in [1, 1023], length in [1, 2^24]
std::string naiveOddDModelError(int d_model, std::int64_t length);

/// @brief The column map of one RoPE rotation: out[c] = x[c] cos(m theta_pair[c]) + sign[c]
/// x[partner[c]] sin(m theta_pair[c]) for c < rotary_dim (the others pass through).
/// Interleaved (GPT-J `rotate_every_two`): pair c/2, partner c^1; half-split (HF `rotate_half`):
/// pair c mod r/2, partner c +- r/2; `rotate_every_two` on HF's half-split table
/// `cat(freqs, freqs)` (RopeRotateOnHalfSplitTable): partner c^1 but pair c mod r/2.
struct RopeColumnMap {
    std::vector<int> pair; ///< frequency index of column c
    std::vector<int> partner; ///< column whose value enters the sin term
    std::vector<double> sign; ///< -1 or +1
};

/// @brief Column map of the layout, or (`every_two_on_half_table`) of rotate_every_two applied
/// to a half-split cos/sin table. @throws InvalidParameter if rotary_dim is odd or outside [2, 1024]
RopeColumnMap ropeColumnMap(RopeLayout layout, int rotary_dim, bool every_two_on_half_table = false);

/// @brief x (head_dim entries) rotated to position m with the column map and frequencies
/// theta (rotary_dim/2 entries), no attention factor.
/// E.g. the half-split table with rotate_every_two, d = 4, base 1e4, x = [1, 2, 3, 4], m = 1:
/// norm 4.962817 instead of 5.477226 (not a rotation). @throws InvalidParameter on sizes
Eigen::VectorXd ropeRotateColumns(
    const RopeColumnMap& map, const Eigen::VectorXd& theta, const Eigen::VectorXd& x, double m);

/// @brief HF `convert_llama_weights_to_hf.py` `permute` applied to one head's q or k vector:
/// the interleaved pair (2i, 2i+1) moves to (i, i + r/2) (dims >= rotary_dim stay), so
/// rotate_half(R, permute(x)) = permute(rotate_every_two(R, x)); `inverse` undoes it.
/// @throws InvalidParameter if rotary_dim is odd or outside [2, x.size()]
Eigen::VectorXd hfPermuteQk(const Eigen::VectorXd& x, int rotary_dim, bool inverse = false);

/// @brief The two frequency sets of the stale dynamic NTK cache (old HF
/// `LlamaDynamicNTKScalingRotaryEmbedding`, which recomputed cos/sin only when a sequence grew):
/// `current` for seq_len positions, `stale` for the earlier, longer cached_seq_len.
/// Dynamic NTK (rope_scaling.h) with the card's factor (>= 1) and L0 = max_position_embeddings,
/// or seq_len when none is given. @throws InvalidParameter (cached_seq_len outside stale_seq_len's
/// range (paramtable.h) or <= seq_len, invalid rope)
struct RopeStaleFrequencies {
    Eigen::VectorXd current; ///< theta_i for the current sequence (queries and fresh keys)
    Eigen::VectorXd stale; ///< theta_i the cached keys were rotated with
    double current_base = 0.0;
    double stale_base = 0.0;
};
RopeStaleFrequencies ropeStaleDynamicInvFreq(
    const RopeParams& params, std::int64_t seq_len, std::int64_t cached_seq_len);

/// @brief The article's rule of thumb "base^(2/d) ~ 1.0001" against what it implies.
struct RopeBaseRule {
    double ratio = 0.0; ///< base^(2/d): the ratio of consecutive wavelengths
    double base_for_rule = 0.0; ///< the base the rule implies: 1.0001^(d/2)
    double longest_wavelength = 0.0; ///< 2 pi base^((d-2)/d), positions
    bool covers_context = false; ///< longest wavelength >= the context length
};
/// @throws InvalidParameter (base not finite or <= 1, head_dim odd / outside [2, 1024], length < 1)
RopeBaseRule ropeBaseRule(double base, int head_dim, std::int64_t length);

/// @brief T5 bucket as t5Bucket (relative.h) without the `torch.min(..., num_buckets - 1)`
/// clamp of `_relative_position_bucket`: distances beyond max_distance get buckets >= the
/// table (unidirectional) or, bidirectional, past keys spill into the future keys' buckets.
/// @throws InvalidParameter as t5Bucket
int t5BucketUnclamped(std::int64_t relative_position, bool bidirectional, int num_buckets, int max_distance);

/// @brief kimiyoung/transformer-xl `_rel_shift` with the wrong slice `x_padded[:-1]` instead of
/// `x_padded[1:]`: pad a zero column, view as (klen+1) x qlen, drop the *last* row, view as
/// qlen x klen. out[i, j] = padded_flat[i klen + j] (padded row-major qlen x (klen+1)).
/// @throws InvalidParameter if x is empty
Eigen::MatrixXd txlRelShiftWrongRow(const Eigen::MatrixXd& x);

/// @brief Stable names ("rope-layout-mismatch", "bf16", ...) and their inverse.
std::string toString(Pitfall value);
std::string toString(StorageFormat value);
template <> Pitfall fromString<Pitfall>(const std::string& name);
template <> StorageFormat fromString<StorageFormat>(const std::string& name);

} // namespace pecards
