// pecards-cli learned-* quantities: a learned absolute position table (GPT-2 wpe.weight) read
// from a .safetensors file the test writes, compared with the sinusoid computed here from the
// paper's formula PE[p, 2i] = sin(p w_i), PE[p, 2i+1] = cos(p w_i), w_i = 10000^(-2i/d).

#include "clitestutil.h"

#include <QFile>
#include <QFileInfo>
#include <QtEndian>
#include <cmath>

namespace {

using pecards::test::CliTest;

constexpr int kPositions = 12;
constexpr int kDim = 8;

/// P[p, c] = sinusoid + 0.01 (p - c): a "learned" table close to the sinusoid.
Eigen::MatrixXd sinusoid() {
    Eigen::MatrixXd pe(kPositions, kDim);
    for (int p = 0; p < kPositions; ++p) {
        for (int i = 0; i < kDim / 2; ++i) {
            const double w = std::pow(10000.0, -2.0 * i / kDim);
            pe(p, 2 * i) = std::sin(p * w);
            pe(p, 2 * i + 1) = std::cos(p * w);
        }
    }
    return pe;
}

Eigen::MatrixXd learned() {
    Eigen::MatrixXd table = sinusoid();
    for (int p = 0; p < kPositions; ++p) {
        for (int c = 0; c < kDim; ++c) {
            table(p, c) += 0.01 * (p - c);
        }
    }
    // Round to float32 as the file stores it.
    return table.cast<float>().cast<double>();
}

QByteArray gpt2Checkpoint() {
    const Eigen::MatrixXd table = learned();
    QByteArray data;
    for (int p = 0; p < kPositions; ++p) {
        for (int c = 0; c < kDim; ++c) {
            char bytes[4];
            qToLittleEndian<float>(static_cast<float>(table(p, c)), bytes);
            data.append(bytes, 4);
        }
    }
    const QByteArray header = R"({"wte.weight": {"dtype": "F32", "shape": [0, 8], "data_offsets": [0, 0]},
        "wpe.weight": {"dtype": "F32", "shape": [12, 8], "data_offsets": [0, )"
        + QByteArray::number(data.size()) + "]}}";
    QByteArray size(8, '\0');
    qToLittleEndian<quint64>(static_cast<quint64>(header.size()), size.data());
    return size + header + data;
}

class Learned : public CliTest {
protected:
    void SetUp() override {
        QFile file(path(QStringLiteral("gpt2.safetensors")));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(gpt2Checkpoint());
    }
    QStringList flags(const char* quantity, int length) {
        return {"--card", "sinusoidal", "--d-model", QString::number(kDim), "--length",
            QString::number(length), "--quantity", quantity, "--learned-from",
            path(QStringLiteral("gpt2.safetensors"))};
    }
};

TEST_F(Learned, TableSimilarityAndDifference) {
    const Eigen::MatrixXd table = learned();
    EXPECT_TRUE(
        pecards::test::expectClose(computeMatrix(flags("learned-table", 10)), table.topRows(10), {0, 0}));
    const Eigen::MatrixXd top = table.topRows(10);
    EXPECT_TRUE(pecards::test::expectClose(
        computeMatrix(flags("learned-similarity", 10)), top * top.transpose(), {1e-12, 1e-12}));
    EXPECT_TRUE(pecards::test::expectClose(
        computeMatrix(flags("learned-difference", 10)), top - sinusoid().topRows(10), {1e-12, 1e-12}));
}

TEST_F(Learned, LengthBeyondTheTableAndMissingFileAreRefused) {
    const pecards::test::CliRun longer = pecards::test::runCli(QStringList {"compute"}
        + flags("learned-table", 13) + QStringList {"--out", path(QStringLiteral("x.npy"))});
    EXPECT_EQ(longer.exitCode, 2);
    EXPECT_TRUE(longer.err.contains(QStringLiteral("in [1, 12]"))) << longer.err.toStdString();
    const pecards::test::CliRun missing = pecards::test::runCli({"compute", "--card", "sinusoidal",
        "--quantity", "learned-table", "--out", path(QStringLiteral("x.npy"))});
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_TRUE(missing.err.contains(QStringLiteral("--learned-from"))) << missing.err.toStdString();
}

// reliab/wrong_learned_table_overflow_inf.sh: an entry of 3e38 (float32's range, squared far past
// it) made an infinite similarity written with exit 0; the table is refused naming the flag.
TEST_F(Learned, AnEntryBeyondTheBoundIsRefusedNamingTheFlag) {
    QByteArray bytes = gpt2Checkpoint();
    char huge[4];
    qToLittleEndian<float>(3e38f, huge);
    bytes.replace(bytes.size() - 4, 4, QByteArray(huge, 4)); // the last entry of wpe.weight
    QFile file(path(QStringLiteral("gpt2.safetensors")));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
    file.close();
    const pecards::test::CliRun run = pecards::test::runCli(QStringList {"compute"}
        + flags("learned-similarity", 12) + QStringList {"--out", path(QStringLiteral("s.npy"))});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.startsWith(QStringLiteral("pecards-cli: --learned-from: learned table = 3")))
        << run.err.toStdString();
    EXPECT_FALSE(QFileInfo::exists(path(QStringLiteral("s.npy"))));
}

} // namespace
