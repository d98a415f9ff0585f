#pragma once
/// @file learned.h
/// @brief Learned absolute position tables (GPT-2 `wpe.weight`, BERT/RoBERTa
/// `embeddings.position_embeddings.weight`: one trained d_model-vector per position) compared
/// with the sinusoid of Vaswani et al. 2017 §3.5, which the paper reports performs nearly
/// identically to learned embeddings (Table 3, row E).

#include "pecards/params.h"

#include <Eigen/Core>
#include <cstdint>

namespace pecards {

/// @brief Largest number of positions compared at once (similarity is count x count).
inline constexpr std::int64_t kMaxLearnedPositions = 4096;

/// @brief Rows [0, count) of a learned table P (positions x d_model).
/// @throws InvalidParameter if the table is empty or has non-finite entries, or count is
///         outside [1, min(rows, 4096)].
Eigen::MatrixXd learnedTable(const Eigen::MatrixXd& table, std::int64_t count);

/// @brief Similarity S[i, j] = P_i . P_j for i, j in [0, count): the learned counterpart of
/// the sinusoidal similarity PE_i . PE_j (sinusoidal.h). Shape count x count.
/// @throws InvalidParameter as learnedTable.
Eigen::MatrixXd learnedSimilarity(const Eigen::MatrixXd& table, std::int64_t count);

/// @brief Difference P[p, c] - PE[p, c] for p in [0, count), with PE the sinusoidal table of
/// `sinusoid` (its d_model must equal the table's columns). Shape count x d_model.
/// @throws InvalidParameter as learnedTable, or if sinusoid.d_model differs from the table's
///         columns (named "d_model", with the table's width as the allowed value).
Eigen::MatrixXd learnedDifference(
    const Eigen::MatrixXd& table, const SinusoidalParams& sinusoid, std::int64_t count);

} // namespace pecards
