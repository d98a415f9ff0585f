// The learned-table charts (learnedcurves.h) against values worked out by hand: a 3 x 2 table
// P = [[1, 2], [3, 4], [5, 6]] beside the d_model = 2 sinusoid PE[p] = (sin p, cos p).
#include "figure/caption.h"
#include "figure/chartcaption.h"
#include "figure/curves.h"

#include <Eigen/Core>
#include <QString>
#include <cmath>
#include <gtest/gtest.h>
#include <memory>
#include <pecards/errors.h>

namespace {

using pecards::app::CurveKind;
using pecards::app::CurveRequest;

CurveRequest learnedRequest(CurveKind kind) {
    Eigen::MatrixXd table(3, 2);
    table << 1, 2, 3, 4, 5, 6;
    CurveRequest request;
    request.params.card = pecards::Card::Sinusoidal;
    request.params.length = 3;
    request.params.sinusoidal.d_model = 2;
    request.params.sinusoidal.learned = std::make_shared<const Eigen::MatrixXd>(table);
    request.params.sinusoidal.learned_file = "gpt2-wpe.safetensors";
    request.kind = kind;
    return request;
}

TEST(LearnedCurves, TableBesideTheSinusoid) {
    CurveRequest request = learnedRequest(CurveKind::LearnedTable);
    request.channels = {1};
    const pecards::app::CurveSet set = pecards::app::computeCurves(request);
    ASSERT_EQ(set.curves.size(), 2u);
    for (int p = 0; p < 3; ++p) {
        EXPECT_EQ(set.curves[0].points[static_cast<std::size_t>(p)].y(), 2.0 * p + 2.0); // P[p, 1]
        EXPECT_NEAR(set.curves[1].points[static_cast<std::size_t>(p)].y(), std::cos(p), 1e-15); // PE[p, 1]
    }
    request.channels = {2};
    EXPECT_THROW(pecards::app::computeCurves(request), pecards::InvalidParameter);
}

TEST(LearnedCurves, SimilarityRowsOfTheTableAndTheSinusoid) {
    const pecards::app::CurveSet set
        = pecards::app::computeCurves(learnedRequest(CurveKind::LearnedSimilarity));
    ASSERT_EQ(set.curves.size(), 4u); // rows 0 and L/2 = 1, learned then sinusoid
    // Cosine similarity of P = [[1, 2], [3, 4], [5, 6]]: P_i·P_j / (|P_i| |P_j|), |P| = √5, 5, √61.
    const double norm[] = {std::sqrt(5.0), 5.0, std::sqrt(61.0)};
    const double row0[] = {5, 11, 17}; // P_0·P_j
    const double row1[] = {11, 25, 39}; // P_1·P_j
    for (int j = 0; j < 3; ++j) {
        EXPECT_NEAR(
            set.curves[0].points[static_cast<std::size_t>(j)].y(), row0[j] / (norm[0] * norm[j]), 1e-15);
        EXPECT_NEAR(
            set.curves[2].points[static_cast<std::size_t>(j)].y(), row1[j] / (norm[1] * norm[j]), 1e-15);
        // PE_i·PE_j = sin i sin j + cos i cos j = cos(i - j).
        EXPECT_NEAR(set.curves[1].points[static_cast<std::size_t>(j)].y(), std::cos(j), 1e-15);
        EXPECT_NEAR(set.curves[3].points[static_cast<std::size_t>(j)].y(), std::cos(1.0 - j), 1e-15);
    }
}

TEST(LearnedCurves, DifferenceNormPerPosition) {
    const pecards::app::CurveSet set
        = pecards::app::computeCurves(learnedRequest(CurveKind::LearnedDifference));
    ASSERT_EQ(set.curves.size(), 2u);
    EXPECT_NEAR(set.curves[0].points[0].y(), std::sqrt(2.0), 1e-15); // (1 - 0, 2 - 1)
    EXPECT_NEAR(set.curves[0].points[1].y(), std::hypot(3.0 - std::sin(1.0), 4.0 - std::cos(1.0)), 1e-15);
    EXPECT_NEAR(set.curves[1].points[2].y(), std::hypot(5.0, 6.0), 1e-15); // ||P_2||
}

TEST(LearnedCurves, RefusalsAndCaption) {
    CurveRequest request = learnedRequest(CurveKind::LearnedDifference);
    const QString caption = pecards::app::formatChartCaption(request);
    EXPECT_TRUE(caption.contains(QStringLiteral("learned=gpt2-wpe.safetensors (3×2)")))
        << caption.toStdString();
    request.params.length = 4; // beyond the table's 3 positions
    EXPECT_THROW(pecards::app::computeCurves(request), pecards::InvalidParameter);
    request.params.length = 3;
    request.params.sinusoidal.d_model = 4; // the sinusoid must have the table's width
    EXPECT_THROW(pecards::app::computeCurves(request), pecards::InvalidParameter);
    request.params.sinusoidal.learned.reset();
    EXPECT_THROW(pecards::app::computeCurves(request), pecards::InvalidParameter);
}

} // namespace
