// The RoPE extrapolation charts (extrapolationcurves.h) against independent formulas: Liu et al.'s
// T_extra of LLaMA 2, Men et al.'s B(m) by brute force at the marked base, Chen et al.'s fit bounded
// inside L0 and not past it, p-RoPE's kept pairs counted by hand; a missing L0 is L; bad cards refused.
#include "figure/curves.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <pecards/errors.h>

namespace {

using pecards::app::CurveKind;
using pecards::app::CurveRequest;
using pecards::app::CurveSet;

CurveRequest request(CurveKind kind, std::int64_t l0, std::int64_t length) {
    CurveRequest r;
    r.params.card = pecards::Card::Rope;
    r.params.length = length;
    r.params.rope.head_dim = 128;
    r.params.rope.base = 10000.0;
    r.params.rope.scaling.original_max_position_embeddings = l0;
    r.kind = kind;
    return r;
}

TEST(ExtrapolationCurves, CriticalDimensionMarksLlama2AtItsLimit) {
    const CurveSet set = pecards::app::computeCurves(request(CurveKind::CriticalDimension, 4096, 16384));
    ASSERT_EQ(set.curves.size(), 4u); // T_extra(beta), the model, L0, L
    EXPECT_TRUE(set.xLog && set.yLog);
    EXPECT_TRUE(set.curves[0].name.contains(QStringLiteral("92")));
    const QPointF model = set.curves[1].points.at(0);
    EXPECT_EQ(model.x(), 10000.0);
    EXPECT_NEAR(model.y(), 2.0 * std::numbers::pi * std::pow(10000.0, 92.0 / 128.0), 1e-9);
    EXPECT_NEAR(set.curves[0].points.back().x(), 1e8, 1e-4);
    EXPECT_EQ(set.curves[2].points.front().y(), 4096.0);
}

TEST(ExtrapolationCurves, BaseBoundMarksTheFirstPassingBase) {
    CurveRequest r = request(CurveKind::BaseBound, 0, 300); // the scan needs no L0
    r.params.rope.head_dim = 16;
    const CurveSet set = pecards::app::computeCurves(r);
    ASSERT_FALSE(set.regions.empty());
    const double smallest = set.regions.front().x0;
    EXPECT_NEAR(smallest, 3.0 * std::pow(10.0, 31.0 / 8.0), 1e-6);
    // Brute force: B(m) >= 0 for m in [0, 300] at the marked base, and not at the grid base before it.
    const auto passes = [](double base) {
        for (int m = 0; m <= 300; ++m) {
            double sum = 0.0;
            for (int i = 0; i < 8; ++i)
                sum += std::cos(m * std::pow(base, -2.0 * i / 16));
            if (sum < 0.0)
                return false;
        }
        return true;
    };
    EXPECT_TRUE(passes(smallest));
    EXPECT_FALSE(passes(smallest / std::pow(10.0, 1.0 / 8.0)));
}

TEST(ExtrapolationCurves, InterpolationFitStaysBoundedOnlyWhenInterpolated) {
    const CurveSet set = pecards::app::computeCurves(request(CurveKind::InterpolationFit, 512, 2048));
    ASSERT_EQ(set.curves.size(), 2u);
    EXPECT_TRUE(set.yLog);
    double inside = 0.0;
    double past = 0.0;
    for (const QPointF& p : set.curves[0].points)
        (p.x() <= 512.0 ? inside : past) = std::max(p.x() <= 512.0 ? inside : past, p.y());
    double interpolated = 0.0;
    for (const QPointF& p : set.curves[1].points)
        interpolated = std::max(interpolated, p.y());
    EXPECT_LT(inside, 3.0);
    EXPECT_LT(interpolated, 3.0);
    EXPECT_GT(past, 20.0 * inside);
    ASSERT_EQ(set.regions.size(), 1u);
    EXPECT_EQ(set.regions[0].x1, 512.0);
}

TEST(ExtrapolationCurves, PartialRotationCountsKeptAndLongPairs) {
    const CurveSet set = pecards::app::computeCurves(request(CurveKind::PartialRotation, 4096, 32768));
    ASSERT_EQ(set.curves.size(), 6u); // p = 1, 0.75, 0.5, 0.25, 0 and L0
    // 46 of the 64 pairs turn inside L0 = 4096 (Liu et al.): p = 1 keeps 64 (18 longer than L0),
    // p = 0.75 keeps 48 (2), p = 0.5 keeps 32 (0).
    EXPECT_EQ(set.curves[0].name, QStringLiteral("p = 1: 64 rotate, 18 > L0"));
    EXPECT_EQ(set.curves[1].name, QStringLiteral("p = 0.75: 48 rotate, 2 > L0"));
    EXPECT_EQ(set.curves[2].name, QStringLiteral("p = 0.5: 32 rotate, 0 > L0"));
    for (const QPointF& p : set.curves[4].points)
        EXPECT_EQ(p.y(), 1.0); // p = 0: nothing rotates
    // Distance 1 (the first log-spaced sample): the mean of cos(theta_i) over the 64 pairs.
    double mean = 0.0;
    for (int i = 0; i < 64; ++i)
        mean += std::cos(std::pow(10000.0, -2.0 * i / 128)) / 64;
    EXPECT_EQ(set.curves[0].points.front().x(), 1.0);
    EXPECT_NEAR(set.curves[0].points.front().y(), mean, 1e-12);
}

TEST(ExtrapolationCurves, MissingL0IsAQuarterOfTheCardsLength) {
    // The RoPE card's defaults give no L0: the lab takes the demonstration L0 = L / 4 (labParams, #32;
    // before, L0 = L and nothing extrapolated).
    const CurveSet set = pecards::app::computeCurves(request(CurveKind::CriticalDimension, 0, 4096));
    ASSERT_EQ(set.curves.size(), 4u);
    EXPECT_EQ(set.curves[2].name, QStringLiteral("L0 = 1024"));
    EXPECT_EQ(set.curves[2].points.front().y(), 1024.0);
    EXPECT_EQ(set.curves[3].name, QStringLiteral("L = 4096"));
    EXPECT_EQ(set.curves[3].points.front().y(), 4096.0);
}

TEST(ExtrapolationCurves, RefusesOtherCards) {
    CurveRequest r = request(CurveKind::CriticalDimension, 1024, 4096);
    r.params.card = pecards::Card::Sinusoidal;
    r.kind = CurveKind::BaseBound;
    EXPECT_THROW(pecards::app::computeCurves(r), pecards::InvalidParameter);
    CurveRequest hybrid = request(CurveKind::PartialRotation, 1024, 4096);
    hybrid.params.card = pecards::Card::Hybrid;
    EXPECT_NO_THROW(pecards::app::computeCurves(hybrid));
}

} // namespace
