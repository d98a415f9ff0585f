// Rotary position embedding (Su et al. 2021, RoFormer eqs. 13-16 and §3.4.3; docs/encodings.md §2).

#include "pecards/rope.h"

#include "check.h"
#include "pecards/rope_scaling.h"
#include "profileterms.h"
#include "validation.h"

#include <cmath>
#include <complex>

namespace pecards {

namespace {

/// Cheap shape checks for the per-position functions (full validation is validate(RopeParams)).
void checkRopeShape(const RopeParams& params, const Eigen::VectorXd& inv_freq) {
    detail::checkDim("head_dim", params.head_dim);
    const int r = rotaryDim(params);
    PECARDS_CHECK(r >= 2 && r <= params.head_dim && r % 2 == 0, "rotary_dim", params.rotary_dim,
        "0 (= head_dim) or even, in [2, head_dim = " + std::to_string(params.head_dim) + "]");
    PECARDS_CHECK(inv_freq.size() == r / 2, "inv_freq", std::to_string(inv_freq.size()) + " entries",
        std::to_string(r / 2) + " entries (rotary_dim/2)");
}

/// Index of the two coordinates of frequency pair i in the given layout.
struct PairIndex {
    Eigen::Index a;
    Eigen::Index b;
};
PairIndex pairIndex(RopeLayout layout, int r, int i) {
    if (layout == RopeLayout::Interleaved) {
        return {2 * i, 2 * i + 1};
    }
    return {i, i + r / 2};
}

} // namespace

int rotaryDim(const RopeParams& params) {
    if (params.partial != RopePartial::Classic) {
        return params.head_dim;
    }
    return params.rotary_dim == 0 ? params.head_dim : params.rotary_dim;
}

int rotatingPairs(const RopeParams& params) {
    if (params.partial == RopePartial::NoPE) {
        return 0;
    }
    return (params.rotary_dim == 0 ? params.head_dim : params.rotary_dim) / 2;
}

std::vector<RopeDimension> ropePairing(const RopeParams& params) {
    validate(params);
    std::vector<RopeDimension> dims(static_cast<std::size_t>(params.head_dim));
    for (std::size_t k = 0; k < dims.size(); ++k)
        dims[k].partner = static_cast<int>(k);
    const int r = rotaryDim(params);
    for (int i = 0; i < r / 2; ++i) {
        const PairIndex index = pairIndex(params.layout, r, i);
        dims[static_cast<std::size_t>(index.a)] = {i, static_cast<int>(index.b)};
        dims[static_cast<std::size_t>(index.b)] = {i, static_cast<int>(index.a)};
    }
    return dims;
}

Eigen::VectorXd ropeInvFreq(const RopeParams& params) {
    validate(params);
    Eigen::VectorXd theta = ropeInvFreq(params.base, rotaryDim(params));
    // Proportional: exponents over head_dim as above, the pairs past rope_angles do not rotate.
    theta.tail(theta.size() - rotatingPairs(params)).setZero();
    return theta;
}

Eigen::VectorXd ropeInvFreq(double base, int r) {
    detail::checkBase("base", base);
    detail::checkDim("rotary_dim", r);
    Eigen::VectorXd theta(r / 2);
    for (int i = 0; i < r / 2; ++i) {
        // HF `_compute_default_rope_parameters`: 1 / base^(2i/r).
        theta[i] = 1.0 / std::pow(base, 2.0 * i / r);
    }
    return theta;
}

Eigen::VectorXd ropeScaledInvFreq(const RopeParams& params, std::int64_t seq_len) {
    return ropeScaling(params, seq_len).inv_freq;
}

Eigen::MatrixXd ropeAngles(const Eigen::VectorXd& inv_freq, std::int64_t first, std::int64_t count) {
    detail::checkOffset("first", first);
    detail::checkCount("count", count);
    Eigen::MatrixXd angles(count, inv_freq.size());
    for (std::int64_t row = 0; row < count; ++row) {
        // double m * double theta: relative error 2^-53, i.e. < 1e-8 rad for |m| <= 2^26.
        angles.row(row) = static_cast<double>(first + row) * inv_freq.transpose();
    }
    return angles;
}

Eigen::VectorXd ropeRotate(
    const RopeParams& params, const Eigen::VectorXd& inv_freq, const Eigen::VectorXd& x, double m) {
    checkRopeShape(params, inv_freq);
    PECARDS_CHECK(x.size() == params.head_dim, "x", std::to_string(x.size()) + " entries",
        "head_dim = " + std::to_string(params.head_dim) + " entries");
    PECARDS_CHECK(std::isfinite(m), "m", m, "finite position");
    const int r = rotaryDim(params);
    Eigen::VectorXd out = x;
    for (int i = 0; i < r / 2; ++i) {
        const auto [a, b] = pairIndex(params.layout, r, i);
        const double angle = m * inv_freq[i];
        const double c = std::cos(angle);
        const double s = std::sin(angle);
        out[a] = x[a] * c - x[b] * s;
        out[b] = x[a] * s + x[b] * c;
    }
    return out;
}

detail::PhasorTerms detail::ropeScoreTerms(const RopeParams& params, const Eigen::VectorXd& inv_freq,
    const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
    checkRopeShape(params, inv_freq);
    const std::string allowed = "head_dim = " + std::to_string(params.head_dim) + " entries";
    PECARDS_CHECK(q.size() == params.head_dim, "q", std::to_string(q.size()) + " entries", allowed);
    PECARDS_CHECK(k.size() == params.head_dim, "k", std::to_string(k.size()) + " entries", allowed);
    const int r = rotaryDim(params);
    const int half = r / 2;
    // Per pair: Re(qc conj(kc) e^{j delta theta}) = dot cos - cross sin, with
    // dot = qa ka + qb kb and cross = qb ka - qa kb.
    PhasorTerms terms {inv_freq.head(half), Eigen::VectorXd(half), Eigen::VectorXd(half), 0.0};
    for (int i = 0; i < half; ++i) {
        const auto [a, b] = pairIndex(params.layout, r, i);
        terms.a[i] = q[a] * k[a] + q[b] * k[b];
        terms.b[i] = -(q[b] * k[a] - q[a] * k[b]);
    }
    terms.offset = q.tail(params.head_dim - r).dot(k.tail(params.head_dim - r));
    return terms;
}

Eigen::VectorXd ropeScoreProfile(const RopeParams& params, const Eigen::VectorXd& inv_freq,
    const Eigen::VectorXd& q, const Eigen::VectorXd& k, std::int64_t delta_first, std::int64_t count) {
    const detail::PhasorTerms terms = detail::ropeScoreTerms(params, inv_freq, q, k);
    detail::checkOffset("delta_first", delta_first);
    detail::checkCount("count", count);
    return detail::phasorSum(terms, delta_first, count);
}

Eigen::VectorXd ropeLongTermDecay(const Eigen::VectorXd& inv_freq, const Eigen::VectorXd& r) {
    PECARDS_CHECK(
        inv_freq.size() >= 1, "inv_freq", std::to_string(inv_freq.size()) + " entries", ">= 1 entry");
    Eigen::VectorXd bound(r.size());
    for (Eigen::Index n = 0; n < r.size(); ++n) {
        PECARDS_CHECK(std::isfinite(r[n]), "r", r[n], "finite distances");
        std::complex<double> partial = 0.0;
        double sum = 0.0;
        for (Eigen::Index l = 0; l < inv_freq.size(); ++l) {
            partial += std::polar(1.0, r[n] * inv_freq[l]);
            sum += std::abs(partial);
        }
        bound[n] = sum / static_cast<double>(inv_freq.size());
    }
    return bound;
}

} // namespace pecards
