// Validation, dimensions and stable names of the card parameters (params.h).

#include "pecards/params.h"

#include "check.h"
#include "pecards/mrope.h"
#include "pecards/parambounds.h"
#include "pecards/pitfall.h"
#include "pecards/rope_scaling.h"
#include "validation.h"

#include <array>
#include <bit>
#include <cmath>
#include <string_view>
#include <type_traits>

namespace pecards {

namespace detail {

void checkDim(std::string_view name, int value, int minimum) {
    const ParamSpec& dim = paramSpec(ParamId::RopeHeadDim); // every dimension has its range
    if (minimum == static_cast<int>(dim.minimum)) {
        checkParam(dim, value, name);
        return;
    }
    PECARDS_CHECK(value >= minimum && value <= dim.maximum && value % 2 == 0, name, value,
        "even, in [" + std::to_string(minimum) + ", " + formatParamValue(dim, dim.maximum) + "]");
}

void checkBase(std::string_view name, double value) {
    checkParam(paramSpec(ParamId::Base), value, name);
}

std::string lengthLimitText(std::int64_t limit) {
    return "2^" + std::to_string(std::bit_width(static_cast<std::uint64_t>(limit)) - 1);
}

void checkCount(std::string_view name, std::int64_t value) {
    const ParamSpec& length = paramSpec(ParamId::Length);
    PECARDS_CHECK(value >= 0 && value <= kMaxLength, name, value,
        "in [0, " + formatParamValue(length, length.maximum) + "]");
}

void checkOffset(std::string_view name, std::int64_t value) {
    PECARDS_CHECK(value >= -kMaxOffset && value <= kMaxOffset, name, value,
        "in [-" + lengthLimitText(kMaxOffset) + ", " + lengthLimitText(kMaxOffset) + "]");
}

void checkT5Buckets(int num_buckets, int max_distance, bool bidirectional) {
    const ParamSpec& buckets = paramSpec(ParamId::NumBuckets);
    // Bidirectional buckets are halved by sign and need max_exact = num_buckets/4 >= 1.
    const int min_buckets = 2 * static_cast<int>(buckets.minimum);
    PECARDS_CHECK(!bidirectional || num_buckets >= min_buckets, buckets.path, num_buckets,
        "in [" + std::to_string(min_buckets) + ", " + formatParamValue(buckets, buckets.maximum)
            + "] (bidirectional)");
    checkParam(buckets, num_buckets);
    const ParamSpec& distance = paramSpec(ParamId::MaxDistance);
    checkParam(distance, max_distance);
    const int max_exact = (bidirectional ? num_buckets / 2 : num_buckets) / 2;
    PECARDS_CHECK(max_distance > max_exact, distance.path, max_distance,
        "in [max_exact+1, " + formatParamValue(distance, distance.maximum) + "] = ["
            + std::to_string(max_exact + 1) + ", "
            + std::to_string(static_cast<std::int64_t>(distance.maximum)) + "] (max_exact = num_buckets/"
            + (bidirectional ? "4)" : "2)"));
}

} // namespace detail

namespace {

using detail::checkBase;
using detail::checkDim;
using detail::checkT5Buckets;

/// LongRoPE factor entries have beta_fast's range, [kMinRatioParameter, kMaxScalingFactor].
bool inRatioRange(double value) {
    return paramSpec(ParamId::BetaFast).accepts(value);
}

std::string ratioRange() {
    return allowedText(paramSpec(ParamId::BetaFast));
}

/// Every value of each enum, in declaration order; the single list behind toString/fromString.
template <typename Enum> struct EnumInfo;
template <> struct EnumInfo<Card> {
    static constexpr std::string_view name = "card";
    static constexpr std::array values {
        Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid, Card::Multimodal};
    static constexpr std::array names {"sinusoidal", "relative", "alibi", "rope", "hybrid", "multimodal"};
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
template <> struct EnumInfo<RopePartial> {
    static constexpr std::string_view name = "rope.partial";
    static constexpr std::array values {RopePartial::Classic, RopePartial::Proportional, RopePartial::NoPE};
    static constexpr std::array names {"classic", "proportional", "nope"};
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
    checkParam(paramSpec(ParamId::OriginalMaxPositionEmbeddings),
        static_cast<double>(s.original_max_position_embeddings));
    checkParam(paramSpec(ParamId::MaxPositionEmbeddings), static_cast<double>(s.max_position_embeddings));
    // HF loads factor < 1 with a warning and computes with it; the bounds keep bases finite.
    checkParam(paramSpec(ParamId::Factor), s.factor);
    switch (s.type) {
    case RopeScalingType::Dynamic:
        PECARDS_CHECK(
            rotary_dim >= 4, "rotary_dim", rotary_dim, "even, >= 4 for dynamic NTK (exponent d/(d-2))");
        break;
    case RopeScalingType::Yarn: {
        const ParamSpec& fast = paramSpec(ParamId::BetaFast);
        const ParamSpec& slow = paramSpec(ParamId::BetaSlow);
        checkParam(slow, s.beta_slow);
        checkParam(fast, s.beta_fast);
        PECARDS_CHECK(s.beta_fast >= s.beta_slow, fast.path, s.beta_fast,
            allowedText(fast) + ", >= " + std::string(slow.path) + " = " + formatValue(s.beta_slow));
        checkParam(paramSpec(ParamId::Mscale), s.mscale);
        checkParam(paramSpec(ParamId::MscaleAllDim), s.mscale_all_dim);
        break;
    }
    case RopeScalingType::Llama3: {
        const ParamSpec& low = paramSpec(ParamId::LowFreqFactor);
        const ParamSpec& high = paramSpec(ParamId::HighFreqFactor);
        checkParam(low, s.low_freq_factor);
        checkParam(high, s.high_freq_factor);
        // Equal factors (Llama 4 Scout: both 1) leave no blended band, as in HF.
        PECARDS_CHECK(s.high_freq_factor >= s.low_freq_factor, high.path, s.high_freq_factor,
            "finite, >= " + std::string(low.path) + " = " + formatValue(s.low_freq_factor));
        break;
    }
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
        checkParam(paramSpec(ParamId::AttentionFactor), s.attention_factor);
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
    checkParam(paramSpec(ParamId::Heads), params.heads);
    // Users count heads from 1 (GUI, CLI, this message, the table); the field is the 0-based index.
    const ParamSpec& head = paramSpec(ParamId::Head);
    checkParam(head, params.head + 1.0);
    PECARDS_CHECK(params.head < params.heads, head.path, params.head + 1,
        "in [1, heads] = [1, " + std::to_string(params.heads) + "] (heads counted from 1)");
    checkParam(paramSpec(ParamId::AlibiBiasMax), params.alibi_bias_max);
    checkEnum(params.form);
}

} // namespace

void validateLength(std::int64_t length) {
    checkParam(paramSpec(ParamId::Length), static_cast<double>(length));
}

void validate(const SinusoidalParams& params) {
    checkEnum(params.layout);
    checkEnum(params.frequencies);
    if (params.frequencies == SinusoidalFrequencies::Tensor2Tensor) {
        // w_i = exp(-i ln(b)/(d/2-1)) divides by d/2-1.
        checkDim("d_model", params.d_model, 4);
    } else {
        checkParam(paramSpec(ParamId::SinusoidalDModel), params.d_model);
    }
    checkParam(paramSpec(ParamId::Base), params.base);
    checkParam(paramSpec(ParamId::PaddingIdx), params.padding_idx);
}

void validate(const RopeParams& params) {
    checkEnum(params.layout);
    checkParam(paramSpec(ParamId::RopeHeadDim), params.head_dim);
    checkParam(paramSpec(ParamId::Base), params.base);
    const ParamSpec& rotary = paramSpec(ParamId::RotaryDim);
    checkParam(rotary, params.rotary_dim);
    PECARDS_CHECK(params.rotary_dim <= params.head_dim, rotary.path, params.rotary_dim,
        std::to_string(static_cast<int>(rotary.sentinel)) + " (= " + std::string(rotary.sentinelMeans)
            + ") or even, in [" + std::to_string(static_cast<int>(rotary.minimum))
            + ", head_dim = " + std::to_string(params.head_dim) + "]");
    checkParam(paramSpec(ParamId::SeqLen), static_cast<double>(params.seq_len));
    checkEnum(params.partial);
    if (params.partial != RopePartial::Classic) {
        // HF's proportional rope_type divides by `factor` and nothing else (NoPE: nothing to scale).
        PECARDS_CHECK(
            params.scaling.type == RopeScalingType::None || params.scaling.type == RopeScalingType::Linear,
            "rope_scaling.rope_type", toString(params.scaling.type),
            "none or linear with rope.partial = " + toString(params.partial)
                + " (HF proportional RoPE divides by factor only)");
    }
    checkRopeScaling(params.scaling, params.rotary_dim == 0 ? params.head_dim : params.rotary_dim);
}

void validate(const AlibiParams& params) {
    checkAlibiHeads(params);
    checkParam(paramSpec(ParamId::AlibiHeadDim), params.head_dim);
}

void validate(const RelativeParams& params) {
    checkEnum(params.variant);
    checkParam(paramSpec(ParamId::RelativeDModel), params.d_model);
    switch (params.variant) {
    case RelativeVariant::Shaw:
        checkParam(paramSpec(ParamId::ClipK), params.clip_k);
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

namespace {

/// The attention sinks, the sliding window and the chunk (viewrules.h): each in its table range,
/// n_sink <= L.
void checkVisibility(const CardParams& params) {
    const ParamSpec& sinks = paramSpec(ParamId::AttentionSinks);
    checkParam(sinks, static_cast<double>(params.attention_sinks));
    PECARDS_CHECK(params.attention_sinks <= params.length, std::string(sinks.path), params.attention_sinks,
        "in [0, length] = [0, " + std::to_string(params.length) + "]");
    checkParam(paramSpec(ParamId::SlidingWindow), static_cast<double>(params.sliding_window));
    checkParam(paramSpec(ParamId::AttentionChunk), static_cast<double>(params.attention_chunk));
}

} // namespace

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
    case Card::Multimodal:
        validate(params.rope);
        validate(params.multimodal, params.rope, params.length);
        break;
    }
    checkProbe(params.probe, cardDimension(params), params.length);
    checkVisibility(params);
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
    case Card::Multimodal:
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
std::string toString(RopePartial value) {
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
template RopePartial fromString<RopePartial>(const std::string&);
template RopeScalingType fromString<RopeScalingType>(const std::string&);
template AlibiForm fromString<AlibiForm>(const std::string&);
template RelativeVariant fromString<RelativeVariant>(const std::string&);
template TxlTerm fromString<TxlTerm>(const std::string&);
template ProbeKind fromString<ProbeKind>(const std::string&);

} // namespace pecards
