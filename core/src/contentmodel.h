#pragma once
/// @file contentmodel.h
/// @brief Content logits of every card: per-position q_i = contentVector(seed, Query, i, d),
/// k_j = contentVector(seed, Key, j, d) through the card's encoding (docs/quantities.md).
///
/// Vectors are made only for the positions asked for; nothing is stored per L.

#include "pecards/params.h"
#include "pecards/probe.h"
#include "pecards/viewrules.h"

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards::detail {

class ContentModel {
public:
    /// @param params validated card parameters.
    explicit ContentModel(const CardParams& params);

    /// @brief ContentScore values (attention = false) or the logits whose row softmax is
    /// ContentAttention (attention = true) for query positions `rows` x key positions `cols`:
    /// shape rows.size() x cols.size(); masked entries (pecards::visibility) are -inf.
    /// Cost O(rows cols d) (Eigen products) plus the card's relative terms.
    Eigen::MatrixXd logits(
        const std::vector<std::int64_t>& rows, const std::vector<std::int64_t>& cols, bool attention) const;

    /// The card's vector size d.
    int dimension() const { return m_d; }
    const Visibility& visibility() const { return m_visibility; }

private:
    /// Encoded content vectors (positions x d) of stream Query (q_i) or Key (k_j): x + PE_p
    /// (sinusoidal), R_p x with rotated dims times the attention factor (RoPE, hybrid), x (others).
    Eigen::MatrixXd encoded(const std::vector<std::int64_t>& positions, ProbeStream stream) const;
    /// Adds the unscaled biases: ALiBi bias (ALiBi, hybrid), beta[bucket(j - i)] (T5).
    void addBiases(Eigen::MatrixXd& out, const std::vector<std::int64_t>& rows,
        const std::vector<std::int64_t>& cols) const;
    void addShaw(Eigen::MatrixXd& out, const std::vector<std::int64_t>& rows,
        const std::vector<std::int64_t>& cols, const Eigen::MatrixXd& q) const;
    void addTxl(Eigen::MatrixXd& out, const std::vector<std::int64_t>& rows,
        const std::vector<std::int64_t>& cols, const Eigen::MatrixXd& q, const Eigen::MatrixXd& k,
        bool attention) const;

    CardParams m_params;
    int m_d = 0;
    Visibility m_visibility;
    Eigen::VectorXd m_inv_freq; ///< RoPE / hybrid
    double m_attention_factor = 1.0; ///< RoPE / hybrid
    double m_alibi_slope = 0.0; ///< ALiBi / hybrid
    Eigen::VectorXd m_beta; ///< T5
    Eigen::MatrixXd m_w_r; ///< TXL W_R
    Eigen::VectorXd m_u, m_v; ///< TXL
};

} // namespace pecards::detail
