// The pitfall catalogue and the building blocks of the buggy computations (pitfall.h).

#include "pecards/pitfall.h"

#include "check.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/viewrules.h"
#include "validation.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

namespace pecards {

namespace {

struct PitfallInfo {
    Pitfall value;
    Card card;
    const char* name;
    const char* summary;
};

constexpr std::array kPitfalls {
    PitfallInfo {Pitfall::SinusoidalOddDModel, Card::Sinusoidal, "odd-d-model",
        "odd d_model: the Annotated Transformer's 0::2/1::2 code raises a shape error; tatp22 "
        "positional-encodings drops the last cosine column (a lone sine, not Toeplitz)"},
    PitfallInfo {Pitfall::SinusoidalDimensionExponent, Card::Sinusoidal, "dimension-exponent",
        "10000⁻ᶜᐟᵈ with the column index c instead of the pair index: sin and cos of a pair get "
        "different frequencies (tutorial per-column loops)"},
    PitfallInfo {Pitfall::RopeRotateOnHalfSplitTable, Card::Rope, "rotate-on-half-split-table",
        "rotate_every_two (GPT-J) applied to HF's cat(freqs, freqs) cos/sin table: not a rotation, "
        "norms change, scores depend on position"},
    PitfallInfo {Pitfall::RopeLayoutMismatch, Card::Rope, "layout-mismatch",
        "q/k weights exported interleaved (Meta) and run half-split (HF) or back, without the "
        "convert_llama_weights_to_hf permute (--pitfall-fixed applies it)"},
    PitfallInfo {Pitfall::RopePositionsLowPrecision, Card::Rope, "positions-low-precision",
        "positions held in bf16/fp16 (Gemma bf16 RoPE report, 2024): 257 -> 256 in bf16, 2049 -> "
        "2048 in fp16, neighbours share one rotation"},
    PitfallInfo {Pitfall::RopeInvFreqLowPrecision, Card::Rope, "inv-freq-low-precision",
        "inv_freq buffer cast to bf16/fp16 by model.to(dtype): 0.8659643 -> 0.8671875, 5 rad of "
        "phase error at position 4095 (d = 128)"},
    PitfallInfo {Pitfall::RopeCacheLowPrecision, Card::Rope, "cache-low-precision",
        "cos/sin cache stored in bf16/fp16 (HF returns cos.to(x.dtype)): a 2⁻⁹ relative error per "
        "entry, norms no longer exactly kept"},
    PitfallInfo {Pitfall::RopeStaleDynamicNtk, Card::Rope, "stale-dynamic-ntk",
        "dynamic NTK with a stale cache: keys rotated under the base of an earlier, longer "
        "sequence, queries under the current one (score no longer depends on i - j only)"},
    PitfallInfo {Pitfall::RopePartialConvention, Card::Rope, "partial-convention",
        "a partial rotary read in the other convention: Gemma 4's proportional layers rotated as the "
        "classic first-r-dims partial rotary (or back): equal at distance 0, then apart (Gemma 4 global: "
        "longest rotating wavelength 5.06 million tokens instead of 188)"},
    PitfallInfo {Pitfall::RopeSmallBase, Card::Rope, "small-base",
        "a base far too small for the context: the slowest pair wraps within L and far keys alias "
        "near ones; the article's base²ᐟᵈ ~ 1.0001 rule is checked"},
    PitfallInfo {Pitfall::ShawSmallClip, Card::Relative, "shaw-small-clip",
        "Shaw clip k far below the distances that matter: every offset beyond +-k shares one vector"},
    PitfallInfo {Pitfall::T5NoMaxDistanceClamp, Card::Relative, "t5-no-clamp",
        "T5 buckets without the min(..., num_buckets - 1) clamp: past keys spill into future "
        "buckets, then torch.nn.Embedding raises IndexError"},
    PitfallInfo {Pitfall::TxlRelShiftWrongRow, Card::Relative, "txl-rel-shift-wrong-row",
        "Transformer-XL _rel_shift slicing x_padded[:-1] instead of [1:]: every distance off by "
        "one, zero on the diagonal"},
    PitfallInfo {Pitfall::AlibiFlippedSlope, Card::Alibi, "alibi-flipped-slope",
        "bias = -m*j - (-m*i) = +m (i - j): a positive slope rewards distance (docs/encodings.md claim)"},
    PitfallInfo {Pitfall::AlibiRowOffsetNoMask, Card::Alibi, "alibi-row-offset-no-mask",
        "the +m*j row-offset shortcut (ofirpress, BLOOM) in a bidirectional encoder: without the "
        "causal mask it is no longer -m|i - j| and the last key wins"},
    PitfallInfo {Pitfall::AlibiLeftPaddingArange, Card::Alibi, "alibi-left-padding-arange",
        "BLOOM left padding: alibi positions from arange instead of cumsum(mask) - 1; exact "
        "softmax unchanged, but the bf16 bias m*j is coarser (HF build_alibi_tensor)"},
    PitfallInfo {Pitfall::HybridRotateBeforeProjection, Card::Hybrid, "rotate-before-projection",
        "RoPE applied to the input embeddings before the q/k projection (the article's order): "
        "W_Q Rᵢ x · W_K Rⱼ y is not a function of i - j"},
    PitfallInfo {Pitfall::HybridBiasBeforeScale, Card::Hybrid, "bias-before-scale",
        "the ALiBi bias added before the 1/sqrt(d) scale: (q.k + bias)/sqrt(d) shrinks every slope "
        "by sqrt(d)"},
    PitfallInfo {Pitfall::MropeLayoutMismatch, Card::Multimodal, "mrope-layout-mismatch",
        "an M-RoPE model run with the other mrope_section layout: Qwen3-VL's interleaved pairs split "
        "in Qwen2-VL's blocks (an engine reusing the Qwen2-VL path), or back: text scores agree, "
        "image and video scores differ wherever a token pair's t, h and w distances differ"},
    PitfallInfo {Pitfall::MropePartialFactorDropped, Card::Multimodal, "mrope-partial-factor-dropped",
        "GLM-4.xV's partial_rotary_factor 0.5 dropped on the M-RoPE path: inv_freq built over head_dim "
        "instead of rotary_dim, so every rotating pair turns at base⁻²ᵖᐟᵈ, not base⁻²ᵖᐟʳ: equal at distance "
        "0, apart at every other distance, text included"},
};

const PitfallInfo& infoOf(Pitfall pitfall) {
    for (const auto& info : kPitfalls) {
        if (info.value == pitfall) {
            return info;
        }
    }
    std::string allowed = "one of";
    for (const auto& info : kPitfalls) {
        allowed += std::string(allowed.size() == 6 ? " " : ", ") + info.name;
    }
    detail::throwInvalid("pitfall", std::to_string(static_cast<int>(pitfall)), allowed);
}

std::string pitfallNamesOf(Card card) {
    std::string allowed = "none";
    for (const auto& info : kPitfalls) {
        if (info.card == card) {
            allowed += std::string(", ") + info.name;
        }
    }
    return "one of " + allowed + " (card " + toString(card) + ")";
}

/// A pitfall of a partial rotary: rotary_dim given and below head_dim; `why` ends the message.
void checkPartialRotary(const RopeParams& rope, const std::string& why) {
    PECARDS_CHECK(rope.rotary_dim != 0 && rope.rotary_dim < rope.head_dim, "rope.rotary_dim", rope.rotary_dim,
        "a partial rotary_dim < head_dim = " + std::to_string(rope.head_dim) + " (" + why + ")");
}

int significantBits(StorageFormat format) {
    switch (format) {
    case StorageFormat::Float32:
        return 24;
    case StorageFormat::Bfloat16:
        return 8;
    case StorageFormat::Float16:
        return 11;
    }
    detail::throwInvalid("format", std::to_string(static_cast<int>(format)), "one of fp32, bf16, fp16");
}

} // namespace

std::vector<Pitfall> pitfallsOf(Card card) {
    std::vector<Pitfall> out;
    for (const auto& info : kPitfalls) {
        if (info.card == card) {
            out.push_back(info.value);
        }
    }
    return out;
}

Card pitfallCard(Pitfall pitfall) {
    return infoOf(pitfall).card;
}

std::string pitfallSummary(Pitfall pitfall) {
    return infoOf(pitfall).summary;
}

bool isParameterPitfall(Pitfall pitfall) {
    return pitfall == Pitfall::RopeSmallBase || pitfall == Pitfall::ShawSmallClip;
}

PitfallInputs pitfallInputs(Pitfall pitfall) {
    switch (pitfall) {
    case Pitfall::RopePositionsLowPrecision:
    case Pitfall::RopeInvFreqLowPrecision:
    case Pitfall::RopeCacheLowPrecision:
        return {true, {}};
    case Pitfall::AlibiLeftPaddingArange:
        return {true, {ParamId::LeftPadding}};
    case Pitfall::RopeSmallBase:
        return {false, {ParamId::SmallBase}};
    case Pitfall::ShawSmallClip:
        return {false, {ParamId::SmallClipK}};
    case Pitfall::RopeStaleDynamicNtk:
        return {false, {ParamId::StaleSeqLen}};
    default:
        return {};
    }
}

CardParams pitfallAsParameters(const CardParams& params) {
    const PitfallParams& pitfall = params.pitfall;
    PECARDS_CHECK(isParameterPitfall(pitfall.kind), "pitfall", toString(pitfall.kind),
        "small-base or shaw-small-clip (parameter pitfalls)");
    CardParams out = params;
    out.pitfall.kind = Pitfall::None;
    if (!pitfall.fixed && pitfall.kind == Pitfall::RopeSmallBase) {
        out.rope.base = pitfall.small_base;
    }
    if (!pitfall.fixed && pitfall.kind == Pitfall::ShawSmallClip) {
        out.relative.clip_k = pitfall.small_clip_k;
    }
    return out;
}

CardParams pitfallShownParams(CardParams params) {
    if (params.card == Card::Sinusoidal && params.pitfall.kind == Pitfall::SinusoidalOddDModel
        && params.sinusoidal.d_model % 2 == 0)
        --params.sinusoidal.d_model;
    return params;
}

void validatePitfall(const CardParams& params) {
    const PitfallParams& p = params.pitfall;
    if (p.kind == Pitfall::None) {
        return;
    }
    PECARDS_CHECK(
        infoOf(p.kind).card == params.card, "pitfall", toString(p.kind), pitfallNamesOf(params.card));
    static_cast<void>(significantBits(p.format));
    if (!isParameterPitfall(p.kind)) {
        PECARDS_CHECK(params.length <= kMaxPitfallLength, "length", params.length,
            "in [1, " + std::to_string(kMaxPitfallLength) + "] for the dense pitfall view "
                + toString(p.kind));
    }
    // The range of each parameter the pitfall reads (pitfallInputs); the relations follow.
    for (const ParamId id : pitfallInputs(p.kind).parameters) {
        const ParamSpec& spec = paramSpec(id);
        checkParam(spec, paramValue(params, spec));
    }
    const RelativeVariant variant = params.relative.variant;
    switch (p.kind) {
    case Pitfall::ShawSmallClip:
        PECARDS_CHECK(variant == RelativeVariant::Shaw, "relative.variant", toString(variant),
            "shaw (pitfall shaw-small-clip)");
        break;
    case Pitfall::T5NoMaxDistanceClamp:
        PECARDS_CHECK(variant == RelativeVariant::T5, "relative.variant", toString(variant),
            "t5 (pitfall t5-no-clamp)");
        break;
    case Pitfall::TxlRelShiftWrongRow:
        PECARDS_CHECK(variant == RelativeVariant::TransformerXL, "relative.variant", toString(variant),
            "transformer-xl (pitfall txl-rel-shift-wrong-row)");
        break;
    case Pitfall::RopeStaleDynamicNtk: {
        const ParamSpec& stale = paramSpec(ParamId::StaleSeqLen);
        const std::int64_t seq_len = effectiveSeqLen(params.rope, params.length);
        PECARDS_CHECK(p.stale_seq_len > seq_len, stale.path, p.stale_seq_len,
            allowedText(stale) + ", > seq_len = " + std::to_string(seq_len));
        break;
    }
    case Pitfall::MropePartialFactorDropped:
        checkPartialRotary(
            params.rope, "pitfall mrope-partial-factor-dropped: with every dim rotating nothing is dropped");
        break;
    case Pitfall::RopePartialConvention: {
        // Both readings must be computable: a partial r < head_dim, and a scaling the proportional
        // convention has (none or linear).
        const RopeParams& rope = params.rope;
        checkPartialRotary(
            rope, "pitfall partial-convention: with every dim rotating both conventions are the same");
        PECARDS_CHECK(
            rope.scaling.type == RopeScalingType::None || rope.scaling.type == RopeScalingType::Linear,
            "rope_scaling.rope_type", toString(rope.scaling.type),
            "none or linear (pitfall partial-convention: the proportional reading divides by factor only)");
        break;
    }
    case Pitfall::AlibiLeftPaddingArange: {
        const ParamSpec& padding = paramSpec(ParamId::LeftPadding);
        PECARDS_CHECK(p.left_padding < params.length, padding.path, p.left_padding,
            allowedText(padding) + ", <= L-1 = " + std::to_string(params.length - 1));
        break;
    }
    default:
        break;
    }
}

void validatePitfallQuantity(const CardParams& params, Quantity quantity) {
    const Pitfall kind = params.pitfall.kind;
    if (kind == Pitfall::None || isParameterPitfall(kind)) {
        return;
    }
    const bool table_card = params.card == Card::Sinusoidal || params.card == Card::Rope;
    const bool ok = quantity == Quantity::Score || quantity == Quantity::Attention
        || (quantity == Quantity::Table && table_card)
        || (quantity == Quantity::Buckets && kind == Pitfall::T5NoMaxDistanceClamp);
    PECARDS_CHECK(ok, "quantity", toString(quantity),
        std::string(table_card                          ? "table, score or attention"
                : kind == Pitfall::T5NoMaxDistanceClamp ? "buckets, score or attention"
                                                        : "score or attention")
            + " (pitfall " + toString(kind) + ")");
}

double roundToFormat(double value, StorageFormat format) {
    const int bits = significantBits(format);
    if (value == 0.0 || !std::isfinite(value)) {
        return value;
    }
    int exponent = 0;
    static_cast<void>(std::frexp(value, &exponent)); // |value| in [2^(exponent-1), 2^exponent)
    const int min_quantum
        = format == StorageFormat::Float16 ? -24 : -149 + (format == StorageFormat::Bfloat16 ? 16 : 0);
    const int quantum = std::max(exponent - bits, min_quantum);
    const double rounded = std::ldexp(std::nearbyint(std::ldexp(value, -quantum)), quantum);
    if (format == StorageFormat::Float16 && std::abs(rounded) > 65504.0) {
        return std::copysign(std::numeric_limits<double>::infinity(), value);
    }
    return rounded;
}

std::int64_t firstPositionCollision(StorageFormat format) {
    return (std::int64_t {1} << significantBits(format)) + 1;
}

std::string naiveOddDModelError(int d_model, std::int64_t length) {
    PECARDS_CHECK(d_model >= 1 && d_model <= kMaxDim - 1 && d_model % 2 == 1, "d_model", d_model,
        "odd, in [1, 1023] (even d_model builds the table)");
    validateLength(length);
    const std::string target = std::to_string((d_model - 1) / 2);
    const std::string given = std::to_string((d_model + 1) / 2);
    const std::string rows = std::to_string(length);
    return "RuntimeError: The expanded size of the tensor (" + target + ") must match the existing size ("
        + given + ") at non-singleton dimension 1.  Target sizes: [" + rows + ", " + target
        + "].  Tensor sizes: [" + rows + ", " + given + "]";
}

RopeColumnMap ropeColumnMap(RopeLayout layout, int rotary_dim, bool every_two_on_half_table) {
    detail::checkDim("rotary_dim", rotary_dim);
    const int half = rotary_dim / 2;
    RopeColumnMap map;
    for (int c = 0; c < rotary_dim; ++c) {
        const bool interleaved = layout == RopeLayout::Interleaved || every_two_on_half_table;
        if (interleaved) {
            map.partner.push_back(c ^ 1);
            map.sign.push_back(c % 2 == 0 ? -1.0 : 1.0);
        } else {
            map.partner.push_back(c < half ? c + half : c - half);
            map.sign.push_back(c < half ? -1.0 : 1.0);
        }
        map.pair.push_back(layout == RopeLayout::Interleaved && !every_two_on_half_table ? c / 2 : c % half);
    }
    return map;
}

Eigen::VectorXd ropeRotateColumns(
    const RopeColumnMap& map, const Eigen::VectorXd& theta, const Eigen::VectorXd& x, double m) {
    const auto r = static_cast<Eigen::Index>(map.pair.size());
    PECARDS_CHECK(x.size() >= r, "x", std::to_string(x.size()) + " entries",
        ">= rotary_dim = " + std::to_string(r) + " entries");
    PECARDS_CHECK(theta.size() == r / 2, "inv_freq", std::to_string(theta.size()) + " entries",
        "rotary_dim/2 = " + std::to_string(r / 2) + " entries");
    PECARDS_CHECK(std::isfinite(m), "m", m, "finite");
    Eigen::VectorXd out = x;
    for (Eigen::Index c = 0; c < r; ++c) {
        const double angle = m * theta[map.pair[c]];
        out[c] = x[c] * std::cos(angle) + map.sign[c] * x[map.partner[c]] * std::sin(angle);
    }
    return out;
}

Eigen::VectorXd hfPermuteQk(const Eigen::VectorXd& x, int rotary_dim, bool inverse) {
    detail::checkDim("rotary_dim", rotary_dim);
    PECARDS_CHECK(rotary_dim <= x.size(), "rotary_dim", rotary_dim,
        "even, in [2, head_dim = " + std::to_string(x.size()) + "]");
    const int half = rotary_dim / 2;
    Eigen::VectorXd out = x;
    for (int i = 0; i < half; ++i) {
        for (int t = 0; t < 2; ++t) {
            const int interleaved = 2 * i + t;
            const int split = t * half + i;
            if (inverse) {
                out[interleaved] = x[split];
            } else {
                out[split] = x[interleaved];
            }
        }
    }
    return out;
}

RopeStaleFrequencies ropeStaleDynamicInvFreq(
    const RopeParams& params, std::int64_t seq_len, std::int64_t cached_seq_len) {
    validate(params);
    PECARDS_CHECK(seq_len >= 1 && seq_len <= kMaxLength, "seq_len", seq_len,
        "in [1, " + detail::lengthLimitText() + "]");
    // cached_seq_len is the pitfall's stale_seq_len: its table range, and > seq_len.
    const ParamSpec& cached = paramSpec(ParamId::StaleSeqLen);
    checkParam(cached, static_cast<double>(cached_seq_len), "cached_seq_len");
    PECARDS_CHECK(cached_seq_len > seq_len, "cached_seq_len", cached_seq_len,
        allowedText(cached) + ", > seq_len = " + std::to_string(seq_len));
    RopeParams dynamic = params;
    dynamic.scaling.type = RopeScalingType::Dynamic;
    dynamic.scaling.factor = std::max(params.scaling.factor, 1.0);
    if (dynamic.scaling.max_position_embeddings == 0) {
        dynamic.scaling.max_position_embeddings = seq_len;
    }
    validate(dynamic);
    const RopeScalingResult current = ropeScaling(dynamic, seq_len);
    const RopeScalingResult stale = ropeScaling(dynamic, cached_seq_len);
    return {current.inv_freq, stale.inv_freq, current.effective_base, stale.effective_base};
}

RopeBaseRule ropeBaseRule(double base, int head_dim, std::int64_t length) {
    detail::checkBase("base", base);
    detail::checkDim("head_dim", head_dim);
    validateLength(length);
    const double d = head_dim;
    RopeBaseRule rule;
    rule.ratio = std::pow(base, 2.0 / d);
    rule.base_for_rule = std::pow(1.0001, d / 2.0);
    rule.longest_wavelength = 2.0 * std::numbers::pi * std::pow(base, (d - 2.0) / d);
    rule.covers_context = rule.longest_wavelength >= static_cast<double>(length);
    return rule;
}

int t5BucketUnclamped(std::int64_t relative_position, bool bidirectional, int num_buckets, int max_distance) {
    const int clamped = t5Bucket(relative_position, bidirectional, num_buckets, max_distance);
    int buckets = bidirectional ? num_buckets / 2 : num_buckets;
    const std::int64_t n
        = bidirectional ? std::abs(relative_position) : (relative_position < 0 ? -relative_position : 0);
    const int offset = bidirectional && relative_position > 0 ? buckets : 0;
    const int max_exact = buckets / 2;
    if (n < max_exact || clamped - offset < buckets - 1) {
        return clamped; // the clamp did not act
    }
    // The same float32 expression as t5Bucket, without torch.min(val_if_large, num_buckets - 1).
    const float quotient = static_cast<float>(n) / static_cast<float>(max_exact);
    const auto divisor = static_cast<float>(std::log(static_cast<double>(max_distance) / max_exact));
    const float scaled = std::log(quotient) / divisor * static_cast<float>(buckets - max_exact);
    return offset + max_exact + static_cast<int>(scaled);
}

Eigen::MatrixXd txlRelShiftWrongRow(const Eigen::MatrixXd& x) {
    PECARDS_CHECK(x.size() > 0, "x", "empty", "a non-empty qlen x klen matrix");
    const Eigen::Index qlen = x.rows();
    const Eigen::Index klen = x.cols();
    const auto padded = [&](Eigen::Index flat) {
        const Eigen::Index row = flat / (klen + 1);
        const Eigen::Index col = flat % (klen + 1);
        return col == 0 ? 0.0 : x(row, col - 1);
    };
    Eigen::MatrixXd out(qlen, klen);
    for (Eigen::Index i = 0; i < qlen; ++i) {
        for (Eigen::Index j = 0; j < klen; ++j) {
            out(i, j) = padded(i * klen + j);
        }
    }
    return out;
}

std::string toString(Pitfall value) {
    return value == Pitfall::None ? "none" : infoOf(value).name;
}

std::string toString(StorageFormat value) {
    switch (value) {
    case StorageFormat::Float32:
        return "fp32";
    case StorageFormat::Bfloat16:
        return "bf16";
    case StorageFormat::Float16:
        return "fp16";
    }
    detail::throwInvalid("format", std::to_string(static_cast<int>(value)), "one of fp32, bf16, fp16");
}

template <> Pitfall fromString<Pitfall>(const std::string& name) {
    if (name == "none") {
        return Pitfall::None;
    }
    std::string allowed = "one of none";
    for (const auto& info : kPitfalls) {
        if (name == info.name) {
            return info.value;
        }
        allowed += std::string(", ") + info.name;
    }
    detail::throwInvalid("pitfall", "\"" + name + "\"", allowed);
}

template <> StorageFormat fromString<StorageFormat>(const std::string& name) {
    for (StorageFormat format : {StorageFormat::Float32, StorageFormat::Bfloat16, StorageFormat::Float16}) {
        if (name == toString(format)) {
            return format;
        }
    }
    detail::throwInvalid("format", "\"" + name + "\"", "one of fp32, bf16, fp16");
}

} // namespace pecards
