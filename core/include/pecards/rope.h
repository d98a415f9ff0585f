#pragma once
/// @file rope.h
/// @brief Rotary position embedding (Su et al. 2021, RoFormer eqs. 13-16, §3.4.3; docs/encodings.md §2).

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards {

/// @brief Width r of the pairing, the dims the frequency pairs span (inv_freq has r/2 entries):
/// classic partial rotary: rotary_dim, or head_dim when 0 (GPT-J `rotary_dim`, GPT-NeoX
/// `rotary_pct * head_dim`: only the first r dims rotate); proportional: head_dim (its pairs span
/// the head; the pairs past rotatingPairs have frequency 0); NoPE: head_dim (no pair rotates).
int rotaryDim(const RopeParams& params);

/// @brief Pairs that rotate: rotaryDim/2 (classic), or (rotary_dim, else head_dim)/2 (proportional,
/// HF `rope_angles = int(partial_rotary_factor * head_dim // 2)`), 0 (NoPE).
int rotatingPairs(const RopeParams& params);

/// @brief What RoPE does with one dimension k of the head (ropePairing).
struct RopeDimension {
    int pair = -1; ///< frequency pair i whose angle m*theta_i turns dimension k; -1: k passes through
    int partner = 0; ///< the dimension k rotates with; k itself when it passes through
    bool operator==(const RopeDimension&) const = default;
};

/// @brief The pairing of the head's dimensions (RoFormer eq. 14 in `params.layout` over the first
/// r = rotaryDim(params) dims): entry k, k in [0, head_dim). Interleaved (GPT-J
/// `rotate_every_two`): dims 2i and 2i+1 form pair i; half-split (HF `rotate_half`): dims i and
/// i + r/2. Classic partial rotary: dims k >= r pass through (pair -1). Proportional (r = head_dim):
/// every dim is paired, and the pairs i >= rotatingPairs turn by frequency 0 (ropeInvFreq), so they
/// stay where they are although paired. Shape: head_dim entries.
/// @throws InvalidParameter (validate(params) fails)
std::vector<RopeDimension> ropePairing(const RopeParams& params);

/// @brief Unscaled frequencies in radians per position, rotaryDim/2 entries:
/// classic theta_i = b^(-2i/r) (RoFormer eq. 15; HF `_compute_default_rope_parameters`:
/// 1 / base^(2i/r)); proportional theta_i = b^(-2i/head_dim) for i < rotatingPairs, else 0 (HF v5
/// `_compute_proportional_rope_parameters`). theta_0 = 1 rad per position for every base.
/// @throws InvalidParameter (validate(params) fails)
Eigen::VectorXd ropeInvFreq(const RopeParams& params);

/// @brief The same frequencies for an explicit base and rotary dimension r (used with the
/// effective base of dynamic NTK).
/// @throws InvalidParameter (base not finite or <= 1; r odd or outside [2, 1024])
Eigen::VectorXd ropeInvFreq(double base, int rotary_dim);

/// @brief Frequencies after context-extension scaling for a sequence of `seq_len` positions
/// (see rope_scaling.h). seq_len matters for dynamic NTK and longrope only.
/// = ropeScaling(params, seq_len).inv_freq. @throws InvalidParameter
Eigen::VectorXd ropeScaledInvFreq(const RopeParams& params, std::int64_t seq_len);

/// @brief Angles m*theta_i (radians, not reduced) for positions [first, first+count):
/// shape count x r/2 (r/2 = inv_freq.size()). Formed as double(m) * theta_i: error < 1e-9 rad
/// for m <= 2^24 (float32 would lose m * 2^-24 rad, 1 rad at 2^24; docs/encodings.md §2).
/// @throws InvalidParameter if first is outside [-2^26, 2^26] or count outside [0, 2^24]
Eigen::MatrixXd ropeAngles(const Eigen::VectorXd& inv_freq, std::int64_t first, std::int64_t count);

/// @brief Rotates vector x (size head_dim) to position m: pairs in the given layout are
/// rotated by m*theta_i, (a,b) -> (a cos - b sin, a sin + b cos); dims >= r pass through.
/// RoFormer eq. 14; interleaved = GPT-J `rotate_every_two`, half-split = HF `rotate_half`.
/// @param inv_freq theta_i (r/2 entries), unscaled or scaled
/// @param m        position (may be fractional)
/// @throws InvalidParameter if x.size() != head_dim, inv_freq.size() != r/2, or m is not finite
Eigen::VectorXd ropeRotate(
    const RopeParams& params, const Eigen::VectorXd& inv_freq, const Eigen::VectorXd& x, double m);

/// @brief Score profile for fixed q, k: S(delta) = (R_m q).(R_n k) with delta = m - n,
/// = sum_i Re(qc_i conj(kc_i) e^{j delta theta_i}) + pass-through dot product,
/// for delta in [delta_first, delta_first+count). No 1/sqrt(d) scale, no attention factor.
/// qc_i pairs the coordinates of the layout (interleaved: q_2i + j q_2i+1; half-split:
/// q_i + j q_{i+r/2}). Toeplitz: only m - n matters (RoFormer eq. 16).
/// @throws InvalidParameter if q or k has not head_dim entries, inv_freq not r/2, or the
///         delta range is outside [-2^26, 2^26] / count outside [0, 2^24]
Eigen::VectorXd ropeScoreProfile(const RopeParams& params, const Eigen::VectorXd& inv_freq,
    const Eigen::VectorXd& q, const Eigen::VectorXd& k, std::int64_t delta_first, std::int64_t count);

/// @brief RoFormer long-term decay bound (§3.4.3):
/// B(r) = (1/(d/2)) sum_{k=1..d/2} |sum_{l<k} e^{j r theta_l}|, for each distance in `r`.
/// B(0) = (d/2+1)/2, with d/2 = inv_freq.size(). Distances may be fractional.
/// @throws InvalidParameter if inv_freq is empty or a distance is not finite
Eigen::VectorXd ropeLongTermDecay(const Eigen::VectorXd& inv_freq, const Eigen::VectorXd& r);

} // namespace pecards
