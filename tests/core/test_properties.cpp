// Property tests over random valid parameters (fixed seeds, thousands of cases per run): the
// invariants the encodings promise (docs/encodings.md), checked on the CPU reference.
// - RoPE rotations keep the norm (RoFormer eq. 14: a product of plane rotations);
// - positional scores are Toeplitz, value(i, j) = f(i - j) (every card but ALiBi's row-offset forms);
// - attention rows sum to 1 and masked entries are exactly 0;
// - content attention is the row softmax of the content score (its logits) on every card;
// - ALiBi biases are <= 0 on and below the diagonal (causal and symmetric forms);
// - T5 buckets are monotone in |offset| on each side (Raffel et al. 2020, HF _relative_position_bucket);
// - every value of a grid at the parameter bounds is finite (or -inf where masked).

#include "pecards/alibi.h"
#include "pecards/backend.h"
#include "pecards/parambounds.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "support/randomparams.h"

#include <Eigen/Core>
#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>

namespace pecards {
namespace {

using test::evenInt;
using test::logUniform;
using test::Random;
using test::randomParams;
using test::uniformInt;
using test::uniformReal;

/// The exact grid (one pixel per entry) of the whole extent.
Grid exactGrid(Backend& backend, const CardParams& params, Quantity quantity) {
    ViewRequest request;
    request.params = params;
    request.quantity = quantity;
    request.window = fullExtent(params, quantity);
    request.out_rows = static_cast<int>(request.window.rows());
    request.out_cols = static_cast<int>(request.window.cols());
    return backend.compute(request);
}

constexpr std::array kCards {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid};

TEST(Properties, RopeRotationKeepsTheNorm) {
    Random random(20261130);
    for (int n = 0; n < 3000; ++n) {
        RopeParams p;
        p.head_dim = evenInt(random, 2, 256);
        p.rotary_dim = uniformInt(random, 0, 1) == 1 ? evenInt(random, 2, p.head_dim) : 0;
        p.base = logUniform(random, 2.0, 1e9);
        p.layout = uniformInt(random, 0, 1) == 1 ? RopeLayout::HalfSplit : RopeLayout::Interleaved;
        Eigen::VectorXd x(p.head_dim);
        for (Eigen::Index i = 0; i < x.size(); ++i) {
            x[i] = uniformReal(random, -100.0, 100.0);
        }
        const double m = uniformReal(random, 0.0, 1048576.0);
        const Eigen::VectorXd rotated = ropeRotate(p, ropeInvFreq(p), x, m);
        ASSERT_NEAR(rotated.norm(), x.norm(), 1e-12 * x.norm()) << "case " << n << ", m = " << m;
    }
}

TEST(Properties, PositionalScoresAreToeplitz) {
    Random random(7);
    const std::unique_ptr<Backend> backend = makeCpuBackend();
    for (int n = 0; n < 1500; ++n) {
        const CardParams p = randomParams(random, kCards[n % kCards.size()], 24);
        if (!hasQuantity(p, Quantity::Score)) {
            continue;
        }
        const Grid g = exactGrid(*backend, p, Quantity::Score);
        for (int i = 0; i + 1 < g.rows; ++i) {
            for (int j = 0; j + 1 < g.cols; ++j) {
                const double a = g.at(i, j);
                const double b = g.at(i + 1, j + 1);
                if (std::isinf(a) || std::isinf(b)) {
                    ASSERT_EQ(a, b) << "case " << n << " (" << toString(p.card) << ") at " << i << ", " << j;
                } else {
                    ASSERT_NEAR(a, b, 1e-9 * (1.0 + std::abs(a)))
                        << "case " << n << " (" << toString(p.card) << ") at " << i << ", " << j;
                }
            }
        }
    }
}

TEST(Properties, AttentionRowsSumToOneAndMaskedEntriesAreZero) {
    Random random(11);
    const std::unique_ptr<Backend> backend = makeCpuBackend();
    for (int n = 0; n < 2000; ++n) {
        const CardParams p = randomParams(random, kCards[n % kCards.size()], 24);
        for (const Quantity quantity : {Quantity::Attention, Quantity::ContentAttention}) {
            if (!hasQuantity(p, quantity)) {
                continue;
            }
            const Grid g = exactGrid(*backend, p, quantity);
            const bool causal = p.causal || (p.card == Card::Alibi && p.alibi.form == AlibiForm::Causal);
            for (int i = 0; i < g.rows; ++i) {
                double sum = 0.0;
                for (int j = 0; j < g.cols; ++j) {
                    const double a = g.at(i, j);
                    ASSERT_TRUE(a >= 0.0 && a <= 1.0) << "case " << n << ": " << a;
                    if (causal && j > i) {
                        ASSERT_EQ(a, 0.0) << "case " << n << " masked entry " << i << ", " << j;
                    }
                    sum += a;
                }
                ASSERT_NEAR(sum, 1.0, 1e-12) << "case " << n << " (" << toString(p.card) << ", "
                                             << toString(quantity) << ") row " << i;
            }
        }
    }
}

/// ContentScore holds the logits whose row softmax is ContentAttention, on every card (the
/// engineer's review C12: RoPE's content score lacked the 1/sqrt(d) its attention applied).
TEST(Properties, ContentAttentionIsTheRowSoftmaxOfTheContentScore) {
    Random random(1212);
    const std::unique_ptr<Backend> backend = makeCpuBackend();
    for (int n = 0; n < 500; ++n) {
        CardParams p = randomParams(random, kCards[n % kCards.size()], 20);
        p.relative.term = TxlTerm::Total; // a single Transformer-XL term is not a logit
        const Grid score = exactGrid(*backend, p, Quantity::ContentScore);
        const Grid attention = exactGrid(*backend, p, Quantity::ContentAttention);
        for (int i = 0; i < score.rows; ++i) {
            double high = -std::numeric_limits<double>::infinity();
            for (int j = 0; j < score.cols; ++j) {
                high = std::max(high, score.at(i, j));
            }
            double sum = 0.0;
            for (int j = 0; j < score.cols; ++j) {
                sum += std::exp(score.at(i, j) - high);
            }
            for (int j = 0; j < score.cols; ++j) {
                ASSERT_NEAR(attention.at(i, j), std::exp(score.at(i, j) - high) / sum, 1e-12)
                    << "case " << n << " (" << toString(p.card) << ") entry " << i << ", " << j;
            }
        }
    }
}

TEST(Properties, AlibiBiasIsNonPositiveOnAndBelowTheDiagonal) {
    Random random(3);
    for (int n = 0; n < 3000; ++n) {
        AlibiParams p;
        p.heads = uniformInt(random, 1, kMaxHeads);
        p.head = uniformInt(random, 0, p.heads - 1);
        p.alibi_bias_max = logUniform(random, 1e-3, 1e3);
        const double slope = alibiSlopes(p)[p.head];
        ASSERT_GT(slope, 0.0);
        const std::int64_t length = uniformInt(random, 1, 1 << 20);
        const std::int64_t i = uniformInt(random, 0, static_cast<int>(length - 1));
        const std::int64_t j = uniformInt(random, 0, static_cast<int>(i));
        for (const AlibiForm form : {AlibiForm::Causal, AlibiForm::Symmetric}) {
            ASSERT_LE(alibiBias(form, slope, i, j, length), 0.0) << "case " << n;
        }
        ASSERT_EQ(alibiBias(AlibiForm::Causal, slope, i, i, length), 0.0);
    }
}

TEST(Properties, T5BucketsAreMonotoneInTheDistanceOnEachSide) {
    Random random(5);
    for (int n = 0; n < 400; ++n) {
        const bool bidirectional = uniformInt(random, 0, 1) == 1;
        const int buckets = uniformInt(random, bidirectional ? 4 : 2, 256);
        const int maxExact = (bidirectional ? buckets / 2 : buckets) / 2;
        const int maxDistance = uniformInt(random, maxExact + 1, 4096);
        for (const int sign : {-1, 1}) {
            int previous = -1;
            for (std::int64_t distance = 0; distance <= 2 * maxDistance; ++distance) {
                const int bucket = t5Bucket(sign * distance, bidirectional, buckets, maxDistance);
                ASSERT_GE(bucket, 0);
                ASSERT_LT(bucket, buckets);
                ASSERT_GE(bucket, previous) << "case " << n << ", offset " << sign * distance;
                previous = bucket;
            }
        }
    }
}

TEST(Properties, GridsAtTheParameterBoundsAreFinite) {
    // The largest documented values together: every entry finite, or -inf where masked.
    Random random(17);
    const std::unique_ptr<Backend> backend = makeCpuBackend();
    for (int n = 0; n < 200; ++n) {
        CardParams p = randomParams(random, uniformInt(random, 0, 1) == 1 ? Card::Rope : Card::Hybrid, 16);
        p.rope.base = uniformInt(random, 0, 1) == 1 ? kMaxBase : 1.0 + 1e-9;
        p.rope.scaling.type = RopeScalingType::Yarn;
        p.rope.scaling.factor = kMaxScalingFactor;
        p.rope.scaling.original_max_position_embeddings = uniformInt(random, 2, 1 << 20);
        p.rope.scaling.beta_slow = kMinRatioParameter;
        p.rope.scaling.beta_fast = kMaxScalingFactor;
        p.rope.scaling.mscale = kMaxAttentionFactor;
        p.rope.scaling.mscale_all_dim
            = uniformInt(random, 0, 1) == 1 ? kMaxAttentionFactor : kMinRatioParameter;
        p.rope.scaling.attention_factor = uniformInt(random, 0, 1) == 1 ? kMaxAttentionFactor : 0.0;
        p.rope.scaling.deepseek_softmax_mscale = true; // the largest logit multiplier
        p.probe.q.assign(static_cast<std::size_t>(p.rope.head_dim), kMaxProbeEntry);
        p.probe.k.assign(static_cast<std::size_t>(p.rope.head_dim), -kMaxProbeEntry);
        for (const Quantity quantity :
            {Quantity::Score, Quantity::Attention, Quantity::ContentScore, Quantity::ContentAttention}) {
            const Grid g = exactGrid(*backend, p, quantity);
            for (const double v : g.values) {
                ASSERT_TRUE(std::isfinite(v) || v == -std::numeric_limits<double>::infinity())
                    << "case " << n << " " << toString(quantity) << ": " << v;
            }
        }
    }
}

} // namespace
} // namespace pecards
