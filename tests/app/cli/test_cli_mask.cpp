// pecards-cli with attention sinks and a sliding window: the masked entries of a score and the
// softmax over the visible keys only, written out from the rule (HF sliding_window_overlay:
// i - j < W; StreamingLLM: the first n_sink keys stay visible), and `sliding_window` read from a
// Hugging Face config.

#include "clitestutil.h"

#include <QFile>
#include <cmath>
#include <limits>

namespace {

using pecards::test::CliTest;

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Visible under --causal-form ALiBi (or --causal), --sliding-window w, --attention-sinks s.
bool visible(Eigen::Index i, Eigen::Index j, Eigen::Index sinks, Eigen::Index window) {
    return j <= i && (j < sinks || i - j < window);
}

TEST_F(CliTest, SlidingWindowAndSinkMaskTheAlibiScore) {
    // One head: m = 2^-8; causal form -m (i - j).
    const Eigen::MatrixXd score = computeMatrix({"--card", "alibi", "--quantity", "score", "--heads", "1",
        "--length", "8", "--sliding-window", "4", "--attention-sinks", "1"});
    ASSERT_EQ(score.rows(), 8);
    ASSERT_EQ(score.cols(), 8);
    const double m = std::pow(2.0, -8.0);
    for (Eigen::Index i = 0; i < 8; ++i) {
        for (Eigen::Index j = 0; j < 8; ++j) {
            const double expected = visible(i, j, 1, 4) ? -m * static_cast<double>(i - j) : -kInf;
            EXPECT_EQ(score(i, j), expected) << i << ", " << j;
        }
    }
    // Row 6 sees the sink (key 0) and keys 3..6; keys 1, 2 are outside the window.
    EXPECT_EQ(score(6, 0), -6.0 * m);
    EXPECT_EQ(score(6, 1), -kInf);
    EXPECT_EQ(score(6, 2), -kInf);
    EXPECT_EQ(score(6, 3), -3.0 * m);
}

TEST_F(CliTest, SlidingWindowAndSinkAttentionIsTheSoftmaxOverVisibleKeys) {
    const Eigen::MatrixXd attention = computeMatrix({"--card", "alibi", "--quantity", "attention", "--heads",
        "1", "--length", "8", "--sliding-window", "4", "--attention-sinks", "1"});
    ASSERT_EQ(attention.rows(), 8);
    const double m = std::pow(2.0, -8.0);
    for (Eigen::Index i = 0; i < 8; ++i) {
        double z = 0.0;
        for (Eigen::Index j = 0; j < 8; ++j) {
            z += visible(i, j, 1, 4) ? std::exp(-m * static_cast<double>(i - j)) : 0.0;
        }
        for (Eigen::Index j = 0; j < 8; ++j) {
            const double expected = visible(i, j, 1, 4) ? std::exp(-m * static_cast<double>(i - j)) / z : 0.0;
            EXPECT_NEAR(attention(i, j), expected, 1e-14) << i << ", " << j;
        }
        EXPECT_NEAR(attention.row(i).sum(), 1.0, 1e-14);
    }
    EXPECT_EQ(attention(7, 1), 0.0);
    EXPECT_EQ(attention(7, 3), 0.0);
}

TEST_F(CliTest, SlidingWindowComesFromTheConfig) {
    const QString config = path(QStringLiteral("config.json"));
    QFile file(config);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"model_type": "mistral", "architectures": ["MistralForCausalLM"], "rope_theta": 10000.0,
        "sliding_window": 3, "num_attention_heads": 4, "num_key_value_heads": 4, "hidden_size": 64,
        "max_position_embeddings": 32, "num_hidden_layers": 2})");
    file.close();
    const Eigen::MatrixXd score = computeMatrix({"--config", config, "--card", "rope", "--quantity", "score",
        "--causal", "--length", "7", "--attention-sinks", "2"});
    ASSERT_EQ(score.rows(), 7);
    for (Eigen::Index i = 0; i < 7; ++i) {
        for (Eigen::Index j = 0; j < 7; ++j) {
            EXPECT_EQ(std::isinf(score(i, j)), !visible(i, j, 2, 3)) << i << ", " << j;
        }
    }
    // --sliding-window overrides the config; 0 = no window.
    const Eigen::MatrixXd open = computeMatrix({"--config", config, "--card", "rope", "--quantity", "score",
        "--causal", "--length", "7", "--sliding-window", "0"});
    EXPECT_FALSE(std::isinf(open(6, 1)));
}

TEST_F(CliTest, MoreSinksThanPositionsAreRefused) {
    const pecards::test::CliRun run = pecards::test::runCli({"compute", "--card", "rope", "--quantity",
        "score", "--length", "8", "--attention-sinks", "9", "--out", path(QStringLiteral("x.npy"))});
    EXPECT_NE(run.exitCode, 0);
    EXPECT_TRUE(run.err.contains(QStringLiteral("attention_sinks"))) << run.err.toStdString();
}

} // namespace
