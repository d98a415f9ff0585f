// Golden and property tests of attention.h: masked row softmax and the RoPE+ALiBi hybrid.

#include "pecards/alibi.h"
#include "pecards/attention.h"
#include "pecards/errors.h"
#include "pecards/probe.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "support/golden.h"
#include "support/testconstants.h"

#include <cmath>
#include <complex>
#include <gtest/gtest.h>
#include <limits>

namespace pecards {
namespace {

using test::expectClose;
using test::GoldenCase;

using testsupport::kInf;

TEST(AttentionGolden, AlibiSoftmaxCausalH2L5D4) {
    const GoldenCase c = GoldenCase::load("alibi_softmax_causal_h2_L5_d4");
    const auto q = test::toMatrices(c.params().at("q"));
    const auto k = test::toMatrices(c.params().at("k"));
    const Eigen::VectorXd slopes = c.paramVector("slopes");
    const auto length = c.params().at("L").get<std::int64_t>();
    const double d = c.paramNumber("d");
    const auto probs = c.expectMatrices("probs");
    const auto unbiased = c.expectMatrices("scores_unbiased");
    for (Eigen::Index h = 0; h < slopes.size(); ++h) {
        SCOPED_TRACE("head " + std::to_string(h));
        Eigen::MatrixXd logits = q[h] * k[h].transpose() / std::sqrt(d);
        EXPECT_TRUE(expectClose(logits, unbiased[h], c.tolerance()));
        for (std::int64_t i = 0; i < length; ++i) {
            for (std::int64_t j = 0; j < length; ++j) {
                logits(i, j) += alibiBias(AlibiForm::Causal, slopes[h], i, j, length);
            }
        }
        // The causal bias already masks j > i; the causal flag must agree with it.
        EXPECT_TRUE(expectClose(rowSoftmax(logits, false), probs[h], c.tolerance()));
        EXPECT_TRUE(expectClose(rowSoftmax(logits, true), probs[h], c.tolerance()));
    }
}

class SoftmaxProperty : public ::testing::TestWithParam<std::int64_t> { };

TEST_P(SoftmaxProperty, RowsSumToOneAndMaskedEntriesAreZero) {
    const std::int64_t length = GetParam();
    Eigen::MatrixXd logits(length, length);
    for (std::int64_t i = 0; i < length; ++i) {
        logits.row(i) = 30.0 * contentVector(3, ProbeStream::Query, i, static_cast<int>(length)).transpose();
    }
    logits(0, length - 1) = -kInf; // an explicitly masked entry
    for (bool causal : {false, true}) {
        const Eigen::MatrixXd p = rowSoftmax(logits, causal);
        for (std::int64_t i = 0; i < length; ++i) {
            EXPECT_NEAR(p.row(i).sum(), 1.0, 1e-14) << "row " << i;
            EXPECT_GE(p.row(i).minCoeff(), 0.0);
            for (std::int64_t j = 0; j < length; ++j) {
                if ((causal && j > i) || logits(i, j) == -kInf) {
                    EXPECT_EQ(p(i, j), 0.0) << i << ", " << j;
                }
            }
        }
        // Independent formula on one row: exp(x_j) / sum exp(x_j) over the unmasked entries.
        const std::int64_t row = length - 1;
        const std::int64_t end = causal ? row + 1 : length;
        const double denominator = logits.row(row).head(end).array().exp().sum();
        for (std::int64_t j = 0; j < end; ++j) {
            EXPECT_NEAR(p(row, j), std::exp(logits(row, j)) / denominator, 1e-13);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Lengths, SoftmaxProperty, ::testing::Values(2, 5, 64));

TEST(Softmax, LargeLogitsStayFiniteAndBadLogitsThrow) {
    Eigen::MatrixXd logits(1, 3);
    logits << 1000.0, 999.0, -1000.0;
    const Eigen::MatrixXd p = rowSoftmax(logits, false);
    EXPECT_TRUE(p.allFinite());
    EXPECT_NEAR(p(0, 0) / p(0, 1), std::exp(1.0), 1e-12);
    Eigen::MatrixXd masked_row = Eigen::MatrixXd::Constant(1, 3, -kInf);
    EXPECT_EQ(rowSoftmax(masked_row, false).sum(), 0.0); // no unmasked entry: no probability
    logits(0, 1) = std::numeric_limits<double>::quiet_NaN();
    EXPECT_THROW(rowSoftmax(logits, false), InvalidParameter);
    logits(0, 1) = kInf;
    EXPECT_THROW(rowSoftmax(logits, false), InvalidParameter);
}

struct HybridSet {
    int head_dim;
    int rotary_dim;
    RopeLayout layout;
    AlibiForm form;
    RopeScalingType scaling;
};

void PrintTo(const HybridSet& s, std::ostream* os) {
    *os << "d" << s.head_dim << "_r" << s.rotary_dim << "_" << toString(s.layout) << "_" << toString(s.form)
        << "_" << toString(s.scaling);
}

class HybridProperty : public ::testing::TestWithParam<HybridSet> { };

TEST_P(HybridProperty, RotateProjectedQkThenScaleThenAddBias) {
    const HybridSet s = GetParam();
    RopeParams rope;
    rope.head_dim = s.head_dim;
    rope.rotary_dim = s.rotary_dim;
    rope.layout = s.layout;
    rope.scaling.type = s.scaling;
    rope.scaling.factor = 4.0;
    rope.scaling.original_max_position_embeddings = 16;
    const std::int64_t length = 12;
    const double slope = 0.25;
    Eigen::MatrixXd q(length, s.head_dim);
    Eigen::MatrixXd k(length, s.head_dim);
    for (std::int64_t p = 0; p < length; ++p) {
        q.row(p) = contentVector(9, ProbeStream::Query, p, s.head_dim).transpose();
        k.row(p) = contentVector(9, ProbeStream::Key, p, s.head_dim).transpose();
    }
    const Eigen::MatrixXd logits = hybridLogits(rope, s.form, slope, q, k);
    // Independent formula: complex pairs qc_l e^{j i theta_l}, attention factor a on the rotated
    // dims, pass-through dims plain; then / sqrt(d), then the ALiBi bias.
    const RopeScalingResult sc = ropeScaling(rope, length);
    const int r = rotaryDim(rope);
    const double a = sc.attention_factor;
    for (std::int64_t i = 0; i < length; ++i) {
        for (std::int64_t j = 0; j < length; ++j) {
            double dot = q.row(i).tail(s.head_dim - r).dot(k.row(j).tail(s.head_dim - r));
            for (int l = 0; l < r / 2; ++l) {
                const int x = s.layout == RopeLayout::Interleaved ? 2 * l : l;
                const int y = s.layout == RopeLayout::Interleaved ? 2 * l + 1 : l + r / 2;
                const std::complex<double> qc(q(i, x), q(i, y));
                const std::complex<double> kc(k(j, x), k(j, y));
                const double angle = static_cast<double>(i - j) * sc.inv_freq[l];
                dot += a * a * std::real(qc * std::conj(kc) * std::polar(1.0, angle));
            }
            const double bias = alibiBias(s.form, slope, i, j, length);
            const double expected = dot / std::sqrt(static_cast<double>(s.head_dim)) + bias;
            if (std::isinf(bias)) {
                EXPECT_EQ(logits(i, j), bias) << i << ", " << j;
            } else {
                EXPECT_NEAR(logits(i, j), expected, 1e-12) << i << ", " << j;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Sets, HybridProperty,
    ::testing::Values(HybridSet {8, 0, RopeLayout::HalfSplit, AlibiForm::Causal, RopeScalingType::None},
        HybridSet {16, 8, RopeLayout::Interleaved, AlibiForm::Symmetric, RopeScalingType::None},
        HybridSet {32, 0, RopeLayout::HalfSplit, AlibiForm::RowOffsetBloom, RopeScalingType::Yarn},
        HybridSet {64, 32, RopeLayout::HalfSplit, AlibiForm::RowOffsetFoundry, RopeScalingType::Linear}));

TEST(Hybrid, RejectsMismatchedShapes) {
    RopeParams rope;
    rope.head_dim = 8;
    const Eigen::MatrixXd q = Eigen::MatrixXd::Ones(4, 8);
    EXPECT_THROW(
        hybridLogits(rope, AlibiForm::Causal, 0.5, q, Eigen::MatrixXd::Ones(5, 8)), InvalidParameter);
    EXPECT_THROW(
        hybridLogits(rope, AlibiForm::Causal, 0.5, q, Eigen::MatrixXd::Ones(4, 6)), InvalidParameter);
    EXPECT_THROW(hybridLogits(rope, AlibiForm::Causal, -kInf, q, q), InvalidParameter);
    EXPECT_THROW(hybridLogits(rope, AlibiForm::Causal, 0.5, Eigen::MatrixXd::Ones(5000, 8),
                     Eigen::MatrixXd::Ones(5000, 8)),
        ComputeLimitExceeded);
}

} // namespace
} // namespace pecards
