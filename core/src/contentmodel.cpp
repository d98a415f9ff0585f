// Content logits of every card (contentmodel.h, docs/quantities.md).

#include "contentmodel.h"

#include "numericconstants.h"
#include "pecards/alibi.h"
#include "pecards/probe.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/sinusoidal.h"
#include "pecards/viewrules.h"
#include "positionalprofile.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace pecards::detail {

namespace {

/// Transformer-XL rows R_p = [sin(p w) | cos(p w)] of non-negative positions, one per entry.
Eigen::MatrixXd txlRows(const std::vector<std::int64_t>& positions, int d) {
    Eigen::MatrixXd rows(static_cast<Eigen::Index>(positions.size()), d);
    for (std::size_t n = 0; n < positions.size(); ++n) {
        rows.row(static_cast<Eigen::Index>(n)) = txlRelativeRows(positions[n], 1, d);
    }
    return rows;
}

/// Row features P_i with P_i . [cos(j w) | sin(j w)] = y_i . R_{i-j} for y_i = rows of `weights`
/// (angle subtraction: sin((i-j)w) = sin(iw)cos(jw) - cos(iw)sin(jw), cos likewise).
Eigen::MatrixXd txlRowFeatures(const Eigen::MatrixXd& weights, const Eigen::MatrixXd& row_sincos) {
    const Eigen::Index h = weights.cols() / 2;
    const auto ys = weights.leftCols(h).array();
    const auto yc = weights.rightCols(h).array();
    const auto s = row_sincos.leftCols(h).array();
    const auto c = row_sincos.rightCols(h).array();
    Eigen::MatrixXd features(weights.rows(), weights.cols());
    features.leftCols(h) = ys * s + yc * c;
    features.rightCols(h) = yc * s - ys * c;
    return features;
}

} // namespace

ContentModel::ContentModel(const CardParams& params)
    : m_params(params)
    , m_d(cardDimension(params))
    , m_visibility(pecards::visibility(params)) {
    m_params.sinusoidal.padding_idx = -1; // the padding row is a table detail, not a position
    if (params.card == Card::Rope || params.card == Card::Hybrid) {
        const RopeScalingResult scaling
            = ropeScaling(params.rope, effectiveSeqLen(params.rope, params.length));
        m_inv_freq = scaling.inv_freq;
        m_attention_factor = scaling.attention_factor;
    }
    if (params.card == Card::Alibi || params.card == Card::Hybrid) {
        m_alibi_slope = alibiSlopes(params.alibi)[params.alibi.head];
    }
    if (params.card == Card::Relative && params.relative.variant == RelativeVariant::T5) {
        const RelativeParams& rel = params.relative;
        m_beta = Eigen::VectorXd(rel.num_buckets);
        for (int b = 0; b < rel.num_buckets; ++b) {
            m_beta[b] = rel.bucket_values.empty() ? probeNormal(params.probe.seed, ProbeStream::Bucket, 0, b)
                                                  : rel.bucket_values[b];
        }
    }
    if (params.card == Card::Relative && params.relative.variant == RelativeVariant::TransformerXL) {
        m_w_r = txlProjection(params.probe.seed, m_d);
        m_u = contentVector(params.probe.seed, ProbeStream::U, 0, m_d);
        m_v = contentVector(params.probe.seed, ProbeStream::V, 0, m_d);
    }
}

Eigen::MatrixXd ContentModel::encoded(const std::vector<std::int64_t>& positions, ProbeStream kind) const {
    Eigen::MatrixXd out(static_cast<Eigen::Index>(positions.size()), m_d);
    for (std::size_t n = 0; n < positions.size(); ++n) {
        const std::int64_t p = positions[n];
        const std::shared_ptr<const Eigen::MatrixXd>& loaded
            = kind == ProbeStream::Query ? m_params.probe.content_q : m_params.probe.content_k;
        Eigen::VectorXd x = loaded ? Eigen::VectorXd(loaded->row(p).transpose())
                                   : contentVector(m_params.probe.seed, kind, p, m_d);
        if (m_params.card == Card::Sinusoidal) {
            x += sinusoidalTable(m_params.sinusoidal, p, 1).row(0).transpose();
        } else if (m_params.card == Card::Rope || m_params.card == Card::Hybrid) {
            x = ropeRotate(m_params.rope, m_inv_freq, x, static_cast<double>(p));
            x.head(rotaryDim(m_params.rope)) *= m_attention_factor; // HF attention_scaling on cos/sin
        }
        out.row(static_cast<Eigen::Index>(n)) = x.transpose();
    }
    return out;
}

Eigen::MatrixXd ContentModel::logits(
    const std::vector<std::int64_t>& rows, const std::vector<std::int64_t>& cols, bool attention) const {
    const Eigen::MatrixXd q = encoded(rows, ProbeStream::Query);
    const Eigen::MatrixXd k = encoded(cols, ProbeStream::Key);
    const double inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(m_d));
    const Card card = m_params.card;
    const bool t5 = card == Card::Relative && m_params.relative.variant == RelativeVariant::T5;
    // The logits that enter the softmax, on every card (T5 has no 1/sqrt(d)): ContentScore and
    // ContentAttention read the same numbers.
    const double scale = t5 ? 1.0 : inv_sqrt_d;
    Eigen::MatrixXd out;
    if (card == Card::Relative && m_params.relative.variant == RelativeVariant::TransformerXL) {
        out = Eigen::MatrixXd::Zero(q.rows(), k.rows());
        addTxl(out, rows, cols, q, k, attention);
    } else {
        out = q * k.transpose();
        if (card == Card::Relative && m_params.relative.variant == RelativeVariant::Shaw) {
            addShaw(out, rows, cols, q);
        }
    }
    out *= scale;
    addBiases(out, rows, cols);
    if (m_visibility.masks()) {
        for (Eigen::Index r = 0; r < out.rows(); ++r) {
            for (Eigen::Index c = 0; c < out.cols(); ++c) {
                if (!m_visibility.visible(rows[r], cols[c])) {
                    out(r, c) = kMasked;
                }
            }
        }
    }
    return out;
}

void ContentModel::addBiases(Eigen::MatrixXd& out, const std::vector<std::int64_t>& rows,
    const std::vector<std::int64_t>& cols) const {
    const Card card = m_params.card;
    if (card == Card::Alibi || card == Card::Hybrid) {
        for (Eigen::Index r = 0; r < out.rows(); ++r) {
            for (Eigen::Index c = 0; c < out.cols(); ++c) {
                out(r, c) += alibiBias(m_params.alibi.form, m_alibi_slope, rows[r], cols[c], m_params.length);
            }
        }
    } else if (m_beta.size() > 0) { // T5: beta[bucket(j - i)]
        const RelativeParams& rel = m_params.relative;
        for (Eigen::Index r = 0; r < out.rows(); ++r) {
            for (Eigen::Index c = 0; c < out.cols(); ++c) {
                out(r, c) += m_beta[t5Bucket(
                    cols[c] - rows[r], rel.bidirectional, rel.num_buckets, rel.max_distance)];
            }
        }
    }
}

void ContentModel::addShaw(Eigen::MatrixXd& out, const std::vector<std::int64_t>& rows,
    const std::vector<std::int64_t>& cols, const Eigen::MatrixXd& q) const {
    // q_i . a_idx, idx = clip(j - i, -k, k) + k: each distinct a_idx is made once.
    const std::int64_t k = m_params.relative.clip_k;
    std::unordered_map<std::int64_t, std::size_t> slot;
    std::vector<Eigen::VectorXd> vectors;
    for (Eigen::Index r = 0; r < out.rows(); ++r) {
        for (Eigen::Index c = 0; c < out.cols(); ++c) {
            const std::int64_t idx = shawIndex(rows[r], cols[c], k);
            const auto [it, added] = slot.try_emplace(idx, vectors.size());
            if (added) {
                vectors.push_back(contentVector(m_params.probe.seed, ProbeStream::Shaw, idx, m_d));
            }
            out(r, c) += q.row(r).dot(vectors[it->second]);
        }
    }
}

void ContentModel::addTxl(Eigen::MatrixXd& out, const std::vector<std::int64_t>& rows,
    const std::vector<std::int64_t>& cols, const Eigen::MatrixXd& q, const Eigen::MatrixXd& k,
    bool attention) const {
    const TxlTerm term = attention ? TxlTerm::Total : m_params.relative.term;
    const auto uses = [term](TxlTerm t) { return term == TxlTerm::Total || term == t; };
    if (uses(TxlTerm::A)) {
        out += q * k.transpose();
    }
    if (uses(TxlTerm::B) || uses(TxlTerm::D)) {
        // (b) q_i . W_R R_{i-j} = (W_R^T q_i) . R_{i-j}; (d) the same with v.
        Eigen::MatrixXd weights = Eigen::MatrixXd::Zero(q.rows(), m_d);
        if (uses(TxlTerm::B)) {
            weights += q * m_w_r;
        }
        if (uses(TxlTerm::D)) {
            weights.rowwise() += (m_w_r.transpose() * m_v).transpose();
        }
        const Eigen::MatrixXd row_features = txlRowFeatures(weights, txlRows(rows, m_d));
        const Eigen::MatrixXd col_rows = txlRows(cols, m_d); // [sin(jw) | cos(jw)]
        Eigen::MatrixXd col_features(col_rows.rows(), m_d);
        col_features << col_rows.rightCols(m_d / 2), col_rows.leftCols(m_d / 2); // [cos | sin]
        out += row_features * col_features.transpose();
    }
    if (uses(TxlTerm::C)) {
        out.rowwise() += (k * m_u).transpose();
    }
}

} // namespace pecards::detail
