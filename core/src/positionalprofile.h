#pragma once
/// @file positionalprofile.h
/// @brief The positional-only value of a card as a function of delta = i - j (docs/quantities.md).
///
/// Every positional-only Score, Attention logit and Buckets entry of every card is
/// `value(i, j) = f(i - j) + rowSlope() * i + rowOffset()` for unmasked (i, j): a Toeplitz
/// profile f plus a term linear in the row. The row term is non-zero only for the ALiBi
/// row-offset forms (BLOOM `+m j`, llm-foundry `-m (L-1-j)`) in Score; a row softmax cancels it.

#include "pecards/params.h"
#include "pecards/view.h"
#include "pecards/viewrules.h"
#include "phasorsum.h"

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards::detail {

class PositionalProfile {
public:
    /// @param params validated card parameters; @param quantity Score, Attention (the logits
    /// whose row softmax is shown) or Buckets. @throws InvalidParameter for other quantities.
    PositionalProfile(const CardParams& params, Quantity quantity);

    /// f(delta) for delta in [delta_first, delta_first + count). Values at masked entries
    /// (visibility()) are not meaningful: callers skip them. Cost O(count * d).
    Eigen::VectorXd values(std::int64_t delta_first, std::int64_t count) const;

    /// f at each of `deltas` (ascending, distinct): consecutive runs are evaluated together.
    Eigen::VectorXd valuesAt(const std::vector<std::int64_t>& deltas) const;

    /// G(r, c) = f(x_r - y_c): the deltas of a sampled grid (rows x = the pixels' first rows, cols
    /// y = their first columns), at cost O((rows + cols) d + rows x cols x d) and memory O(rows x
    /// cols + (rows + cols) d), whatever the deltas' range (the trigonometric part by phasorGrid).
    /// Values at masked entries are not meaningful.
    Eigen::MatrixXd grid(const std::vector<std::int64_t>& x, const std::vector<std::int64_t>& y) const;

    double rowSlope() const { return m_row_slope; }
    double rowOffset() const { return m_row_offset; }
    /// Which entries are visible (masked: -inf logits, 0 attention); Buckets: all.
    const Visibility& visibility() const { return m_visibility; }

private:
    /// Shaw: m_scale q . a_idx + m_constant for the clipped indices idx in [first, first + size).
    struct ShawDots {
        std::int64_t first = 0;
        Eigen::VectorXd values;
    };

    /// f for at most kMaxLength deltas (the encoding functions' limit).
    Eigen::VectorXd evaluate(std::int64_t delta_first, std::int64_t count) const;
    /// The Shaw dots every delta in [low, high] reads (empty unless this is a Shaw Score/logit profile).
    ShawDots shawDots(std::int64_t low, std::int64_t high) const;
    /// The part of f beyond the trigonometric sum at one delta: the ALiBi bias, the T5 or Shaw
    /// lookup, Transformer-XL's constant (0 for the sinusoidal and RoPE cards).
    double extra(std::int64_t delta, const ShawDots& dots) const;
    bool hasTrig() const { return m_trig.w.size() > 0; }
    /// Whether extra() can be non-zero: the ALiBi bias (ALiBi, hybrid) or a relative card's terms.
    bool hasExtra() const { return m_params.card != Card::Sinusoidal && m_params.card != Card::Rope; }

    CardParams m_params;
    Quantity m_quantity;
    Visibility m_visibility;
    double m_row_slope = 0.0;
    double m_row_offset = 0.0;
    double m_scale = 1.0; ///< multiplies the trigonometric sum (1/sqrt(d) where the logits have it)
    double m_constant = 0.0; ///< added after scaling (Shaw q.k, TXL (a)+(c))
    PhasorTerms m_trig; ///< sinusoidal similarity, RoPE score, TXL (b)+(d); no frequencies otherwise
    Eigen::VectorXd m_q; ///< Shaw: the probe q
    Eigen::VectorXd m_beta; ///< T5: value per bucket
    double m_alibi_slope = 0.0;
};

/// @brief Transformer-XL relative rows R_delta = [sin(delta w) | cos(delta w)], w_i = 10000^(-2i/d),
/// for delta in [delta_first, delta_first + count), |delta| <= 2^26: rows of sinusoidalTable at |delta|
/// (concatenated layout, paper frequencies, base 10000), sin half negated for delta < 0. Shape count x d.
Eigen::MatrixXd txlRelativeRows(std::int64_t delta_first, std::int64_t count, int d);

/// @brief W_R[r, c] = probeNormal(seed, WR, r, c) / sqrt(d), d x d (docs/quantities.md, TXL).
Eigen::MatrixXd txlProjection(std::uint64_t seed, int d);

} // namespace pecards::detail
