// Per-pair usage from projection weights: the pair channels read by hand, the operator norms against
// Eigen's SVD of the 2 x in block (an independent computation) and against blocks built with a known
// norm, the bound attained by the top singular vector, GQA products, the pairs each scaling moves
// against the HF rules written out (wavelengths against L0 / high_freq_factor), and the refusals.

#include "pecards/errors.h"
#include "pecards/pairusage.h"
#include "support/randomparams.h"

#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace {

using pecards::PairChannels;
using pecards::RopeLayout;
using pecards::RopeParams;
using pecards::RopeScalingType;

RopeParams head(int head_dim, RopeLayout layout, int rotary_dim = 0) {
    RopeParams params;
    params.head_dim = head_dim;
    params.rotary_dim = rotary_dim;
    params.layout = layout;
    return params;
}

TEST(PairChannels, HalfSplitInterleavedAndPartialAsTheReferenceRotates) {
    // rotate_half over 8 channels: pair i is (i, i + 4); GPT-J rotate_every_two: (2i, 2i + 1).
    EXPECT_EQ(pecards::rotaryPairChannels(head(8, RopeLayout::HalfSplit)),
        (std::vector<PairChannels> {{0, 4}, {1, 5}, {2, 6}, {3, 7}}));
    EXPECT_EQ(pecards::rotaryPairChannels(head(8, RopeLayout::Interleaved)),
        (std::vector<PairChannels> {{0, 1}, {2, 3}, {4, 5}, {6, 7}}));
    // GPT-NeoX rotary_pct: the first 4 of 8 channels rotate, half-split among themselves.
    EXPECT_EQ(pecards::rotaryPairChannels(head(8, RopeLayout::HalfSplit, 4)),
        (std::vector<PairChannels> {{0, 2}, {1, 3}}));
}

TEST(PairOperatorNorms, EqualTheLargestSingularValueOfEachPairsRows) {
    for (const RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        const RopeParams params = head(16, layout);
        const Eigen::MatrixXd block = pecards::test::normalMatrix(16, 40, 7);
        const Eigen::VectorXd norms = pecards::pairOperatorNorms(params, block, Eigen::VectorXd());
        ASSERT_EQ(norms.size(), 8);
        for (int i = 0; i < 8; ++i) {
            const int a = layout == RopeLayout::HalfSplit ? i : 2 * i;
            const int b = layout == RopeLayout::HalfSplit ? i + 8 : 2 * i + 1;
            Eigen::MatrixXd rows(2, 40);
            rows << block.row(a), block.row(b);
            const Eigen::JacobiSVD<Eigen::MatrixXd> svd(rows, Eigen::ComputeThinV);
            EXPECT_NEAR(norms(i), svd.singularValues()(0), 1e-12 * svd.singularValues()(0)) << i;
            // The bound is attained: the top right singular vector, a unit input, makes a pair this long.
            const Eigen::VectorXd x = svd.matrixV().col(0);
            EXPECT_NEAR((rows * x).norm(), norms(i), 1e-12 * norms(i)) << i;
        }
    }
}

TEST(PairOperatorNorms, APlantedHeadUsesOnlyItsPlantedPair) {
    // Head of 8 channels, half-split: only pair 3 (channels 3 and 7) has weights. Rows 3 = 3 e_0 and
    // 7 = 4 e_1 are orthogonal, so the block's singular values are 4 and 3.
    Eigen::MatrixXd block = Eigen::MatrixXd::Zero(8, 5);
    block(3, 0) = 3.0;
    block(7, 1) = 4.0;
    const Eigen::VectorXd norms
        = pecards::pairOperatorNorms(head(8, RopeLayout::HalfSplit), block, Eigen::VectorXd());
    EXPECT_EQ(norms, (Eigen::VectorXd(4) << 0.0, 0.0, 0.0, 4.0).finished());
    // Parallel rows 3 e_0 and 4 e_0: rank one, singular value 5.
    block(7, 1) = 0.0;
    block(7, 0) = 4.0;
    EXPECT_DOUBLE_EQ(
        pecards::pairOperatorNorms(head(8, RopeLayout::HalfSplit), block, Eigen::VectorXd())(3), 5.0);
    // A bias adds its pair's length: (b_3, b_7) = (0.6, 0.8) has length 1.
    Eigen::VectorXd bias = Eigen::VectorXd::Zero(8);
    bias(3) = 0.6;
    bias(7) = 0.8;
    EXPECT_DOUBLE_EQ(pecards::pairOperatorNorms(head(8, RopeLayout::HalfSplit), block, bias)(3), 6.0);
    EXPECT_DOUBLE_EQ(pecards::pairOperatorNorms(head(8, RopeLayout::HalfSplit), block, bias)(0), 0.0);
}

TEST(PairOperatorNorms, NeitherOverflowNorUnderflowForExtremeWeights) {
    // F64 weights of 1e200 (their squares overflow) and 1e-170 (theirs underflow): the norm scales.
    const RopeParams params = head(8, RopeLayout::HalfSplit);
    const Eigen::MatrixXd unit = pecards::test::normalMatrix(8, 6, 11);
    const Eigen::VectorXd norms = pecards::pairOperatorNorms(params, unit, Eigen::VectorXd());
    for (const double scale : {1e200, 1e-170}) {
        const Eigen::VectorXd scaled = pecards::pairOperatorNorms(params, unit * scale, Eigen::VectorXd());
        for (Eigen::Index i = 0; i < norms.size(); ++i)
            EXPECT_NEAR(scaled(i) / scale, norms(i), 1e-13 * norms(i)) << scale << " " << i;
    }
    // Their product overflows a double: refused, never inf or NaN.
    const Eigen::MatrixXd huge = Eigen::MatrixXd::Constant(1, 2, 1e200);
    EXPECT_THROW(pecards::pairUsageProduct(huge, huge), pecards::InvalidParameter);
}

TEST(PairOperatorNorms, RefusesABlockOrBiasOfTheWrongSizeOrNotFinite) {
    const RopeParams params = head(8, RopeLayout::HalfSplit);
    EXPECT_THROW(pecards::pairOperatorNorms(params, Eigen::MatrixXd::Ones(6, 4), Eigen::VectorXd()),
        pecards::InvalidParameter);
    EXPECT_THROW(pecards::pairOperatorNorms(params, Eigen::MatrixXd::Ones(8, 4), Eigen::VectorXd::Ones(5)),
        pecards::InvalidParameter);
    Eigen::MatrixXd block = Eigen::MatrixXd::Ones(8, 4);
    block(2, 1) = std::nan("");
    try {
        pecards::pairOperatorNorms(params, block, Eigen::VectorXd());
        FAIL() << "a NaN weight was accepted";
    } catch (const pecards::InvalidParameter& error) {
        EXPECT_EQ(error.name(), "block");
    }
}

TEST(PairUsageProduct, GroupedQueryHeadsReadTheirKeyHead) {
    // 4 query heads, 2 key heads: HF repeat_kv gives query heads 0, 1 key head 0 and 2, 3 key head 1.
    const Eigen::MatrixXd query = (Eigen::MatrixXd(4, 2) << 1, 2, 3, 4, 5, 6, 7, 8).finished();
    const Eigen::MatrixXd key = (Eigen::MatrixXd(2, 2) << 10, 100, 20, 200).finished();
    const Eigen::MatrixXd expected
        = (Eigen::MatrixXd(4, 2) << 10, 200, 30, 400, 100, 1200, 140, 1600).finished();
    EXPECT_EQ(pecards::pairUsageProduct(query, key), expected);
    try {
        pecards::pairUsageProduct(Eigen::MatrixXd::Ones(4, 2), Eigen::MatrixXd::Ones(3, 2));
        FAIL() << "3 key heads for 4 query heads were accepted";
    } catch (const pecards::InvalidParameter& error) {
        EXPECT_EQ(error.name(), "num_key_value_heads");
    }
    EXPECT_THROW(pecards::pairUsageProduct(Eigen::MatrixXd::Ones(4, 2), Eigen::MatrixXd::Ones(2, 3)),
        pecards::InvalidParameter);
}

TEST(PairsMovedByScaling, Llama3MovesThePairsWhoseWavelengthExceedsL0OverHighFreqFactor) {
    // Llama 3.1: theta 500000, head 128, factor 8, low 1, high 4, L0 8192. HF `_compute_llama3_parameters`
    // keeps wavelengths below 8192 / 4 = 2048 and changes every longer one (divided, or smoothed).
    RopeParams params = head(128, RopeLayout::HalfSplit);
    params.base = 500000.0;
    params.scaling.type = RopeScalingType::Llama3;
    params.scaling.factor = 8.0;
    params.scaling.low_freq_factor = 1.0;
    params.scaling.high_freq_factor = 4.0;
    params.scaling.original_max_position_embeddings = 8192;
    const std::vector<bool> moved = pecards::pairsMovedByScaling(params, 8192);
    ASSERT_EQ(moved.size(), 64u);
    int count = 0;
    for (int i = 0; i < 64; ++i) {
        const double wavelength = 2.0 * std::numbers::pi * std::pow(500000.0, 2.0 * i / 128.0);
        EXPECT_EQ(moved[static_cast<std::size_t>(i)], wavelength > 2048.0) << i;
        count += moved[static_cast<std::size_t>(i)] ? 1 : 0;
    }
    EXPECT_EQ(count, 35); // pairs 29..63: 2 pi 500000^(58/128) = 2402 > 2048 > 2 pi 500000^(56/128) = 1956
}

TEST(PairsMovedByScaling, LinearMovesEveryPairAndNoneWithoutScaling) {
    RopeParams params = head(64, RopeLayout::HalfSplit);
    EXPECT_EQ(pecards::pairsMovedByScaling(params, 4096), std::vector<bool>(32, false));
    params.scaling.type = RopeScalingType::Linear;
    params.scaling.factor = 4.0;
    EXPECT_EQ(pecards::pairsMovedByScaling(params, 4096), std::vector<bool>(32, true));
}

TEST(MovedUsageFraction, SharesOfEachHeadsUsage) {
    const Eigen::MatrixXd product = (Eigen::MatrixXd(3, 4) << 1, 1, 1, 1, 0, 0, 3, 1, 0, 0, 0, 0).finished();
    const Eigen::VectorXd fraction = pecards::movedUsageFraction(product, {false, false, true, true});
    EXPECT_DOUBLE_EQ(fraction(0), 0.5);
    EXPECT_DOUBLE_EQ(fraction(1), 1.0);
    EXPECT_DOUBLE_EQ(fraction(2), 0.0); // a head of no usage has no share, not NaN
    EXPECT_THROW(pecards::movedUsageFraction(product, {true}), pecards::InvalidParameter);
    EXPECT_THROW(pecards::movedUsageFraction(-product, {true, true, true, true}), pecards::InvalidParameter);
}

} // namespace

namespace {

TEST(PairMoveDegree, YarnsRampWrittenOutFromTheYarnPaper) {
    // YaRN (Peng et al. 2023, HF `_compute_yarn_parameters`): base 10000, head 64, s = 4, L0 = 4096,
    // beta_fast 32, beta_slow 1. Correction range [low, high] = [floor(d ln(L0 / (32 2 pi)) / (2 ln b)),
    // ceil(d ln(L0 / (1 2 pi)) / (2 ln b))]; pair i mixes theta_i / s and theta_i by the ramp
    // r_i = clamp((i - low) / (high - low), 0, 1) as HF writes it: theta'_i = (theta_i / s) (1 - e_i) +
    // theta_i e_i with the extrapolation factor e_i = 1 - r_i; low >= 0, high <= d - 1.
    RopeParams params = head(64, RopeLayout::HalfSplit);
    params.scaling.type = RopeScalingType::Yarn;
    params.scaling.factor = 4.0;
    params.scaling.original_max_position_embeddings = 4096;
    params.scaling.beta_fast = 32.0;
    params.scaling.beta_slow = 1.0;
    const double d = 64.0;
    const double b = 10000.0;
    const double low = std::max(
        0.0, std::floor(d * std::log(4096.0 / (32.0 * 2.0 * std::numbers::pi)) / (2.0 * std::log(b))));
    const double high = std::min(
        d - 1.0, std::ceil(d * std::log(4096.0 / (1.0 * 2.0 * std::numbers::pi)) / (2.0 * std::log(b))));
    const Eigen::VectorXd degree = pecards::pairMoveDegree(params, 4096);
    ASSERT_EQ(degree.size(), 32);
    for (int i = 0; i < 32; ++i) {
        const double ramp = std::clamp((i - low) / (high - low), 0.0, 1.0);
        const double extrapolation = 1.0 - ramp;
        const double ratio = (1.0 - extrapolation) / 4.0 + extrapolation; // theta'_i / theta_i
        EXPECT_NEAR(degree(i), std::abs(std::log(ratio)) / std::log(4.0), 1e-12) << i;
    }
    EXPECT_EQ(degree(0), 0.0); // pair 0 is extrapolated, untouched
    EXPECT_DOUBLE_EQ(degree(31), 1.0); // the slowest pair is interpolated by s
}

TEST(PairMoveDegree, NothingMovedIsZeroEverywhere) {
    EXPECT_EQ(pecards::pairMoveDegree(head(16, RopeLayout::HalfSplit), 4096), Eigen::VectorXd::Zero(8));
}

} // namespace

namespace {

TEST(PairLengths, ArePairLengthsOfTheProjectedInputsAndNeverExceedTheOperatorNorm) {
    // Pair 0 of a half-split head of 4 channels is made by rows 0 and 2: q_0 = x_0 + 1, q_2 = 2 x_1 (bias 1).
    Eigen::MatrixXd block = Eigen::MatrixXd::Zero(4, 3);
    block(0, 0) = 1.0;
    block(2, 1) = 2.0;
    Eigen::VectorXd bias = Eigen::VectorXd::Zero(4);
    bias(0) = 1.0;
    const Eigen::MatrixXd inputs = (Eigen::MatrixXd(2, 3) << 2, 2, 0, -1, 0, 5).finished();
    const Eigen::MatrixXd lengths = pecards::pairLengths(head(4, RopeLayout::HalfSplit), block, bias, inputs);
    ASSERT_EQ(lengths.rows(), 2);
    EXPECT_DOUBLE_EQ(lengths(0, 0), 5.0); // (3, 4)
    EXPECT_DOUBLE_EQ(lengths(1, 0), 0.0); // (0, 0)
    EXPECT_DOUBLE_EQ(lengths(0, 1), 0.0); // rows 1 and 3 are zero
    // Unit-norm inputs never make a pair longer than its operator norm (without bias).
    const RopeParams params = head(16, RopeLayout::Interleaved);
    const Eigen::MatrixXd weights = pecards::test::normalMatrix(16, 12, 3);
    Eigen::MatrixXd unit = pecards::test::normalMatrix(200, 12, 4);
    unit.rowwise().normalize();
    const Eigen::MatrixXd all = pecards::pairLengths(params, weights, Eigen::VectorXd(), unit);
    const Eigen::VectorXd bound = pecards::pairOperatorNorms(params, weights, Eigen::VectorXd());
    for (Eigen::Index i = 0; i < bound.size(); ++i)
        EXPECT_LE(all.col(i).maxCoeff(), bound(i) * (1.0 + 1e-12)) << i;
    EXPECT_THROW(pecards::pairLengths(params, weights, Eigen::VectorXd(), Eigen::MatrixXd::Ones(2, 5)),
        pecards::InvalidParameter);
}

} // namespace
