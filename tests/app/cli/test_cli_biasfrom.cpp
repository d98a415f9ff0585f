// pecards-cli --bias-from: the T5 card's bias per bucket read from a .safetensors file the test
// writes (relative_attention_bias.weight, num_buckets x heads), checked against HF's
// score[i, j] = bias[bucket(j - i), head]; broken files are refused naming the flag.

#include "clitestutil.h"

#include <QFile>
#include <QtEndian>

namespace {

using pecards::test::CliTest;
using pecards::test::runCli;

/// bias[b, h] = 0.25 b - h (distinct per bucket and head), F32, 32 x 8, T5 encoder naming.
QByteArray t5Checkpoint(qint64 lieAboutEnd = 0) {
    const int buckets = 32;
    const int heads = 8;
    QByteArray data;
    for (int b = 0; b < buckets; ++b) {
        for (int h = 0; h < heads; ++h) {
            char bytes[4];
            qToLittleEndian<float>(0.25f * static_cast<float>(b) - static_cast<float>(h), bytes);
            data.append(bytes, 4);
        }
    }
    const QByteArray header
        = QByteArray(R"({"encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight":
        {"dtype": "F32", "shape": [32, 8], "data_offsets": [0, )")
        + QByteArray::number(data.size() + lieAboutEnd) + "]}}";
    QByteArray size(8, '\0');
    qToLittleEndian<quint64>(static_cast<quint64>(header.size()), size.data());
    return size + header + data;
}

class BiasFrom : public CliTest {
protected:
    QString writeFile(const QByteArray& bytes) {
        const QString file = path(QStringLiteral("t5.safetensors"));
        QFile out(file);
        EXPECT_TRUE(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        return file;
    }
};

TEST_F(BiasFrom, ScoreIsTheCheckpointBiasOfTheBucket) {
    const QString file = writeFile(t5Checkpoint());
    const int head = 3;
    // Offsets n = j - i; the bucket rule is covered by the T5 golden cases, so the expected bias
    // here is taken at the bucket the CLI reports for the same offsets.
    const Eigen::VectorXd offsets = (Eigen::VectorXd(5) << -100, -3, 0, 2, 40).finished();
    const Eigen::VectorXd buckets = computeVector({"--card", "relative", "--variant", "t5", "--quantity",
        "buckets-vs-offset", "--offsets", pecards::test::joinNumbers(offsets)});
    const Eigen::MatrixXd score
        = computeMatrix({"--card", "relative", "--variant", "t5", "--quantity", "score", "--length", "256",
            "--bias-from", file, "--head", QString::number(head + 1)}); // counted from 1
    ASSERT_EQ(score.rows(), 256);
    for (Eigen::Index k = 0; k < offsets.size(); ++k) {
        const int i = 120;
        const int j = i + static_cast<int>(offsets[k]);
        const double expected = 0.25 * buckets[k] - head;
        EXPECT_DOUBLE_EQ(score(i, j), expected) << "offset " << offsets[k];
    }
}

TEST_F(BiasFrom, LyingOrTruncatedFilesAreRefused) {
    const QString lying = writeFile(t5Checkpoint(4));
    const pecards::test::CliRun run
        = runCli({"compute", "--card", "relative", "--variant", "t5", "--quantity", "score", "--length", "16",
            "--bias-from", lying, "--out", path(QStringLiteral("x.npy"))});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--bias-from"))) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("lying header"))) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(path(QStringLiteral("x.npy"))));
    const QString truncated = writeFile(t5Checkpoint().left(100));
    const pecards::test::CliRun cut
        = runCli({"compute", "--card", "relative", "--variant", "t5", "--quantity", "score", "--length", "16",
            "--bias-from", truncated, "--out", path(QStringLiteral("x.npy"))});
    EXPECT_EQ(cut.exitCode, 2);
    EXPECT_TRUE(cut.err.contains(QStringLiteral("truncated"))) << cut.err.toStdString();
}

TEST_F(BiasFrom, HeadOutsideTheCheckpointIsRefused) {
    const QString file = writeFile(t5Checkpoint());
    const pecards::test::CliRun run
        = runCli({"compute", "--card", "relative", "--variant", "t5", "--quantity", "score", "--length", "16",
            "--bias-from", file, "--head", "99", "--out", path(QStringLiteral("x.npy"))});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("--head"))) << run.err.toStdString();
}

} // namespace
