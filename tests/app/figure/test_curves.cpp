// Chart data against independent formulas: ALiBi slopes 2^(-8h/H), RoPE wavelengths
// 2 pi b^(2i/r), the polar angle m theta_i mod 2 pi, HF T5 buckets, and invalid channels.
#include "figure/curves.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <pecards/errors.h>

using namespace pecards::app;

namespace {

pecards::CardParams card(pecards::Card which) {
    pecards::CardParams params;
    params.card = which;
    params.length = 4096;
    return params;
}

} // namespace

TEST(Curves, AlibiHeadsFollowTheGeometricSlopes) {
    CurveRequest request {card(pecards::Card::Alibi), CurveKind::AlibiHeads, {}, 0, 64};
    request.params.alibi.heads = 8;
    const CurveSet set = computeCurves(request);
    ASSERT_EQ(set.curves.size(), 8u);
    for (int h = 1; h <= 8; ++h) {
        const Curve& curve = set.curves[h - 1];
        EXPECT_DOUBLE_EQ(curve.points.back().x(), 64.0);
        EXPECT_DOUBLE_EQ(curve.points.back().y(), -std::pow(2.0, -h) * 64.0) << "head " << h;
        EXPECT_DOUBLE_EQ(curve.points.front().y(), 0.0);
    }
    EXPECT_TRUE(set.curves[0].emphasised); // default head index 0
}

TEST(Curves, RopeSpectrumWavelengthsAndContextLine) {
    CurveRequest request {card(pecards::Card::Rope), CurveKind::Spectrum, {}, 0, 0};
    request.params.rope.head_dim = 64;
    request.params.rope.base = 500000.0;
    const CurveSet set = computeCurves(request);
    ASSERT_EQ(set.curves.size(), 2u); // unscaled + context line
    ASSERT_EQ(set.curves[0].points.size(), 32u);
    for (int i = 0; i < 32; i += 7)
        EXPECT_NEAR(set.curves[0].points[i].y(), 2.0 * std::numbers::pi * std::pow(500000.0, 2.0 * i / 64.0),
            1e-6 * std::pow(500000.0, 2.0 * i / 64.0));
    EXPECT_DOUBLE_EQ(set.curves[1].points.front().y(), 4096.0);
    EXPECT_TRUE(set.yLog);
}

TEST(Curves, PolarArmIsTheRotatedProbePairCounterClockwiseFromTheXAxis) {
    CurveRequest request {card(pecards::Card::Rope), CurveKind::RopePolar, {0, 5}, 10, 0};
    const CurveSet set = computeCurves(request);
    ASSERT_TRUE(set.polar);
    // q = ones: every pair starts at (1, 1), 45 degrees; R(m θ_i) turns it counter-clockwise.
    const auto expected = [](double radians) {
        return std::fmod(std::numbers::pi / 4.0 + radians, 2.0 * std::numbers::pi) * 180.0 / std::numbers::pi;
    };
    const Curve& arm0 = set.curves[0];
    EXPECT_NEAR(arm0.points[1].x(), expected(10.0), 1e-9);
    EXPECT_DOUBLE_EQ(arm0.points[1].y(), 1.0);
    const Curve& trail0 = set.curves[1];
    EXPECT_EQ(trail0.points.size(), 10u); // positions 0..9 behind m = 10
    EXPECT_NEAR(trail0.points[0].x(), 45.0, 1e-9); // m = 0: the probe itself
    const Curve& arm5 = set.curves[2];
    const double theta5 = std::pow(10000.0, -2.0 * 5 / 128.0);
    EXPECT_NEAR(arm5.points[1].x(), expected(10.0 * theta5), 1e-9);

    // An explicit probe, interleaved pairs: pair 0 = (q_0, q_1) = (0, 2) starts at 90 degrees
    // with radius 2, pair 5 = (q_10, q_11) = (1, 0) at 0 degrees with radius 1 (largest = 1).
    request.params.rope.layout = pecards::RopeLayout::Interleaved;
    request.params.probe.q.assign(128, 0.0);
    request.params.probe.q[1] = 2.0;
    request.params.probe.q[10] = 1.0;
    request.position = 0;
    const CurveSet probe = computeCurves(request);
    EXPECT_NEAR(probe.curves[0].points[1].x(), 90.0, 1e-9);
    EXPECT_DOUBLE_EQ(probe.curves[0].points[1].y(), 1.0);
    EXPECT_NEAR(probe.curves[1].points[1].x(), 0.0, 1e-9);
    EXPECT_DOUBLE_EQ(probe.curves[1].points[1].y(), 0.5);
}

TEST(Curves, T5BucketsMatchTheHfReference) {
    CurveRequest request {card(pecards::Card::Relative), CurveKind::RelativeBuckets, {}, 0, 300};
    const CurveSet set = computeCurves(request);
    const auto bucketAt = [&set](double n) {
        for (const QPointF& p : set.curves[0].points)
            if (p.x() == n)
                return p.y();
        return -1.0;
    };
    // bidirectional, 32 buckets, max_distance 128: 16 per sign, exact below 8, log-spaced to 128.
    EXPECT_EQ(bucketAt(0), 0);
    EXPECT_EQ(bucketAt(1), 17);
    EXPECT_EQ(bucketAt(-1), 1);
    EXPECT_EQ(bucketAt(12), 25); // 16 + 8 + floor(log(12/8)/log(16) * 8)
    EXPECT_EQ(bucketAt(200), 31);
    EXPECT_EQ(bucketAt(-200), 15);
}

TEST(Curves, InvalidChannelNamesTheValueAndRange) {
    CurveRequest request {card(pecards::Card::Rope), CurveKind::Waves, {64}, 0, 100};
    try {
        computeCurves(request);
        FAIL() << "pair 64 of 64 pairs must be rejected";
    } catch (const pecards::InvalidParameter& error) {
        EXPECT_NE(std::string(error.what()).find("64"), std::string::npos);
        EXPECT_NE(std::string(error.what()).find("[0, 63]"), std::string::npos) << error.what();
    }
    request.params.rope.head_dim = 7;
    EXPECT_THROW(computeCurves(request), pecards::InvalidParameter);
}

TEST(Curves, BucketFunctionsAreDrawnAsStepsAndKeepTheirValuesAsData) {
    // A-U4: the T5 bucket function was a polyline with slanted joins near n = 0.
    CurveRequest request {card(pecards::Card::Relative), CurveKind::RelativeBuckets, {}, 0, 20};
    const CurveSet set = computeCurves(request);
    const Curve& buckets = set.curves.at(0);
    ASSERT_TRUE(buckets.steps);
    for (const QPointF& point : buckets.points) // the data: one value per integer offset
        EXPECT_EQ(point.x(), std::round(point.x()));
    const std::vector<QPointF> drawn = drawnPoints(buckets);
    ASSERT_EQ(drawn.size(), 2 * buckets.points.size());
    EXPECT_EQ(drawn.front(), buckets.points.front());
    EXPECT_EQ(drawn.back(), buckets.points.back());
    for (std::size_t k = 0; k + 1 < drawn.size(); ++k) { // only flat runs and vertical jumps
        const bool flat = drawn[k].y() == drawn[k + 1].y();
        const bool vertical = drawn[k].x() == drawn[k + 1].x();
        EXPECT_TRUE(flat || vertical) << k;
    }
    // Offset 0 holds bucket 0 from -1/2 to 1/2; offset 1 holds bucket 17 after it.
    const auto at = std::find(drawn.begin(), drawn.end(), QPointF(-0.5, 0.0));
    ASSERT_NE(at, drawn.end());
    EXPECT_EQ(*(at + 1), QPointF(0.5, 0.0));
    EXPECT_EQ(*(at + 2), QPointF(0.5, 17.0));
    // Other curves are drawn through their points.
    Curve line = buckets;
    line.steps = false;
    EXPECT_EQ(drawnPoints(line), buckets.points);
}

TEST(Curves, ThePolarChartStartsEachPairAtTheProbesOwnAngle) {
    // T-C7: with q = (1, …, 1) every pair points at 45° at m = 0 and the slowest stays near it;
    // the axis says the angle is the start plus m·θᵢ.
    CurveRequest request {card(pecards::Card::Rope), CurveKind::RopePolar, {0, 63}, 0, 0};
    const CurveSet atZero = computeCurves(request);
    EXPECT_TRUE(atZero.xTitle.contains(QStringLiteral("start + m·θᵢ"))) << atZero.xTitle.toStdString();
    for (const Curve& curve : atZero.curves) {
        if (curve.emphasised) { // an arm: (angle, 0) to (angle, radius)
            EXPECT_NEAR(curve.points.back().x(), 45.0, 1e-9) << curve.name.toStdString();
        }
    }
    request.position = 10; // pair 0 turns 10 rad, pair 63 about 10 · 10000^(-126/128) rad
    const CurveSet atTen = computeCurves(request);
    EXPECT_NEAR(
        atTen.curves.at(0).points.back().x(), std::fmod(45.0 + 10.0 * 180.0 / std::numbers::pi, 360.0), 1e-9);
}
