// pecards-cli trick quantities (domain-aware-similarity, gated-score, gated-attention,
// distillation-error) against formulas computed here and against the card's own quantities.

#include "clitestutil.h"

#include <cmath>

namespace {

using pecards::test::CliTest;
using pecards::test::runCli;

/// sum_i cos((i - j) w_i), w_i = 10000^(-2i/d): the plain sinusoidal similarity.
double similarity(int i, int j, int d) {
    double sum = 0.0;
    for (int k = 0; k < d / 2; ++k)
        sum += std::cos((i - j) * std::pow(10000.0, -2.0 * k / d));
    return sum;
}

TEST_F(CliTest, GatedScoreIsAlphaSquaredSimilarityAndAlphaOneIsTheCardsAttention) {
    const QStringList card {"--card", "sinusoidal", "--d-model", "8", "--length", "12"};
    const Eigen::MatrixXd score
        = computeMatrix(card + QStringList {"--quantity", "gated-score", "--alpha", "0.5"});
    ASSERT_EQ(score.rows(), 12);
    for (int i = 0; i < 12; ++i)
        for (int j = 0; j < 12; ++j)
            EXPECT_NEAR(score(i, j), 0.25 * similarity(i, j, 8), 1e-12);
    const QStringList causal = card + QStringList {"--causal"};
    const Eigen::MatrixXd gated = computeMatrix(
        causal + QStringList {"--quantity", "gated-attention", "--gate", "constant", "--alpha", "1"});
    const Eigen::MatrixXd plain = computeMatrix(causal + QStringList {"--quantity", "attention"});
    EXPECT_LT((gated - plain).cwiseAbs().maxCoeff(), 1e-14);
}

TEST_F(CliTest, DomainAwareWithoutEdgesIsThePlainSimilarity) {
    const Eigen::MatrixXd s = computeMatrix({"--card", "sinusoidal", "--d-model", "8", "--length", "16",
        "--quantity", "domain-aware-similarity", "--edge-positions", "0"});
    ASSERT_EQ(s.rows(), 16);
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j)
            EXPECT_NEAR(s(i, j), similarity(i, j, 8), 1e-12);
    const Eigen::MatrixXd biased = computeMatrix({"--card", "sinusoidal", "--d-model", "8", "--length", "16",
        "--quantity", "domain-aware-similarity", "--edge-positions", "2", "--bias-scale", "1"});
    EXPECT_NEAR(biased(5, 9), similarity(5, 9, 8), 1e-12); // away from the edges: unchanged
    EXPECT_GT(std::abs(biased(0, 15) - similarity(0, 15, 8)), 1e-6);
}

TEST_F(CliTest, DistillationErrorIsSmallInsideAndLargeBeyond) {
    const Eigen::MatrixXd e = computeMatrix({"--card", "rope", "--quantity", "distillation-error",
        "--train-length", "32", "--eval-length", "96", "--epochs", "4000"});
    ASSERT_EQ(e.rows(), 96);
    ASSERT_EQ(e.cols(), 2);
    EXPECT_EQ(e(95, 0), 95.0);
    const double inside = e.col(1).head(32).maxCoeff();
    const double beyond = e.col(1).tail(64).maxCoeff();
    EXPECT_LT(inside, 0.1);
    EXPECT_GT(beyond, 10.0 * inside);
}

TEST(CliTricks, BadValuesNameTheirFlags) {
    const auto fails = [](const QStringList& arguments, const char* flag) {
        const pecards::test::CliRun run
            = runCli(QStringList {"compute", "--out", "/tmp/never.npy"} + arguments);
        EXPECT_EQ(run.exitCode, 2) << flag;
        EXPECT_TRUE(run.err.contains(QString::fromLatin1(flag))) << run.err.toStdString();
    };
    fails({"--card", "sinusoidal", "--quantity", "domain-aware-similarity", "--length", "5000"}, "--length");
    fails({"--card", "sinusoidal", "--quantity", "gated-score", "--gate", "cosine"}, "--gate");
    fails({"--card", "sinusoidal", "--quantity", "gated-score", "--alpha", "-1", "--length", "8"}, "--alpha");
    fails({"--card", "rope", "--quantity", "distillation-error", "--eval-length", "8"}, "--eval-length");
    fails({"--card", "rope", "--quantity", "distillation-error", "--hidden", "256", "--train-length", "1024",
              "--eval-length", "1024", "--epochs", "20000"},
        "--epochs");
}

} // namespace
