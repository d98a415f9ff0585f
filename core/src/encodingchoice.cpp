// Choosing an encoding (encodingchoice.h): each family's numbers on one target model.

#include "pecards/encodingchoice.h"

#include "check.h"
#include "pecards/parambounds.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "pecards/scaling_lab.h"
#include "validation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace pecards {

namespace {

void validate(const EncodingTarget& target) {
    PECARDS_CHECK(target.length >= 1 && target.length <= kMaxLength, "length", target.length,
        "in [1, " + detail::lengthLimitText() + "]");
    PECARDS_CHECK(target.training_length >= 2 && target.training_length <= kMaxLength,
        "original_max_position_embeddings", target.training_length,
        "in [2, " + detail::lengthLimitText() + "] (the training length L0)");
    detail::checkDim("head_dim", target.head_dim);
    PECARDS_CHECK(target.heads >= 1 && target.heads <= kMaxHeads, "heads", target.heads, "in [1, 128]");
    PECARDS_CHECK(target.layers >= 1 && target.layers <= 1024, "layers", target.layers, "in [1, 1024]");
    PECARDS_CHECK(target.dtype_bytes >= 1 && target.dtype_bytes <= 8, "dtype_bytes", target.dtype_bytes,
        "in [1, 8] (2: bf16/fp16, 4: fp32)");
    detail::checkBase("base", target.base);
    PECARDS_CHECK(target.clip_k >= 0 && target.clip_k <= kMaxLength, "clip_k", target.clip_k,
        "in [0, " + detail::lengthLimitText() + "]");
    detail::checkT5Buckets(target.num_buckets, target.max_distance, false);
}

/// Pairs i in [0, d/2) of theta_i = base^(-2i/d) whose wavelength 2 pi / theta_i exceeds L0: the
/// sinusoid of width d (d_model may exceed kMaxDim, so not through sinusoidalFrequencies).
std::int64_t pairsBeyond(std::int64_t d, double base, std::int64_t l0) {
    std::int64_t count = 0;
    for (std::int64_t i = 0; i < d / 2; ++i) {
        const double theta = std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(d));
        count += 2.0 * std::numbers::pi / theta > static_cast<double>(l0) ? 1 : 0;
    }
    return count;
}

/// What RoPE of `rope` (trained at L0 = rope.scaling.original_max_position_embeddings) meets at
/// L positions: the pairs whose angle at L - 1 was never reached at the training positions
/// 0..L0-1 (the lab's exact rule, unseenAngleLimits, at the last position: the angles of a pair
/// that does not wrap grow with m, and one that wraps covers the whole turn), how far past the
/// trained angles they go in positions of training, and the pairs that rotate.
struct RopeBeyond {
    std::int64_t pairs = 0;
    double overshoot = 0.0;
    std::int64_t rotating = 0;
};

RopeBeyond ropeBeyond(const RopeParams& rope, std::int64_t length) {
    const std::int64_t l0 = rope.scaling.original_max_position_embeddings;
    const UnseenAngleLimits limits = unseenAngleLimits(rope, length);
    const Eigen::VectorXd theta = ropeInvFreq(rope);
    const Eigen::VectorXd scaled = ropeScaledInvFreq(rope, length);
    RopeBeyond out;
    out.rotating = rotatingPairs(rope);
    const auto last = static_cast<double>(length - 1);
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        if (theta[i] == 0.0
            || limits.limit[static_cast<std::size_t>(i)] == std::numeric_limits<std::uint64_t>::max())
            continue; // does not rotate, or turned fully within L0
        const bool wraps = last * scaled[i] >= 2.0 * std::numbers::pi;
        if (!wraps
            && !angleUnseen(length - 1, limits.turns[static_cast<std::size_t>(i)],
                limits.limit[static_cast<std::size_t>(i)]))
            continue;
        ++out.pairs;
        // (L-1) theta'/theta - (L0-1): exact when the pair is not rescaled (the ratio is 1).
        out.overshoot = std::max(out.overshoot, last * (scaled[i] / theta[i]) - static_cast<double>(l0 - 1));
    }
    return out;
}

/// The target's RoPE, trained at L0 (no scaling).
RopeParams targetRope(const EncodingTarget& target) {
    RopeParams rope;
    rope.head_dim = target.head_dim;
    rope.base = target.base;
    rope.scaling.original_max_position_embeddings = target.training_length;
    return rope;
}

/// The target's RoPE rescaled to L by `type` at s = max(1, L/L0) (HF `rope_scaling`: factor,
/// original_max_position_embeddings L0, max_position_embeddings L; llama3's low/high 1 and 4).
RopeParams rescaledRope(const EncodingTarget& target, RopeScalingType type) {
    RopeParams rope = targetRope(target);
    rope.scaling.type = type;
    rope.scaling.factor
        = std::max(1.0, static_cast<double>(target.length) / static_cast<double>(target.training_length));
    rope.scaling.max_position_embeddings = std::max(target.length, target.training_length);
    return rope;
}

/// p-RoPE at p = 1/4 (Gemma 4's full layers: partial_rotary_factor 0.25, rope_type proportional).
RopeParams proportionalRope(const EncodingTarget& target) {
    RopeParams rope = targetRope(target);
    rope.partial = RopePartial::Proportional;
    rope.rotary_dim = std::max(2, target.head_dim / 4 / 2 * 2);
    return rope;
}

/// The RoPE columns of `row`: unseen pairs of `beyond`, of head_dim/2.
void setRopeBeyond(EncodingChoice& row, const RopeBeyond& beyond, std::int64_t headDim) {
    row.extrapolation = Extrapolation::UnseenAngles;
    row.unseen = beyond.pairs;
    row.unseen_of = headDim / 2;
    row.overshoot = beyond.overshoot;
    row.rotating_pairs = beyond.rotating;
}

/// The scaling of a rescaled row.
RopeScalingType scalingOf(EncodingFamily family) {
    switch (family) {
    case EncodingFamily::RopePi:
        return RopeScalingType::Linear;
    case EncodingFamily::RopeYarn:
        return RopeScalingType::Yarn;
    case EncodingFamily::RopeLlama3:
        return RopeScalingType::Llama3;
    default:
        return RopeScalingType::None;
    }
}

} // namespace

const std::vector<EncodingFamily>& encodingFamilies() {
    static const std::vector<EncodingFamily> families {EncodingFamily::Sinusoidal, EncodingFamily::Learned,
        EncodingFamily::Shaw, EncodingFamily::T5, EncodingFamily::TransformerXL, EncodingFamily::Alibi,
        EncodingFamily::Rope, EncodingFamily::RopePi, EncodingFamily::RopeYarn, EncodingFamily::RopeLlama3,
        EncodingFamily::PartialRope, EncodingFamily::RopeNope, EncodingFamily::NoPE,
        EncodingFamily::RopeAlibi};
    return families;
}

EncodingTarget encodingTarget(const CardParams& params) {
    EncodingTarget target;
    target.length = params.length;
    target.head_dim = cardDimension(params);
    target.heads = params.alibi.heads;
    target.base = params.card == Card::Sinusoidal ? params.sinusoidal.base : params.rope.base;
    target.training_length = cardTrainingLength(params);
    target.clip_k = params.relative.clip_k;
    target.num_buckets = params.relative.num_buckets;
    target.max_distance = params.relative.max_distance;
    return target;
}

std::vector<EncodingChoice> compareEncodings(const EncodingTarget& target) {
    validate(target);
    const std::int64_t L = target.length;
    const std::int64_t l0 = target.training_length;
    const std::int64_t dh = target.head_dim;
    const std::int64_t H = target.heads;
    const std::int64_t layers = target.layers;
    const std::int64_t dModel = H * dh;
    const std::int64_t k = target.clip_k;

    const std::int64_t ropeMemory = 2 * L * dh; // cos and sin, L x head_dim each
    const std::int64_t ropeWork = layers * H * 2 * 2 * dh; // q and k, 2 operations per coordinate
    const std::int64_t alibiMemory = H * L;
    const std::int64_t biasWork = layers * H * L;
    // A pair of wavelength > L0 turns less than L0 theta < 2 pi by position L0, which training never
    // reached: when L > L0 each such pair meets an unseen angle, when L <= L0 none does.
    const bool beyond = L > l0;
    const RopeBeyond rope = ropeBeyond(targetRope(target), L);
    const std::int64_t nopeLayers = layers / 4; // Llama 4: (l + 1) % 4 == 0

    // Causal offsets: the query at L-1 reaches j - i = -(L-1); training reached -(L0-1).
    const std::int64_t shawUnseen
        = std::max<std::int64_t>(0, shawIndex(l0 - 1, 0, k) - shawIndex(L - 1, 0, k));
    const auto bucket = [&target](std::int64_t distance) {
        return t5Bucket(-distance, false, target.num_buckets, target.max_distance);
    };
    const std::int64_t t5Unseen = std::max<std::int64_t>(0, bucket(L - 1) - bucket(l0 - 1));

    std::vector<EncodingChoice> rows;
    for (const EncodingFamily family : encodingFamilies()) {
        EncodingChoice row;
        row.family = family;
        row.encoded_layers = layers;
        switch (family) {
        case EncodingFamily::Sinusoidal:
            row.extra_memory_bytes = L * dModel;
            row.work_per_token = dModel;
            row.extrapolation = Extrapolation::NewPositions;
            row.unseen = std::max<std::int64_t>(0, L - l0);
            row.unseen_of = L;
            row.kv_cache = KvCache::AddedBeforeProjection;
            break;
        case EncodingFamily::Learned:
            row.parameters = l0 * dModel; // the trained rows; positions >= L0 have none
            row.extra_memory_bytes = L * dModel;
            row.work_per_token = dModel;
            row.extrapolation = Extrapolation::NoRows;
            row.unseen = std::max<std::int64_t>(0, L - l0);
            row.unseen_of = L;
            row.kv_cache = KvCache::AddedBeforeProjection;
            break;
        case EncodingFamily::Shaw:
            row.parameters = layers * 2 * (2 * k + 1) * dh;
            row.extra_memory_bytes = 2 * L * L * dh;
            row.work_per_token = layers * H * 2 * L * dh;
            row.extrapolation = Extrapolation::ClippedOffsets;
            row.unseen = shawUnseen;
            row.unseen_of = 2 * k + 1;
            row.kv_cache = KvCache::ScoreTimeLookup;
            break;
        case EncodingFamily::T5:
            row.parameters = static_cast<std::int64_t>(target.num_buckets) * H;
            row.extra_memory_bytes = H * L * L;
            row.work_per_token = biasWork;
            row.extrapolation = Extrapolation::SharedLastBucket;
            row.unseen = t5Unseen;
            row.unseen_of = target.num_buckets;
            row.kv_cache = KvCache::ScoreTimeBias;
            break;
        case EncodingFamily::TransformerXL:
            row.parameters = layers * (dModel * H * dh + 2 * H * dh);
            row.extra_memory_bytes = L * dModel + L * H * dh + L * L * H;
            row.work_per_token = layers * H * (L * dh + 2 * dh);
            row.extrapolation = Extrapolation::UnseenAngles;
            row.unseen = beyond ? pairsBeyond(dModel, 10000.0, l0) : 0; // R: base 10000 (relative.h)
            row.unseen_of = dModel / 2;
            row.kv_cache = KvCache::RelativeShift;
            break;
        case EncodingFamily::Alibi:
            row.extra_memory_bytes = alibiMemory;
            row.work_per_token = biasWork;
            row.extrapolation = Extrapolation::LinearBias;
            row.unseen = 0;
            row.unseen_of = H;
            row.kv_cache = KvCache::ScoreTimeBias;
            break;
        case EncodingFamily::Rope:
            row.extra_memory_bytes = ropeMemory;
            row.work_per_token = ropeWork;
            setRopeBeyond(row, rope, dh);
            row.kv_cache = KvCache::RotatedOnWrite;
            break;
        case EncodingFamily::RopePi:
        case EncodingFamily::RopeYarn:
        case EncodingFamily::RopeLlama3: {
            const RopeParams scaled = rescaledRope(target, scalingOf(family));
            row.extra_memory_bytes = ropeMemory;
            row.work_per_token = ropeWork;
            setRopeBeyond(row, ropeBeyond(scaled, L), dh);
            row.extrapolation = Extrapolation::Rescaled;
            row.factor = scaled.scaling.factor;
            row.kv_cache = KvCache::RotatedOnWrite;
            break;
        }
        case EncodingFamily::PartialRope:
            row.extra_memory_bytes = ropeMemory;
            row.work_per_token = ropeWork;
            setRopeBeyond(row, ropeBeyond(proportionalRope(target), L), dh);
            row.kv_cache = KvCache::RotatedOnWrite;
            break;
        case EncodingFamily::RopeNope:
            row.extra_memory_bytes = ropeMemory;
            row.work_per_token = (layers - nopeLayers) * H * 2 * 2 * dh + nopeLayers * H * dh;
            setRopeBeyond(row, rope, dh);
            row.encoded_layers = layers - nopeLayers;
            row.kv_cache = KvCache::RotatedOnWrite;
            break;
        case EncodingFamily::NoPE:
            row.extrapolation = Extrapolation::ImplicitPosition;
            row.kv_cache = KvCache::Plain;
            row.encoded_layers = 0;
            break;
        case EncodingFamily::RopeAlibi:
            row.extra_memory_bytes = ropeMemory + alibiMemory;
            row.work_per_token = ropeWork + biasWork;
            setRopeBeyond(row, rope, dh);
            row.kv_cache = KvCache::RotatedOnWriteAndBias;
            break;
        }
        row.parameter_bytes = row.parameters * target.dtype_bytes;
        row.extra_memory_bytes *= target.dtype_bytes;
        rows.push_back(row);
    }
    return rows;
}

std::string toString(EncodingFamily value) {
    switch (value) {
    case EncodingFamily::Sinusoidal:
        return "sinusoidal";
    case EncodingFamily::Learned:
        return "learned";
    case EncodingFamily::Shaw:
        return "shaw";
    case EncodingFamily::T5:
        return "t5";
    case EncodingFamily::TransformerXL:
        return "transformer-xl";
    case EncodingFamily::Alibi:
        return "alibi";
    case EncodingFamily::Rope:
        return "rope";
    case EncodingFamily::RopeAlibi:
        return "rope-alibi";
    case EncodingFamily::RopePi:
        return "rope-pi";
    case EncodingFamily::RopeYarn:
        return "rope-yarn";
    case EncodingFamily::RopeLlama3:
        return "rope-llama3";
    case EncodingFamily::PartialRope:
        return "p-rope";
    case EncodingFamily::RopeNope:
        return "rope-nope";
    case EncodingFamily::NoPE:
        return "nope";
    }
    detail::throwInvalid("family", std::to_string(static_cast<int>(value)), "an EncodingFamily");
}

std::string toString(Extrapolation value) {
    switch (value) {
    case Extrapolation::UnseenAngles:
        return "unseen-angles";
    case Extrapolation::NoRows:
        return "no-rows";
    case Extrapolation::ClippedOffsets:
        return "clipped-offsets";
    case Extrapolation::SharedLastBucket:
        return "shared-last-bucket";
    case Extrapolation::LinearBias:
        return "linear-bias";
    case Extrapolation::NewPositions:
        return "new-positions";
    case Extrapolation::Rescaled:
        return "rescaled";
    case Extrapolation::ImplicitPosition:
        return "implicit-position";
    }
    detail::throwInvalid("extrapolation", std::to_string(static_cast<int>(value)), "an Extrapolation");
}

std::string toString(KvCache value) {
    switch (value) {
    case KvCache::AddedBeforeProjection:
        return "added-before-projection";
    case KvCache::ScoreTimeLookup:
        return "score-time-lookup";
    case KvCache::ScoreTimeBias:
        return "score-time-bias";
    case KvCache::RelativeShift:
        return "relative-shift";
    case KvCache::RotatedOnWrite:
        return "rotated-on-write";
    case KvCache::RotatedOnWriteAndBias:
        return "rotated-on-write-and-bias";
    case KvCache::Plain:
        return "plain";
    }
    detail::throwInvalid("kv_cache", std::to_string(static_cast<int>(value)), "a KvCache");
}

std::string modelsUsing(EncodingFamily value) {
    switch (value) {
    case EncodingFamily::Sinusoidal:
        return "Transformer (Vaswani et al. 2017), Marian MT";
    case EncodingFamily::Learned:
        return "GPT-2, BERT, RoBERTa, OPT";
    case EncodingFamily::Shaw:
        return "Music Transformer (Huang et al. 2018: Shaw's a^K, no a^V)";
    case EncodingFamily::T5:
        return "T5, mT5, Flan-T5";
    case EncodingFamily::TransformerXL:
        return "Transformer-XL, XLNet";
    case EncodingFamily::Alibi:
        return "BLOOM, MPT";
    case EncodingFamily::Rope:
        return "GPT-J, GPT-NeoX, LLaMA 1-4, Mistral, Qwen, Gemma, DeepSeek, gpt-oss";
    case EncodingFamily::RopeAlibi:
        return "no released model; experiments (docs/encodings.md §5)";
    case EncodingFamily::RopePi:
        return "LongChat v1.5 (linear x8), Chen et al. 2023's LLaMA models";
    case EncodingFamily::RopeYarn:
        return "DeepSeek-V3 (x40), gpt-oss (x32), Qwen2.5 and Qwen3 (x4 past 32768)";
    case EncodingFamily::RopeLlama3:
        return "Llama 3.1, 3.2, 3.3";
    case EncodingFamily::PartialRope:
        return "Gemma 4 (full-attention layers, p = 1/4)";
    case EncodingFamily::RopeNope:
        return "Llama 4, SmolLM3 (NoPE every 4th layer)";
    case EncodingFamily::NoPE:
        return "no large release in every layer; studies (Haviv et al. 2022, Kazemnejad et al. 2023)";
    }
    detail::throwInvalid("family", std::to_string(static_cast<int>(value)), "an EncodingFamily");
}

} // namespace pecards
