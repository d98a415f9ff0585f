// pecards-cli on the RoPE golden cases: frequencies, rotated vectors (both layouts, partial
// rotary), score matrices and score by offset, and the RoFormer long-term decay.

#include "clitestutil.h"

#include <cmath>

namespace {

using pecards::test::CliTest;
using pecards::test::expectClose;
using pecards::test::GoldenCase;
using pecards::test::joinNumbers;
using pecards::test::numberFlag;

QString positionList(const GoldenCase& golden) {
    return joinNumbers(golden.paramVector("positions"));
}

class RopeInvFreq : public CliTest, public ::testing::WithParamInterface<const char*> { };

TEST_P(RopeInvFreq, MatchesGolden) {
    const GoldenCase golden = GoldenCase::load(GetParam());
    EXPECT_TRUE(expectClose(
        computeVector({"--card", "rope", "--quantity", "inv-freq", "--head-dim",
            numberFlag(golden.paramNumber("d")), "--base", numberFlag(golden.paramNumber("base"))}),
        golden.expectVector("inv_freq"), golden.tolerance()));
}

INSTANTIATE_TEST_SUITE_P(Bases, RopeInvFreq,
    ::testing::Values("rope_inv_freq_d8_base10000", "rope_inv_freq_d8_base500000",
        "rope_inv_freq_d64_base10000", "rope_inv_freq_d64_base500000", "rope_inv_freq_d128_base10000",
        "rope_inv_freq_d128_base500000"));

struct RotateCase {
    const char* id;
    const char* layout;
    int rotaryDim; ///< 0 = head_dim
};

class RopeRotate : public CliTest, public ::testing::WithParamInterface<RotateCase> { };

TEST_P(RopeRotate, RotatedVectorsAndFrequenciesMatchGolden) {
    const GoldenCase golden = GoldenCase::load(GetParam().id);
    const Eigen::VectorXd x = golden.paramVector("x");
    const QStringList card {"--card", "rope", "--head-dim", QString::number(x.size()), "--rotary-dim",
        QString::number(GetParam().rotaryDim), "--layout", GetParam().layout, "--base",
        numberFlag(golden.paramNumber("base"))};
    EXPECT_TRUE(expectClose(computeMatrix(card
                                + QStringList {"--quantity", "rotate", "--vector", joinNumbers(x),
                                    "--positions", positionList(golden)}),
        golden.expectMatrix("rotated"), golden.tolerance()));
    EXPECT_TRUE(expectClose(computeVector(card + QStringList {"--quantity", "inv-freq"}),
        golden.expectVector("inv_freq"), golden.tolerance()));
}

INSTANTIATE_TEST_SUITE_P(Layouts, RopeRotate,
    ::testing::Values(RotateCase {"rope_rotate_half_d8_base10000", "half-split", 0},
        RotateCase {"rope_rotate_interleaved_d8_base10000", "interleaved", 0},
        RotateCase {"rope_partial_gptj_h16_rd8", "interleaved", 8},
        RotateCase {"rope_partial_neox_h16_pct0.25", "half-split", 4}));

class RopeScores : public CliTest,
                   public ::testing::WithParamInterface<std::pair<const char*, const char*>> { };

TEST_P(RopeScores, ScoreMatrixAndByOffsetMatchGolden) {
    const GoldenCase golden = GoldenCase::load(GetParam().first);
    const QStringList card {"--card", "rope", "--head-dim", "8", "--layout", GetParam().second, "--length",
        "6", "--q", joinNumbers(golden.paramVector("q")), "--k", joinNumbers(golden.paramVector("k"))};
    EXPECT_TRUE(expectClose(computeMatrix(card + QStringList {"--quantity", "score"}),
        golden.expectMatrix("S"), golden.tolerance()));
    // by_offset[r + L-1] is S at key minus query n - m = r: the CLI's offsets.
    EXPECT_TRUE(
        expectClose(computeVector(card + QStringList {"--quantity", "score-vs-offset", "--offsets", "-5:6"}),
            golden.expectVector("by_offset"), golden.tolerance()));
}

INSTANTIATE_TEST_SUITE_P(Layouts, RopeScores,
    ::testing::Values(std::pair {"rope_scores_half_d8_base10000_L6", "half-split"},
        std::pair {"rope_scores_interleaved_d8_base10000_L6", "interleaved"}));

TEST_F(CliTest, ScoreAtTheLengthLimitMatchesLongDouble) {
    // --length 16777216 = 2^24 (the limit) with Llama 4 Scout's head_dim 128 and rope_theta
    // 500000, ones probes: the 8 x 8 zoom at the far corner, entries sum_i 2 cos(delta theta_i)
    // at delta near 2^24, against long double (float32 on a device: 2e-5 x S(0) = 128).
    const Eigen::MatrixXd s = computeMatrix({"--card", "rope", "--quantity", "score", "--head-dim", "128",
        "--base", "500000", "--length", "16777216", "--rows", "16777208:16777216", "--cols", "0:8"});
    ASSERT_EQ(s.rows(), 8);
    ASSERT_EQ(s.cols(), 8);
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            const long double delta = 16777208.0L + r - c;
            long double expected = 0.0L;
            for (int i = 0; i < 64; ++i) {
                expected += 2.0L * std::cos(delta * std::pow(500000.0L, -2.0L * i / 128.0L));
            }
            EXPECT_NEAR(s(r, c), static_cast<double>(expected), 2e-5 * 128.0) << "r = " << r << ", c = " << c;
        }
    }
}

TEST_F(CliTest, RoformerLongTermDecayMatchesGolden) {
    const GoldenCase golden = GoldenCase::load("roformer_decay_d128_base10000");
    EXPECT_TRUE(expectClose(computeVector({"--card", "rope", "--quantity", "decay", "--head-dim", "128",
                                "--base", "10000", "--distances", joinNumbers(golden.paramVector("r"))}),
        golden.expectVector("bound"), golden.tolerance()));
}

// The pair map of a Gemma 4 global layer, proportional (HF v5 `_compute_proportional_rope_
// parameters`): dim k pairs with k + 256, theta_i = 1e6^(-2i/512) for i < 64, 0 after; and the
// classic reading, whose dims past the 128 rotary ones pass through.
TEST_F(CliTest, PairMapOfGemma4GlobalLayerInBothConventions) {
    const QStringList gemma {"--card", "rope", "--quantity", "pair-map", "--head-dim", "512", "--rotary-dim",
        "128", "--base", "1000000"};
    const Eigen::MatrixXd proportional = computeMatrix(gemma + QStringList {"--partial", "proportional"});
    ASSERT_EQ(proportional.rows(), 512);
    ASSERT_EQ(proportional.cols(), 4);
    for (int k = 0; k < 512; ++k) {
        const int i = k % 256;
        EXPECT_EQ(proportional(k, 0), k);
        EXPECT_EQ(proportional(k, 1), i);
        EXPECT_EQ(proportional(k, 2), k < 256 ? k + 256 : k - 256);
        EXPECT_NEAR(proportional(k, 3), i < 64 ? std::pow(1e6, -2.0 * i / 512.0) : 0.0, 1e-15) << k;
    }
    const Eigen::MatrixXd classic = computeMatrix(gemma);
    EXPECT_EQ(classic(0, 2), 64);
    EXPECT_NEAR(classic(1, 3), std::pow(1e6, -2.0 / 128.0), 1e-15);
    EXPECT_EQ(classic(200, 1), -1);
    EXPECT_EQ(classic(200, 2), 200);
    EXPECT_EQ(classic(200, 3), 0.0);
}

} // namespace
