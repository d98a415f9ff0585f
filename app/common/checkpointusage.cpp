#include "common/checkpointusage.h"

#include "common/configerror.h"
#include "common/fileerror.h"
#include "pecards/errors.h"
#include "pecards/pairusage.h"
#include "pecards/rope.h"

#include <QMap>
#include <QRegularExpression>
#include <algorithm>
#include <stdexcept>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

/// "<prefix><layer>.<module>.<projection>.weight": the projections that hold a layer's queries.
const QRegularExpression kQueryName(
    uR"(^(.*?)(\d+)\.(self_attn|attention|attn|self_attention)\.(q_proj|qkv_proj|query_key_value|q_b_proj)\.weight$)"_s);

bool otherModality(const QString& name) {
    return name.contains(u"vision"_s) || name.contains(u"visual"_s) || name.contains(u"audio"_s);
}

QString shapeText(const std::vector<std::int64_t>& shape) {
    QStringList extents;
    for (const std::int64_t extent : shape) {
        extents << QString::number(extent);
    }
    return u"("_s + extents.join(u", "_s) + u')';
}

/// The module path of layer 0's attention ("model.layers.", "self_attn"), and the projection names
/// found there; refuses a checkpoint without attention projections or with two models' layers.
struct Naming {
    QString prefix; ///< up to the layer index
    QString module; ///< "self_attn", "attention", ...
    QList<qint64> beyond; ///< layer indices of the checkpoint past the config's num_hidden_layers
};

Naming findNaming(const Checkpoint& checkpoint, int numLayers) {
    QMap<QString, int> candidates; // "prefix|module" -> tensors
    QMap<QString, QList<qint64>> beyond; // "prefix|module" -> layers past numLayers
    for (const QString& name : checkpoint.names()) {
        const QRegularExpressionMatch match = kQueryName.match(name);
        if (!match.hasMatch() || otherModality(name)) {
            continue;
        }
        const QString key = match.captured(1) + u'|' + match.captured(3);
        if (match.captured(2).toLongLong() < numLayers) {
            candidates[key] += 1;
        } else {
            beyond[key].append(match.captured(2).toLongLong());
        }
    }
    if (candidates.isEmpty()) {
        throwFileError(checkpoint.path(),
            u"holds no attention projection of a language model (looked for <prefix>.<layer>."
            "{self_attn,attention,attn}.{q_proj,qkv_proj,query_key_value,q_b_proj}.weight outside vision "
            "and audio parts)"_s);
    }
    QString chosen = candidates.firstKey();
    if (candidates.size() > 1) {
        // Several stacks (a multi-token-prediction block, an image encoder): the one with the config's
        // layer count is the language model's; any other choice would be a guess.
        const QStringList full = candidates.keys();
        QStringList matching;
        for (const QString& key : full) {
            if (candidates.value(key) == numLayers) {
                matching << key;
            }
        }
        if (matching.size() != 1) {
            throwFileError(checkpoint.path(),
                u"holds the attention projections of more than one stack ("_s
                    + candidates.keys().join(u", "_s).replace(u'|', u'*') + u"), and "_s
                    + (matching.isEmpty() ? u"none"_s : u"more than one"_s) + u" has the config's "_s
                    + QString::number(numLayers) + u" layers; open the language model's own checkpoint"_s);
        }
        chosen = matching.front();
    }
    const QStringList parts = chosen.split(u'|');
    QList<qint64> past = beyond.value(chosen);
    std::sort(past.begin(), past.end());
    past.erase(std::unique(past.begin(), past.end()), past.end());
    return {parts[0], parts[1], past};
}

class Locator {
public:
    Locator(const Checkpoint& checkpoint, const ModelConfig& config)
        : m_checkpoint(checkpoint)
        , m_config(config) { }

    AttentionWeights locate(std::optional<RopeLayout> layout);

private:
    QString tensor(int layer, const QString& projection, const QString& kind = u"weight"_s) const {
        return m_naming.prefix + QString::number(layer) + u'.' + m_naming.module + u'.' + projection + u'.'
            + kind;
    }
    /// The tensor's shape, after checking it is (rows, inputs) (inputs 0: any, then remembered).
    void expectShape(const QString& name, qint64 rows, qint64& inputs, const QString& because) const;
    QString biasOf(const QString& weight, qint64 rows) const;
    ProjectionForm formOf(int layer) const;

    const Checkpoint& m_checkpoint;
    const ModelConfig& m_config;
    Naming m_naming;
};

void Locator::expectShape(const QString& name, qint64 rows, qint64& inputs, const QString& because) const {
    if (!m_checkpoint.contains(name)) {
        throwFileError(m_checkpoint.path(), u"holds no tensor "_s + name + u" ("_s + because + u')');
    }
    const std::vector<std::int64_t> shape = m_checkpoint.shape(name);
    const bool ok = shape.size() == 2 && shape[0] == rows && (inputs == 0 || shape[1] == inputs);
    if (!ok) {
        throwFileError(m_checkpoint.path(),
            u"tensor "_s + name + u" has shape "_s + shapeText(shape) + u"; the config ("_s
                + m_config.filePath.section(u'/', -1) + u") gives ("_s + QString::number(rows) + u", "_s
                + (inputs == 0 ? u"inputs"_s : QString::number(inputs)) + u"): "_s + because);
    }
    inputs = shape[1];
}

QString Locator::biasOf(const QString& weight, qint64 rows) const {
    QString bias = weight;
    bias.replace(bias.size() - 6, 6, u"bias"_s);
    if (!m_checkpoint.contains(bias)) {
        return {};
    }
    const std::vector<std::int64_t> shape = m_checkpoint.shape(bias);
    if (shape.size() != 1 || shape[0] != rows) {
        throwFileError(m_checkpoint.path(),
            u"tensor "_s + bias + u" has shape "_s + shapeText(shape) + u"; its weight's bias needs ("_s
                + QString::number(rows) + u')');
    }
    return bias;
}

ProjectionForm Locator::formOf(int layer) const {
    if (m_config.projection.mla()) {
        return ProjectionForm::Mla;
    }
    if (m_checkpoint.contains(tensor(layer, u"qkv_proj"_s))) {
        return ProjectionForm::FusedQkv;
    }
    if (m_checkpoint.contains(tensor(layer, u"query_key_value"_s))) {
        if (!m_config.modelType.startsWith(u"gpt_neox"_s)) {
            throwFileError(m_checkpoint.path(),
                u"stores layer "_s + QString::number(layer) + u"'s queries and keys fused in "_s
                    + tensor(layer, u"query_key_value"_s) + u", grouped the way model_type \""_s
                    + m_config.modelType
                    + u"\" splits them; PE Cards splits GPT-NeoX's, Phi-3's qkv_proj and separate "
                      "q_proj/k_proj"_s);
        }
        return ProjectionForm::NeoxQkv;
    }
    return ProjectionForm::Separate;
}

AttentionWeights Locator::locate(std::optional<RopeLayout> layout) {
    const ModelPositions& positions = m_config.positions;
    m_naming = findNaming(m_checkpoint, positions.num_layers);
    AttentionWeights weights;
    const ProjectionShape& shape = m_config.projection;
    weights.heads = m_config.heads;
    weights.kvHeads = shape.mla() ? 1 : shape.kvHeads;
    if (weights.kvHeads < 1 || weights.heads % weights.kvHeads != 0) {
        throw ConfigError(u"num_key_value_heads"_s,
            m_config.filePath + u": num_key_value_heads = "_s + QString::number(weights.kvHeads)
                + u" does not divide num_attention_heads = "_s + QString::number(weights.heads));
    }
    qint64 hidden = shape.hidden;
    for (const LayerGroup& group : positions.groups) {
        if (group.treatment != LayerTreatment::Rope) {
            weights.notes << u"layers of group \""_s + QString::fromStdString(group.name) + u"\" ("_s
                    + QString::fromStdString(toString(group.treatment))
                    + u") have no rotary pairs and are left out"_s;
            continue;
        }
        for (const int layer : group.layers) {
            LayerHeads heads;
            heads.layer = layer;
            heads.pairing = group.rope;
            if (layout) {
                heads.pairing.layout = *layout;
            }
            const int d = group.rope.head_dim; // Gemma 4's global layers: global_head_dim
            const ProjectionForm form = formOf(layer);
            weights.form = form;
            const auto add = [](std::vector<HeadRows>& list, const QString& name, qint64 first, qint64 count,
                                 const QString& bias) {
                list.push_back({name, first, count, bias});
            };
            switch (form) {
            case ProjectionForm::Separate: {
                // Qwen3-Next and Qwen3.5 gate their attention output: q_proj holds [query | gate] per
                // head (modeling_qwen3_next.py: view(..., -1, head_dim * 2), chunk(2)).
                const bool gated = m_config.modelType.startsWith(u"qwen3_next"_s)
                    || m_config.modelType.startsWith(u"qwen3_5"_s);
                const qint64 stride = gated ? 2 * qint64 {d} : qint64 {d};
                const QString q = tensor(layer, u"q_proj"_s);
                const QString k = tensor(layer, u"k_proj"_s);
                expectShape(q, weights.heads * stride, hidden,
                    gated ? u"num_attention_heads x 2 head_dim rows, [query | gate] per head"_s
                          : u"num_attention_heads x head_dim rows"_s);
                expectShape(
                    k, qint64 {weights.kvHeads} * d, hidden, u"num_key_value_heads x head_dim rows"_s);
                const QString qb = biasOf(q, weights.heads * stride);
                const QString kb = biasOf(k, qint64 {weights.kvHeads} * d);
                for (int h = 0; h < weights.heads; ++h)
                    add(heads.query, q, h * stride, d, qb);
                if (gated) {
                    weights.notes << u"q_proj's gate rows (gated attention output) are not queries and are "
                                     "left out"_s;
                }
                for (int h = 0; h < weights.kvHeads; ++h)
                    add(heads.key, k, qint64 {h} * d, d, kb);
                break;
            }
            case ProjectionForm::FusedQkv: {
                const QString qkv = tensor(layer, u"qkv_proj"_s);
                const qint64 rows = qint64 {weights.heads + 2 * weights.kvHeads} * d;
                expectShape(
                    qkv, rows, hidden, u"(num_attention_heads + 2 num_key_value_heads) x head_dim rows"_s);
                const QString bias = biasOf(qkv, rows);
                for (int h = 0; h < weights.heads; ++h)
                    add(heads.query, qkv, qint64 {h} * d, d, bias);
                for (int h = 0; h < weights.kvHeads; ++h)
                    add(heads.key, qkv, qint64 {weights.heads + h} * d, d, bias);
                break;
            }
            case ProjectionForm::NeoxQkv: {
                const QString qkv = tensor(layer, u"query_key_value"_s);
                const qint64 rows = qint64 {3} * weights.heads * d;
                expectShape(
                    qkv, rows, hidden, u"3 x num_attention_heads x head_dim rows, [q | k | v] per head"_s);
                const QString bias = biasOf(qkv, rows);
                for (int h = 0; h < weights.heads; ++h) {
                    add(heads.query, qkv, qint64 {3 * h} * d, d, bias);
                    add(heads.key, qkv, qint64 {3 * h + 1} * d, d, bias);
                }
                break;
            }
            case ProjectionForm::Mla: {
                const int nope = shape.qkNopeHeadDim;
                const int rope = shape.qkRopeHeadDim;
                const QString q = tensor(layer, shape.qLoraRank > 0 ? u"q_b_proj"_s : u"q_proj"_s);
                qint64 qInputs = shape.qLoraRank > 0 ? shape.qLoraRank : hidden;
                expectShape(q, qint64 {weights.heads} * (nope + rope), qInputs,
                    u"num_attention_heads x (qk_nope_head_dim + qk_rope_head_dim) rows"_s);
                const QString kv = tensor(layer, u"kv_a_proj_with_mqa"_s);
                expectShape(
                    kv, qint64 {shape.kvLoraRank} + rope, hidden, u"kv_lora_rank + qk_rope_head_dim rows"_s);
                for (int h = 0; h < weights.heads; ++h)
                    add(heads.query, q, qint64 {h} * (nope + rope) + nope, rope, QString());
                add(heads.key, kv, shape.kvLoraRank, rope, QString());
                heads.pairing.head_dim = rope; // the rows read are the rotary part alone
                heads.pairing.rotary_dim = 0;
                if (shape.qLoraRank > 0) {
                    weights.notes << u"queries are read from q_b_proj, whose input is q_a_proj's output "
                                     "after q_a_layernorm (q_lora_rank wide), not the hidden state"_s;
                }
                break;
            }
            }
            weights.layers.push_back(std::move(heads));
        }
    }
    if (weights.layers.empty()) {
        throw ConfigError(u"layer_types"_s, m_config.filePath + u": no layer of the model uses RoPE"_s);
    }
    std::sort(weights.layers.begin(), weights.layers.end(),
        [](const LayerHeads& a, const LayerHeads& b) { return a.layer < b.layer; });
    weights.inputSize = hidden;
    if (!m_naming.beyond.isEmpty()) {
        QStringList indices;
        for (const qint64 layer : m_naming.beyond) {
            indices << QString::number(layer);
        }
        weights.notes << u"layers past the config's num_hidden_layers = "_s
                + QString::number(positions.num_layers) + u" are not read: "_s + indices.join(u", "_s)
                + u" (e.g. DeepSeek-V3's multi-token-prediction layer)"_s;
    }
    const int first = weights.layers.front().layer;
    if (m_checkpoint.contains(tensor(first, u"q_norm"_s))
        || m_checkpoint.contains(tensor(first, u"k_norm"_s))) {
        weights.notes << u"the layers normalise q and k (q_norm, k_norm) after the projection and before "
                         "RoPE: the usage is the projection's, before that norm and its weights"_s;
    }
    weights.notes.removeDuplicates();
    return weights;
}

} // namespace

AttentionWeights locateAttentionWeights(
    const Checkpoint& checkpoint, const ModelConfig& config, std::optional<RopeLayout> layout) {
    return Locator(checkpoint, config).locate(layout);
}

std::vector<HeadSummary> headSummaries(const LayerUsage& usage, const std::vector<bool>& moved) {
    const Eigen::VectorXd fraction = movedUsageFraction(usage.product, moved);
    const Eigen::Index group = usage.product.rows() / std::max<Eigen::Index>(usage.key.rows(), 1);
    std::vector<HeadSummary> heads;
    for (Eigen::Index h = 0; h < usage.product.rows(); ++h) {
        Eigen::Index top = 0;
        usage.product.row(h).maxCoeff(&top);
        heads.push_back({static_cast<int>(h), static_cast<int>(h / group), usage.product.row(h).sum(),
            fraction(h), static_cast<int>(top)});
    }
    return heads;
}

ScalingUnderTest scalingUnderTest(const LayerHeads& layer, const std::optional<RopeScaling>& chosen,
    std::int64_t seqLen, const ModelConfig& config) {
    ScalingUnderTest test {layer.pairing, seqLen};
    if (chosen) {
        test.rope.scaling = *chosen;
    }
    if (test.seqLen <= 0) {
        const std::int64_t l0 = test.rope.scaling.original_max_position_embeddings > 0
            ? test.rope.scaling.original_max_position_embeddings
            : config.maxPositionEmbeddings;
        const double extended = static_cast<double>(l0) * std::max(test.rope.scaling.factor, 1.0);
        test.seqLen = static_cast<std::int64_t>(std::clamp(extended, 1.0, static_cast<double>(kMaxLength)));
    }
    return test;
}

namespace {

/// One head's rows and bias, as read for layer `layer`.
struct HeadBlock {
    Eigen::MatrixXd rows;
    Eigen::VectorXd bias;
};

HeadBlock readHead(const Checkpoint& checkpoint, const HeadRows& rows) {
    HeadBlock block {checkpoint.rows(rows.tensor, rows.first, rows.count), {}};
    if (!rows.bias.isEmpty()) {
        block.bias = checkpoint.values(rows.bias, rows.first, rows.count); // the head's part only
    }
    return block;
}

/// Runs `compute` on a head, turning the engine's refusal of its values into a FileError naming them.
template <typename Compute> auto onHead(const Checkpoint& checkpoint, const HeadRows& rows, Compute compute) {
    const HeadBlock block = readHead(checkpoint, rows);
    try {
        return compute(block);
    } catch (const InvalidParameter& error) {
        if (error.name() == "activations" || error.name() == "inputs") {
            throw;
        }
        throwFileError(checkpoint.path(),
            u"tensor "_s + (error.name() == "bias" ? rows.bias : rows.tensor) + u", rows "_s
                + QString::number(rows.first) + u" to "_s + QString::number(rows.first + rows.count - 1)
                + u": "_s + QString::fromUtf8(error.what()));
    }
}

} // namespace

Eigen::MatrixXd layerActivationUsage(const Checkpoint& checkpoint, const AttentionWeights& weights,
    std::size_t index, const Eigen::MatrixXd& inputs) {
    const LayerHeads& layer = weights.layers.at(index);
    if (layer.query.front().tensor.endsWith(u"q_b_proj.weight"_s)) {
        throw InvalidParameter("activations", "hidden states",
            "a model whose queries are projected from the hidden state (this one's q_b_proj reads q_a_proj's "
            "normalised output)");
    }
    if (inputs.rows() < 1 || inputs.cols() != weights.inputSize) {
        throw InvalidParameter("activations",
            std::to_string(inputs.rows()) + " x " + std::to_string(inputs.cols()),
            "positions (>= 1) x " + std::to_string(weights.inputSize) + " (the hidden size)");
    }
    const auto lengths = [&](const HeadRows& rows) {
        return onHead(checkpoint, rows, [&](const HeadBlock& block) {
            return pairLengths(layer.pairing, block.rows, block.bias, inputs);
        });
    };
    std::vector<Eigen::MatrixXd> keys;
    for (const HeadRows& rows : layer.key) {
        keys.push_back(lengths(rows));
    }
    const std::size_t group = layer.query.size() / layer.key.size();
    Eigen::MatrixXd usage(static_cast<Eigen::Index>(layer.query.size()), keys.front().cols());
    for (std::size_t h = 0; h < layer.query.size(); ++h) {
        usage.row(static_cast<Eigen::Index>(h))
            = lengths(layer.query[h]).cwiseProduct(keys[h / group]).colwise().mean();
    }
    if (!usage.allFinite()) {
        throwFileError(checkpoint.path(),
            u"layer "_s + QString::number(layer.layer)
                + u": |q_i| |k_i| of the given inputs overflows a double (weights or inputs too large)"_s);
    }
    return usage;
}

LayerUsage layerUsage(const Checkpoint& checkpoint, const AttentionWeights& weights, std::size_t index) {
    const LayerHeads& layer = weights.layers.at(index);
    const auto norms = [&](const std::vector<HeadRows>& heads) {
        Eigen::MatrixXd out(static_cast<Eigen::Index>(heads.size()), rotaryDim(layer.pairing) / 2);
        for (std::size_t h = 0; h < heads.size(); ++h) {
            out.row(static_cast<Eigen::Index>(h)) = onHead(checkpoint, heads[h], [&](const HeadBlock& block) {
                return pairOperatorNorms(layer.pairing, block.rows, block.bias);
            }).transpose();
        }
        return out;
    };
    LayerUsage usage;
    usage.layer = layer.layer;
    usage.query = norms(layer.query);
    usage.key = norms(layer.key);
    try {
        usage.product = pairUsageProduct(usage.query, usage.key);
    } catch (const InvalidParameter& error) {
        throwFileError(checkpoint.path(),
            u"layer "_s + QString::number(layer.layer) + u": "_s + QString::fromUtf8(error.what()));
    }
    return usage;
}

} // namespace pecards::app
