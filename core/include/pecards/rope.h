#pragma once
/// @file rope.h
/// @brief Rotary position embedding (Su et al. 2021, RoFormer eqs. 13-16, §3.4.3; encodings.md §2).

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>

namespace pecards {

/// @brief Effective rotary dimension r (rotary_dim, or head_dim when 0).
int rotaryDim(const RopeParams& params);

/// @brief Unscaled frequencies theta_i = b^(-2i/r) in radians per position, i = 0..r/2-1
/// (RoFormer eq. 15; HF `_compute_default_rope_parameters`: 1 / base^(2i/r)).
/// theta_0 = 1 rad per position for every base.
/// @throws InvalidParameter (validate(params) fails)
Eigen::VectorXd ropeInvFreq(const RopeParams& params);

/// @brief The same frequencies for an explicit base and rotary dimension r (used with the
/// effective base of dynamic NTK).
/// @throws InvalidParameter (base not finite or <= 1; r odd or outside [2, 1024])
Eigen::VectorXd ropeInvFreq(double base, int rotary_dim);

/// @brief Frequencies after context-extension scaling for a sequence of `seq_len` positions
/// (see rope_scaling.h). seq_len matters for dynamic NTK and longrope only.
/// @throws InvalidParameter
Eigen::VectorXd ropeScaledInvFreq(const RopeParams& params, std::int64_t seq_len);

/// @brief Angles m*theta_i (radians, not reduced) for positions [first, first+count):
/// shape count x r/2. Formed in double: error < 1e-9 rad for m <= 2^20.
Eigen::MatrixXd ropeAngles(const Eigen::VectorXd& inv_freq, std::int64_t first, std::int64_t count);

/// @brief Rotates vector x (size head_dim) to position m: pairs in the given layout are
/// rotated by m*theta_i, (a,b) -> (a cos - b sin, a sin + b cos); dims >= r pass through.
/// @throws InvalidParameter if x.size() != head_dim
Eigen::VectorXd ropeRotate(
    const RopeParams& params, const Eigen::VectorXd& inv_freq, const Eigen::VectorXd& x, double m);

/// @brief Score profile for fixed q, k: S(delta) = (R_m q).(R_n k) with delta = m - n,
/// = sum_i Re(qc_i conj(kc_i) e^{j delta theta_i}) + pass-through dot product,
/// for delta in [delta_first, delta_first+count). No 1/sqrt(d) scale.
Eigen::VectorXd ropeScoreProfile(const RopeParams& params, const Eigen::VectorXd& inv_freq,
    const Eigen::VectorXd& q, const Eigen::VectorXd& k, std::int64_t delta_first, std::int64_t count);

/// @brief RoFormer long-term decay bound (§3.4.3):
/// B(r) = (1/(d/2)) sum_{k=1..d/2} |sum_{l<k} e^{j r theta_l}|, for each distance in `r`.
/// B(0) = (d/2+1)/2.
Eigen::VectorXd ropeLongTermDecay(const Eigen::VectorXd& inv_freq, const Eigen::VectorXd& r);

} // namespace pecards
