// Choosing an encoding (encodingchoice.h): each family's numbers on one target model.

#include "pecards/encodingchoice.h"

#include "check.h"
#include "pecards/parambounds.h"
#include "pecards/relative.h"
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

/// RoPE's pairs with wavelength > L0, from the lab's unseen-angle limits (a pair whose angles in
/// [0, L0) cover less than a turn has a limit below the full turn).
std::int64_t ropePairsBeyond(const EncodingTarget& target) {
    RopeParams rope;
    rope.head_dim = target.head_dim;
    rope.base = target.base;
    rope.scaling.original_max_position_embeddings = target.training_length;
    const UnseenAngleLimits limits = unseenAngleLimits(rope, target.length);
    return std::count_if(limits.limit.begin(), limits.limit.end(),
        [](std::uint64_t limit) { return limit != std::numeric_limits<std::uint64_t>::max(); });
}

} // namespace

const std::vector<EncodingFamily>& encodingFamilies() {
    static const std::vector<EncodingFamily> families {EncodingFamily::Sinusoidal, EncodingFamily::Learned,
        EncodingFamily::Shaw, EncodingFamily::T5, EncodingFamily::TransformerXL, EncodingFamily::Alibi,
        EncodingFamily::Rope, EncodingFamily::RopeAlibi};
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
    const std::int64_t ropePairs = beyond ? ropePairsBeyond(target) : 0;

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
            row.extrapolation = Extrapolation::UnseenAngles;
            row.unseen = ropePairs;
            row.unseen_of = dh / 2;
            row.kv_cache = KvCache::RotatedOnWrite;
            break;
        case EncodingFamily::RopeAlibi:
            row.extra_memory_bytes = ropeMemory + alibiMemory;
            row.work_per_token = ropeWork + biasWork;
            row.extrapolation = Extrapolation::UnseenAngles;
            row.unseen = ropePairs;
            row.unseen_of = dh / 2;
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
    }
    detail::throwInvalid("family", std::to_string(static_cast<int>(value)), "an EncodingFamily");
}

} // namespace pecards
