// Estimated softmax normalisers (pecards/normaliserestimate.h): the samples cover every visible key
// of a row exactly once (checked key by key against Visibility::visible), stay within their bound at
// any L, and the estimate is close to the exact normaliser where the midpoint rule is (smooth logits).
// Exactness on short rows is checked against brute-force softmax in test_pooling.cpp.

#include "pecards/backend.h"
#include "pecards/errors.h"
#include "pecards/normaliserestimate.h"
#include "pecards/parambounds.h"

#include <cmath>
#include <gtest/gtest.h>
#include <vector>

namespace pecards {
namespace {

struct Case {
    const char* name;
    Visibility visibility;
};

const std::vector<Case>& visibilities() {
    static const std::vector<Case> cases {
        {"bidirectional", {false, 0, 0}},
        {"causal", {true, 0, 0}},
        {"causal sinks 4 window 100", {true, 4, 100}},
        {"bidirectional sinks 3 window 50", {false, 3, 50}},
        {"causal window 1", {true, 0, 1}},
        {"causal window 40", {true, 0, 40}},
    };
    return cases;
}

/// The deltas [lo, hi] a sample stands for: its count around its middle offset.
std::pair<std::int64_t, std::int64_t> coverage(const NormaliserSample& sample) {
    const std::int64_t lo = sample.delta - (sample.count - 1) / 2;
    return {lo, lo + sample.count - 1};
}

TEST(NormaliserSamples, CoverEveryVisibleKeyOnceAndStayWithinTheirBound) {
    for (const Case& c : visibilities()) {
        for (const std::int64_t length : {1, 7, 33, 1000, 5000}) {
            for (const std::int64_t row : {std::int64_t {0}, std::int64_t {1}, length / 2, length - 1}) {
                if (row >= length) {
                    continue;
                }
                SCOPED_TRACE(
                    std::string(c.name) + " L = " + std::to_string(length) + " row " + std::to_string(row));
                const std::vector<NormaliserSample> samples = normaliserSamples(c.visibility, length, row);
                EXPECT_LE(static_cast<std::int64_t>(samples.size()), maxNormaliserSamples(length));
                std::vector<int> covered(static_cast<std::size_t>(length), 0); // by key j
                std::int64_t previous = std::numeric_limits<std::int64_t>::min();
                for (const NormaliserSample& sample : samples) {
                    ASSERT_GT(sample.delta, previous) << "deltas ascend";
                    previous = sample.delta;
                    ASSERT_GE(sample.count, 1);
                    if (std::abs(sample.delta) < kExactDeltas) {
                        EXPECT_EQ(sample.count, 1) << "delta " << sample.delta << " is summed exactly";
                    }
                    EXPECT_TRUE(c.visibility.visible(row, row - sample.delta)) << "delta " << sample.delta;
                    const auto [lo, hi] = coverage(sample);
                    for (std::int64_t delta = lo; delta <= hi; ++delta) {
                        const std::int64_t j = row - delta;
                        ASSERT_TRUE(j >= 0 && j < length) << "key " << j;
                        ++covered[static_cast<std::size_t>(j)];
                    }
                }
                for (std::int64_t j = 0; j < length; ++j) {
                    EXPECT_EQ(covered[static_cast<std::size_t>(j)], c.visibility.visible(row, j) ? 1 : 0)
                        << "key " << j;
                }
            }
        }
    }
}

TEST(NormaliserSamples, AtTheLengthLimitFewSamplesStandForEveryKey) {
    const Visibility causal {true, 0, 0};
    const std::vector<NormaliserSample> samples = normaliserSamples(causal, kMaxLength, kMaxLength - 1);
    std::int64_t keys = 0;
    for (const NormaliserSample& sample : samples) {
        keys += sample.count;
    }
    EXPECT_EQ(keys, kMaxLength);
    EXPECT_LE(static_cast<std::int64_t>(samples.size()), maxNormaliserSamples(kMaxLength));
    EXPECT_LE(maxNormaliserSamples(kMaxLength), 500); // 64 + 16 x 25 + 4: what the cost model counts
    // The strata grow geometrically: the farthest holds about 2^(1/8) - 1 = 9 % of its distance.
    const NormaliserSample& far = samples[samples.size() - 2]; // the last may be cut at key 0
    EXPECT_NEAR(static_cast<double>(far.count) / static_cast<double>(far.delta), 0.09, 0.02);
}

TEST(NormaliserSamples, RejectRowsOutsideTheSequence) {
    EXPECT_THROW(normaliserSamples({true, 0, 0}, 10, 10), InvalidParameter);
    EXPECT_THROW(normaliserSamples({true, 0, 0}, 0, 0), InvalidParameter);
    EXPECT_THROW(normaliserSamples({true, 0, 0}, kMaxLength + 1, 0), InvalidParameter);
}

TEST(EstimatedLogNormaliser, WeighsEachLogitByItsCount) {
    const std::vector<NormaliserSample> samples {{0, 1}, {40, 3}};
    const std::vector<double> logits {0.0, std::log(2.0)};
    EXPECT_NEAR(estimatedLogNormaliser(samples, logits), std::log(1.0 + 3.0 * 2.0), 1e-15);
    // Large logits do not overflow (max-shifted).
    const std::vector<double> large {1000.0, 1000.0 + std::log(2.0)};
    EXPECT_NEAR(estimatedLogNormaliser(samples, large), 1000.0 + std::log(7.0), 1e-12);
    EXPECT_EQ(estimatedLogNormaliser({}, {}), -std::numeric_limits<double>::infinity());
    EXPECT_THROW(estimatedLogNormaliser(samples, std::vector<double> {0.0}), InvalidParameter);
    EXPECT_THROW(estimatedLogNormaliser(samples, std::vector<double> {0.0, std::nan("")}), InvalidParameter);
}

/// Largest |estimated / exact - 1| over the pixels of a sampled attention picture of `params`.
double largestRelativeError(const CardParams& params, Quantity quantity) {
    const auto backend = makeCpuBackend();
    ViewRequest request;
    request.params = params;
    request.quantity = quantity;
    request.window = {0, params.length, 0, params.length};
    request.out_rows = 64;
    request.out_cols = 64;
    const Grid exact = backend->compute(request);
    request.normaliser = Normaliser::Estimated;
    const Grid estimated = backend->compute(request);
    double worst = 0.0;
    for (std::size_t n = 0; n < exact.values.size(); ++n) {
        if (exact.values[n] == 0.0) {
            EXPECT_EQ(estimated.values[n], 0.0) << "masked pixel " << n;
            continue;
        }
        worst = std::max(worst, std::abs(estimated.values[n] / exact.values[n] - 1.0));
    }
    return worst;
}

// Where the logits are smooth on each stratum the midpoint rule is close: ALiBi's linear bias
// (convex exp, error ~ (m w)^2 / 24 of the far strata's small share), T5's buckets (constant but for
// the strata that straddle a bucket edge), random content vectors (independent logits of small
// variance). Bounds: about 3x the measured errors (8.7e-4, below 1e-5, 7.9e-3). Not so for logits
// that oscillate within a stratum: RoPE's all-ones probe at L = 2^20 is off by 40 % (the picture
// says it is estimated).
TEST(EstimatedNormaliser, IsCloseWhereTheLogitsAreSmoothOnEachStratum) {
    CardParams alibi;
    alibi.card = Card::Alibi;
    alibi.length = 4096;
    alibi.causal = true;
    alibi.alibi.heads = 8;
    alibi.alibi.head = 7; // slope 2^-8: the bias still matters 4096 keys away
    EXPECT_LT(largestRelativeError(alibi, Quantity::Attention), 3e-3);

    CardParams t5;
    t5.card = Card::Relative;
    t5.length = 4096;
    t5.relative.variant = RelativeVariant::T5;
    t5.relative.bidirectional = false;
    t5.causal = true;
    t5.relative.bucket_values = {0.5, -1.0, 2.0, 0.25, -0.75, 1.5, -2.0, 3.0};
    t5.relative.num_buckets = 8;
    t5.relative.max_distance = 128;
    EXPECT_LT(largestRelativeError(t5, Quantity::Attention), 1e-4);

    CardParams rope;
    rope.card = Card::Rope;
    rope.length = 4096;
    rope.causal = true;
    rope.rope.head_dim = 64;
    EXPECT_LT(largestRelativeError(rope, Quantity::ContentAttention), 0.025);
}

} // namespace
} // namespace pecards
