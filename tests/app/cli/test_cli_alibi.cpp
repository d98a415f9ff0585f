// pecards-cli on the ALiBi golden cases: slopes for every head count, the three bias forms, and
// causal attention probabilities with content q/k loaded from .npy files.

#include "clitestutil.h"

#include <limits>

namespace {

using pecards::test::CliTest;
using pecards::test::expectClose;
using pecards::test::GoldenCase;

TEST_F(CliTest, AlibiSlopesForEveryHeadCount) {
    const GoldenCase golden = GoldenCase::load("alibi_slopes_visible_set");
    for (const int heads : golden.params().at("heads").get<std::vector<int>>()) {
        SCOPED_TRACE(heads);
        EXPECT_TRUE(expectClose(
            computeVector({"--card", "alibi", "--quantity", "slopes", "--heads", QString::number(heads)}),
            golden.expectVector("heads_" + std::to_string(heads)), golden.tolerance()));
    }
}

/// The golden stores masked entries (causal_mask = 0) as 0; the CLI writes -inf there.
Eigen::MatrixXd masked(Eigen::MatrixXd expect, const Eigen::MatrixXd& mask) {
    for (Eigen::Index i = 0; i < expect.rows(); ++i) {
        for (Eigen::Index j = 0; j < expect.cols(); ++j) {
            if (mask(i, j) == 0) {
                expect(i, j) = -std::numeric_limits<double>::infinity();
            }
        }
    }
    return expect;
}

TEST_F(CliTest, AlibiBiasFormsForEveryHead) {
    const GoldenCase golden = GoldenCase::load("alibi_bias_h4_L6");
    const Eigen::MatrixXd mask = golden.expectMatrix("causal_mask");
    const auto causal = golden.expectMatrices("causal");
    const auto symmetric = golden.expectMatrices("symmetric");
    const auto bloom = golden.expectMatrices("bloom_style_row_offset_form");
    for (int head = 0; head < 4; ++head) {
        SCOPED_TRACE(head);
        const QStringList card {"--card", "alibi", "--quantity", "score", "--heads", "4", "--head",
            QString::number(head + 1), "--length", "6", "--form"};
        EXPECT_TRUE(expectClose(
            computeMatrix(card + QStringList {"causal"}), masked(causal[head], mask), golden.tolerance()));
        EXPECT_TRUE(expectClose(
            computeMatrix(card + QStringList {"symmetric"}), symmetric[head], golden.tolerance()));
        EXPECT_TRUE(expectClose(computeMatrix(card + QStringList {"row-offset-bloom"}),
            masked(bloom[head], mask), golden.tolerance()));
    }
}

TEST_F(CliTest, AlibiCausalAttentionWithContentVectors) {
    const GoldenCase golden = GoldenCase::load("alibi_softmax_causal_h2_L5_d4");
    const auto q = pecards::test::toMatrices(golden.params().at("q"));
    const auto k = pecards::test::toMatrices(golden.params().at("k"));
    const auto probs = golden.expectMatrices("probs");
    for (int head = 0; head < 2; ++head) {
        SCOPED_TRACE(head);
        const QString qFile = path(QStringLiteral("q%1.npy").arg(head));
        const QString kFile = path(QStringLiteral("k%1.npy").arg(head));
        pecards::test::saveNpy(qFile, q[head]);
        pecards::test::saveNpy(kFile, k[head]);
        EXPECT_TRUE(expectClose(computeMatrix({"--card", "alibi", "--quantity", "content-attention",
                                    "--heads", "2", "--head", QString::number(head + 1), "--head-dim", "4",
                                    "--length", "5", "--form", "causal", "--q-npy", qFile, "--k-npy", kFile}),
            probs[head], golden.tolerance()));
    }
}

} // namespace
