// Per-pair usage of checkpoints the tests write themselves with planted structure: a query head that
// only uses pair 3, grouped-query heads, Phi-3's fused qkv_proj, GPT-NeoX's per-head query_key_value
// with partial rotary, DeepSeek MLA's rope rows, bf16 values over a two-shard index, Meta's
// interleaved export chosen by the caller; every value against Eigen's SVD of the pair's two rows
// taken from the matrices the test wrote (an independent computation). Bad checkpoints are refused
// naming the tensor or file.

#include "common/checkpoint.h"
#include "common/checkpointusage.h"
#include "common/fileerror.h"
#include "common/modelconfig.h"
#include "pecards/errors.h"
#include "support/safetensorswriter.h"

#include <Eigen/SVD>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <random>

using namespace Qt::StringLiterals;

namespace {

using pecards::app::Checkpoint;
using pecards::app::FileError;
using pecards::app::ModelConfig;
using pecards::app::ProjectionForm;
using pecards::test::SafetensorsWriter;
using Dtype = SafetensorsWriter::Dtype;

/// Integers in [-8, 8]: exact in bf16, so every dtype gives the same usage.
Eigen::MatrixXd smallIntegers(Eigen::Index rows, Eigen::Index cols, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_int_distribution<int> value(-8, 8);
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index r = 0; r < rows; ++r)
        for (Eigen::Index c = 0; c < cols; ++c)
            m(r, c) = value(random);
    return m;
}

/// The largest singular value of rows a and b of `w` (Eigen's SVD, not the closed form under test).
double pairNorm(const Eigen::MatrixXd& w, Eigen::Index a, Eigen::Index b) {
    Eigen::MatrixXd rows(2, w.cols());
    rows << w.row(a), w.row(b);
    return Eigen::JacobiSVD<Eigen::MatrixXd>(rows).singularValues()(0);
}

/// Expected usage of heads of `d` rows starting at row offset(h), pairs (a(i), b(i)) inside the head.
Eigen::MatrixXd expectedNorms(const Eigen::MatrixXd& w, int heads,
    const std::function<Eigen::Index(int)>& offset, int pairs,
    const std::function<std::pair<int, int>(int)>& pair) {
    Eigen::MatrixXd out(heads, pairs);
    for (int h = 0; h < heads; ++h)
        for (int i = 0; i < pairs; ++i)
            out(h, i) = pairNorm(w, offset(h) + pair(i).first, offset(h) + pair(i).second);
    return out;
}

std::pair<int, int> halfSplit8(int i) {
    return {i, i + 4};
}

void expectNear(const Eigen::MatrixXd& actual, const Eigen::MatrixXd& expected) {
    ASSERT_EQ(actual.rows(), expected.rows());
    ASSERT_EQ(actual.cols(), expected.cols());
    for (Eigen::Index r = 0; r < actual.rows(); ++r)
        for (Eigen::Index c = 0; c < actual.cols(); ++c)
            EXPECT_NEAR(actual(r, c), expected(r, c), 1e-12 * (1.0 + expected(r, c))) << r << ", " << c;
}

// Llama-like: hidden 32, 4 query heads and 2 key heads of 8, 2 layers, rotate_half pairs (i, i + 4).
const QByteArray kLlama = R"({"model_type": "llama", "hidden_size": 32, "num_attention_heads": 4,
    "num_key_value_heads": 2, "head_dim": 8, "num_hidden_layers": 2, "max_position_embeddings": 2048})";

class CheckpointUsage : public ::testing::Test {
protected:
    void SetUp() override {
        m_q = smallIntegers(32, 32, 1);
        m_k = smallIntegers(16, 32, 2);
        // Layer 0, query head 1 uses only pair 3: rows 8 + 3 and 8 + 7 (orthogonal, lengths 3 and 4).
        m_q.middleRows(8, 8).setZero();
        m_q(11, 0) = 3.0;
        m_q(15, 1) = 4.0;
    }
    QString path(const QString& name) const { return m_dir.filePath(name); }
    ModelConfig config(const QByteArray& json) const {
        return pecards::app::parseModelConfig(json, u"config.json"_s);
    }
    void writeLlama(const QString& file, Dtype dtype = Dtype::F32) const {
        SafetensorsWriter writer;
        for (int layer = 0; layer < 2; ++layer) {
            const QString p = QStringLiteral("model.layers.%1.self_attn.").arg(layer);
            writer.add(p + u"q_proj.weight"_s, layer == 0 ? m_q : m_q * 0.5, dtype);
            writer.add(p + u"k_proj.weight"_s, m_k, dtype);
        }
        writer.add(u"model.embed_tokens.weight"_s, Eigen::MatrixXd::Ones(4, 32), dtype);
        ASSERT_TRUE(writer.write(file));
    }
    Eigen::MatrixXd expectedQuery(const Eigen::MatrixXd& q) const {
        return expectedNorms(
            q, 4, [](int h) { return h * 8; }, 4, halfSplit8);
    }
    Eigen::MatrixXd expectedKey() const {
        return expectedNorms(
            m_k, 2, [](int h) { return h * 8; }, 4, halfSplit8);
    }
    std::string refusal(const QString& checkpoint, const QByteArray& json = kLlama) const {
        try {
            const Checkpoint opened(checkpoint);
            pecards::app::locateAttentionWeights(opened, config(json), std::nullopt);
        } catch (const FileError& error) {
            return error.what();
        }
        return "accepted";
    }

    QTemporaryDir m_dir;
    Eigen::MatrixXd m_q;
    Eigen::MatrixXd m_k;
};

TEST_F(CheckpointUsage, PlantedPairAndGroupedQueryHeadsOfSeparateProjections) {
    writeLlama(path(u"model.safetensors"_s));
    const Checkpoint checkpoint(m_dir.path()); // the folder: model.safetensors
    const auto weights = pecards::app::locateAttentionWeights(checkpoint, config(kLlama), std::nullopt);
    EXPECT_EQ(weights.form, ProjectionForm::Separate);
    EXPECT_EQ(weights.heads, 4);
    EXPECT_EQ(weights.kvHeads, 2);
    EXPECT_EQ(weights.inputSize, 32);
    ASSERT_EQ(weights.layers.size(), 2u);
    const auto usage = pecards::app::layerUsage(checkpoint, weights, 0);
    EXPECT_EQ(usage.layer, 0);
    expectNear(usage.query, expectedQuery(m_q));
    EXPECT_EQ(Eigen::VectorXd(usage.query.row(1).transpose()), (Eigen::VectorXd(4) << 0, 0, 0, 4).finished());
    expectNear(usage.key, expectedKey());
    // GQA: query heads 0, 1 read key head 0; 2, 3 key head 1 (HF repeat_kv).
    for (int h = 0; h < 4; ++h)
        for (int i = 0; i < 4; ++i)
            EXPECT_DOUBLE_EQ(usage.product(h, i), usage.query(h, i) * usage.key(h / 2, i));
    EXPECT_EQ(usage.product(1, 0), 0.0);
    const auto second = pecards::app::layerUsage(checkpoint, weights, 1);
    EXPECT_EQ(second.layer, 1);
    expectNear(second.query, expectedQuery(m_q * 0.5));
}

TEST_F(CheckpointUsage, ActivationUsageIsTheMeanOfTheProjectedPairLengths) {
    // Barbero et al.'s measure on 5 inputs: q = W_q x per head, |q_i| |k_i| averaged, written out here.
    writeLlama(path(u"model.safetensors"_s));
    const Checkpoint checkpoint(path(u"model.safetensors"_s));
    const auto weights = pecards::app::locateAttentionWeights(checkpoint, config(kLlama), std::nullopt);
    const Eigen::MatrixXd inputs = smallIntegers(5, 32, 9);
    const Eigen::MatrixXd q = inputs * m_q.transpose(); // 5 x 32: 4 heads of 8
    const Eigen::MatrixXd k = inputs * m_k.transpose(); // 5 x 16: 2 heads of 8
    const Eigen::MatrixXd usage = pecards::app::layerActivationUsage(checkpoint, weights, 0, inputs);
    ASSERT_EQ(usage.rows(), 4);
    ASSERT_EQ(usage.cols(), 4);
    for (int h = 0; h < 4; ++h) {
        for (int i = 0; i < 4; ++i) {
            double sum = 0.0;
            for (int p = 0; p < 5; ++p) {
                sum += std::hypot(q(p, 8 * h + i), q(p, 8 * h + i + 4))
                    * std::hypot(k(p, 8 * (h / 2) + i), k(p, 8 * (h / 2) + i + 4));
            }
            EXPECT_NEAR(usage(h, i), sum / 5.0, 1e-9 * (1.0 + sum)) << h << ", " << i;
        }
    }
    EXPECT_THROW(pecards::app::layerActivationUsage(checkpoint, weights, 0, Eigen::MatrixXd::Ones(5, 31)),
        pecards::InvalidParameter);
}

TEST_F(CheckpointUsage, LayersPastTheConfigAreNamedNotRead) {
    // A third layer (as DeepSeek-V3's multi-token-prediction layer 61 of a 61-layer config).
    SafetensorsWriter writer;
    for (int layer = 0; layer < 3; ++layer) {
        writer.add(QStringLiteral("model.layers.%1.self_attn.q_proj.weight").arg(layer), m_q);
        writer.add(QStringLiteral("model.layers.%1.self_attn.k_proj.weight").arg(layer), m_k);
    }
    ASSERT_TRUE(writer.write(path(u"three.safetensors"_s)));
    const Checkpoint checkpoint(path(u"three.safetensors"_s));
    const auto weights = pecards::app::locateAttentionWeights(checkpoint, config(kLlama), std::nullopt);
    EXPECT_EQ(weights.layers.size(), 2u);
    ASSERT_EQ(weights.notes.size(), 1);
    EXPECT_TRUE(weights.notes.front().startsWith(
        u"layers past the config's num_hidden_layers = 2 are not read: 2 ("_s))
        << weights.notes.front().toStdString();
}

TEST_F(CheckpointUsage, TheStackWithTheConfigsLayerCountIsTheLanguageModel) {
    // A multi-token-prediction block beside the two layers (Qwen3-Next names it mtp.layers.0).
    SafetensorsWriter writer;
    for (int layer = 0; layer < 2; ++layer) {
        writer.add(QStringLiteral("model.layers.%1.self_attn.q_proj.weight").arg(layer), m_q);
        writer.add(QStringLiteral("model.layers.%1.self_attn.k_proj.weight").arg(layer), m_k);
    }
    writer.add(u"mtp.layers.0.self_attn.q_proj.weight"_s, m_q * 9.0);
    writer.add(u"mtp.layers.0.self_attn.k_proj.weight"_s, m_k);
    ASSERT_TRUE(writer.write(path(u"mtp.safetensors"_s)));
    const Checkpoint checkpoint(path(u"mtp.safetensors"_s));
    const auto weights = pecards::app::locateAttentionWeights(checkpoint, config(kLlama), std::nullopt);
    ASSERT_EQ(weights.layers.size(), 2u);
    EXPECT_TRUE(weights.layers[0].query.front().tensor.startsWith(u"model.layers.0."_s));
    expectNear(pecards::app::layerUsage(checkpoint, weights, 0).query, expectedQuery(m_q));
}

TEST_F(CheckpointUsage, Qwen3NextsGatedQueryRowsAreLeftOut) {
    // Qwen3-Next: q_proj holds [query | gate] per head (view(..., -1, 2 head_dim), chunk(2)); every
    // 4th layer is full attention with partial rotary 0.5: pairs (0, 2), (1, 3) of 8 channels.
    const QByteArray qwen3Next = R"({"model_type": "qwen3_next", "hidden_size": 16, "num_attention_heads": 2,
        "num_key_value_heads": 1, "head_dim": 8, "num_hidden_layers": 4, "full_attention_interval": 4,
        "partial_rotary_factor": 0.5, "max_position_embeddings": 4096})";
    const Eigen::MatrixXd q = smallIntegers(32, 16, 21);
    const Eigen::MatrixXd k = smallIntegers(8, 16, 22);
    SafetensorsWriter writer;
    writer.add(u"model.layers.3.self_attn.q_proj.weight"_s, q);
    writer.add(u"model.layers.3.self_attn.k_proj.weight"_s, k);
    ASSERT_TRUE(writer.write(path(u"next.safetensors"_s)));
    const Checkpoint checkpoint(path(u"next.safetensors"_s));
    const auto weights = pecards::app::locateAttentionWeights(checkpoint, config(qwen3Next), std::nullopt);
    ASSERT_EQ(weights.layers.size(), 1u);
    EXPECT_EQ(weights.layers.front().layer, 3);
    const auto usage = pecards::app::layerUsage(checkpoint, weights, 0);
    const auto pair = [](int i) { return std::pair<int, int> {i, i + 2}; };
    expectNear(usage.query,
        expectedNorms(
            q, 2, [](int h) { return 16 * h; }, 2, pair)); // head h's query rows
    expectNear(usage.key,
        expectedNorms(
            k, 1, [](int) { return 0; }, 2, pair));
    EXPECT_TRUE(weights.notes.join(u' ').contains(u"gate rows"_s)) << weights.notes.join(u' ').toStdString();
}

TEST_F(CheckpointUsage, APartOfATensorIsReadAlone) {
    // A head's bias is read as its own part of the bias vector.
    SafetensorsWriter writer;
    writer.add(u"bias"_s, (Eigen::VectorXd(6) << 0, 1, 2, 3, 4, 5).finished(), Dtype::F32, true);
    ASSERT_TRUE(writer.write(path(u"bias.safetensors"_s)));
    const Checkpoint checkpoint(path(u"bias.safetensors"_s));
    EXPECT_EQ(checkpoint.values(u"bias"_s, 2, 3), (Eigen::VectorXd(3) << 2, 3, 4).finished());
    EXPECT_EQ(checkpoint.values(u"bias"_s).size(), 6);
    EXPECT_THROW(checkpoint.values(u"bias"_s, 4, 3), FileError);
}

TEST_F(CheckpointUsage, Bf16ShardsBehindAnIndexGiveTheSameUsage) {
    writeLlama(path(u"single.safetensors"_s));
    // Two shards: layer 0 in the first, layer 1 and the embedding in the second, all bf16.
    SafetensorsWriter first;
    SafetensorsWriter second;
    first.add(u"model.layers.0.self_attn.q_proj.weight"_s, m_q, Dtype::BF16);
    first.add(u"model.layers.0.self_attn.k_proj.weight"_s, m_k, Dtype::BF16);
    second.add(u"model.layers.1.self_attn.q_proj.weight"_s, m_q * 0.5, Dtype::BF16);
    second.add(u"model.layers.1.self_attn.k_proj.weight"_s, m_k, Dtype::BF16);
    ASSERT_TRUE(first.write(path(u"model-00001-of-00002.safetensors"_s)));
    ASSERT_TRUE(second.write(path(u"model-00002-of-00002.safetensors"_s)));
    QFile index(path(u"model.safetensors.index.json"_s));
    ASSERT_TRUE(index.open(QIODevice::WriteOnly));
    index.write(R"({"metadata": {"total_size": 0}, "weight_map": {
        "model.layers.0.self_attn.q_proj.weight": "model-00001-of-00002.safetensors",
        "model.layers.0.self_attn.k_proj.weight": "model-00001-of-00002.safetensors",
        "model.layers.1.self_attn.q_proj.weight": "model-00002-of-00002.safetensors",
        "model.layers.1.self_attn.k_proj.weight": "model-00002-of-00002.safetensors"}})");
    index.close();
    const Checkpoint sharded(m_dir.path()); // the index wins over single.safetensors
    EXPECT_EQ(sharded.names().size(), 4);
    const Checkpoint single(path(u"single.safetensors"_s));
    const ModelConfig llama = config(kLlama);
    const auto a = pecards::app::locateAttentionWeights(sharded, llama, std::nullopt);
    const auto b = pecards::app::locateAttentionWeights(single, llama, std::nullopt);
    for (std::size_t layer = 0; layer < 2; ++layer) {
        EXPECT_EQ(pecards::app::layerUsage(sharded, a, layer).product,
            pecards::app::layerUsage(single, b, layer).product)
            << layer;
    }
}

TEST_F(CheckpointUsage, Phi3FusedQkvIsSplitAsPhi3AttentionSplitsIt) {
    // qkv_proj rows: 4 query heads x 8, then 2 key heads x 8, then 2 value heads x 8.
    const QByteArray phi3 = R"({"model_type": "phi3", "hidden_size": 32, "num_attention_heads": 4,
        "num_key_value_heads": 2, "num_hidden_layers": 1, "max_position_embeddings": 4096})";
    Eigen::MatrixXd qkv(64, 32);
    qkv << m_q, m_k, smallIntegers(16, 32, 3);
    SafetensorsWriter writer;
    writer.add(u"model.layers.0.self_attn.qkv_proj.weight"_s, qkv);
    ASSERT_TRUE(writer.write(path(u"phi3.safetensors"_s)));
    const Checkpoint checkpoint(path(u"phi3.safetensors"_s));
    const auto weights = pecards::app::locateAttentionWeights(checkpoint, config(phi3), std::nullopt);
    EXPECT_EQ(weights.form, ProjectionForm::FusedQkv);
    const auto usage = pecards::app::layerUsage(checkpoint, weights, 0);
    expectNear(usage.query, expectedQuery(m_q));
    expectNear(usage.key, expectedKey());
}

TEST_F(CheckpointUsage, GptNeoxPerHeadQkvWithPartialRotary) {
    // 2 heads of 8, rotary_pct 0.5: the first 4 channels rotate, pairs (0, 2) and (1, 3). Per head
    // the rows are [q | k | v] (GPTNeoXAttention: view(..., -1, 3 * head_size)). Head 0's query uses
    // only pair 1 (rows 1 and 3); head 1's key only pair 0 (rows 3*8 + 8 + 0 and + 2).
    const QByteArray neox = R"({"model_type": "gpt_neox", "hidden_size": 16, "num_attention_heads": 2,
        "rotary_pct": 0.5, "rotary_emb_base": 10000, "num_hidden_layers": 1, "max_position_embeddings": 2048})";
    Eigen::MatrixXd qkv = smallIntegers(48, 16, 4);
    qkv.middleRows(0, 4).setZero(); // head 0, query channels 0..3
    qkv(1, 5) = 2.0;
    qkv(3, 6) = 2.0;
    qkv.middleRows(32, 4).setZero(); // head 1, key channels 0..3
    qkv(32, 0) = 1.0;
    qkv(34, 0) = 1.0; // parallel rows: singular value sqrt(2)
    SafetensorsWriter writer;
    writer.add(u"gpt_neox.layers.0.attention.query_key_value.weight"_s, qkv);
    writer.add(
        u"gpt_neox.layers.0.attention.query_key_value.bias"_s, Eigen::VectorXd::Zero(48), Dtype::F32, true);
    ASSERT_TRUE(writer.write(path(u"neox.safetensors"_s)));
    const Checkpoint checkpoint(path(u"neox.safetensors"_s));
    const auto weights = pecards::app::locateAttentionWeights(checkpoint, config(neox), std::nullopt);
    EXPECT_EQ(weights.form, ProjectionForm::NeoxQkv);
    const auto usage = pecards::app::layerUsage(checkpoint, weights, 0);
    const auto pair = [](int i) { return std::pair<int, int> {i, i + 2}; };
    expectNear(usage.query,
        expectedNorms(
            qkv, 2, [](int h) { return 24 * h; }, 2, pair));
    expectNear(usage.key,
        expectedNorms(
            qkv, 2, [](int h) { return 24 * h + 8; }, 2, pair));
    EXPECT_DOUBLE_EQ(usage.query(0, 0), 0.0);
    EXPECT_DOUBLE_EQ(usage.query(0, 1), 2.0);
    EXPECT_DOUBLE_EQ(usage.key(1, 0), std::sqrt(2.0));
    EXPECT_DOUBLE_EQ(usage.key(1, 1), 0.0);
}

TEST_F(CheckpointUsage, DeepSeekMlaReadsTheRopeRowsOfEachQueryHeadAndTheSharedKey) {
    // 2 heads of [4 nope | 4 rope], q_lora_rank 8, kv_lora_rank 6: q_b_proj 16 x 8, kv_a_proj_with_mqa
    // (6 + 4) x 12. DeepSeek's rope rows pair adjacent channels (apply_rotary_pos_emb_interleave).
    const QByteArray deepseek = R"({"model_type": "deepseek_v3", "hidden_size": 12, "num_attention_heads": 2,
        "num_key_value_heads": 2, "q_lora_rank": 8, "kv_lora_rank": 6, "qk_nope_head_dim": 4,
        "qk_rope_head_dim": 4, "v_head_dim": 4, "num_hidden_layers": 1, "max_position_embeddings": 4096,
        "rope_theta": 10000})";
    const Eigen::MatrixXd qb = smallIntegers(16, 8, 5);
    const Eigen::MatrixXd kva = smallIntegers(10, 12, 6);
    SafetensorsWriter writer;
    writer.add(u"model.layers.0.self_attn.q_a_proj.weight"_s, smallIntegers(8, 12, 7));
    writer.add(u"model.layers.0.self_attn.q_b_proj.weight"_s, qb);
    writer.add(u"model.layers.0.self_attn.kv_a_proj_with_mqa.weight"_s, kva);
    ASSERT_TRUE(writer.write(path(u"mla.safetensors"_s)));
    const Checkpoint checkpoint(path(u"mla.safetensors"_s));
    const auto weights = pecards::app::locateAttentionWeights(checkpoint, config(deepseek), std::nullopt);
    EXPECT_EQ(weights.form, ProjectionForm::Mla);
    EXPECT_EQ(weights.kvHeads, 1);
    const auto usage = pecards::app::layerUsage(checkpoint, weights, 0);
    const auto adjacent = [](int i) { return std::pair<int, int> {2 * i, 2 * i + 1}; };
    expectNear(usage.query,
        expectedNorms(
            qb, 2, [](int h) { return 8 * h + 4; }, 2, adjacent));
    expectNear(usage.key,
        expectedNorms(
            kva, 1, [](int) { return 6; }, 2, adjacent));
    for (int h = 0; h < 2; ++h)
        for (int i = 0; i < 2; ++i)
            EXPECT_DOUBLE_EQ(usage.product(h, i),
                usage.query(h, i) * usage.key(0, i)); // Its queries are projected from q_a_proj's normalised
                                                      // output, not the hidden state: no activation usage.
    try {
        pecards::app::layerActivationUsage(checkpoint, weights, 0, Eigen::MatrixXd::Ones(3, 12));
        FAIL() << "hidden states were taken as q_b_proj's input";
    } catch (const pecards::InvalidParameter& error) {
        EXPECT_EQ(error.name(), "activations");
    }
}

TEST_F(CheckpointUsage, MetasInterleavedExportIsReadWhenTheCallerSaysSo) {
    writeLlama(path(u"model.safetensors"_s));
    const Checkpoint checkpoint(path(u"model.safetensors"_s));
    const auto weights
        = pecards::app::locateAttentionWeights(checkpoint, config(kLlama), pecards::RopeLayout::Interleaved);
    const auto usage = pecards::app::layerUsage(checkpoint, weights, 0);
    expectNear(usage.query,
        expectedNorms(
            m_q, 4, [](int h) { return h * 8; }, 4,
            [](int i) {
                return std::pair<int, int> {2 * i, 2 * i + 1};
            }));
    // Head 1's planted rows 3 and 7 are pairs 1 and 3 now, one row each: lengths 3 and 4.
    EXPECT_EQ(Eigen::VectorXd(usage.query.row(1).transpose()), (Eigen::VectorXd(4) << 0, 3, 0, 4).finished());
}

TEST_F(CheckpointUsage, BadCheckpointsAreRefusedNamingTheTensorOrFile) {
    // A layer's key projection missing.
    SafetensorsWriter missing;
    missing.add(u"model.layers.0.self_attn.q_proj.weight"_s, m_q);
    missing.add(u"model.layers.0.self_attn.k_proj.weight"_s, m_k);
    missing.add(u"model.layers.1.self_attn.q_proj.weight"_s, m_q);
    ASSERT_TRUE(missing.write(path(u"missing.safetensors"_s)));
    EXPECT_NE(refusal(path(u"missing.safetensors"_s))
                  .find("holds no tensor model.layers.1.self_attn.k_proj.weight"),
        std::string::npos)
        << refusal(path(u"missing.safetensors"_s));
    // A shape other than the config's: 3 key heads where it says 2.
    SafetensorsWriter shape;
    for (int layer = 0; layer < 2; ++layer) {
        shape.add(QStringLiteral("model.layers.%1.self_attn.q_proj.weight").arg(layer), m_q);
        shape.add(
            QStringLiteral("model.layers.%1.self_attn.k_proj.weight").arg(layer), smallIntegers(24, 32, 8));
    }
    ASSERT_TRUE(shape.write(path(u"shape.safetensors"_s)));
    const std::string wrongShape = refusal(path(u"shape.safetensors"_s));
    EXPECT_NE(wrongShape.find("model.layers.0.self_attn.k_proj.weight has shape (24, 32)"), std::string::npos)
        << wrongShape;
    EXPECT_NE(wrongShape.find("(16, 32)"), std::string::npos) << wrongShape;
    // A header that lies about its data (offsets past the end of the file).
    SafetensorsWriter truncated;
    truncated.add(u"model.layers.0.self_attn.q_proj.weight"_s, m_q);
    QByteArray lying = truncated.bytes();
    lying.chop(100);
    QFile file(path(u"lying.safetensors"_s));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(lying);
    file.close();
    EXPECT_NE(refusal(path(u"lying.safetensors"_s)).find("lying.safetensors"), std::string::npos);
    // An index naming a shard that is not there, and one that puts a tensor in the wrong shard.
    QDir(m_dir.path()).mkdir(u"sharded"_s);
    writeLlama(path(u"sharded/model-00001-of-00002.safetensors"_s));
    const auto writeIndex = [&](const QByteArray& map) {
        QFile index(path(u"sharded/model.safetensors.index.json"_s));
        ASSERT_TRUE(index.open(QIODevice::WriteOnly));
        index.write("{\"weight_map\": {" + map + "}}");
    };
    writeIndex(R"("model.layers.0.self_attn.q_proj.weight": "model-00002-of-00002.safetensors")");
    const std::string absent = refusal(path(u"sharded"_s));
    EXPECT_NE(absent.find("lists the shard model-00002-of-00002.safetensors"), std::string::npos) << absent;
    writeIndex(R"("model.layers.0.self_attn.o_proj.weight": "model-00001-of-00002.safetensors")");
    const std::string disagree = refusal(path(u"sharded"_s));
    EXPECT_NE(
        disagree.find("puts tensor model.layers.0.self_attn.o_proj.weight in model-00001"), std::string::npos)
        << disagree;
    writeIndex(R"("model.layers.0.self_attn.q_proj.weight": "../model.safetensors")");
    EXPECT_NE(refusal(path(u"sharded"_s)).find("not a file name beside the index"), std::string::npos);
    // A checkpoint without any attention projection.
    SafetensorsWriter none;
    none.add(u"model.embed_tokens.weight"_s, Eigen::MatrixXd::Ones(4, 32));
    ASSERT_TRUE(none.write(path(u"none.safetensors"_s)));
    EXPECT_NE(refusal(path(u"none.safetensors"_s)).find("holds no attention projection"), std::string::npos);
}

} // namespace
