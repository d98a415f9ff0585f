// Validation, dimensions and stable names of the card parameters (params.h).

#include "pecards/params.h"

#include "check.h"
#include "pecards/parambounds.h"
#include "pecards/pitfall.h"
#include "pecards/rope_scaling.h"
#include "validation.h"

#include <array>
#include <cmath>
#include <string_view>

namespace pecards {

namespace detail {

void checkDim(std::string_view name, int value, int minimum) {
    PECARDS_CHECK(value >= minimum && value <= kMaxDim && value % 2 == 0, name, value,
        "even, in [" + std::to_string(minimum) + ", " + std::to_string(kMaxDim) + "]");
}

void checkBase(std::string_view name, double value) {
    PECARDS_CHECK(std::isfinite(value) && value > 1.0 && value <= kMaxBase, name, value,
        "finite, > 1 and <= " + formatValue(kMaxBase));
}

void checkCount(std::string_view name, std::int64_t value) {
    PECARDS_CHECK(value >= 0 && value <= kMaxLength, name, value, "in [0, 2^20]");
}

void checkOffset(std::string_view name, std::int64_t value) {
    constexpr std::int64_t limit = std::int64_t {1} << 22;
    PECARDS_CHECK(value >= -limit && value <= limit, name, value, "in [-2^22, 2^22]");
}

void checkT5Buckets(int num_buckets, int max_distance, bool bidirectional) {
    const int min_buckets = bidirectional ? 4 : 2;
    PECARDS_CHECK(num_buckets >= min_buckets && num_buckets <= 1024, "num_buckets", num_buckets,
        bidirectional ? "in [4, 1024] (bidirectional)" : "in [2, 1024]");
    const int max_exact = (bidirectional ? num_buckets / 2 : num_buckets) / 2;
    PECARDS_CHECK(max_distance > max_exact && max_distance <= kMaxLength, "max_distance", max_distance,
        "in [max_exact+1, 2^20] = [" + std::to_string(max_exact + 1) + ", 1048576] (max_exact = num_buckets/"
            + (bidirectional ? "4)" : "2)"));
}

} // namespace detail

namespace {

using detail::checkBase;
using detail::checkDim;
using detail::checkT5Buckets;

void checkFinitePositive(std::string_view name, double value) {
    PECARDS_CHECK(std::isfinite(value) && value > 0.0, name, value, "finite, > 0");
}

/// attention_factor, mscale, mscale_all_dim: 0 (not given) or up to kMaxAttentionFactor.
void checkAttentionFactor(std::string_view name, double value, std::string_view zeroMeans) {
    PECARDS_CHECK(std::isfinite(value) && value >= 0.0 && value <= kMaxAttentionFactor, name, value,
        "in [0, " + formatValue(kMaxAttentionFactor) + "] (0 = " + std::string(zeroMeans) + ")");
}

/// beta_fast/beta_slow and LongRoPE factor entries: [kMinRatioParameter, kMaxScalingFactor].
bool inRatioRange(double value) {
    return std::isfinite(value) && value >= kMinRatioParameter && value <= kMaxScalingFactor;
}

std::string ratioRange() {
    return "in [" + formatValue(kMinRatioParameter) + ", " + formatValue(kMaxScalingFactor) + "]";
}

/// Every value of each enum, in declaration order; the single list behind toString/fromString.
template <typename Enum> struct EnumInfo;
template <> struct EnumInfo<Card> {
    static constexpr std::string_view name = "card";
    static constexpr std::array values {
        Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid};
    static constexpr std::array names {"sinusoidal", "relative", "alibi", "rope", "hybrid"};
};
template <> struct EnumInfo<SinusoidalLayout> {
    static constexpr std::string_view name = "sinusoidal.layout";
    static constexpr std::array values {SinusoidalLayout::Interleaved, SinusoidalLayout::Concatenated};
    static constexpr std::array names {"interleaved", "concatenated"};
};
template <> struct EnumInfo<SinusoidalFrequencies> {
    static constexpr std::string_view name = "sinusoidal.frequencies";
    static constexpr std::array values {SinusoidalFrequencies::Paper, SinusoidalFrequencies::Tensor2Tensor};
    static constexpr std::array names {"paper", "tensor2tensor"};
};
template <> struct EnumInfo<RopeLayout> {
    static constexpr std::string_view name = "rope.layout";
    static constexpr std::array values {RopeLayout::Interleaved, RopeLayout::HalfSplit};
    static constexpr std::array names {"interleaved", "half-split"};
};
template <> struct EnumInfo<RopeScalingType> {
    static constexpr std::string_view name = "rope_scaling.rope_type";
    static constexpr std::array values {RopeScalingType::None, RopeScalingType::Linear,
        RopeScalingType::Dynamic, RopeScalingType::Yarn, RopeScalingType::Llama3, RopeScalingType::LongRope};
    static constexpr std::array names {"none", "linear", "dynamic", "yarn", "llama3", "longrope"};
};
template <> struct EnumInfo<AlibiForm> {
    static constexpr std::string_view name = "alibi.form";
    static constexpr std::array values {
        AlibiForm::Causal, AlibiForm::Symmetric, AlibiForm::RowOffsetBloom, AlibiForm::RowOffsetFoundry};
    static constexpr std::array names {"causal", "symmetric", "row-offset-bloom", "row-offset-foundry"};
};
template <> struct EnumInfo<RelativeVariant> {
    static constexpr std::string_view name = "relative.variant";
    static constexpr std::array values {
        RelativeVariant::Shaw, RelativeVariant::TransformerXL, RelativeVariant::T5};
    static constexpr std::array names {"shaw", "transformer-xl", "t5"};
};
template <> struct EnumInfo<TxlTerm> {
    static constexpr std::string_view name = "relative.term";
    static constexpr std::array values {TxlTerm::Total, TxlTerm::A, TxlTerm::B, TxlTerm::C, TxlTerm::D};
    static constexpr std::array names {"total", "a", "b", "c", "d"};
};
template <> struct EnumInfo<ProbeKind> {
    static constexpr std::string_view name = "probe.kind";
    static constexpr std::array values {ProbeKind::Ones, ProbeKind::Random};
    static constexpr std::array names {"ones", "random"};
};

template <typename Enum> std::string allowedNames() {
    std::string allowed = "one of";
    for (const char* name : EnumInfo<Enum>::names) {
        allowed += allowed.size() == 6 ? " " : ", ";
        allowed += name;
    }
    return allowed;
}

template <typename Enum> std::string enumToString(Enum value) {
    const auto& values = EnumInfo<Enum>::values;
    for (std::size_t n = 0; n < values.size(); ++n) {
        if (values[n] == value) {
            return EnumInfo<Enum>::names[n];
        }
    }
    detail::throwInvalid(
        EnumInfo<Enum>::name, std::to_string(static_cast<long long>(value)), allowedNames<Enum>());
}

/// Throws InvalidParameter unless `value` is one of the enumerators.
template <typename Enum> void checkEnum(Enum value) {
    static_cast<void>(enumToString(value));
}

void checkRopeScaling(const RopeScaling& s, int rotary_dim) {
    checkEnum(s.type);
    if (s.type == RopeScalingType::None) {
        return;
    }
    PECARDS_CHECK(s.original_max_position_embeddings >= 0, "rope_scaling.original_max_position_embeddings",
        s.original_max_position_embeddings, ">= 0 (0 = not given)");
    PECARDS_CHECK(s.max_position_embeddings >= 0, "max_position_embeddings", s.max_position_embeddings,
        ">= 0 (0 = not given)");
    // HF loads factor < 1 with a warning and computes with it; the bounds keep bases finite.
    PECARDS_CHECK(
        std::isfinite(s.factor) && s.factor >= 1.0 / kMaxScalingFactor && s.factor <= kMaxScalingFactor,
        "rope_scaling.factor", s.factor,
        "in [" + formatValue(1.0 / kMaxScalingFactor) + ", " + formatValue(kMaxScalingFactor) + "]");
    switch (s.type) {
    case RopeScalingType::Dynamic:
        PECARDS_CHECK(
            rotary_dim >= 4, "rotary_dim", rotary_dim, "even, >= 4 for dynamic NTK (exponent d/(d-2))");
        break;
    case RopeScalingType::Yarn:
        PECARDS_CHECK(inRatioRange(s.beta_slow), "rope_scaling.beta_slow", s.beta_slow, ratioRange());
        PECARDS_CHECK(inRatioRange(s.beta_fast) && s.beta_fast >= s.beta_slow, "rope_scaling.beta_fast",
            s.beta_fast, ratioRange() + ", >= rope_scaling.beta_slow = " + formatValue(s.beta_slow));
        checkAttentionFactor("rope_scaling.mscale", s.mscale, "not given");
        checkAttentionFactor("rope_scaling.mscale_all_dim", s.mscale_all_dim, "not given");
        break;
    case RopeScalingType::Llama3:
        checkFinitePositive("rope_scaling.low_freq_factor", s.low_freq_factor);
        PECARDS_CHECK(std::isfinite(s.high_freq_factor) && s.high_freq_factor > s.low_freq_factor,
            "rope_scaling.high_freq_factor", s.high_freq_factor,
            "finite, > rope_scaling.low_freq_factor = " + formatValue(s.low_freq_factor));
        break;
    case RopeScalingType::LongRope: {
        const auto expected = static_cast<std::size_t>(rotary_dim / 2);
        const std::string allowed
            = std::to_string(expected) + " entries (rotary_dim/2), each " + ratioRange();
        for (const auto* list : {&s.short_factor, &s.long_factor}) {
            const char* name
                = list == &s.short_factor ? "rope_scaling.short_factor" : "rope_scaling.long_factor";
            PECARDS_CHECK(list->size() == expected, name, std::to_string(list->size()) + " entries", allowed);
            for (double f : *list) {
                PECARDS_CHECK(inRatioRange(f), name, f, allowed);
            }
        }
        break;
    }
    default:
        break;
    }
    if (s.type == RopeScalingType::Yarn || s.type == RopeScalingType::LongRope) {
        checkAttentionFactor("rope_scaling.attention_factor", s.attention_factor, "derived from the factor");
    }
    // Throws naming the missing key when the type needs a pretraining context it cannot find.
    static_cast<void>(ropeScalingContext(s));
}

void checkProbeVector(std::string_view name, const std::vector<double>& v, int d) {
    if (v.empty()) {
        return;
    }
    const std::string allowed = "empty or " + std::to_string(d) + " entries (the card dimension) in ["
        + formatValue(-kMaxProbeEntry) + ", " + formatValue(kMaxProbeEntry) + "]";
    PECARDS_CHECK(
        v.size() == static_cast<std::size_t>(d), name, std::to_string(v.size()) + " entries", allowed);
    for (double x : v) {
        PECARDS_CHECK(std::isfinite(x) && std::abs(x) <= kMaxProbeEntry, name, x, allowed);
    }
}

/// Loaded content vectors need one row per position of the sequence and one column per
/// dimension. Finiteness is checked once by the loader (an L x d scan per view would be costly).
void checkContent(
    std::string_view name, const std::shared_ptr<const Eigen::MatrixXd>& m, int d, std::int64_t length) {
    if (m) {
        PECARDS_CHECK(m->cols() == d && m->rows() >= length, name,
            std::to_string(m->rows()) + " x " + std::to_string(m->cols()),
            "at least L x d = " + std::to_string(length) + " x " + std::to_string(d)
                + " (rows = positions, columns = the card dimension)");
    }
}

void checkProbe(const ProbeParams& probe, int d, std::int64_t length) {
    checkEnum(probe.kind);
    checkProbeVector("probe.q", probe.q, d);
    checkProbeVector("probe.k", probe.k, d);
    checkContent("probe.content_q", probe.content_q, d, length);
    checkContent("probe.content_k", probe.content_k, d, length);
}

/// The ALiBi fields shared by the ALiBi and Hybrid cards (head_dim is the ALiBi card's only).
void checkAlibiHeads(const AlibiParams& params) {
    PECARDS_CHECK(params.heads >= 1 && params.heads <= kMaxHeads, "heads", params.heads, "in [1, 128]");
    // Users count heads from 1 (GUI, CLI, this message); the field is the 0-based index.
    PECARDS_CHECK(params.head >= 0 && params.head < params.heads, "head", params.head + 1,
        "in [1, heads] = [1, " + std::to_string(params.heads) + "] (heads counted from 1)");
    checkFinitePositive("alibi_bias_max", params.alibi_bias_max);
    checkEnum(params.form);
}

} // namespace

void validateLength(std::int64_t length) {
    PECARDS_CHECK(length >= 1 && length <= kMaxLength, "length", length, "in [1, 2^20] = [1, 1048576]");
}

void validate(const SinusoidalParams& params) {
    checkEnum(params.layout);
    checkEnum(params.frequencies);
    if (params.frequencies == SinusoidalFrequencies::Tensor2Tensor) {
        // w_i = exp(-i ln(b)/(d/2-1)) divides by d/2-1.
        checkDim("d_model", params.d_model, 4);
    } else {
        checkDim("d_model", params.d_model);
    }
    checkBase("base", params.base);
    PECARDS_CHECK(params.padding_idx >= -1 && params.padding_idx <= kMaxLength, "padding_idx",
        params.padding_idx, "-1 (none) or in [0, 2^20]");
}

void validate(const RopeParams& params) {
    checkEnum(params.layout);
    checkDim("head_dim", params.head_dim);
    checkBase("base", params.base);
    PECARDS_CHECK(params.rotary_dim == 0
            || (params.rotary_dim >= 2 && params.rotary_dim <= params.head_dim && params.rotary_dim % 2 == 0),
        "rotary_dim", params.rotary_dim,
        "0 (= head_dim) or even, in [2, head_dim = " + std::to_string(params.head_dim) + "]");
    PECARDS_CHECK(params.seq_len >= 0 && params.seq_len <= kMaxLength, "seq_len", params.seq_len,
        "0 (= the view's length) or in [1, 2^20]");
    checkRopeScaling(params.scaling, params.rotary_dim == 0 ? params.head_dim : params.rotary_dim);
}

void validate(const AlibiParams& params) {
    checkAlibiHeads(params);
    checkDim("head_dim", params.head_dim);
}

void validate(const RelativeParams& params) {
    checkEnum(params.variant);
    checkDim("d_model", params.d_model);
    switch (params.variant) {
    case RelativeVariant::Shaw:
        PECARDS_CHECK(
            params.clip_k >= 0 && params.clip_k <= kMaxLength, "clip_k", params.clip_k, "in [0, 2^20]");
        break;
    case RelativeVariant::TransformerXL:
        checkEnum(params.term);
        break;
    case RelativeVariant::T5:
        checkT5Buckets(params.num_buckets, params.max_distance, params.bidirectional);
        if (!params.bucket_values.empty()) {
            const std::string allowed = "empty or num_buckets = " + std::to_string(params.num_buckets)
                + " entries in [" + formatValue(-kMaxBucketValue) + ", " + formatValue(kMaxBucketValue) + "]";
            PECARDS_CHECK(params.bucket_values.size() == static_cast<std::size_t>(params.num_buckets),
                "bucket_values", std::to_string(params.bucket_values.size()) + " entries", allowed);
            for (double v : params.bucket_values) {
                PECARDS_CHECK(
                    std::isfinite(v) && std::abs(v) <= kMaxBucketValue, "bucket_values", v, allowed);
            }
        }
        break;
    }
}

void validate(const CardParams& params) {
    checkEnum(params.card);
    validateLength(params.length);
    switch (params.card) {
    case Card::Sinusoidal:
        if (params.pitfall.kind == Pitfall::SinusoidalOddDModel && !params.pitfall.fixed
            && params.sinusoidal.d_model % 2 != 0) {
            SinusoidalParams naive = params.sinusoidal; // the naive code builds d_model + 1 channels
            ++naive.d_model;
            validate(naive);
        } else {
            validate(params.sinusoidal);
        }
        break;
    case Card::Relative:
        validate(params.relative);
        break;
    case Card::Alibi:
        validate(params.alibi);
        break;
    case Card::Rope:
        validate(params.rope);
        break;
    case Card::Hybrid:
        validate(params.rope);
        checkAlibiHeads(params.alibi);
        break;
    }
    checkProbe(params.probe, cardDimension(params), params.length);
    validatePitfall(params);
}

int cardDimension(const CardParams& params) {
    switch (params.card) {
    case Card::Sinusoidal:
        return params.sinusoidal.d_model;
    case Card::Relative:
        return params.relative.d_model;
    case Card::Alibi:
        return params.alibi.head_dim;
    case Card::Rope:
    case Card::Hybrid:
        return params.rope.head_dim;
    }
    checkEnum(params.card);
    return 0; // not reached: checkEnum throws for a value outside the enum
}

std::string toString(Card value) {
    return enumToString(value);
}
std::string toString(SinusoidalLayout value) {
    return enumToString(value);
}
std::string toString(SinusoidalFrequencies value) {
    return enumToString(value);
}
std::string toString(RopeLayout value) {
    return enumToString(value);
}
std::string toString(RopeScalingType value) {
    return enumToString(value);
}
std::string toString(AlibiForm value) {
    return enumToString(value);
}
std::string toString(RelativeVariant value) {
    return enumToString(value);
}
std::string toString(TxlTerm value) {
    return enumToString(value);
}
std::string toString(ProbeKind value) {
    return enumToString(value);
}

/// Inverse of toString. RopeScalingType also accepts HF's "default" for None.
template <typename Enum> Enum fromString(const std::string& name) {
    const auto& names = EnumInfo<Enum>::names;
    for (std::size_t n = 0; n < names.size(); ++n) {
        if (name == names[n]) {
            return EnumInfo<Enum>::values[n];
        }
    }
    if constexpr (std::is_same_v<Enum, RopeScalingType>) {
        if (name == "default") {
            return RopeScalingType::None;
        }
    }
    detail::throwInvalid(EnumInfo<Enum>::name, "\"" + name + "\"", allowedNames<Enum>());
}

template Card fromString<Card>(const std::string&);
template SinusoidalLayout fromString<SinusoidalLayout>(const std::string&);
template SinusoidalFrequencies fromString<SinusoidalFrequencies>(const std::string&);
template RopeLayout fromString<RopeLayout>(const std::string&);
template RopeScalingType fromString<RopeScalingType>(const std::string&);
template AlibiForm fromString<AlibiForm>(const std::string&);
template RelativeVariant fromString<RelativeVariant>(const std::string&);
template TxlTerm fromString<TxlTerm>(const std::string&);
template ProbeKind fromString<ProbeKind>(const std::string&);

} // namespace pecards
