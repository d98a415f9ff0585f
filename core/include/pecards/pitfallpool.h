#pragma once
/// @file pitfallpool.h
/// @brief Pixels of a dense pitfall view from its rows, shared by the CPU reference and the
/// OpenCL backend (docs/quantities.md, "Pitfall views").

#include "pecards/pitfallspec.h"
#include "pecards/view.h"

#include <Eigen/Core>
#include <cstdint>
#include <functional>

namespace pecards {

/// @brief Rows [first, first + count) of a dense pitfall view: count x L logits (-inf = masked)
/// for Score, Attention and Buckets, or count x D vectors for Table.
using PitfallRows = std::function<Eigen::MatrixXd(std::int64_t first, std::int64_t count)>;

/// @brief Most multiply-adds of a dense pitfall view: rows shown x L x max(D, 16) <= 2^32.
inline constexpr std::int64_t kPitfallWorkBudget = std::int64_t {1} << 32;

/// @brief The logits of rows [first, first + count) against all L keys, in double:
/// alpha q_i.k_j + bias_scale * pitfallBias(i, j), -inf where masked. `keys` = pitfallVectors of
/// the key side for positions [0, L) (empty when the spec has no vectors).
Eigen::MatrixXd pitfallLogits(
    const PitfallSpec& spec, const Eigen::MatrixXd& keys, std::int64_t first, std::int64_t count);

/// @brief Pools a validated dense pitfall request: Sample takes each pixel's first row and
/// column; Mean/Max/Min reduce every window row's unmasked entries. Attention rows are the
/// softmax (double, max-shifted) over all L unmasked logits of the row; a fully masked row is 0,
/// a fully masked Score pixel -inf.
/// @throws ComputeLimitExceeded above kPitfallWorkBudget (before calling `rows`)
Grid poolPitfallRows(const ViewRequest& request, const PitfallSpec& spec, const PitfallRows& rows);

} // namespace pecards
