// The RoPE extrapolation limits (rope_extrapolation.h) against independent long-double formulas:
// pairs counted one by one, B(m) summed with std::cos for every m, the p-RoPE spectrum built by hand.

#include "pecards/errors.h"
#include "pecards/rope_extrapolation.h"
#include "support/testconstants.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace pecards {
namespace {

using testsupport::kTwoPiL;

/// Pairs i whose wavelength 2 pi b^(2i/r) is below L0, counted one at a time.
int turningPairs(int r, long double base, long double l0) {
    int count = 0;
    for (int i = 0; i < r / 2; ++i) {
        if (kTwoPiL * std::pow(base, 2.0L * i / r) < l0) {
            ++count;
        }
    }
    return count;
}

TEST(CriticalDimension, Llama2Is92AndItsLimitIsTheWavelengthOfPair46) {
    const CriticalDimension c = criticalDimension(128, 10000.0, 4096);
    EXPECT_EQ(c.dimension, 92); // Liu et al. 2023: d_extra = 92 for LLaMA 2
    EXPECT_EQ(c.pairs, turningPairs(128, 10000.0L, 4096.0L));
    const long double wavelength46 = kTwoPiL * std::pow(10000.0L, 92.0L / 128.0L);
    EXPECT_NEAR(c.limit, static_cast<double>(wavelength46), 1e-9 * c.limit);
    EXPECT_NEAR(c.limit, 4711.7, 0.1);
}

TEST(CriticalDimension, MatchesThePairCountForRealModels) {
    struct Case {
        int r;
        double base;
        std::int64_t l0;
    };
    for (const Case& k : {Case {128, 500000.0, 8192}, Case {128, 1e6, 32768}, Case {64, 10000.0, 2048},
             Case {128, 10000.0, 2048}, Case {96, 25000.0, 4096}}) {
        const CriticalDimension c = criticalDimension(k.r, k.base, k.l0);
        const int pairs = turningPairs(k.r, k.base, static_cast<long double>(k.l0));
        EXPECT_EQ(c.dimension, 2 * pairs) << k.r << " " << k.base << " " << k.l0;
        EXPECT_NEAR(c.limit,
            static_cast<double>(kTwoPiL * std::pow(static_cast<long double>(k.base), 2.0L * pairs / k.r)),
            1e-9 * c.limit);
        EXPECT_GE(c.limit, static_cast<double>(k.l0)); // the first non-turning pair is longer than L0
    }
}

TEST(CriticalDimension, EdgesAndTunedBase) {
    EXPECT_EQ(criticalDimension(128, 10000.0, 6).dimension, 0); // L0 < 2 pi: no pair turns
    const CriticalDimension all = criticalDimension(8, 10.0, 1 << 20); // every pair turns
    EXPECT_EQ(all.dimension, 8);
    EXPECT_EQ(all.limit, 0.0);
    // Liu et al.: the pretrained d_extra = 92 with a tuned base of 1e6 extrapolates to 2 pi 1e6^(92/128).
    EXPECT_NEAR(extrapolationLimit(128, 1e6, 92), 2.0 * std::numbers::pi * std::pow(1e6, 92.0 / 128.0), 1e-6);
    EXPECT_THROW(criticalDimension(127, 10000.0, 4096), InvalidParameter);
    EXPECT_THROW(criticalDimension(128, 1.0, 4096), InvalidParameter);
    EXPECT_THROW(criticalDimension(128, 10000.0, 0), InvalidParameter);
    EXPECT_THROW(extrapolationLimit(128, 1e6, 128), InvalidParameter);
    EXPECT_THROW(extrapolationLimit(128, 1e6, 91), InvalidParameter);
}

/// B(m) = sum cos(m theta_i) summed in long double for every m, independently of the scan.
BaseBoundPoint bruteForce(int r, std::int64_t length, double base) {
    BaseBoundPoint p;
    p.base = base;
    p.minimum = 1e300;
    for (std::int64_t m = 0; m <= length; ++m) {
        long double sum = 0.0L;
        for (int i = 0; i < r / 2; ++i) {
            sum += std::cos(
                static_cast<long double>(m) * std::pow(static_cast<long double>(base), -2.0L * i / r));
        }
        p.minimum = std::min(p.minimum, static_cast<double>(sum));
        if (sum < 0.0L) {
            p.first_negative = m;
            return p; // the first negative value is the minimum the scan reports
        }
    }
    return p;
}

TEST(BaseBound, ScanMatchesBruteForceOnASmallCase) {
    const std::vector<double> bases = baseGrid(1000.0, 1e6, 16);
    ASSERT_EQ(bases.size(), 49u); // 1000 * 10^(k/16), k = 0..48
    EXPECT_DOUBLE_EQ(bases.back(), 1e6);
    const std::vector<BaseBoundPoint> scan = baseBoundScan(16, 300, bases);
    ASSERT_EQ(scan.size(), bases.size());
    double firstPassing = 0.0;
    for (std::size_t k = 0; k < bases.size(); ++k) {
        const BaseBoundPoint expected = bruteForce(16, 300, bases[k]);
        EXPECT_NEAR(scan[k].minimum, expected.minimum, 1e-9) << bases[k];
        EXPECT_EQ(scan[k].first_negative, expected.first_negative) << bases[k];
        if (firstPassing == 0.0 && expected.first_negative < 0) {
            firstPassing = bases[k];
        }
    }
    ASSERT_GT(firstPassing, 0.0);
    EXPECT_EQ(smallestPassingBase(scan), firstPassing);
}

TEST(BaseBound, ConditionIsNotMonotoneInTheBase) {
    // Somewhere on a fine grid a base passes while a larger one fails: bisection would be wrong.
    const std::vector<double> bases = baseGrid(2.0, 1e6, 16);
    const std::vector<BaseBoundPoint> scan = baseBoundScan(16, 300, bases);
    bool passed = false;
    bool failedAfterPassing = false;
    for (const BaseBoundPoint& p : scan) {
        passed = passed || p.first_negative < 0;
        failedAfterPassing = failedAfterPassing || (passed && p.first_negative >= 0);
    }
    EXPECT_TRUE(failedAfterPassing);
}

TEST(BaseBound, Llama2SizedHeadAt4096) {
    // r = 128, L = 4096 on 16 bases per decade from 1e4: the first passing base is 10^(4 + 11/16) = 48697
    // (Men et al. 2024 Fig. 1 puts the 4K bound between 10^4 and 10^5); base 10000 (LLaMA 2) fails inside
    // 4096.
    const std::vector<BaseBoundPoint> scan = baseBoundScan(128, 4096, baseGrid(1e4, 1e5, 16));
    EXPECT_GE(scan.front().first_negative, 0);
    const double smallest = smallestPassingBase(scan);
    EXPECT_GT(smallest, 1e4);
    EXPECT_NEAR(smallest, std::pow(10.0, 4.0 + 11.0 / 16.0), 1e-6);
    EXPECT_EQ(bruteForce(128, 4096, smallest).first_negative, -1);
}

TEST(BaseBound, RejectsBadInputAndTooMuchWork) {
    EXPECT_THROW(baseBoundScan(128, 0, {1e4}), InvalidParameter);
    EXPECT_THROW(baseBoundScan(128, 4096, {1.0}), InvalidParameter);
    EXPECT_THROW(baseBoundScan(7, 4096, {1e4}), InvalidParameter);
    EXPECT_THROW(baseBoundScan(128, 1 << 24, std::vector<double>(64, 1e4)), ComputeLimitExceeded);
    EXPECT_THROW(baseGrid(1e4, 1e3, 8), InvalidParameter);
    EXPECT_THROW(baseGrid(10.0, 1e4, 0), InvalidParameter);
    EXPECT_EQ(smallestPassingBase({}), 0.0);
}

TEST(BaseBound, GridOfTheChartsSpansSevenDecadesFromLOver100) {
    const std::vector<double> grid = baseBoundGrid(4096);
    ASSERT_EQ(grid.size(), 57u);
    EXPECT_DOUBLE_EQ(grid.front(), 40.96);
    EXPECT_NEAR(grid.back(), 40.96e7, 1e-3);
    EXPECT_EQ(baseBoundGrid(64).front(), 2.0);
    EXPECT_LE(baseBoundGrid(1 << 24).back(), 1e12);
    EXPECT_THROW(baseBoundGrid(0), InvalidParameter);
}

TEST(PartialRotation, KeepsTheHighestFloorPHalfFrequencies) {
    Eigen::VectorXd theta(8);
    for (int i = 0; i < 8; ++i) {
        theta[i] = std::pow(10000.0, -2.0 * i / 16);
    }
    for (const double p : {0.0, 0.25, 0.3, 0.5, 0.99, 1.0}) {
        const Eigen::VectorXd partial = partialRotationInvFreq(theta, p);
        const int kept = static_cast<int>(p * 16) / 2; // int(p * head_dim // 2), head_dim = 16
        for (int i = 0; i < 8; ++i) {
            EXPECT_EQ(partial[i], i < kept ? theta[i] : 0.0) << p << " " << i;
        }
    }
    EXPECT_THROW(partialRotationInvFreq(theta, 1.5), InvalidParameter);
    EXPECT_THROW(partialRotationInvFreq(theta, -0.1), InvalidParameter);
}

TEST(PartialRotation, ScoreIsTheMeanCosineWithConstantNonRotatingPairs) {
    Eigen::VectorXd theta(4);
    theta << 1.0, 0.1, 0.01, 0.001;
    const Eigen::MatrixXd s = partialRotationScore(theta, {1.0, 0.5, 0.0}, {0, 7, 1000});
    ASSERT_EQ(s.rows(), 3);
    ASSERT_EQ(s.cols(), 3);
    for (int n = 0; n < 3; ++n) {
        const double delta = n == 0 ? 0.0 : (n == 1 ? 7.0 : 1000.0);
        EXPECT_NEAR(s(0, n),
            (std::cos(delta) + std::cos(0.1 * delta) + std::cos(0.01 * delta) + std::cos(0.001 * delta)) / 4,
            1e-12);
        EXPECT_NEAR(s(1, n), (std::cos(delta) + std::cos(0.1 * delta) + 2.0) / 4, 1e-12);
        EXPECT_DOUBLE_EQ(s(2, n), 1.0);
    }
    EXPECT_THROW(partialRotationScore(theta, {0.5}, {-1}), InvalidParameter);
}

} // namespace
} // namespace pecards
