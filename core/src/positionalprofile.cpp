// Per-card positional-only profiles f(delta) (positionalprofile.h, docs/quantities.md).

#include "positionalprofile.h"

#include "check.h"
#include "pecards/alibi.h"
#include "pecards/probe.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/sinusoidal.h"
#include "pecards/viewrules.h"
#include "profileterms.h"

#include <algorithm>
#include <cmath>

namespace pecards::detail {

namespace {

/// Probe q or k with RoPE's rotated dims times the attention factor a (HF `attention_scaling`
/// multiplies cos and sin), so (R_i q).(R_j k) carries a^2 on the rotated part only.
Eigen::VectorXd scaledRopeProbe(const CardParams& params, ProbeStream stream, double attention_factor) {
    Eigen::VectorXd v = probeVector(params.probe, stream, params.rope.head_dim);
    v.head(rotaryDim(params.rope)) *= attention_factor;
    return v;
}

} // namespace

PositionalProfile::PositionalProfile(const CardParams& params, Quantity quantity)
    : m_params(params)
    , m_quantity(quantity)
    , m_visibility(quantity == Quantity::Buckets ? Visibility {} : pecards::visibility(params)) {
    PECARDS_CHECK(
        quantity == Quantity::Score || quantity == Quantity::Attention || quantity == Quantity::Buckets,
        "quantity", toString(quantity), "score, attention or buckets (positional-only views)");
    const bool logits = quantity == Quantity::Attention;
    const int d = cardDimension(params);
    const double inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(d));
    switch (params.card) {
    case Card::Sinusoidal:
        m_params.sinusoidal.padding_idx = -1; // the padding row is a table detail, not a position
        m_trig = sinusoidalSimilarityTerms(m_params.sinusoidal);
        m_scale = logits ? inv_sqrt_d : 1.0;
        break;
    case Card::Rope:
    case Card::Hybrid: {
        const RopeScalingResult scaling
            = ropeScaling(params.rope, effectiveSeqLen(params.rope, params.length));
        m_trig = ropeScoreTerms(params.rope, scaling.inv_freq,
            scaledRopeProbe(params, ProbeStream::Query, scaling.attention_factor),
            scaledRopeProbe(params, ProbeStream::Key, scaling.attention_factor));
        m_scale = (logits || params.card == Card::Hybrid) ? inv_sqrt_d : 1.0;
        if (params.card == Card::Rope) {
            break;
        }
        [[fallthrough]];
    }
    case Card::Alibi: {
        m_alibi_slope = alibiSlopes(params.alibi)[params.alibi.head];
        const AlibiForm form = params.alibi.form;
        if (!logits && (form == AlibiForm::RowOffsetBloom || form == AlibiForm::RowOffsetFoundry)) {
            // bias(form, i, j) = -m (i - j) + m i + bias(form, 0, 0) for every j (extra()).
            m_row_slope = m_alibi_slope;
            m_row_offset = alibiBias(form, m_alibi_slope, 0, 0, params.length);
        }
        break;
    }
    case Card::Multimodal:
        detail::throwInvalid("card", toString(params.card),
            "a card with a positional profile (the multimodal card's views are dense: pitfallspec.h)");
    case Card::Relative: {
        const RelativeParams& rel = params.relative;
        if (quantity == Quantity::Buckets || rel.variant == RelativeVariant::T5) {
            if (rel.variant == RelativeVariant::T5 && quantity != Quantity::Buckets) {
                m_beta = Eigen::VectorXd(rel.num_buckets);
                for (int b = 0; b < rel.num_buckets; ++b) {
                    m_beta[b] = rel.bucket_values.empty()
                        ? probeNormal(params.probe.seed, ProbeStream::Bucket, 0, b)
                        : rel.bucket_values[b];
                }
            }
            break;
        }
        m_q = probeVector(params.probe, ProbeStream::Query, d);
        const Eigen::VectorXd k = probeVector(params.probe, ProbeStream::Key, d);
        m_scale = logits ? inv_sqrt_d : 1.0;
        if (rel.variant == RelativeVariant::Shaw) {
            m_constant = logits ? m_q.dot(k) * inv_sqrt_d : 0.0;
            break;
        }
        // Transformer-XL: (a) q.k, (b) (W_R^T q).R_delta, (c) u.k, (d) (W_R^T v).R_delta.
        const Eigen::VectorXd u = contentVector(params.probe.seed, ProbeStream::U, 0, d);
        const Eigen::VectorXd v = contentVector(params.probe.seed, ProbeStream::V, 0, d);
        const Eigen::MatrixXd w_r = txlProjection(params.probe.seed, d);
        const TxlTerm term = logits ? TxlTerm::Total : rel.term;
        const bool a = term == TxlTerm::Total || term == TxlTerm::A;
        const bool b = term == TxlTerm::Total || term == TxlTerm::B;
        const bool c = term == TxlTerm::Total || term == TxlTerm::C;
        const bool dd = term == TxlTerm::Total || term == TxlTerm::D;
        const Eigen::VectorXd weights = w_r.transpose() * ((b ? 1.0 : 0.0) * m_q + (dd ? 1.0 : 0.0) * v);
        m_constant = ((a ? m_q.dot(k) : 0.0) + (c ? u.dot(k) : 0.0)) * m_scale;
        // R_delta . weights = sum_i weights[i] sin(delta w_i) + weights[d/2 + i] cos(delta w_i): the
        // concatenated sinusoid of Transformer-XL (sin odd, cos even, so negative deltas need no care).
        m_trig = {sinusoidalFrequencies(txlSinusoid(d)), weights.tail(d / 2), weights.head(d / 2), 0.0};
        break;
    }
    }
}

Eigen::VectorXd PositionalProfile::values(std::int64_t delta_first, std::int64_t count) const {
    Eigen::VectorXd out(count);
    for (std::int64_t start = 0; start < count;
         start += kMaxLength) { // encoding calls take <= kMaxLength deltas
        const std::int64_t size = std::min(kMaxLength, count - start);
        out.segment(start, size) = evaluate(delta_first + start, size);
    }
    return out;
}

Eigen::VectorXd PositionalProfile::valuesAt(const std::vector<std::int64_t>& deltas) const {
    Eigen::VectorXd out(static_cast<Eigen::Index>(deltas.size()));
    std::size_t run = 0;
    while (run < deltas.size()) {
        std::size_t next = run + 1;
        while (next < deltas.size() && deltas[next] == deltas[next - 1] + 1) {
            ++next;
        }
        const auto length = static_cast<Eigen::Index>(next - run);
        out.segment(static_cast<Eigen::Index>(run), length) = values(deltas[run], length);
        run = next;
    }
    return out;
}

Eigen::MatrixXd PositionalProfile::grid(
    const std::vector<std::int64_t>& x, const std::vector<std::int64_t>& y) const {
    const auto rows = static_cast<Eigen::Index>(x.size());
    const auto cols = static_cast<Eigen::Index>(y.size());
    Eigen::MatrixXd out
        = hasTrig() ? Eigen::MatrixXd(m_scale * phasorGrid(m_trig, x, y)) : Eigen::MatrixXd::Zero(rows, cols);
    if (!hasExtra() || x.empty() || y.empty()) {
        return out;
    }
    const auto [x_low, x_high] = std::ranges::minmax(x);
    const auto [y_low, y_high] = std::ranges::minmax(y);
    const ShawDots dots = shawDots(x_low - y_high, x_high - y_low);
    for (Eigen::Index c = 0; c < cols; ++c) {
        for (Eigen::Index r = 0; r < rows; ++r) {
            out(r, c) += extra(x[static_cast<std::size_t>(r)] - y[static_cast<std::size_t>(c)], dots);
        }
    }
    return out;
}

Eigen::VectorXd PositionalProfile::evaluate(std::int64_t delta_first, std::int64_t count) const {
    Eigen::VectorXd out = hasTrig() ? Eigen::VectorXd(m_scale * phasorSum(m_trig, delta_first, count))
                                    : Eigen::VectorXd::Zero(count);
    if (!hasExtra() || count == 0) {
        return out;
    }
    const ShawDots dots = shawDots(delta_first, delta_first + count - 1);
    for (std::int64_t n = 0; n < count; ++n) {
        out[n] += extra(delta_first + n, dots);
    }
    return out;
}

PositionalProfile::ShawDots PositionalProfile::shawDots(std::int64_t low, std::int64_t high) const {
    const RelativeParams& rel = m_params.relative;
    if (m_params.card != Card::Relative || rel.variant != RelativeVariant::Shaw
        || m_quantity == Quantity::Buckets) {
        return {};
    }
    // idx = clip(j - i, -k, k) + k decreases with delta; each distinct a_idx is dotted once.
    const std::int64_t k = rel.clip_k;
    const std::int64_t idx_low
        = shawIndex(std::max<std::int64_t>(high, 0), std::max<std::int64_t>(-high, 0), k);
    const std::int64_t idx_high
        = shawIndex(std::max<std::int64_t>(low, 0), std::max<std::int64_t>(-low, 0), k);
    ShawDots dots {idx_low, Eigen::VectorXd(idx_high - idx_low + 1)};
    for (std::int64_t idx = idx_low; idx <= idx_high; ++idx) {
        dots.values[idx - idx_low]
            = m_scale * m_q.dot(contentVector(m_params.probe.seed, ProbeStream::Shaw, idx, rel.d_model))
            + m_constant;
    }
    return dots;
}

double PositionalProfile::extra(std::int64_t delta, const ShawDots& dots) const {
    const std::int64_t ahead = std::max<std::int64_t>(delta, 0); // i - j for keys at or before the query
    const std::int64_t behind = std::max<std::int64_t>(-delta, 0);
    switch (m_params.card) {
    case Card::Sinusoidal:
    case Card::Rope:
    case Card::Multimodal:
        return 0.0;
    case Card::Hybrid:
    case Card::Alibi:
        switch (m_params.alibi.form) {
        case AlibiForm::Symmetric:
            return alibiBias(AlibiForm::Symmetric, m_alibi_slope, ahead, behind, m_params.length);
        case AlibiForm::Causal:
            return alibiBias(AlibiForm::Causal, m_alibi_slope, ahead, behind, m_params.length);
        case AlibiForm::RowOffsetBloom:
        case AlibiForm::RowOffsetFoundry:
            // -m (i - j) for every key: with the row term m i + bias(form, 0, 0) it is the form's
            // bias, also past the diagonal when the causal mask is off (isCausal).
            return -m_alibi_slope * static_cast<double>(delta);
        }
        break;
    case Card::Relative:
        break;
    }
    const RelativeParams& rel = m_params.relative;
    if (rel.variant == RelativeVariant::Shaw) {
        const std::int64_t idx = shawIndex(ahead, behind, rel.clip_k);
        return m_quantity == Quantity::Buckets ? static_cast<double>(idx) : dots.values[idx - dots.first];
    }
    if (rel.variant == RelativeVariant::T5) {
        const int bucket = t5Bucket(-delta, rel.bidirectional, rel.num_buckets, rel.max_distance);
        return m_quantity == Quantity::Buckets ? static_cast<double>(bucket) : m_beta[bucket];
    }
    return m_constant; // Transformer-XL: (a) + (c)
}

Eigen::MatrixXd txlRelativeRows(std::int64_t delta_first, std::int64_t count, int d) {
    const SinusoidalParams table = txlSinusoid(d);
    // Rows of |delta| (sinusoidalTable's positions are rows of a table, so padding rules never
    // meet a negative delta); for delta < 0 the sin half changes sign (sin odd, cos even).
    Eigen::MatrixXd rows(count, d);
    const std::int64_t last = delta_first + count - 1;
    if (delta_first < 0) {
        const std::int64_t negatives = std::min<std::int64_t>(last, -1) - delta_first + 1;
        rows.topRows(negatives)
            = sinusoidalTable(table, -(delta_first + negatives - 1), negatives).colwise().reverse();
        rows.topLeftCorner(negatives, d / 2) *= -1.0;
    }
    if (last >= 0) {
        const std::int64_t first = std::max<std::int64_t>(delta_first, 0);
        rows.bottomRows(last - first + 1) = sinusoidalTable(table, first, last - first + 1);
    }
    return rows;
}

Eigen::MatrixXd txlProjection(std::uint64_t seed, int d) {
    Eigen::MatrixXd w_r(d, d);
    const double inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(d));
    for (int r = 0; r < d; ++r) {
        for (int c = 0; c < d; ++c) {
            w_r(r, c) = probeNormal(seed, ProbeStream::WR, r, c) * inv_sqrt_d;
        }
    }
    return w_r;
}

} // namespace pecards::detail
