// The cost model (cost.h): estimates against hand-computed formulas of docs/quantities.md, the
// former budgets kept exactly at their thresholds, saturation instead of overflow, and refusals
// that carry the estimate.

#include "pecards/backend.h"
#include "pecards/cost.h"
#include "pecards/errors.h"
#include "pecards/normaliserestimate.h"
#include "support/requests.h"

#include <gtest/gtest.h>
#include <limits>

namespace pecards {
namespace {

constexpr std::int64_t kMaxL = kMaxLength;

TEST(Cost, ExactContentScoreIsWindowTimesDimension) {
    // RoPE head_dim 64: 1000 x 2000 entries x 64 multiply-adds, and 1000 query and 2000 key
    // vectors of 64 normal variates drawn at 32 operations each.
    ViewRequest r = test::viewRequest(test::cardParams(Card::Rope, 4096), Quantity::ContentScore,
        {0, 1000, 0, 2000}, 100, 100, Reduction::Max);
    r.params.rope.head_dim = 64;
    const RequestCost cost = estimateCost(r);
    EXPECT_EQ(cost.work, std::int64_t {1000} * 2000 * 64 + (1000 + 2000) * 64 * 32);
    // grid 100 x 100, one 256 x 4096 tile and its encoded vectors (256 + 4096) x 64, doubles.
    EXPECT_EQ(cost.bytes, (100 * 100 + 256 * 4096 + (256 + 4096) * 64) * 8);
}

TEST(Cost, SampledContentAttentionCountsTheShownRowsNormalisers) {
    ViewRequest r = test::viewRequest(
        test::cardParams(Card::Rope, 4096), Quantity::ContentAttention, {0, 4096, 0, 4096}, 64, 32);
    r.params.rope.head_dim = 64;
    const RequestCost cost = estimateCost(r);
    EXPECT_EQ(cost.work,
        std::int64_t {64} * 32 * 64 + std::int64_t {64} * 4096 * 64
            + std::int64_t {64 + 32 + 4096} * 64 * 32);
}

// #33: at L = 4096 the exact normaliser is the cheaper first picture of a content attention view
// (every key drawn once, against each shown row's sample keys drawn anew: 45-60 ms against 67-82
// ms on PoCL), so the app shows it at once; at 2^20 the estimated one is far cheaper.
TEST(Cost, TheEstimatedNormaliserIsWorthItOnlyForLongSequences) {
    for (const std::int64_t length : {std::int64_t {4096}, std::int64_t {1} << 20}) {
        ViewRequest r = test::viewRequest(test::cardParams(Card::Alibi, length), Quantity::ContentAttention,
            {0, length, 0, length}, 341, 341);
        const std::int64_t exact = estimateCost(r).work;
        r.normaliser = Normaliser::Estimated;
        const std::int64_t estimated = estimateCost(r).work;
        if (length == 4096)
            EXPECT_GT(2 * estimated, exact) << "shown first only when less than half the exact cost";
        else
            EXPECT_LT(20 * estimated, exact);
    }
}

// #33: a sampled Score picture is the profile at its pixels: rows + cols phasor rows of d, then
// one product of inner size d per pixel; the same at L = 4096 as at 2^24. An exact one still
// reads every delta the window reaches.
TEST(Cost, SampledScoreFollowsThePixelsNotTheLength) {
    ViewRequest r = test::viewRequest(
        test::cardParams(Card::Rope, 4096), Quantity::Score, {0, 4096, 0, 4096}, 1024, 1024);
    r.params.rope.head_dim = 128;
    const RequestCost short_cost = estimateCost(r);
    EXPECT_EQ(short_cost.work, std::int64_t {2048} * 128 + std::int64_t {1024} * 1024 * 128);
    // the grid, the profile's values at the pixels, the sampled phasors: all doubles
    EXPECT_EQ(short_cost.bytes, (2 * 1024 * 1024 + 2048 * 128) * 8);
    r.params.length = kMaxL;
    r.window = {0, kMaxL, 0, kMaxL};
    const RequestCost long_cost = estimateCost(r);
    EXPECT_EQ(long_cost.work, short_cost.work);
    EXPECT_EQ(long_cost.bytes, short_cost.bytes);
    r.reduction = Reduction::Max;
    EXPECT_GT(estimateCost(r).work, 2 * kMaxL * 128);
}

// An attention picture with estimated normalisers: the sampled score's work plus each output row's
// normaliser samples (normaliserestimate.h), growing with log L only; the exact normaliser reads every key.
TEST(Cost, EstimatedNormaliserFollowsThePixelsAndLogL) {
    ViewRequest r = test::viewRequest(
        test::cardParams(Card::Rope, 4096), Quantity::Attention, {0, 4096, 0, 4096}, 1024, 1024);
    r.params.rope.head_dim = 128;
    r.normaliser = Normaliser::Estimated;
    const std::int64_t samples = 2 * 32 + 2 * 8 * (12 + 1) + 4; // log2 4096 = 12
    ASSERT_EQ(maxNormaliserSamples(4096), samples);
    EXPECT_EQ(estimateCost(r).work,
        std::int64_t {2048} * 128 + std::int64_t {1024} * 1024 * 128 + std::int64_t {1024} * samples * 128);
    const std::int64_t short_work = estimateCost(r).work;
    r.params.length = kMaxL;
    r.window = {0, kMaxL, 0, kMaxL};
    const std::int64_t long_work = estimateCost(r).work;
    EXPECT_LT(long_work, short_work * 5 / 4);
    r.normaliser = Normaliser::Exact;
    EXPECT_GT(estimateCost(r).work, 20 * long_work); // 4.3e9: the profile at all 2^25 deltas

    ViewRequest content = test::viewRequest(test::cardParams(Card::Rope, 1 << 20), Quantity::ContentAttention,
        {0, 1 << 20, 0, 1 << 20}, 1024, 1024);
    content.normaliser = Normaliser::Estimated;
    const std::int64_t d = std::max(cardDimension(content.params), 16);
    const std::int64_t contentSamples = maxNormaliserSamples(1 << 20);
    const std::int64_t vectorDims = cardDimension(content.params) * 32; // per drawn vector
    EXPECT_EQ(estimateCost(content).work,
        std::int64_t {1024} * 1024 * d + std::int64_t {1024} * contentSamples * d
            + (1024 + 1024 + 1024 * contentSamples) * vectorDims);
    content.normaliser = Normaliser::Exact;
    EXPECT_EQ(estimateCost(content).work,
        std::int64_t {1024} * 1024 * d + std::int64_t {1024} * (1 << 20) * d
            + (1024 + 1024 + (std::int64_t {1} << 20)) * vectorDims);
}

TEST(Cost, FormerBudgetsAreKeptAtTheirThresholds) {
    CardParams sinusoidal;
    sinusoidal.card = Card::Sinusoidal;
    sinusoidal.length = kMaxL;
    sinusoidal.sinusoidal.d_model = 256;
    ViewRequest table = test::viewRequest(test::cardParams(Card::Sinusoidal, kMaxL), Quantity::Table,
        {0, 1 << 19, 0, 256}, 512, 256, Reduction::Min);
    table.params = sinusoidal;
    EXPECT_EQ(
        estimateCost(table).work, (std::int64_t {1} << 27) * kTableEntryOperations); // 2^19 x 256 entries
    EXPECT_NO_THROW(checkCost(estimateCost(table)));
    table.window.row_end += 1;
    EXPECT_THROW(checkCost(estimateCost(table)), ComputeLimitExceeded);
}

TEST(Cost, RefusalsCarryTheEstimateAndTheAdvice) {
    const ViewRequest all = test::viewRequest(test::cardParams(Card::Rope, kMaxContentLength),
        Quantity::ContentScore, {0, kMaxContentLength, 0, kMaxContentLength}, 1024, 1024, Reduction::Max);
    try {
        makeCpuBackend()->compute(all);
        ADD_FAILURE() << "computed";
    } catch (const ComputeLimitExceeded& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("exceeds the budget of 4294967296"), std::string::npos) << message;
        EXPECT_NE(message.find("s on one core"), std::string::npos) << message;
        EXPECT_NE(message.find("use reduction sample"), std::string::npos) << message;
    }
    CostLimits tiny;
    tiny.bytes = 1000;
    try {
        checkCost(estimateCost(test::viewRequest(
                      test::cardParams(Card::Rope, 64), Quantity::Score, {0, 64, 0, 64}, 64, 64)),
            tiny);
        ADD_FAILURE() << "accepted";
    } catch (const ComputeLimitExceeded& error) {
        EXPECT_NE(std::string(error.what()).find("too large for memory"), std::string::npos) << error.what();
    }
}

TEST(Cost, SaturatesInsteadOfOverflowing) {
    // 2^20 x 2^20 x 1024 x (1 + ...) would overflow int64 in the attention normalisers (2^20: the
    // content views' length limit).
    ViewRequest r
        = test::viewRequest(test::cardParams(Card::Rope, kMaxContentLength), Quantity::ContentAttention,
            {0, kMaxContentLength, 0, kMaxContentLength}, 4096, 4096, Reduction::Mean);
    r.params.rope.head_dim = kMaxDim;
    const RequestCost cost = estimateCost(r);
    EXPECT_GT(cost.work, std::int64_t {1} << 50);
    EXPECT_LE(cost.work, std::numeric_limits<std::int64_t>::max());
    EXPECT_FALSE(describeCost(cost).empty());
}

TEST(Cost, InvalidRequestsAreRefusedByValidation) {
    EXPECT_THROW(estimateCost(test::viewRequest(
                     test::cardParams(Card::Rope, 64), Quantity::Buckets, {0, 64, 0, 64}, 8, 8)),
        InvalidParameter);
}

TEST(Cost, DefaultMemoryLimitIsAtMostHalfThePhysicalMemory) {
    const CostLimits limits = defaultCostLimits();
    EXPECT_GT(limits.bytes, 0);
    EXPECT_LE(limits.bytes, std::int64_t {8} << 30);
    EXPECT_EQ(limits.work, std::int64_t {1} << 32);
}

} // namespace
} // namespace pecards
