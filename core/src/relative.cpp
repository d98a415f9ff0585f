// Relative position encodings (docs/encodings.md §4): Shaw et al. 2018, Transformer-XL (Dai et al.
// 2019 §3.3, kimiyoung/transformer-xl `mem_transformer.py`), T5 buckets (HF `modeling_t5.py`).

#include "pecards/relative.h"

#include "check.h"
#include "pecards/sinusoidal.h"
#include "profileterms.h"
#include "validation.h"

#include <algorithm>
#include <cmath>

namespace pecards {

SinusoidalParams detail::txlSinusoid(int d) {
    SinusoidalParams params;
    params.d_model = d;
    params.base = 10000.0;
    params.layout = SinusoidalLayout::Concatenated;
    params.frequencies = SinusoidalFrequencies::Paper;
    return params;
}

std::int64_t shawIndex(std::int64_t i, std::int64_t j, std::int64_t k) {
    PECARDS_CHECK(k >= 0 && k <= kMaxLength, "clip_k", k, "in [0, " + detail::lengthLimitText() + "]");
    return std::clamp(j - i, -k, k) + k;
}

int t5Bucket(std::int64_t relative_position, bool bidirectional, int num_buckets, int max_distance) {
    detail::checkT5Buckets(num_buckets, max_distance, bidirectional);
    constexpr std::int64_t limit = std::int64_t {1} << 24; // float32 holds every integer up to 2^24
    PECARDS_CHECK(relative_position >= -limit && relative_position <= limit, "relative_position",
        relative_position, "in [-2^24, 2^24]");
    int bucket = 0;
    int buckets = num_buckets;
    std::int64_t n = relative_position;
    if (bidirectional) {
        buckets /= 2;
        if (n > 0) {
            bucket += buckets;
        }
        n = n < 0 ? -n : n;
    } else {
        n = n < 0 ? -n : 0;
    }
    const int max_exact = buckets / 2;
    if (n < max_exact) {
        return bucket + static_cast<int>(n);
    }
    // The reference evaluates in float32: torch.log(n.float() / max_exact) / math.log(max_distance
    // / max_exact) * (buckets - max_exact), the Python double divisor rounded to float32, then
    // .to(torch.long) truncates. float64 lands one bucket lower at a few boundaries (README conv. 8).
    const float quotient = static_cast<float>(n) / static_cast<float>(max_exact);
    const auto divisor = static_cast<float>(std::log(static_cast<double>(max_distance) / max_exact));
    const float scaled = std::log(quotient) / divisor * static_cast<float>(buckets - max_exact);
    const int large = std::min(max_exact + static_cast<int>(scaled), buckets - 1);
    return bucket + large;
}

Eigen::MatrixXd txlRelativeEmbedding(std::int64_t klen, int d, std::int64_t clamp_len) {
    PECARDS_CHECK(klen >= 1 && klen <= kMaxLength, "klen", klen, "in [1, " + detail::lengthLimitText() + "]");
    detail::checkDim("d_model", d);
    // pos_seq = klen-1, ..., 0, clamped to clamp_len when clamp_len > 0 (MemTransformerLM._forward).
    const std::int64_t largest = clamp_len > 0 ? std::min(klen - 1, clamp_len) : klen - 1;
    const Eigen::MatrixXd table = sinusoidalTable(detail::txlSinusoid(d), 0, largest + 1);
    Eigen::MatrixXd out(klen, d);
    for (std::int64_t row = 0; row < klen; ++row) {
        out.row(row) = table.row(std::min(klen - 1 - row, largest));
    }
    return out;
}

Eigen::MatrixXd txlRelShift(const Eigen::MatrixXd& x, bool zero_triu) {
    const Eigen::Index qlen = x.rows();
    const Eigen::Index klen = x.cols();
    PECARDS_CHECK(qlen >= 1 && klen >= 1, "x", std::to_string(qlen) + " x " + std::to_string(klen),
        "qlen x klen with qlen, klen >= 1");
    // Reference: pad a zero column on the left (qlen x klen+1), view the row-major buffer as
    // (klen+1) x qlen, drop its first row (qlen values), view the rest as qlen x klen.
    Eigen::MatrixXd out(qlen, klen);
    for (Eigen::Index i = 0; i < qlen; ++i) {
        for (Eigen::Index j = 0; j < klen; ++j) {
            const Eigen::Index flat = i * klen + j + qlen; // index into the padded buffer
            const Eigen::Index row = flat / (klen + 1);
            const Eigen::Index col = flat % (klen + 1);
            const bool kept = !zero_triu || j <= i + klen - qlen; // torch.tril(ones, klen - qlen)
            out(i, j) = kept && col > 0 ? x(row, col - 1) : 0.0;
        }
    }
    return out;
}

TxlTerms txlTerms(const Eigen::VectorXd& q, const Eigen::VectorXd& k, const Eigen::VectorXd& u,
    const Eigen::VectorXd& v, const Eigen::MatrixXd& w_r, std::int64_t distance) {
    const Eigen::Index d = q.size();
    detail::checkDim("d_model", static_cast<int>(std::min<Eigen::Index>(d, kMaxDim + 1)));
    const std::string allowed = "d_model = " + std::to_string(d) + " entries";
    PECARDS_CHECK(k.size() == d, "k", std::to_string(k.size()) + " entries", allowed);
    PECARDS_CHECK(u.size() == d, "u", std::to_string(u.size()) + " entries", allowed);
    PECARDS_CHECK(v.size() == d, "v", std::to_string(v.size()) + " entries", allowed);
    PECARDS_CHECK(w_r.rows() == d && w_r.cols() == d, "W_R",
        std::to_string(w_r.rows()) + " x " + std::to_string(w_r.cols()),
        "d_model x d_model = " + std::to_string(d) + " x " + std::to_string(d));
    const Eigen::VectorXd r
        = sinusoidalTable(detail::txlSinusoid(static_cast<int>(d)), distance, 1).row(0).transpose();
    const Eigen::VectorXd projected = w_r * r; // W_R R_{i-j}
    return {q.dot(k), q.dot(projected), u.dot(k), v.dot(projected)};
}

} // namespace pecards
