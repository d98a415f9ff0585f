// Sinusoidal absolute positional encoding (Vaswani et al. 2017 §3.5; docs/encodings.md §1).

#include "pecards/sinusoidal.h"

#include "check.h"
#include "profileterms.h"
#include "validation.h"

#include <cmath>
#include <utility>

namespace pecards {

Eigen::VectorXd sinusoidalFrequencies(const SinusoidalParams& params) {
    validate(params);
    const int half = params.d_model / 2;
    const double log_base = std::log(params.base);
    Eigen::VectorXd w(half);
    for (int i = 0; i < half; ++i) {
        if (params.frequencies == SinusoidalFrequencies::Paper) {
            // Transformer-XL / Annotated Transformer: 1 / base^(2i/d).
            w[i] = 1.0 / std::pow(params.base, 2.0 * i / params.d_model);
        } else {
            // tensor2tensor get_timing_signal_1d, fairseq get_embedding: exp(-i ln(b) / (d/2 - 1)).
            w[i] = std::exp(-i * log_base / (half - 1));
        }
    }
    return w;
}

Eigen::MatrixXd sinusoidalTable(const SinusoidalParams& params, std::int64_t first, std::int64_t count) {
    const Eigen::VectorXd w = sinusoidalFrequencies(params);
    detail::checkOffset("first", first);
    detail::checkCount("count", count);
    const int half = params.d_model / 2;
    const bool interleaved = params.layout == SinusoidalLayout::Interleaved;
    Eigen::MatrixXd table(count, params.d_model);
    for (std::int64_t row = 0; row < count; ++row) {
        const std::int64_t p = first + row;
        if (params.padding_idx >= 0 && p == params.padding_idx) {
            table.row(row).setZero();
            continue;
        }
        for (int i = 0; i < half; ++i) {
            const double angle = static_cast<double>(p) * w[i];
            table(row, interleaved ? 2 * i : i) = std::sin(angle);
            table(row, interleaved ? 2 * i + 1 : half + i) = std::cos(angle);
        }
    }
    return table;
}

std::int64_t sinusoidalTableRow(const SinusoidalParams& params, std::int64_t token) {
    return params.padding_idx >= 0 ? params.padding_idx + 1 + token : token;
}

detail::PhasorTerms detail::sinusoidalSimilarityTerms(const SinusoidalParams& params) {
    Eigen::VectorXd w = sinusoidalFrequencies(params);
    const Eigen::Index pairs = w.size();
    return {std::move(w), Eigen::VectorXd::Ones(pairs), Eigen::VectorXd::Zero(pairs), 0.0};
}

Eigen::VectorXd sinusoidalSimilarityProfile(
    const SinusoidalParams& params, std::int64_t delta_first, std::int64_t count) {
    const detail::PhasorTerms terms = detail::sinusoidalSimilarityTerms(params);
    detail::checkOffset("delta_first", delta_first);
    detail::checkCount("count", count);
    return detail::phasorSum(terms, delta_first, count);
}

} // namespace pecards
