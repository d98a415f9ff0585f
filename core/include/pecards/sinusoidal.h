#pragma once
/// @file sinusoidal.h
/// @brief Sinusoidal absolute positional encoding (Vaswani et al. 2017, §3.5; encodings.md §1).

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>

namespace pecards {

/// @brief Frequencies w_i in radians per position, i = 0..d/2-1.
/// Paper: w_i = b^(-2i/d). Tensor2Tensor/fairseq: w_i = exp(-i ln(b)/(d/2-1)) (d >= 4).
/// @throws InvalidParameter (odd d, base <= 1, ...)
Eigen::VectorXd sinusoidalFrequencies(const SinusoidalParams& params);

/// @brief PE table rows for positions [first, first+count): shape count x d_model.
/// Interleaved: PE[p,2i] = sin(p w_i), PE[p,2i+1] = cos(p w_i); Concatenated: [sin | cos].
/// With padding_idx >= 0 (fairseq `SinusoidalPositionalEmbedding`), row `padding_idx` is zero.
/// Angles p*w_i are formed in double.
/// @throws InvalidParameter
Eigen::MatrixXd sinusoidalTable(const SinusoidalParams& params, std::int64_t first, std::int64_t count);

/// @brief Similarity by offset S(delta) = PE_p . PE_{p-delta} = sum_i cos(delta w_i),
/// for delta in [delta_first, delta_first+count). S(0) = d/2; layout-independent (Toeplitz).
Eigen::VectorXd sinusoidalSimilarityProfile(
    const SinusoidalParams& params, std::int64_t delta_first, std::int64_t count);

} // namespace pecards
