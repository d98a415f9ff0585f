// pecards-cli weights end to end on a checkpoint the test writes: one layer's heads x pairs and the
// pooled layers x pairs against Eigen's SVD of each pair's two rows, the summary's shares under a
// scaling that moves every pair and under none, the JSON summary's planted top pair, and bad input
// refused naming the flag.

#include "clitestutil.h"
#include "support/randomparams.h"
#include "support/safetensorswriter.h"

#include <Eigen/SVD>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>

namespace {

using pecards::test::CliRun;
using pecards::test::CliTest;
using pecards::test::runCli;

/// 4 query heads and 2 key heads of 8 channels (rotate_half pairs (i, i + 4)), hidden 16, 2 layers.
const QByteArray kConfig = R"({"model_type": "llama", "hidden_size": 16, "num_attention_heads": 4,
    "num_key_value_heads": 2, "head_dim": 8, "num_hidden_layers": 2, "max_position_embeddings": 4096})";

/// Usage of pair i of the head at `offset`: the largest singular value of its two rows.
double pairNorm(const Eigen::MatrixXd& w, Eigen::Index offset, int i) {
    Eigen::MatrixXd rows(2, w.cols());
    rows << w.row(offset + i), w.row(offset + i + 4);
    return Eigen::JacobiSVD<Eigen::MatrixXd>(rows).singularValues()(0);
}

class CliWeights : public CliTest {
protected:
    void SetUp() override {
        for (int layer = 0; layer < 2; ++layer) {
            m_q[layer] = pecards::test::normalMatrix(32, 16, 10 + layer);
            m_k[layer] = pecards::test::normalMatrix(16, 16, 20 + layer);
        }
        m_q[0].middleRows(16, 8).setZero(); // layer 0, query head 2 uses pair 3 only
        m_q[0](16 + 3, 0) = 2.0;
        pecards::test::SafetensorsWriter writer;
        for (int layer = 0; layer < 2; ++layer) {
            const QString prefix = QStringLiteral("model.layers.%1.self_attn.").arg(layer);
            writer.add(prefix + QStringLiteral("q_proj.weight"), m_q[layer],
                pecards::test::SafetensorsWriter::Dtype::F64);
            writer.add(prefix + QStringLiteral("k_proj.weight"), m_k[layer],
                pecards::test::SafetensorsWriter::Dtype::F64);
        }
        ASSERT_TRUE(writer.write(path(QStringLiteral("model.safetensors"))));
        QFile config(path(QStringLiteral("config.json")));
        ASSERT_TRUE(config.open(QIODevice::WriteOnly));
        config.write(kConfig);
    }
    QStringList base() const {
        return {QStringLiteral("weights"), QStringLiteral("--config"), path(QStringLiteral("config.json")),
            QStringLiteral("--checkpoint"), m_dir.path()};
    }
    /// The product of layer `layer`: query(h, i) key(h / 2, i).
    Eigen::MatrixXd expectedProduct(int layer) const {
        Eigen::MatrixXd product(4, 4);
        for (int h = 0; h < 4; ++h)
            for (int i = 0; i < 4; ++i)
                product(h, i) = pairNorm(m_q[layer], 8 * h, i) * pairNorm(m_k[layer], 8 * (h / 2), i);
        return product;
    }

    Eigen::MatrixXd m_q[2];
    Eigen::MatrixXd m_k[2];
};

TEST_F(CliWeights, OneLayersHeadsAndEveryLayerPooled) {
    const QString out = path(QStringLiteral("usage.npy"));
    CliRun run = runCli(
        base() << QStringLiteral("--layer") << QStringLiteral("0") << QStringLiteral("--out") << out);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(QStringLiteral("rows: the 4 heads of layer 0"))) << run.err.toStdString();
    const Eigen::MatrixXd layer0 = pecards::test::loadNpy(out).matrix();
    EXPECT_TRUE(layer0.isApprox(expectedProduct(0), 1e-12)) << layer0;
    EXPECT_EQ(layer0.row(2).head(3), Eigen::RowVector3d::Zero());
    run = runCli(base() << QStringLiteral("--out") << out);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const Eigen::MatrixXd pooled = pecards::test::loadNpy(out).matrix();
    ASSERT_EQ(pooled.rows(), 2);
    for (int layer = 0; layer < 2; ++layer) {
        EXPECT_TRUE(pooled.row(layer).isApprox(expectedProduct(layer).colwise().mean(), 1e-12)) << layer;
    }
    // The key heads' own norms.
    run = runCli(base() << QStringLiteral("--quantity") << QStringLiteral("key-usage")
                        << QStringLiteral("--layer") << QStringLiteral("1") << QStringLiteral("--out")
                        << out);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const Eigen::MatrixXd key = pecards::test::loadNpy(out).matrix();
    ASSERT_EQ(key.rows(), 2);
    EXPECT_NEAR(key(1, 2), pairNorm(m_k[1], 8, 2), 1e-12);
}

TEST_F(CliWeights, ActivationUsageAveragesOverTheGivenInputs) {
    // Hidden states of a real model reach thousands (massive activations): read as they are.
    const Eigen::MatrixXd inputs = pecards::test::normalMatrix(7, 16, 70) * 3000.0;
    pecards::test::saveNpy(path(QStringLiteral("x.npy")), inputs);
    const QString out = path(QStringLiteral("a.npy"));
    const CliRun run
        = runCli(base() << QStringLiteral("--quantity") << QStringLiteral("activation-usage")
                        << QStringLiteral("--layer") << QStringLiteral("1") << QStringLiteral("--activations")
                        << path(QStringLiteral("x.npy")) << QStringLiteral("--out") << out);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const Eigen::MatrixXd usage = pecards::test::loadNpy(out).matrix();
    const Eigen::MatrixXd q = inputs * m_q[1].transpose();
    const Eigen::MatrixXd k = inputs * m_k[1].transpose();
    ASSERT_EQ(usage.rows(), 4);
    double expected = 0.0; // head 3 (key head 1), pair 2
    for (int p = 0; p < 7; ++p)
        expected += std::hypot(q(p, 24 + 2), q(p, 24 + 6)) * std::hypot(k(p, 8 + 2), k(p, 8 + 6)) / 7.0;
    EXPECT_NEAR(usage(3, 2), expected, 1e-12 * expected);
    const CliRun missing = runCli(base()
        << QStringLiteral("--quantity") << QStringLiteral("activation-usage") << QStringLiteral("--layer")
        << QStringLiteral("1") << QStringLiteral("--out") << out);
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_TRUE(missing.err.contains(QStringLiteral("--activations"))) << missing.err.toStdString();
}

TEST_F(CliWeights, AFigureIsDrawnForAnImageOutput) {
    const QString png = path(QStringLiteral("usage.png"));
    const CliRun run = runCli(
        base() << QStringLiteral("--layer") << QStringLiteral("0") << QStringLiteral("--out") << png);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QFile file(png);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(pecards::test::pngSize(file.readAll()), QSize(1800, 1350)); // 6 x 4.5 in at 300 dpi
}

TEST_F(CliWeights, OutDashWritesTheNpyToStandardOutput) {
    const QString captured = path(QStringLiteral("stdout.npy"));
    const CliRun run = pecards::test::runCliLimited(base() << QStringLiteral("--layer") << QStringLiteral("0")
                                                           << QStringLiteral("--out") << QStringLiteral("-"),
        -1, captured);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(QStringLiteral("-")));
    EXPECT_TRUE(pecards::test::loadNpy(captured).matrix().isApprox(expectedProduct(0), 1e-12));
}

TEST_F(CliWeights, SummaryShareOfTheMovedPairs) {
    // Linear scaling moves every pair: every head's share is 1. The config has no scaling: 0.
    const QString csv = path(QStringLiteral("heads.csv"));
    CliRun run = runCli(base() << QStringLiteral("--scaling") << QStringLiteral("linear")
                               << QStringLiteral("--factor") << QStringLiteral("2")
                               << QStringLiteral("--summary") << csv);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QFile file(csv);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    ASSERT_EQ(lines.size(), 9); // header + 2 layers x 4 heads
    EXPECT_EQ(lines[0], "layer,head,key_head,usage,moved_fraction,top_pair");
    for (qsizetype k = 1; k < lines.size(); ++k) {
        EXPECT_EQ(lines[k].split(',')[4], "1") << lines[k].toStdString();
    }
    file.close();
    const QString json = path(QStringLiteral("heads.json"));
    run = runCli(base() << QStringLiteral("--summary") << json);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QFile jsonFile(json);
    ASSERT_TRUE(jsonFile.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(jsonFile.readAll()).object();
    const QJsonObject head2 = root[QStringLiteral("layers")][0][QStringLiteral("heads")][2].toObject();
    EXPECT_EQ(head2[QStringLiteral("key_head")].toInt(), 1);
    EXPECT_EQ(head2[QStringLiteral("top_pair")].toInt(), 3);
    EXPECT_EQ(head2[QStringLiteral("moved_fraction")].toDouble(), 0.0);
    EXPECT_NEAR(head2[QStringLiteral("usage")].toDouble(), expectedProduct(0).row(2).sum(), 1e-12);
    EXPECT_TRUE(root[QStringLiteral("layers")][1][QStringLiteral("moved_pairs")].toArray().isEmpty());
}

TEST_F(CliWeights, BadInputIsRefusedNamingTheFlag) {
    const auto refused = [](const QStringList& arguments, const char* flag) {
        const CliRun run = runCli(arguments);
        EXPECT_EQ(run.exitCode, 2) << arguments.join(u' ').toStdString();
        EXPECT_TRUE(run.err.contains(QString::fromLatin1(flag))) << run.err.toStdString();
        return run.err;
    };
    const QString out = path(QStringLiteral("x.npy"));
    refused({QStringLiteral("weights"), QStringLiteral("--checkpoint"), m_dir.path(), QStringLiteral("--out"),
                out},
        "--config");
    refused({QStringLiteral("weights"), QStringLiteral("--config"), path(QStringLiteral("config.json")),
                QStringLiteral("--out"), out},
        "--checkpoint");
    refused(QStringList(base()) << QStringLiteral("--quantity") << QStringLiteral("score")
                                << QStringLiteral("--out") << out,
        "--quantity");
    refused(QStringList(base()) << QStringLiteral("--layer") << QStringLiteral("2") << QStringLiteral("--out")
                                << out,
        "--layer");
    refused(QStringList(base()) << QStringLiteral("--summary") << path(QStringLiteral("s.txt")), "--summary");
    refused(QStringList(base()) << QStringLiteral("--pair-layout") << QStringLiteral("diagonal")
                                << QStringLiteral("--out") << out,
        "--pair-layout");
    refused(QStringList(base()) << QStringLiteral("--out") << path(QStringLiteral("usage.txt")), "--out");
    refused(QStringList(base()) << QStringLiteral("--out") << out << QStringLiteral("--summary") << out,
        "--summary");
    refused(QStringList(base()) << QStringLiteral("--factor") << QStringLiteral("4")
                                << QStringLiteral("--out") << out,
        "--factor");
    refused(QStringList(base()) << QStringLiteral("--summary")
                                << m_dir.path() + QStringLiteral("/folder.csv/") << QStringLiteral("--out")
                                << out,
        "--summary");
    EXPECT_FALSE(QFile::exists(out));
    // A config whose key heads do not divide its query heads names --config.
    QFile odd(path(QStringLiteral("odd.json")));
    ASSERT_TRUE(odd.open(QIODevice::WriteOnly));
    odd.write(QByteArray(kConfig).replace("\"num_key_value_heads\": 2", "\"num_key_value_heads\": 3"));
    odd.close();
    refused({QStringLiteral("weights"), QStringLiteral("--config"), path(QStringLiteral("odd.json")),
                QStringLiteral("--checkpoint"), m_dir.path(), QStringLiteral("--out"), out},
        "--config");
    // A shard the index names but that is not there: the message names the shard, nothing is written.
    QFile index(path(QStringLiteral("model.safetensors.index.json")));
    ASSERT_TRUE(index.open(QIODevice::WriteOnly));
    index.write(
        R"({"weight_map": {"model.layers.0.self_attn.q_proj.weight": "model-00002-of-00002.safetensors"}})");
    index.close();
    // (Named itself: in the folder, model.safetensors comes first, as transformers loads it.)
    const QString message
        = refused({QStringLiteral("weights"), QStringLiteral("--config"), path(QStringLiteral("config.json")),
                      QStringLiteral("--checkpoint"), index.fileName(), QStringLiteral("--out"), out},
            "--checkpoint");
    EXPECT_TRUE(message.contains(QStringLiteral("model-00002-of-00002.safetensors")))
        << message.toStdString();
    EXPECT_FALSE(QFile::exists(out));
}

} // namespace
