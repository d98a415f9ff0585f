#pragma once
/// @file scaling_lab.h
/// @brief The context-extension lab: every RoPE scaling of HF transformers applied to one base
/// model at a common factor, compared per frequency pair, per position beyond the training
/// length L0, and per distance (scalings from rope_scaling.h; RoFormer §3.4.3 for the decay bound).

#include "pecards/params.h"
#include "pecards/rope_scaling.h"

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards {

/// @brief What the lab compares: the scalings, their common factor s, the training length L0 and
/// the target length L (positions).
struct ScalingLabSettings {
    std::vector<RopeScalingType> types; ///< scalings to compare (None = unscaled RoPE), no repeats
    double factor = 4.0; ///< s, finite, [1, 1e4]
    std::int64_t original_max_position_embeddings = 4096; ///< L0, [2, L]
    std::int64_t length = 16384; ///< L, [L0, 2^24]
};

/// @brief The base model `model` with scaling `type` at the settings' factor and L0 and the type's
/// typical keys (HF defaults): yarn beta_fast 32, beta_slow 1, truncate; llama3 low_freq_factor 1,
/// high_freq_factor 4; dynamic max_position_embeddings = L0; longrope short_factor 1 and long_factor
/// s^(2i/(r-2)) (the NTK-aware rescale LongRoPE's search starts from; Ding et al. 2024 §3) with
/// max_position_embeddings = s L0. Keys the model already sets for the same type (from a config:
/// betas, bands, mscale, longrope factors, an explicit attention_factor) are kept, so they stay
/// editable. Both L0 keys are set to L0.
/// @throws InvalidParameter naming factor or original_max_position_embeddings when out of range.
RopeParams labScaling(const RopeParams& model, RopeScalingType type, const ScalingLabSettings& settings);

/// @brief One scaling of the comparison, evaluated at seq_len = L.
struct ScalingCurve {
    RopeScalingType type = RopeScalingType::None;
    RopeParams params; ///< the model with this scaling (labScaling)
    RopeScalingResult result; ///< scaled theta'_i, attention factor, YaRN ramp, Llama 3 bands
    Eigen::VectorXd ratio; ///< theta'_i / theta_i (r/2 entries)
    Eigen::VectorXd wavelength; ///< 2 pi / theta'_i, positions (r/2 entries)
};

/// @brief Every scaling of the settings side by side.
struct ScalingComparison {
    Eigen::VectorXd theta; ///< unscaled theta_i = b^(-2i/r), radians per position
    Eigen::VectorXd wavelength; ///< unscaled 2 pi / theta_i, positions (compare with L0 and L)
    std::int64_t original_max_position_embeddings = 0; ///< L0
    std::int64_t length = 0; ///< L
    std::vector<ScalingCurve> curves; ///< one per settings.types entry, same order
};

/// @brief Compares the scalings of `settings` for the base model `model` (its head_dim, rotary dim,
/// base and layout; its own scaling only provides keys, see labScaling).
/// @throws InvalidParameter for invalid model or settings (naming the value and allowed range).
ScalingComparison compareScalings(const RopeParams& model, const ScalingLabSettings& settings);

/// @brief The length RoPE was trained at, L0: the scaling's own context (ropeScalingContext) for
/// dynamic, yarn, llama3 and longrope; for none and linear original_max_position_embeddings, else
/// max_position_embeddings. @throws InvalidParameter naming
/// rope_scaling.original_max_position_embeddings when no L0 >= 2 is given.
std::int64_t trainingLength(const RopeScaling& scaling);

/// @brief The L0 trainingLength would take, unchecked: below 2 (usually 0) when not given.
/// Never throws.
std::int64_t givenTrainingLength(const RopeScaling& scaling);

/// @brief L0 of a card: what trainingLength(params.rope.scaling) takes when the scaling gives it
/// (>= 2), else the card's length L (not given: the model is taken as trained at L, so nothing
/// extrapolates). The rule of the app's lab and of encodingTarget. Never throws.
std::int64_t cardTrainingLength(const CardParams& params);

/// @brief Fixed-point angle limits of the unseen-angles map, as 64-bit fractions of a turn.
/// Pair i of unscaled theta_i covers the angles [0, (L0-1) theta_i] at the training positions
/// 0..L0-1; when its wavelength 2 pi/theta_i exceeds L0 that is less than a turn and the rest of the
/// circle was never seen. `limit[i]` = (L0-1) * round(frac(theta_i/2pi) 2^64) for those pairs and
/// 2^64-1 (everything seen) for the others, plus a margin of 2^24 units (2^-40 turn, 5.7e-12 rad:
/// the fixed-point error of m * turns for m <= 2^24), so an angle equal to a training angle (linear
/// scaling at m = s k) counts as seen. `turns[i]` = round(frac(theta'_i/2pi) 2^64) of the
/// scaled frequency for seq_len. Entry (m, i) of the map is unseen iff (m * turns[i] mod 2^64) >
/// limit[i]: exact integer arithmetic, the same on every backend.
inline constexpr std::uint64_t kUnseenMargin = std::uint64_t {1} << 24; ///< 2^-40 turn, see below

struct UnseenAngleLimits {
    std::vector<std::uint64_t> turns; ///< scaled theta'_i as fractions of a turn (r/2 entries)
    std::vector<std::uint64_t> limit; ///< largest angle seen in training, fraction of a turn
};

/// @brief The limits above for `params` (the scaled model) at `seq_len` (>= 1) positions.
/// @throws InvalidParameter (invalid params, no L0: see trainingLength)
UnseenAngleLimits unseenAngleLimits(const RopeParams& params, std::int64_t seq_len);

/// @brief Whether the angle of position m (>= 0) of a pair with these limits was never seen in
/// training: (m * turns mod 2^64) > limit.
inline bool angleUnseen(std::int64_t m, std::uint64_t turns, std::uint64_t limit) {
    return static_cast<std::uint64_t>(m) * turns > limit;
}

/// @brief 64-bit fixed-point fraction of a turn of a frequency: round(frac(theta/2pi) * 2^64)
/// (mod 2^64), formed in double from theta (the exact-angle representation of gpu/README.md).
std::uint64_t frequencyTurns(double theta);

/// @brief Dynamic NTK effective base b' (HF `_compute_dynamic_ntk_parameters`) for each sequence
/// length: b for seq_len <= L0, else b ((s seq_len / L0) - (s - 1))^(r/(r-2)).
/// @throws InvalidParameter unless params.scaling.type is Dynamic, or a length is outside [1, 2^24]
Eigen::VectorXd dynamicNtkBase(const RopeParams& params, const std::vector<std::int64_t>& seq_lens);

/// @brief Score against distance for each scaling of a comparison, at `distances` (>= 0, integer
/// positions): per curve three rows: probe ones a^2 sum_i 2 cos(delta theta'_i) (+ d - r pass-through),
/// the random-probe average E[(R_i q).(R_j q)] over q ~ N(0, I/d) = a^2 (2/d) sum_i cos(delta
/// theta'_i) + (d - r)/d, and the RoFormer long-term decay bound B(delta) (§3.4.3) of theta'.
/// Shape (3 x curves) x distances, rows [ones_0, average_0, bound_0, ones_1, ...].
/// @throws InvalidParameter if a distance is negative or above 2^24.
Eigen::MatrixXd scoreVsDistance(
    const ScalingComparison& comparison, const std::vector<std::int64_t>& distances);

/// @brief Evenly spaced integer distances 0..L-1 (count points, the first 0 and the last L-1,
/// rounded down, duplicates removed), for curves against distance. count in [2, 65536].
std::vector<std::int64_t> distanceSamples(std::int64_t length, int count);

/// @brief Shannon entropy (nats) of each causal attention row i = 0..L-1 of a random-content RoPE
/// model: logits a^2 (R_i q_i).(R_j k_j)/sqrt(d) for j <= i, q_i, k_j = contentVector(seed, ...)
/// (probe.h), the scaling of params at seq_len L. H_i = -sum_j p_ij ln p_ij; log(i+1) is the
/// uniform bound. O(L^2 d) work, refused (ComputeLimitExceeded) above 2^32 multiply-adds.
/// @throws InvalidParameter (invalid params), ComputeLimitExceeded
Eigen::VectorXd attentionEntropy(const RopeParams& params, std::uint64_t seed, std::int64_t length);

} // namespace pecards
