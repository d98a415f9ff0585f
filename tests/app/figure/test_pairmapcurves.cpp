// The pair map chart against the pairing written out by hand for Gemma 4's global layers (head 512,
// partial_rotary_factor 0.25, HF v5 `_compute_proportional_rope_parameters` + `rotate_half`) in
// both partial-rotary conventions, and the spectrum of a proportional layer without infinite
// wavelengths.
#include "figure/curves.h"

#include <cmath>
#include <gtest/gtest.h>
#include <pecards/errors.h>

using namespace pecards::app;

namespace {

CurveRequest gemma4Global(pecards::RopePartial partial, CurveKind kind) {
    CurveRequest request;
    request.params.card = pecards::Card::Rope;
    request.params.length = 4096;
    request.params.rope.head_dim = 512;
    request.params.rope.rotary_dim = 128;
    request.params.rope.base = 1e6;
    request.params.rope.partial = partial;
    request.kind = kind;
    return request;
}

/// The points of `set`'s curve whose name starts with `prefix`; none when there is no such curve.
std::vector<QPointF> pointsOf(const CurveSet& set, const QString& prefix) {
    for (const Curve& curve : set.curves) {
        if (curve.name.startsWith(prefix))
            return curve.points;
    }
    return {};
}

} // namespace

TEST(PairMapCurves, ProportionalPairsKWithKPlus256AndOnlyTheFirst64PairsTurn) {
    const CurveSet set = computeCurves(gemma4Global(pecards::RopePartial::Proportional, CurveKind::PairMap));
    ASSERT_EQ(set.curves.size(), 2u); // rotates, never turns; nothing passes through
    const std::vector<QPointF> turning = pointsOf(set, QStringLiteral("rotates"));
    const std::vector<QPointF> still = pointsOf(set, QStringLiteral("paired, never turns"));
    ASSERT_EQ(turning.size(), 128u);
    ASSERT_EQ(still.size(), 384u);
    for (const QPointF& point : turning) {
        const int k = static_cast<int>(point.x());
        EXPECT_TRUE(k < 64 || (k >= 256 && k < 320)) << k;
        EXPECT_EQ(static_cast<int>(point.y()), k < 256 ? k + 256 : k - 256);
    }
    for (const QPointF& point : still) {
        const int k = static_cast<int>(point.x());
        EXPECT_TRUE((k >= 64 && k < 256) || k >= 320) << k;
        EXPECT_EQ(static_cast<int>(point.y()), k < 256 ? k + 256 : k - 256);
    }
    EXPECT_TRUE(set.curves[0].scatter);
}

TEST(PairMapCurves, ClassicPairsInsideTheFirst128DimsAndTheRestPassThrough) {
    const CurveSet set = computeCurves(gemma4Global(pecards::RopePartial::Classic, CurveKind::PairMap));
    const std::vector<QPointF> turning = pointsOf(set, QStringLiteral("rotates"));
    const std::vector<QPointF> through = pointsOf(set, QStringLiteral("passes through"));
    ASSERT_EQ(turning.size(), 128u);
    ASSERT_EQ(through.size(), 384u);
    EXPECT_TRUE(pointsOf(set, QStringLiteral("paired, never turns")).empty());
    for (const QPointF& point : turning) {
        const int k = static_cast<int>(point.x());
        EXPECT_LT(k, 128);
        EXPECT_EQ(static_cast<int>(point.y()), k < 64 ? k + 64 : k - 64);
    }
    for (const QPointF& point : through) {
        EXPECT_GE(point.x(), 128.0);
        EXPECT_EQ(point.y(), point.x());
    }
}

TEST(PairMapCurves, IsRopesChartAndIsNamedPairMap) {
    EXPECT_EQ(chartKindNamed(QStringLiteral("pair-map")), CurveKind::PairMap);
    CurveRequest request = gemma4Global(pecards::RopePartial::Classic, CurveKind::PairMap);
    request.params.card = pecards::Card::Alibi;
    EXPECT_THROW(computeCurves(request), pecards::InvalidParameter);
}

// A proportional layer's still pairs have no wavelength: the spectrum draws the 64 turning pairs,
// the longest 2 pi 1e6^(126/512) = 188.25 positions, and no infinite point.
TEST(PairMapCurves, ProportionalSpectrumLeavesTheStillPairsOut) {
    const CurveSet set = computeCurves(gemma4Global(pecards::RopePartial::Proportional, CurveKind::Spectrum));
    const std::vector<QPointF> unscaled = set.curves.front().points;
    ASSERT_EQ(unscaled.size(), 64u);
    for (const QPointF& point : unscaled)
        EXPECT_TRUE(std::isfinite(point.y()));
    EXPECT_NEAR(unscaled.back().y(), 2.0 * std::acos(-1.0) * std::pow(1e6, 126.0 / 512.0), 1e-9);
    EXPECT_NEAR(unscaled.back().y(), 188.253, 0.001);
}
