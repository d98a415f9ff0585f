// The context-extension lab (scaling_lab.h).

#include "pecards/scaling_lab.h"

#include "check.h"
#include "numericconstants.h"
#include "pecards/cost.h"
#include "pecards/probe.h"
#include "pecards/rope.h"
#include "validation.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pecards {

namespace {

void validate(const ScalingLabSettings& settings) {
    PECARDS_CHECK(
        std::isfinite(settings.factor) && settings.factor >= 1.0 && settings.factor <= kMaxScalingFactor,
        "factor", settings.factor, "[1, 1e4]");
    PECARDS_CHECK(settings.length >= 2 && settings.length <= kMaxLength, "length", settings.length,
        "[2, " + detail::lengthLimitText() + "]");
    PECARDS_CHECK(settings.original_max_position_embeddings >= 2
            && settings.original_max_position_embeddings <= settings.length,
        "original_max_position_embeddings", settings.original_max_position_embeddings,
        "[2, length] = [2, " + std::to_string(settings.length) + "]");
    for (std::size_t n = 0; n < settings.types.size(); ++n) {
        for (std::size_t m = 0; m < n; ++m) {
            PECARDS_CHECK(settings.types[m] != settings.types[n], "scalings", toString(settings.types[n]),
                "each scaling type at most once");
        }
    }
}

} // namespace

RopeParams labScaling(const RopeParams& model, RopeScalingType type, const ScalingLabSettings& settings) {
    validate(settings);
    RopeParams params = model;
    RopeScaling& sc = params.scaling;
    if (sc.type != type) {
        sc = RopeScaling {}; // HF defaults of every key; the model's keys belong to another type
        sc.type = type;
    }
    const double s = settings.factor;
    const std::int64_t l0 = settings.original_max_position_embeddings;
    sc.factor = s;
    sc.original_max_position_embeddings = l0;
    sc.max_position_embeddings = l0;
    params.seq_len = 0;
    if (type == RopeScalingType::None) {
        sc.factor = 1.0;
    }
    if (type == RopeScalingType::LongRope) {
        const int half = rotaryDim(model) / 2;
        // HF derives s = max_position_embeddings / L0 when both are given.
        sc.max_position_embeddings = static_cast<std::int64_t>(std::llround(s * static_cast<double>(l0)));
        if (sc.short_factor.size() != static_cast<std::size_t>(half)) {
            sc.short_factor.assign(static_cast<std::size_t>(half), 1.0);
        }
        if (sc.long_factor.size() != static_cast<std::size_t>(half)) {
            sc.long_factor.resize(static_cast<std::size_t>(half));
            for (int i = 0; i < half; ++i) {
                // NTK-aware rescale: theta_i / s^(2i/(r-2)) = (b s^(r/(r-2)))^(-2i/r).
                sc.long_factor[static_cast<std::size_t>(i)]
                    = half > 1 ? std::pow(s, static_cast<double>(i) / (half - 1)) : s;
            }
        }
    }
    validate(params);
    return params;
}

ScalingComparison compareScalings(const RopeParams& model, const ScalingLabSettings& settings) {
    validate(model);
    validate(settings);
    ScalingComparison out;
    out.theta = ropeInvFreq(model.base, rotaryDim(model));
    out.wavelength = kTwoPi * out.theta.cwiseInverse();
    out.original_max_position_embeddings = settings.original_max_position_embeddings;
    out.length = settings.length;
    for (const RopeScalingType type : settings.types) {
        ScalingCurve curve;
        curve.type = type;
        curve.params = labScaling(model, type, settings);
        curve.result = ropeScaling(curve.params, settings.length);
        curve.ratio = curve.result.inv_freq.cwiseQuotient(out.theta);
        curve.wavelength = kTwoPi * curve.result.inv_freq.cwiseInverse();
        out.curves.push_back(std::move(curve));
    }
    return out;
}

std::int64_t givenTrainingLength(const RopeScaling& scaling) {
    if (scaling.type != RopeScalingType::None && scaling.type != RopeScalingType::Linear) {
        return givenScalingContext(scaling);
    }
    const std::int64_t original = scaling.original_max_position_embeddings;
    return original > 0 ? original : scaling.max_position_embeddings;
}

std::int64_t trainingLength(const RopeScaling& scaling) {
    if (scaling.type != RopeScalingType::None && scaling.type != RopeScalingType::Linear) {
        return ropeScalingContext(scaling);
    }
    const std::int64_t original = scaling.original_max_position_embeddings;
    const std::int64_t l0 = givenTrainingLength(scaling);
    PECARDS_CHECK(l0 >= 2, "rope_scaling.original_max_position_embeddings",
        original == 0 ? std::string("0 (missing)") : std::to_string(original),
        ">= 2 (the training length L0; max_position_embeddings is the fallback)");
    return l0;
}

std::int64_t cardTrainingLength(const CardParams& params) {
    const std::int64_t l0 = givenTrainingLength(params.rope.scaling);
    return l0 >= 2 ? l0 : params.length;
}

std::uint64_t frequencyTurns(double theta) {
    const double x = theta / kTwoPi;
    const double fraction = x - std::floor(x); // [0, 1)
    // fraction * 2^64 as an integer: the top 53 bits exact.
    const double scaled = std::ldexp(fraction, 64);
    return scaled >= 18446744073709551616.0 ? 0 : static_cast<std::uint64_t>(scaled);
}

UnseenAngleLimits unseenAngleLimits(const RopeParams& params, std::int64_t seq_len) {
    PECARDS_CHECK(
        seq_len >= 1 && seq_len <= kMaxLength, "seq_len", seq_len, "[1, " + detail::lengthLimitText() + "]");
    const std::int64_t l0 = trainingLength(params.scaling);
    const Eigen::VectorXd scaled = ropeScaling(params, seq_len).inv_freq;
    const Eigen::VectorXd theta = ropeInvFreq(params.base, rotaryDim(params));
    UnseenAngleLimits out;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        out.turns.push_back(frequencyTurns(scaled[i]));
        const bool partial = kTwoPi / theta[i] > static_cast<double>(l0);
        constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
        // (L0 - 1) theta_i < 2 pi - theta_i for these pairs: the product does not wrap.
        const std::uint64_t seen = static_cast<std::uint64_t>(l0 - 1) * frequencyTurns(theta[i]);
        out.limit.push_back(partial && seen < kMax - kUnseenMargin ? seen + kUnseenMargin : kMax);
    }
    return out;
}

Eigen::VectorXd dynamicNtkBase(const RopeParams& params, const std::vector<std::int64_t>& seq_lens) {
    PECARDS_CHECK(params.scaling.type == RopeScalingType::Dynamic, "rope_scaling.rope_type",
        toString(params.scaling.type), "dynamic");
    Eigen::VectorXd bases(static_cast<Eigen::Index>(seq_lens.size()));
    for (std::size_t n = 0; n < seq_lens.size(); ++n) {
        PECARDS_CHECK(seq_lens[n] >= 1 && seq_lens[n] <= kMaxLength, "seq_len", seq_lens[n],
            "[1, " + detail::lengthLimitText() + "]");
        bases[static_cast<Eigen::Index>(n)] = ropeScaling(params, seq_lens[n]).effective_base;
    }
    return bases;
}

Eigen::MatrixXd scoreVsDistance(
    const ScalingComparison& comparison, const std::vector<std::int64_t>& distances) {
    Eigen::VectorXd r(static_cast<Eigen::Index>(distances.size()));
    for (std::size_t n = 0; n < distances.size(); ++n) {
        PECARDS_CHECK(distances[n] >= 0 && distances[n] <= kMaxLength, "distance", distances[n],
            "[0, " + detail::lengthLimitText() + "]");
        r[static_cast<Eigen::Index>(n)] = static_cast<double>(distances[n]);
    }
    Eigen::MatrixXd out(3 * static_cast<Eigen::Index>(comparison.curves.size()), r.size());
    for (std::size_t c = 0; c < comparison.curves.size(); ++c) {
        const ScalingCurve& curve = comparison.curves[c];
        const int d = curve.params.head_dim;
        const double pass = d - rotaryDim(curve.params);
        const double a2 = curve.result.attention_factor * curve.result.attention_factor;
        const Eigen::VectorXd& theta = curve.result.inv_freq;
        const auto row = static_cast<Eigen::Index>(3 * c);
        for (Eigen::Index n = 0; n < r.size(); ++n) {
            // sum_i cos(delta theta_i): the exact reduction of delta theta_i via fmod keeps 1e-9 rad.
            double sum = 0.0;
            for (Eigen::Index i = 0; i < theta.size(); ++i) {
                sum += std::cos(std::fmod(r[n] * theta[i], kTwoPi));
            }
            out(row, n) = a2 * 2.0 * sum + pass;
            out(row + 1, n) = a2 * 2.0 / d * sum + pass / d;
        }
        out.row(row + 2) = ropeLongTermDecay(theta, r).transpose();
    }
    return out;
}

std::vector<std::int64_t> distanceSamples(std::int64_t length, int count) {
    PECARDS_CHECK(
        length >= 1 && length <= kMaxLength, "length", length, "[1, " + detail::lengthLimitText() + "]");
    PECARDS_CHECK(count >= 2 && count <= 65536, "count", count, "[2, 65536]");
    std::vector<std::int64_t> out;
    for (int n = 0; n < count; ++n) {
        const std::int64_t d = static_cast<std::int64_t>(n) * (length - 1) / (count - 1);
        if (out.empty() || out.back() != d) {
            out.push_back(d);
        }
    }
    return out;
}

Eigen::VectorXd attentionEntropy(const RopeParams& params, std::uint64_t seed, std::int64_t length) {
    validate(params);
    validateLength(length);
    const int d = params.head_dim;
    // Content-attention work: the causal half of the L x L logits, max(d, 16) each; memory: the
    // rotated q and k (L x d doubles each).
    checkCost(
        {length * length / 2 * std::max(d, 16), 2 * length * d * static_cast<std::int64_t>(sizeof(double)),
            "attention entropy multiply-adds (L^2/2 x max(head_dim, 16))", "use a smaller length"});
    const RopeScalingResult scaling = ropeScaling(params, length);
    const int r = rotaryDim(params);
    // Rotated content vectors, rows = positions; rotated dims carry the attention factor.
    Eigen::MatrixXd q(length, d);
    Eigen::MatrixXd k(length, d);
    for (std::int64_t p = 0; p < length; ++p) {
        const auto m = static_cast<double>(p);
        Eigen::VectorXd qp
            = ropeRotate(params, scaling.inv_freq, contentVector(seed, ProbeStream::Query, p, d), m);
        Eigen::VectorXd kp
            = ropeRotate(params, scaling.inv_freq, contentVector(seed, ProbeStream::Key, p, d), m);
        qp.head(r) *= scaling.attention_factor;
        kp.head(r) *= scaling.attention_factor;
        q.row(p) = qp.transpose();
        k.row(p) = kp.transpose();
    }
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    Eigen::VectorXd entropy(length);
    constexpr std::int64_t kBlock = 256;
    for (std::int64_t first = 0; first < length; first += kBlock) {
        const std::int64_t rows = std::min(kBlock, length - first);
        const std::int64_t keys = first + rows; // causal: row i sees keys 0..i
        const Eigen::MatrixXd logits = (k.topRows(keys) * q.middleRows(first, rows).transpose()) * scale;
        for (std::int64_t t = 0; t < rows; ++t) {
            const std::int64_t i = first + t;
            const auto row = logits.col(t).head(i + 1);
            const double top = row.maxCoeff();
            const Eigen::ArrayXd shifted = row.array() - top;
            const Eigen::ArrayXd e = shifted.exp();
            const double z = e.sum();
            // H = ln z - sum e x / z with x = logit - max.
            entropy[i] = std::log(z) - (e * shifted).sum() / z;
        }
    }
    return entropy;
}

} // namespace pecards
