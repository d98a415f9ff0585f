// Tests of the reproducible probe/content vectors (probe.h): SplitMix64 reference values,
// the documented probeNormal formula, distribution and probe precedence.

#include "pecards/errors.h"
#include "pecards/probe.h"
#include "support/golden.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <numbers>
#include <set>

namespace pecards {
namespace {

using test::expectClose;

TEST(SplitMix64, MatchesPublishedOutputs) {
    // Vigna's splitmix64.c: state 0 -> 0xE220A8397B1DCDAF; state 1234567 -> 6457827717110365317,
    // 3203168211198807973, 9817491932198370423 (the state advances by the golden gamma).
    EXPECT_EQ(splitmix64(0), 0xE220A8397B1DCDAFULL);
    std::uint64_t state = 1234567;
    for (std::uint64_t expected : {6457827717110365317ULL, 3203168211198807973ULL, 9817491932198370423ULL}) {
        EXPECT_EQ(splitmix64(state), expected);
        state += 0x9E3779B97F4A7C15ULL;
    }
}

/// probeNormal re-derived from the docstring of probe.h, step by step.
double documentedNormal(
    std::uint64_t seed, std::uint64_t stream, std::uint64_t position, std::uint64_t index) {
    const std::uint64_t counter = (stream << 56) | (position << 20) | index;
    const std::uint64_t state = seed ^ splitmix64(counter);
    const std::uint64_t h1 = splitmix64(state);
    const std::uint64_t h2 = splitmix64(state + 0x9E3779B97F4A7C15ULL);
    const double u1 = std::ldexp(static_cast<double>((h1 >> 11) + 1), -53);
    const double u2 = std::ldexp(static_cast<double>(h2 >> 11), -53);
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

TEST(ProbeNormal, FollowsTheDocumentedFormula) {
    for (std::uint64_t seed : {0ULL, 1ULL, 0xDEADBEEFULL}) {
        for (ProbeStream stream : {ProbeStream::Query, ProbeStream::Key, ProbeStream::Shaw}) {
            for (std::int64_t position : {std::int64_t {0}, std::int64_t {1}, std::int64_t {1} << 20}) {
                for (std::int64_t index : {0, 5, 1023}) {
                    EXPECT_EQ(probeNormal(seed, stream, position, index),
                        documentedNormal(seed, static_cast<std::uint64_t>(stream),
                            static_cast<std::uint64_t>(position), static_cast<std::uint64_t>(index)));
                }
            }
        }
    }
}

TEST(ProbeNormal, IsStandardNormalAndDecorrelated) {
    const int n = 200000;
    double sum = 0;
    double sum_sq = 0;
    double cross = 0;
    int within_one_sigma = 0;
    for (int t = 0; t < n; ++t) {
        const double x = probeNormal(123, ProbeStream::Query, t / 256, t % 256);
        const double y = probeNormal(123, ProbeStream::Key, t / 256, t % 256);
        sum += x;
        sum_sq += x * x;
        cross += x * y;
        within_one_sigma += std::abs(x) < 1.0 ? 1 : 0;
    }
    // 5-sigma bounds: mean 1/sqrt(n), variance sqrt(2/n), correlation 1/sqrt(n), P(|x|<1) 0.5/sqrt(n).
    EXPECT_NEAR(sum / n, 0.0, 5.0 / std::sqrt(n));
    EXPECT_NEAR(sum_sq / n, 1.0, 5.0 * std::sqrt(2.0 / n));
    EXPECT_NEAR(cross / n, 0.0, 5.0 / std::sqrt(n));
    EXPECT_NEAR(static_cast<double>(within_one_sigma) / n, 0.682689492, 2.5 / std::sqrt(n));
}

TEST(ProbeNormal, DistinctInputsGiveDistinctSamples) {
    std::set<double> seen;
    for (std::uint64_t seed : {0ULL, 1ULL}) {
        for (std::uint32_t stream = 0; stream < 7; ++stream) {
            for (std::int64_t position = 0; position < 8; ++position) {
                for (std::int64_t index = 0; index < 8; ++index) {
                    seen.insert(probeNormal(seed, static_cast<ProbeStream>(stream), position, index));
                }
            }
        }
    }
    EXPECT_EQ(seen.size(), 2u * 7u * 8u * 8u);
}

TEST(ProbeNormal, RejectsOutOfRangeCounters) {
    EXPECT_THROW(probeNormal(0, ProbeStream::Query, -1, 0), InvalidParameter);
    EXPECT_THROW(probeNormal(0, ProbeStream::Query, kProbePositionLimit, 0), InvalidParameter);
    EXPECT_THROW(probeNormal(0, ProbeStream::Query, 0, kProbeIndexLimit), InvalidParameter);
}

TEST(ContentVector, IsNormalOverSqrtD) {
    for (int d : {1, 8, 1024}) {
        const Eigen::VectorXd v = contentVector(77, ProbeStream::Key, 31, d);
        ASSERT_EQ(v.size(), d);
        for (int c = 0; c < d; ++c) {
            EXPECT_EQ(v[c], probeNormal(77, ProbeStream::Key, 31, c) / std::sqrt(static_cast<double>(d)));
        }
    }
    // E|x|^2 = 1: average over many positions of d = 64.
    double mean_sq = 0;
    for (int p = 0; p < 2000; ++p) {
        mean_sq += contentVector(5, ProbeStream::Query, p, 64).squaredNorm();
    }
    EXPECT_NEAR(mean_sq / 2000, 1.0, 5.0 * std::sqrt(2.0 / 64 / 2000));
    EXPECT_THROW(contentVector(0, ProbeStream::Query, 0, 0), InvalidParameter);
}

TEST(ProbeVector, ExplicitThenOnesThenRandom) {
    ProbeParams probe;
    probe.seed = 99;
    EXPECT_TRUE(expectClose(probeVector(probe, ProbeStream::Query, 4), Eigen::VectorXd::Ones(4), {0, 0}));
    probe.kind = ProbeKind::Random;
    EXPECT_TRUE(expectClose(
        probeVector(probe, ProbeStream::Key, 4), contentVector(99, ProbeStream::Key, 0, 4), {0, 0}));
    probe.q = {1.0, -2.0, 3.0, 0.5};
    EXPECT_TRUE(expectClose(probeVector(probe, ProbeStream::Query, 4),
        Eigen::Map<const Eigen::VectorXd>(probe.q.data(), 4), {0, 0}));
    // Only Query and Key have explicit vectors; U follows the kind.
    EXPECT_TRUE(
        expectClose(probeVector(probe, ProbeStream::U, 4), contentVector(99, ProbeStream::U, 0, 4), {0, 0}));
    EXPECT_THROW(probeVector(probe, ProbeStream::Query, 5), InvalidParameter);
    probe.k = {1.0, std::nan(""), 0.0, 0.0};
    EXPECT_THROW(probeVector(probe, ProbeStream::Key, 4), InvalidParameter);
}

} // namespace
} // namespace pecards

TEST(ProbeBounds, FirstEntryBeyondTheBoundInColumnMajorOrder) {
    Eigen::MatrixXd values = Eigen::MatrixXd::Zero(3, 2);
    EXPECT_EQ(pecards::firstEntryBeyond(values), -1);
    values(2, 1) = -1001;
    values(1, 1) = std::nan("");
    EXPECT_EQ(pecards::firstEntryBeyond(values), 4); // (1, 1): NaN is beyond every bound
    values(1, 1) = 1000;
    EXPECT_EQ(pecards::firstEntryBeyond(values), 5);
    EXPECT_EQ(pecards::firstEntryBeyond(values, 2000), -1);
    values(0, 0) = std::numeric_limits<double>::infinity(); // never finite: beyond even an infinite bound
    EXPECT_EQ(pecards::firstEntryBeyond(values, std::numeric_limits<double>::infinity()), 0);
}
