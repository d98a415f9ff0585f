// The multimodal charts against the rules written out here: the ids chart is the worked example of
// transformers' get_rope_index, and the pair map puts each dimension on the axis its pair follows
// in the three layouts (half-split pairs k with k + r/2 and blocked or round-robin sections; GLM's
// adjacent dimensions 2i, 2i + 1 with blocked sections).
#include "figure/curves.h"
#include "figure/mropecurves.h"

#include <gtest/gtest.h>
#include <pecards/errors.h>
#include <pecards/params.h>

using namespace pecards::app;

namespace {

CurveRequest multimodal(CurveKind kind) {
    CurveRequest request;
    request.params = pecards::startParams(pecards::Card::Multimodal);
    request.kind = kind;
    return request;
}

/// The y of every point of curve `name` at x = k, in a map from k (several rows per k).
std::vector<std::pair<int, int>> points(const CurveSet& set, const QString& name) {
    std::vector<std::pair<int, int>> out;
    for (const Curve& curve : set.curves) {
        if (curve.name == name) {
            for (const QPointF& p : curve.points)
                out.emplace_back(static_cast<int>(p.x()), static_cast<int>(p.y()));
        }
    }
    return out;
}

/// Axis of pair j under [16, 24, 24]: blocked runs, or Qwen3-VL's round robin.
char blockedAxis(int j) {
    return j < 16 ? 't' : (j < 40 ? 'h' : 'w');
}
char interleavedAxis(int j) {
    if (j % 3 == 1 && j < 72)
        return 'h';
    if (j % 3 == 2 && j < 72)
        return 'w';
    return 't';
}

} // namespace

TEST(MropeCurves, IdsChartIsTheWorkedExample) {
    const CurveSet set = computeCurves(multimodal(CurveKind::MropeIds));
    ASSERT_EQ(set.curves.size(), 3u);
    const std::vector<std::vector<double>> expected {{0, 1, 2, 3, 3, 3, 3, 3, 3, 6, 7},
        {0, 1, 2, 3, 3, 3, 4, 4, 4, 6, 7}, {0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7}};
    for (std::size_t axis = 0; axis < 3; ++axis) {
        const Curve& curve = set.curves[axis];
        EXPECT_EQ(curve.name, QString::fromLatin1(axis == 0 ? "t" : axis == 1 ? "h" : "w"));
        EXPECT_TRUE(curve.steps);
        ASSERT_EQ(curve.points.size(), 11u);
        for (std::size_t token = 0; token < 11; ++token) {
            EXPECT_EQ(curve.points[token].x(), static_cast<double>(token));
            EXPECT_EQ(curve.points[token].y(), expected[axis][token]) << axis << " " << token;
        }
    }
}

TEST(MropeCurves, PairMapPutsEveryDimensionOnItsPairsAxisInEachLayout) {
    const CurveSet set = computeCurves(multimodal(CurveKind::MropePairMap));
    int seen = 0;
    for (const char axis : {'t', 'h', 'w'}) {
        for (const auto& [k, row] : points(set, QString(QLatin1Char(axis)))) {
            ++seen;
            if (row == 2) // blocked over half-split pairs: dims k and k + 64 form pair k mod 64
                EXPECT_EQ(blockedAxis(k % 64), axis) << k;
            else if (row == 1)
                EXPECT_EQ(interleavedAxis(k % 64), axis) << k;
            else // GLM: dims 2i, 2i + 1 form pair i
                EXPECT_EQ(blockedAxis(k / 2), axis) << k;
        }
    }
    EXPECT_EQ(seen, 3 * 128); // every dimension rotates (rotary_dim = head_dim)
    // 43 of 64 pairs follow another axis in Qwen3-VL's [24, 20, 20] than blocked (the count).
    int differ = 0;
    for (int j = 0; j < 64; ++j) {
        const char blocked = j < 24 ? 't' : (j < 44 ? 'h' : 'w');
        const char interleaved = (j % 3 == 1 && j < 60) ? 'h' : ((j % 3 == 2 && j < 60) ? 'w' : 't');
        differ += blocked != interleaved;
    }
    EXPECT_EQ(differ, 43);
    // Interleaved [24, 20, 20]: the round robin ends at pair 60, and the last 4 pairs follow t.
    CurveRequest qwen3 = multimodal(CurveKind::MropePairMap);
    qwen3.params.multimodal.section = {24, 20, 20};
    int qwen3LastOnT = 0;
    for (const auto& [k, row] : points(computeCurves(qwen3), QStringLiteral("t")))
        qwen3LastOnT += row == 1 && k >= 60 && k < 64;
    EXPECT_EQ(qwen3LastOnT, 4);
}

TEST(MropeCurves, AHalfRotaryHeadLeavesItsOtherDimensionsOut) {
    CurveRequest request = multimodal(CurveKind::MropePairMap);
    request.params.rope.rotary_dim = 64;
    request.params.multimodal.section = {8, 12, 12};
    const CurveSet set = computeCurves(request);
    const auto through = points(set, QStringLiteral("passes through (k ≥ rotary dim)"));
    EXPECT_EQ(through.size(), 3u * 64u);
    for (const auto& [k, row] : through)
        EXPECT_GE(k, 64) << row;
    for (const auto& [k, row] : points(set, QStringLiteral("t"))) {
        if (row == 0) {
            EXPECT_LT(k / 2, 8) << k; // GLM's [8, 12, 12]: pairs 0-7 on t, dims 0-15
        }
    }
}

TEST(MropeCurves, OtherCardsAndBadSectionsAreRefusedByName) {
    CurveRequest request = multimodal(CurveKind::MropeIds);
    request.params.card = pecards::Card::Rope;
    EXPECT_THROW(computeCurves(request), pecards::InvalidParameter);
    request = multimodal(CurveKind::MropePairMap);
    request.params.multimodal.section = {16, 24, 20};
    try {
        computeCurves(request);
        FAIL() << "sections of 60 pairs accepted for 64";
    } catch (const pecards::InvalidParameter& e) {
        EXPECT_NE(std::string(e.what()).find("rotary_dim / 2 = 64"), std::string::npos) << e.what();
    }
}
