#pragma once
/// @file profileterms.h
/// @brief The phasor terms (phasorsum.h) of the trigonometric profiles: what ropeScoreProfile and
/// sinusoidalSimilarityProfile sum, for callers that evaluate them other than over a range
/// (the sampled grids of positionalprofile.h).

#include "pecards/params.h"
#include "phasorsum.h"

namespace pecards::detail {

/// @brief ropeScoreProfile's terms (RoFormer eq. 16): w = inv_freq of the r/2 rotated pairs,
/// a_i = Re(qc_i conj(kc_i)), b_i = -Im(qc_i conj(kc_i)), offset = the pass-through dot product.
/// @throws InvalidParameter as ropeScoreProfile for q, k or inv_freq of the wrong size.
PhasorTerms ropeScoreTerms(const RopeParams& params, const Eigen::VectorXd& inv_freq,
    const Eigen::VectorXd& q, const Eigen::VectorXd& k);

/// @brief sinusoidalSimilarityProfile's terms: w = the table's frequencies, a = 1, b = 0.
/// @throws InvalidParameter for invalid params.
PhasorTerms sinusoidalSimilarityTerms(const SinusoidalParams& params);

/// @brief Transformer-XL's `PositionalEmbedding` (Dai et al. 2019; HF `modeling_transfo_xl.py`):
/// the concatenated sinusoid [sin | cos] of d_model d, w_i = 10000^(-2i/d), whose rows are R_delta.
SinusoidalParams txlSinusoid(int d);

} // namespace pecards::detail
