#pragma once
/// @file aliasing.h
/// @brief When a sampled heatmap of a periodic table lies: the phase table m·θ_i and the
/// tables of sines/cosines (sinusoidal PE, RoPE's rotated probe) oscillate along the positions
/// with wavelength 2π/θ_i. Sampling one row every `step` positions shows a wrong, slower
/// pattern (moiré, constant columns) once step > wavelength / 2 (Nyquist). The app's heatmap and
/// the exported figure (the author's A-C3) hatch such columns and say so, instead of showing the
/// aliased picture as truth.

#include <cstddef>
#include <pecards/view.h>
#include <utility>
#include <vector>

namespace pecards::app {

/// @brief Angular frequency (radians per position) of every column of `quantity` for
/// `params`: Phase column i is pair i; Table columns are dimensions (their pair's frequency;
/// RoPE dimensions beyond rotary_dim do not rotate: 0). Empty for other quantities.
/// Frequencies as the engine's: sinusoidalFrequencies, ropeScaledInvFreq at effectiveSeqLen.
/// @throws pecards::InvalidParameter for invalid parameters.
std::vector<double> columnFrequencies(const pecards::CardParams& params, pecards::Quantity quantity);

/// @brief For a grid of `grid.rows` x `grid.cols` pixels over `grid.window`, sampled along the
/// rows (one row every window.rows() / grid.rows positions): true for each grid column that
/// covers a table column whose wavelength is shorter than twice that step. All false when
/// each pixel row is one position, or for a reduction other than sample.
std::vector<bool> aliasedColumns(
    const pecards::Grid& grid, const std::vector<double>& frequencies, pecards::Reduction reduction);

/// @brief The runs of aliased columns, [first, end) each, in order: what is hatched.
std::vector<std::pair<std::size_t, std::size_t>> aliasedRuns(const std::vector<bool>& aliased);

} // namespace pecards::app
