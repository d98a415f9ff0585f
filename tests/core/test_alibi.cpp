// Golden and property tests of ALiBi (alibi.h; Press, Smith, Lewis 2022; ofirpress get_slopes).

#include "pecards/alibi.h"
#include "pecards/attention.h"
#include "pecards/errors.h"
#include "support/golden.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace pecards {
namespace {

using test::expectClose;
using test::GoldenCase;

AlibiParams alibi(int heads, double bias_max = 8.0) {
    AlibiParams p;
    p.heads = heads;
    p.alibi_bias_max = bias_max;
    return p;
}

TEST(AlibiGolden, SlopesVisibleSet) {
    const GoldenCase c = GoldenCase::load("alibi_slopes_visible_set");
    for (const auto& heads_json : c.params().at("heads")) {
        const int heads = heads_json.get<int>();
        SCOPED_TRACE("heads " + std::to_string(heads));
        EXPECT_TRUE(expectClose(
            alibiSlopes(alibi(heads)), c.expectVector("heads_" + std::to_string(heads)), c.tolerance()));
    }
}

TEST(AlibiGolden, ConfigSlopes) {
    // cfg_mpt-7b: n_heads 32, attn_config.alibi_bias_max 8; cfg_bloom-560m: n_head 16 (bias max 8).
    for (const char* id : {"cfg_mpt-7b", "cfg_bloom-560m"}) {
        SCOPED_TRACE(id);
        const GoldenCase c = GoldenCase::load(id);
        const double bias_max = c.expect().value("alibi_bias_max", 8.0);
        const Eigen::VectorXd slopes = alibiSlopes(alibi(c.expect().at("heads").get<int>(), bias_max));
        EXPECT_TRUE(expectClose(slopes, c.expectVector("alibi_slopes"), c.tolerance()));
        EXPECT_TRUE(expectClose(slopes.head(3), c.expectVector("slopes_first3"), c.tolerance()));
        EXPECT_TRUE(expectClose(slopes.tail(3), c.expectVector("slopes_last3"), c.tolerance()));
    }
}

/// The bias of one head in `form` as an L x L matrix.
Eigen::MatrixXd biasMatrix(AlibiForm form, double slope, std::int64_t length) {
    Eigen::MatrixXd b(length, length);
    for (std::int64_t i = 0; i < length; ++i) {
        for (std::int64_t j = 0; j < length; ++j) {
            b(i, j) = alibiBias(form, slope, i, j, length);
        }
    }
    return b;
}

/// The golden stores masked entries as 0 with a 0/1 mask; the engine uses -infinity.
Eigen::MatrixXd masked(const Eigen::MatrixXd& values, const Eigen::MatrixXd& mask) {
    return mask.select(values,
        Eigen::MatrixXd::Constant(values.rows(), values.cols(), -std::numeric_limits<double>::infinity()));
}

TEST(AlibiGolden, BiasFormsH4L6) {
    const GoldenCase c = GoldenCase::load("alibi_bias_h4_L6");
    const auto length = c.params().at("L").get<std::int64_t>();
    const Eigen::VectorXd slopes = c.paramVector("slopes");
    EXPECT_TRUE(expectClose(alibiSlopes(alibi(c.params().at("heads").get<int>())), slopes, c.tolerance()));
    const Eigen::MatrixXd mask = c.expectMatrix("causal_mask");
    const auto causal = c.expectMatrices("causal");
    const auto symmetric = c.expectMatrices("symmetric");
    const auto bloom = c.expectMatrices("bloom_style_row_offset_form");
    for (Eigen::Index h = 0; h < slopes.size(); ++h) {
        SCOPED_TRACE("head " + std::to_string(h));
        const double m = slopes[h];
        EXPECT_TRUE(
            expectClose(biasMatrix(AlibiForm::Causal, m, length), masked(causal[h], mask), c.tolerance()));
        EXPECT_TRUE(expectClose(biasMatrix(AlibiForm::Symmetric, m, length), symmetric[h], c.tolerance()));
        // The golden masks BLOOM's bias as the model's causal mask does; build_alibi_tensor itself
        // gives +m j over every key, which the engine keeps (the mask is the view's: isCausal).
        const Eigen::MatrixXd rowOffset = biasMatrix(AlibiForm::RowOffsetBloom, m, length);
        EXPECT_TRUE(expectClose(masked(rowOffset, mask), masked(bloom[h], mask), c.tolerance()));
        for (std::int64_t i = 0; i < length; ++i) {
            for (std::int64_t j = i + 1; j < length; ++j)
                EXPECT_DOUBLE_EQ(rowOffset(i, j), m * static_cast<double>(j)) << i << ", " << j;
        }
    }
}

class AlibiPowerOfTwo : public ::testing::TestWithParam<int> { };

TEST_P(AlibiPowerOfTwo, SlopesAreGeometricWithRatio2PowMinus8OverH) {
    const int heads = GetParam();
    const Eigen::VectorXd slopes = alibiSlopes(alibi(heads));
    const double ratio = std::exp2(-8.0 / heads);
    EXPECT_NEAR(slopes[0], ratio, 1e-15); // m_1 = 2^(-8/H), not 2^(-8/H) shifted by one
    for (Eigen::Index h = 1; h < slopes.size(); ++h) {
        EXPECT_NEAR(slopes[h] / slopes[h - 1], ratio, 1e-14) << "h = " << h;
    }
    EXPECT_NEAR(slopes[heads - 1], 1.0 / 256.0, 1e-15); // m_H = 2^-8 for every power of two
}

INSTANTIATE_TEST_SUITE_P(Heads, AlibiPowerOfTwo, ::testing::Values(1, 2, 8, 64, 128));

TEST(AlibiProperty, NonPowerOfTwoInterleavesTheNextPower) {
    for (int heads : {3, 5, 12, 20, 100, 127}) {
        int power = 1;
        while (power * 2 <= heads) {
            power *= 2;
        }
        const Eigen::VectorXd slopes = alibiSlopes(alibi(heads));
        const Eigen::VectorXd base = alibiSlopes(alibi(power));
        const Eigen::VectorXd doubled = alibiSlopes(alibi(2 * power));
        EXPECT_TRUE(expectClose(slopes.head(power), base, {0, 0})) << heads;
        for (int n = 0; n < heads - power; ++n) {
            EXPECT_EQ(slopes[power + n], doubled[2 * n]) << heads << " extra " << n;
        }
    }
}

TEST(AlibiProperty, BiasMaxGeneralisesTheEight) {
    const Eigen::VectorXd slopes = alibiSlopes(alibi(16, 4.0));
    for (Eigen::Index h = 0; h < 16; ++h) {
        EXPECT_NEAR(slopes[h], std::exp2(-4.0 * static_cast<double>(h + 1) / 16.0), 1e-15);
    }
}

TEST(AlibiProperty, FormsDifferByARowConstantOnTheCausalPart) {
    const std::int64_t length = 9;
    const double m = 0.125;
    const Eigen::MatrixXd causal = biasMatrix(AlibiForm::Causal, m, length);
    const Eigen::MatrixXd bloom = biasMatrix(AlibiForm::RowOffsetBloom, m, length);
    const Eigen::MatrixXd foundry = biasMatrix(AlibiForm::RowOffsetFoundry, m, length);
    for (std::int64_t i = 0; i < length; ++i) {
        for (std::int64_t j = 0; j <= i; ++j) {
            EXPECT_NEAR(bloom(i, j) - causal(i, j), m * static_cast<double>(i), 1e-15);
            EXPECT_NEAR(foundry(i, j) - causal(i, j), -m * static_cast<double>(length - 1 - i), 1e-15);
        }
        for (std::int64_t j = i + 1; j < length; ++j) { // only the causal form is masked by itself
            EXPECT_EQ(causal(i, j), -std::numeric_limits<double>::infinity());
            EXPECT_DOUBLE_EQ(bloom(i, j), m * static_cast<double>(j));
            EXPECT_DOUBLE_EQ(foundry(i, j), -m * static_cast<double>(length - 1 - j));
        }
    }
    // Shift invariance of the row softmax under the causal mask: equal attention, unequal raw biases.
    const Eigen::MatrixXd mask = causal.unaryExpr([](double v) { return std::isinf(v) ? 0.0 : 1.0; });
    EXPECT_TRUE(
        expectClose(rowSoftmax(masked(bloom, mask), false), rowSoftmax(causal, false), {1e-15, 1e-12}));
    EXPECT_TRUE(
        expectClose(rowSoftmax(masked(foundry, mask), false), rowSoftmax(causal, false), {1e-15, 1e-12}));
    EXPECT_FALSE(expectClose(masked(bloom, mask), causal, {1e-9, 1e-9}));
}

TEST(AlibiProperty, CausalBiasPenalisesDistance) {
    // -m (i - j) with m > 0: the nearer key gets the larger logit (docs/encodings.md §8).
    EXPECT_GT(alibiBias(AlibiForm::Causal, 0.5, 10, 9, 11), alibiBias(AlibiForm::Causal, 0.5, 10, 2, 11));
    EXPECT_EQ(
        alibiBias(AlibiForm::Symmetric, 0.5, 2, 10, 11), alibiBias(AlibiForm::Symmetric, 0.5, 10, 2, 11));
}

TEST(Alibi, RejectsHeadCounts) {
    EXPECT_THROW(alibiSlopes(alibi(0)), InvalidParameter);
    EXPECT_THROW(alibiSlopes(alibi(129)), InvalidParameter);
    EXPECT_THROW(alibiSlopes(alibi(8, 0.0)), InvalidParameter);
    EXPECT_THROW(alibiSlopes(alibi(8, std::numeric_limits<double>::quiet_NaN())), InvalidParameter);
}

} // namespace
} // namespace pecards
