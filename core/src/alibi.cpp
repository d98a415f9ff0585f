// ALiBi slopes and bias forms (Press, Smith, Lewis, ICLR 2022; docs/encodings.md §3).

#include "pecards/alibi.h"

#include "check.h"

#include <cmath>
#include <limits>

namespace pecards {

Eigen::VectorXd alibiSlopes(const AlibiParams& params) {
    PECARDS_CHECK(params.heads >= 1 && params.heads <= kMaxHeads, "heads", params.heads, "in [1, 128]");
    PECARDS_CHECK(std::isfinite(params.alibi_bias_max) && params.alibi_bias_max > 0.0, "alibi_bias_max",
        params.alibi_bias_max, "finite, > 0");
    // ofirpress `get_slopes`, with its 8 generalised to alibi_bias_max (llm-foundry `gen_slopes`):
    // the P = 2^floor(log2 H) slopes 2^(-B h/P), then slopes 2^(-B h/(2P)) for h = 1, 3, 5, ...
    // (every other slope of 2P), the first H - P of them. H = P leaves the second part empty.
    const int n = params.heads;
    const double b = params.alibi_bias_max;
    int power = 1;
    while (power * 2 <= n) {
        power *= 2;
    }
    Eigen::VectorXd slopes(n);
    for (int h = 1; h <= power; ++h) {
        slopes[h - 1] = std::exp2(-b * h / power);
    }
    for (int extra = 0; extra < n - power; ++extra) {
        const int h = 2 * extra + 1;
        slopes[power + extra] = std::exp2(-b * h / (2 * power));
    }
    return slopes;
}

double alibiBias(AlibiForm form, double slope, std::int64_t i, std::int64_t j, std::int64_t length) {
    constexpr double masked = -std::numeric_limits<double>::infinity();
    switch (form) {
    case AlibiForm::Causal:
        return j > i ? masked : -slope * static_cast<double>(i - j);
    case AlibiForm::Symmetric:
        return -slope * static_cast<double>(i > j ? i - j : j - i);
    case AlibiForm::RowOffsetBloom:
        return slope * static_cast<double>(j);
    case AlibiForm::RowOffsetFoundry:
        return -slope * static_cast<double>(length - 1 - j);
    }
    detail::throwInvalid("alibi.form", std::to_string(static_cast<int>(form)),
        "one of causal, symmetric, row-offset-bloom, row-offset-foundry");
}

} // namespace pecards
