#pragma once
/// @file viewreference.h
/// @brief Brute-force reference for view tests: the full dense matrix of a quantity built
/// entry by entry from the encoding functions (ropeRotate, alibiBias, t5Bucket, txlTerms, ...),
/// and pixel pooling by visiting every entry of every block. Small L only (L x L memory).

#include "pecards/alibi.h"
#include "pecards/mrope.h"
#include "pecards/params.h"
#include "pecards/probe.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/sinusoidal.h"
#include "pecards/view.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

namespace pecards::test {

inline constexpr double kNegInf = -std::numeric_limits<double>::infinity();

/// The dense matrix of a quantity: values, which entries are masked, and how masked entries show.
struct DenseQuantity {
    Eigen::MatrixXd values; ///< rows x cols; masked entries hold `masked_value`
    Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> masked;
    double masked_value = 0.0; ///< -inf for logits/scores, 0 for attention and tables
};

/// docs/quantities.md: causal, or the Causal ALiBi form -m(i-j) on the ALiBi / hybrid card (the
/// row-offset forms are biases over every key that the model masks separately: HF BLOOM).
inline bool referenceCausal(const CardParams& p) {
    return p.causal
        || ((p.card == Card::Alibi || p.card == Card::Hybrid) && p.alibi.form == AlibiForm::Causal);
}

/// Whether query i sees key j, written out from the sources, not from pecards::Visibility:
/// the causal rule, then with a sliding window W > 0 (HF masking_utils sliding_window_overlay:
/// kv_idx > q_idx - W; the same distance both ways without the causal mask) only keys within
/// distance W - 1 or among the first n_sink (StreamingLLM's attention sinks).
inline bool referenceVisible(const CardParams& p, std::int64_t i, std::int64_t j) {
    if (referenceCausal(p) && j > i) {
        return false;
    }
    // Chunked attention (HF masking_utils chunked_overlay): kv_idx // C == q_idx // C.
    if (p.attention_chunk > 0 && i / p.attention_chunk != j / p.attention_chunk) {
        return false;
    }
    if (p.sliding_window == 0) {
        return true;
    }
    const bool sink = j < p.attention_sinks;
    const bool recent = i - j <= p.sliding_window - 1 && j - i <= p.sliding_window - 1;
    return sink || recent;
}

/// RoPE: R_p x with the rotated dims (the first r) times the attention factor a.
inline Eigen::VectorXd referenceRotated(
    const CardParams& p, const Eigen::VectorXd& x, std::int64_t position) {
    const std::int64_t seq_len = p.rope.seq_len > 0 ? p.rope.seq_len : p.length;
    const RopeScalingResult scaling = ropeScaling(p.rope, seq_len);
    Eigen::VectorXd rotated = ropeRotate(p.rope, scaling.inv_freq, x, static_cast<double>(position));
    rotated.head(rotaryDim(p.rope)) *= scaling.attention_factor;
    return rotated;
}

/// x rotated as M-RoPE rotates token `token` of the multimodal card: each rotary dim takes the
/// rotation of its pair's axis id (rotating all of x at each axis's id and keeping that axis's dims).
inline Eigen::VectorXd referenceMropeRotated(
    const CardParams& p, const Eigen::VectorXd& x, std::int64_t token) {
    const MultimodalParams& mm = p.multimodal;
    const MropePositions ids = mropePositionIds(mm.family, mm.segments, mm.vision);
    const std::vector<MropeAxis> axis = mropeAxisOfPair(mm.section, mm.layout);
    const int r = rotaryDim(p.rope);
    Eigen::VectorXd out = x;
    for (int a = 0; a < 3; ++a) {
        const Eigen::VectorXd turned
            = referenceRotated(p, x, ids.ids[static_cast<std::size_t>(a)][static_cast<std::size_t>(token)]);
        for (int c = 0; c < r; ++c) {
            // half-split: dims c and c + r/2 form pair c mod r/2; interleaved: dims 2i, 2i + 1 pair i
            const int pair = p.rope.layout == RopeLayout::HalfSplit ? c % (r / 2) : c / 2;
            if (static_cast<int>(axis[static_cast<std::size_t>(pair)]) == a) {
                out[c] = turned[c];
            }
        }
        out.tail(x.size() - r) = turned.tail(x.size() - r);
    }
    return out;
}

inline Eigen::MatrixXd referenceTxlProjection(const CardParams& p, int d) {
    Eigen::MatrixXd w_r(d, d);
    for (int r = 0; r < d; ++r) {
        for (int c = 0; c < d; ++c) {
            w_r(r, c) = probeNormal(p.probe.seed, ProbeStream::WR, r, c) / std::sqrt(static_cast<double>(d));
        }
    }
    return w_r;
}

inline double referenceT5Beta(const CardParams& p, int bucket) {
    return p.relative.bucket_values.empty() ? probeNormal(p.probe.seed, ProbeStream::Bucket, 0, bucket)
                                            : p.relative.bucket_values[bucket];
}

/// Entry (i, j) of Score / Attention logits / Buckets / content views, from the definitions.
/// `attention`: the logits whose row softmax is shown; `content`: per-position q_i, k_j.
inline double referenceLogit(
    const CardParams& p, std::int64_t i, std::int64_t j, bool attention, bool content, bool buckets) {
    const int d = cardDimension(p);
    const double sqrt_d = std::sqrt(static_cast<double>(d));
    const Eigen::VectorXd q = content ? contentVector(p.probe.seed, ProbeStream::Query, i, d)
                                      : probeVector(p.probe, ProbeStream::Query, d);
    const Eigen::VectorXd k = content ? contentVector(p.probe.seed, ProbeStream::Key, j, d)
                                      : probeVector(p.probe, ProbeStream::Key, d);
    switch (p.card) {
    case Card::Sinusoidal: {
        SinusoidalParams plain = p.sinusoidal;
        plain.padding_idx = -1;
        const Eigen::VectorXd pe_i = sinusoidalTable(plain, i, 1).row(0).transpose();
        const Eigen::VectorXd pe_j = sinusoidalTable(plain, j, 1).row(0).transpose();
        const double s = content ? (q + pe_i).dot(k + pe_j) : pe_i.dot(pe_j);
        return attention || content ? s / sqrt_d : s;
    }
    case Card::Rope: {
        const double s = referenceRotated(p, q, i).dot(referenceRotated(p, k, j));
        return attention || content ? s / sqrt_d : s;
    }
    case Card::Alibi: {
        const double m = alibiSlopes(p.alibi)[p.alibi.head];
        const double bias = alibiBias(p.alibi.form, m, i, j, p.length);
        return content ? q.dot(k) / sqrt_d + bias : bias;
    }
    case Card::Hybrid: {
        const double m = alibiSlopes(p.alibi)[p.alibi.head];
        return referenceRotated(p, q, i).dot(referenceRotated(p, k, j)) / sqrt_d
            + alibiBias(p.alibi.form, m, i, j, p.length);
    }
    case Card::Multimodal: {
        const double s = referenceMropeRotated(p, q, i).dot(referenceMropeRotated(p, k, j));
        return attention ? s / sqrt_d : s;
    }
    case Card::Relative:
        break;
    }
    const RelativeParams& rel = p.relative;
    if (rel.variant == RelativeVariant::T5) {
        const int bucket = t5Bucket(j - i, rel.bidirectional, rel.num_buckets, rel.max_distance);
        if (buckets) {
            return bucket;
        }
        return (content ? q.dot(k) : 0.0) + referenceT5Beta(p, bucket);
    }
    if (rel.variant == RelativeVariant::Shaw) {
        const std::int64_t idx = shawIndex(i, j, rel.clip_k);
        if (buckets) {
            return static_cast<double>(idx);
        }
        const double relative = q.dot(contentVector(p.probe.seed, ProbeStream::Shaw, idx, d));
        if (!content && !attention) {
            return relative;
        }
        return (q.dot(k) + relative) / sqrt_d; // the logits of a content or an attention view
    }
    const TxlTerms terms = txlTerms(q, k, contentVector(p.probe.seed, ProbeStream::U, 0, d),
        contentVector(p.probe.seed, ProbeStream::V, 0, d), referenceTxlProjection(p, d), i - j);
    const double scale = content ? 1.0 / sqrt_d : 1.0; // content views hold the softmax's logits
    if (attention) {
        return terms.total() / sqrt_d;
    }
    switch (rel.term) {
    case TxlTerm::A:
        return scale * terms.a;
    case TxlTerm::B:
        return scale * terms.b;
    case TxlTerm::C:
        return scale * terms.c;
    case TxlTerm::D:
        return scale * terms.d;
    default:
        return scale * terms.total();
    }
}

/// The dense L x L (or L x width) matrix of the quantity.
inline DenseQuantity referenceDense(const CardParams& p, Quantity quantity) {
    const Window extent = fullExtent(p, quantity);
    const auto rows = static_cast<Eigen::Index>(extent.row_end);
    const auto cols = static_cast<Eigen::Index>(extent.col_end);
    DenseQuantity dense;
    dense.values = Eigen::MatrixXd::Zero(rows, cols);
    dense.masked = Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic>::Constant(rows, cols, false);
    if (quantity == Quantity::Table || quantity == Quantity::Phase) {
        const bool rope = p.card == Card::Rope;
        const Eigen::VectorXd w = rope
            ? ropeScaling(p.rope, p.rope.seq_len > 0 ? p.rope.seq_len : p.length).inv_freq
            : sinusoidalFrequencies(p.sinusoidal);
        for (Eigen::Index pos = 0; pos < rows; ++pos) {
            if (quantity == Quantity::Phase) {
                for (Eigen::Index c = 0; c < cols; ++c) {
                    dense.values(pos, c) = std::fmod(static_cast<double>(pos) * w[c], 2.0 * std::numbers::pi);
                }
            } else if (rope) {
                dense.values.row(pos)
                    = referenceRotated(p, probeVector(p.probe, ProbeStream::Query, p.rope.head_dim), pos)
                          .transpose();
            } else {
                dense.values.row(pos) = sinusoidalTable(p.sinusoidal, pos, 1).row(0);
            }
        }
        return dense;
    }
    const bool attention = quantity == Quantity::Attention || quantity == Quantity::ContentAttention;
    const bool content = quantity == Quantity::ContentScore || quantity == Quantity::ContentAttention;
    const bool buckets = quantity == Quantity::Buckets;
    for (Eigen::Index i = 0; i < rows; ++i) {
        for (Eigen::Index j = 0; j < cols; ++j) {
            dense.masked(i, j) = !buckets && !referenceVisible(p, i, j);
            dense.values(i, j)
                = dense.masked(i, j) ? kNegInf : referenceLogit(p, i, j, attention, content, buckets);
        }
    }
    dense.masked_value = kNegInf;
    if (attention) { // row softmax over the unmasked entries
        for (Eigen::Index i = 0; i < rows; ++i) {
            double high = kNegInf;
            for (Eigen::Index j = 0; j < cols; ++j) {
                high = dense.masked(i, j) ? high : std::max(high, dense.values(i, j));
            }
            double sum = 0.0;
            for (Eigen::Index j = 0; j < cols; ++j) {
                dense.values(i, j) = dense.masked(i, j) ? 0.0 : std::exp(dense.values(i, j) - high);
                sum += dense.values(i, j);
            }
            dense.values.row(i) /= sum;
        }
        dense.masked_value = 0.0;
    }
    return dense;
}

/// Pools the dense matrix by visiting every entry of every pixel block (view.h block rule).
inline Grid referencePool(const DenseQuantity& dense, const ViewRequest& request) {
    const Window& w = request.window;
    const int out_rows = static_cast<int>(std::min<std::int64_t>(request.out_rows, w.rows()));
    const int out_cols = static_cast<int>(std::min<std::int64_t>(request.out_cols, w.cols()));
    Grid grid;
    grid.rows = out_rows;
    grid.cols = out_cols;
    grid.window = w;
    for (int r = 0; r < out_rows; ++r) {
        const std::int64_t i0 = w.row_begin + r * w.rows() / out_rows;
        const std::int64_t i1 = w.row_begin + (r + 1) * w.rows() / out_rows;
        for (int c = 0; c < out_cols; ++c) {
            const std::int64_t j0 = w.col_begin + c * w.cols() / out_cols;
            const std::int64_t j1 = w.col_begin + (c + 1) * w.cols() / out_cols;
            if (request.reduction == Reduction::Sample) {
                grid.values.push_back(dense.masked(i0, j0) ? dense.masked_value : dense.values(i0, j0));
                continue;
            }
            std::vector<double> entries;
            for (std::int64_t i = i0; i < i1; ++i) {
                for (std::int64_t j = j0; j < j1; ++j) {
                    if (!dense.masked(i, j)) {
                        entries.push_back(dense.values(i, j));
                    }
                }
            }
            double value = dense.masked_value;
            if (!entries.empty()) {
                if (request.reduction == Reduction::Max) {
                    value = *std::max_element(entries.begin(), entries.end());
                } else if (request.reduction == Reduction::Min) {
                    value = *std::min_element(entries.begin(), entries.end());
                } else {
                    long double sum = 0.0L;
                    for (double e : entries) {
                        sum += e;
                    }
                    value = static_cast<double>(sum / static_cast<long double>(entries.size()));
                }
            }
            grid.values.push_back(value);
        }
    }
    return grid;
}

} // namespace pecards::test
