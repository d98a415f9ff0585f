#pragma once
/// @file sinusoidal.h
/// @brief Sinusoidal absolute positional encoding (Vaswani et al. 2017, §3.5; docs/encodings.md §1).

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>

namespace pecards {

/// @brief Frequencies w_i in radians per position, i = 0..d/2-1 (wavelengths 2 pi / w_i).
/// Paper (Vaswani et al. §3.5; Transformer-XL `PositionalEmbedding`): w_i = b^(-2i/d).
/// Tensor2Tensor/fairseq (`get_timing_signal_1d`, `get_embedding`): w_i = exp(-i ln(b)/(d/2-1)),
/// which needs d >= 4.
/// @throws InvalidParameter (odd d_model, d_model outside [2, 1024] or [4, 1024] for
///         tensor2tensor, base <= 1 or non-finite, padding_idx < -1)
Eigen::VectorXd sinusoidalFrequencies(const SinusoidalParams& params);

/// @brief PE table rows p in [first, first+count): shape count x d_model (p < 0 allowed: the
/// Transformer-XL table of relative distances uses the same formula).
/// Interleaved: PE[p,2i] = sin(p w_i), PE[p,2i+1] = cos(p w_i); Concatenated: [sin | cos].
/// With padding_idx >= 0 (fairseq `SinusoidalPositionalEmbedding`), row `padding_idx` is zero;
/// tokens then use rows padding_idx+1, ... (see sinusoidalTableRow).
/// Angles p*w_i are formed in double.
/// @throws InvalidParameter (invalid params, first outside [-2^26, 2^26], count outside [0, 2^24])
Eigen::MatrixXd sinusoidalTable(const SinusoidalParams& params, std::int64_t first, std::int64_t count);

/// @brief Table row used by token `token` (0-based): padding_idx + 1 + token with fairseq
/// padding (`utils.make_positions`), else token itself.
std::int64_t sinusoidalTableRow(const SinusoidalParams& params, std::int64_t token);

/// @brief Similarity by offset S(delta) = PE_p . PE_{p-delta} = sum_i cos(delta w_i),
/// for delta in [delta_first, delta_first+count). S(0) = d/2; layout-independent (Toeplitz).
/// (fairseq's zero padding row is not a position and is not part of this profile.)
/// @throws InvalidParameter (invalid params, delta_first outside [-2^26, 2^26], count outside [0, 2^24])
Eigen::VectorXd sinusoidalSimilarityProfile(
    const SinusoidalParams& params, std::int64_t delta_first, std::int64_t count);

} // namespace pecards
