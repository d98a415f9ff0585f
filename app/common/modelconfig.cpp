#include "common/modelconfig.h"

#include "common/configerror.h"
#include "common/configreader.h"
#include "common/fileerror.h"
#include "common/inputfile.h"
#include "common/ropescalingconfig.h"
#include "pecards/errors.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStringList>
#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

/// model_type values of RoPE families whose configs may carry no rotary key at all (LLaMA 1).
const QStringList kRopeModelTypes {u"llama"_s, u"mistral"_s, u"mixtral"_s, u"qwen2"_s, u"qwen2_moe"_s,
    u"qwen3"_s, u"qwen3_moe"_s, u"gemma"_s, u"gemma2"_s, u"phi"_s, u"phi3"_s, u"gpt_neox"_s, u"gptj"_s,
    u"codegen"_s, u"falcon"_s, u"stablelm"_s, u"starcoder2"_s, u"deepseek_v2"_s, u"deepseek_v3"_s, u"olmo"_s,
    u"olmo2"_s, u"cohere"_s, u"internlm2"_s, u"persimmon"_s, u"granite"_s};
/// Families whose reference code rotates adjacent pairs (x_2i, x_2i+1).
const QStringList kInterleavedModelTypes {
    u"gptj"_s, u"codegen"_s, u"deepseek_v2"_s, u"deepseek_v3"_s, u"cohere"_s};
/// Families whose reference code fixes the RoPE base at 10000 (no config key).
const QStringList kFixedBaseModelTypes {u"gptj"_s, u"codegen"_s};
const QStringList kT5ModelTypes {u"t5"_s, u"mt5"_s, u"umt5"_s, u"longt5"_s, u"switch_transformers"_s};
const QStringList kRopeKeys {u"rope_theta"_s, u"rope_scaling"_s, u"rope_parameters"_s, u"rotary_dim"_s,
    u"rotary_pct"_s, u"partial_rotary_factor"_s, u"rotary_emb_base"_s, u"qk_rope_head_dim"_s};
const QStringList kHeadKeys {u"num_attention_heads"_s, u"n_head"_s, u"n_heads"_s, u"num_heads"_s};
const QStringList kHiddenKeys {u"hidden_size"_s, u"n_embd"_s, u"d_model"_s};
const QStringList kMaxPositionKeys {
    u"max_position_embeddings"_s, u"n_positions"_s, u"max_seq_len"_s, u"seq_length"_s};

/// Reads one config; remembers which JSON key fed each engine parameter so that a
/// pecards::validate failure names the key the user can fix.
class Parser {
public:
    explicit Parser(const ConfigReader& top)
        : m_top(top) { }

    ModelConfig parse();

private:
    void rejectNonHuggingFace() const;
    void readFamilies(ModelConfig& config) const;
    void readHeads(ModelConfig& config);
    void readRope(ModelConfig& config);
    void readAlibi(ModelConfig& config);
    void readT5(ModelConfig& config);
    void validateCards(const ModelConfig& config) const;
    int positiveInt(const QString& key, std::int64_t value) const;

    const ConfigReader& m_top;
    std::optional<ConfigReader> m_attnConfig; ///< MPT's nested attention block
    QHash<QString, QString> m_keyOf; ///< engine parameter name -> config key
};

ModelConfig Parser::parse() {
    rejectNonHuggingFace();
    ModelConfig config;
    config.modelType = *m_top.string(u"model_type"_s);
    const QString nameOrPath = m_top.string(u"_name_or_path"_s).value_or(QString());
    config.name = !nameOrPath.isEmpty() ? nameOrPath
        : !config.modelType.isEmpty()   ? config.modelType
                                        : QFileInfo(m_top.fileName()).completeBaseName();
    m_attnConfig = m_top.object(u"attn_config"_s);
    if (const std::optional<QString> key = m_top.firstPresent(kMaxPositionKeys)) {
        config.maxPositionEmbeddings = *m_top.integer(*key);
        m_keyOf.insert(u"max_position_embeddings"_s, *key);
    }
    readFamilies(config);
    readHeads(config);
    if (config.usesRope) {
        readRope(config);
    }
    if (config.usesAlibi) {
        readAlibi(config);
    }
    if (config.usesT5) {
        readT5(config);
    }
    validateCards(config);
    return config;
}

void Parser::rejectNonHuggingFace() const {
    for (const QString& marker : {u"_extracted_from"_s, u"_format"_s}) {
        if (m_top.has(marker)) {
            m_top.fail(marker,
                u"is present: this file holds values extracted from a non-Hugging Face launch script or "
                "config, not a Hugging Face config.json"_s);
        }
    }
    if (!m_top.has(u"model_type"_s)) {
        m_top.fail(u"model_type"_s, u"is missing (needed by every Hugging Face config.json)"_s);
    }
}

void Parser::readFamilies(ModelConfig& config) const {
    const QString& type = config.modelType;
    const bool mptAlibi = m_attnConfig && m_attnConfig->boolean(u"alibi"_s).value_or(false);
    const bool mptRope = m_attnConfig && m_attnConfig->boolean(u"rope"_s).value_or(false);
    const bool falconAlibi = m_top.boolean(u"alibi"_s).value_or(false);
    const bool namedAlibi = m_top.string(u"position_embedding_type"_s).value_or(QString()) == u"alibi"_s;
    config.usesAlibi = type == u"bloom"_s || mptAlibi || falconAlibi || namedAlibi;
    config.usesT5 = kT5ModelTypes.contains(type) || m_top.has(u"relative_attention_num_buckets"_s);
    const bool ropeKeys
        = std::any_of(kRopeKeys.begin(), kRopeKeys.end(), [&](const QString& key) { return m_top.has(key); })
        || m_top.boolean(u"rotary"_s).value_or(false);
    config.usesRope
        = !config.usesAlibi && !config.usesT5 && (ropeKeys || mptRope || kRopeModelTypes.contains(type));
    if (!config.usesRope && !config.usesAlibi && !config.usesT5) {
        m_top.fail(u"model_type"_s,
            u"= \""_s + type
                + u"\" uses no positional encoding PE Cards shows (no RoPE, ALiBi or T5 relative-attention keys)"_s);
    }
}

int Parser::positiveInt(const QString& key, std::int64_t value) const {
    if (value < 1 || value > std::numeric_limits<int>::max()) {
        m_top.fail(key, u"= "_s + QString::number(value) + u" is invalid: must be a positive integer"_s);
    }
    return static_cast<int>(value);
}

void Parser::readHeads(ModelConfig& config) {
    const std::optional<QString> headKey = m_top.firstPresent(kHeadKeys);
    if (!headKey) {
        m_top.fail(kHeadKeys.front(),
            u"is missing (needed for the head size and the ALiBi slopes; also looked for: "_s
                + kHeadKeys.mid(1).join(u", "_s) + u')');
    }
    config.heads = positiveInt(*headKey, *m_top.integer(*headKey));
    m_keyOf.insert(u"heads"_s, *headKey);
    if (config.usesT5) {
        config.headDim = positiveInt(u"d_kv"_s, m_top.requiredInteger(u"d_kv"_s, u"T5 relative attention"_s));
        m_keyOf.insert(u"d_model"_s, u"d_kv"_s);
        return;
    }
    if (m_top.has(u"head_dim"_s)) {
        config.headDim = positiveInt(u"head_dim"_s, *m_top.integer(u"head_dim"_s));
        m_keyOf.insert(u"head_dim"_s, u"head_dim"_s);
        return;
    }
    const std::optional<QString> hiddenKey = m_top.firstPresent(kHiddenKeys);
    if (!hiddenKey) {
        m_top.fail(kHiddenKeys.front(),
            u"is missing (needed for the head size hidden_size / "_s + *headKey + u"; also looked for: "_s
                + kHiddenKeys.mid(1).join(u", "_s) + u", head_dim)"_s);
    }
    const int hidden = positiveInt(*hiddenKey, *m_top.integer(*hiddenKey));
    if (hidden % config.heads != 0) {
        m_top.fail(*hiddenKey,
            u"= "_s + QString::number(hidden) + u" is not a multiple of "_s + *headKey + u" = "_s
                + QString::number(config.heads));
    }
    config.headDim = hidden / config.heads;
    m_keyOf.insert(u"head_dim"_s, *hiddenKey);
}

void Parser::readRope(ModelConfig& config) {
    RopeParams& rope = config.rope;
    rope.head_dim = config.headDim;
    int rotary = config.headDim;
    if (m_top.has(u"qk_rope_head_dim"_s)) {
        rotary = positiveInt(u"qk_rope_head_dim"_s, *m_top.integer(u"qk_rope_head_dim"_s));
        m_keyOf.insert(u"rotary_dim"_s, u"qk_rope_head_dim"_s);
    } else if (m_top.has(u"rotary_dim"_s)) {
        rotary = positiveInt(u"rotary_dim"_s, *m_top.integer(u"rotary_dim"_s));
        m_keyOf.insert(u"rotary_dim"_s, u"rotary_dim"_s);
    } else if (const std::optional<QString> key
        = m_top.firstPresent({u"partial_rotary_factor"_s, u"rotary_pct"_s})) {
        // HF: int(head_dim * partial_rotary_factor), GPT-NeoX: int(head_size * rotary_pct).
        rotary = static_cast<int>(config.headDim * *m_top.number(*key));
        m_keyOf.insert(u"rotary_dim"_s, *key);
    }
    rope.rotary_dim = rotary == config.headDim ? 0 : rotary;
    rope.layout
        = kInterleavedModelTypes.contains(config.modelType) ? RopeLayout::Interleaved : RopeLayout::HalfSplit;

    // transformers v5 keeps theta and the scaling keys in one `rope_parameters` block.
    const std::optional<ConfigReader> parameters = m_top.object(u"rope_parameters"_s);
    const std::optional<ConfigReader> scalingBlock
        = parameters ? parameters : m_top.object(u"rope_scaling"_s);
    if (kFixedBaseModelTypes.contains(config.modelType)) {
        rope.base = 10000.0;
    } else if (parameters && parameters->has(u"rope_theta"_s)) {
        rope.base = *parameters->number(u"rope_theta"_s);
        m_keyOf.insert(u"base"_s, parameters->path(u"rope_theta"_s));
    } else if (const std::optional<QString> key
        = m_top.firstPresent({u"rope_theta"_s, u"rotary_emb_base"_s})) {
        rope.base = *m_top.number(*key);
        m_keyOf.insert(u"base"_s, *key);
    } else if (m_attnConfig && m_attnConfig->has(u"rope_theta"_s)) {
        rope.base = *m_attnConfig->number(u"rope_theta"_s);
        m_keyOf.insert(u"base"_s, m_attnConfig->path(u"rope_theta"_s));
    }
    const RopeScalingConfig scaling
        = readRopeScaling(scalingBlock, m_top, rotary, config.maxPositionEmbeddings);
    rope.scaling = scaling.scaling;
    config.ropeType = scaling.ropeType;
    if (scalingBlock) {
        for (const QString& key : {u"factor"_s, u"original_max_position_embeddings"_s, u"beta_fast"_s,
                 u"beta_slow"_s, u"mscale"_s, u"mscale_all_dim"_s, u"attention_factor"_s,
                 u"low_freq_factor"_s, u"high_freq_factor"_s, u"short_factor"_s, u"long_factor"_s}) {
            m_keyOf.insert(key, scalingBlock->path(key));
        }
    }
}

void Parser::readAlibi(ModelConfig& config) {
    AlibiParams& alibi = config.alibi;
    alibi.heads = config.heads;
    alibi.head = 0;
    alibi.head_dim = config.headDim;
    if (m_attnConfig && m_attnConfig->has(u"alibi_bias_max"_s)) {
        alibi.alibi_bias_max = *m_attnConfig->number(u"alibi_bias_max"_s);
        m_keyOf.insert(u"alibi_bias_max"_s, m_attnConfig->path(u"alibi_bias_max"_s));
    }
}

void Parser::readT5(ModelConfig& config) {
    RelativeParams& relative = config.relative;
    relative.variant = RelativeVariant::T5;
    relative.d_model = config.headDim;
    relative.bidirectional = true;
    // HF T5Config defaults (older checkpoints lack the max_distance key).
    relative.num_buckets = positiveInt(u"relative_attention_num_buckets"_s,
        m_top.integer(u"relative_attention_num_buckets"_s).value_or(relative.num_buckets));
    relative.max_distance = positiveInt(u"relative_attention_max_distance"_s,
        m_top.integer(u"relative_attention_max_distance"_s).value_or(relative.max_distance));
    m_keyOf.insert(u"num_buckets"_s, u"relative_attention_num_buckets"_s);
    m_keyOf.insert(u"max_distance"_s, u"relative_attention_max_distance"_s);
}

void Parser::validateCards(const ModelConfig& config) const {
    for (const Card card : config.cards()) {
        CardParams params;
        params.card = card;
        config.applyTo(params);
        try {
            pecards::validate(params);
        } catch (const InvalidParameter& error) {
            // Names may be dotted ("scaling.factor"): the last component names the field.
            const QString name = QString::fromStdString(error.name()).section(u'.', -1);
            const QString key = m_keyOf.value(name, name);
            throw ConfigError(
                key, m_top.fileName() + u": "_s + key + u": "_s + QString::fromUtf8(error.what()));
        }
    }
}

} // namespace

std::vector<Card> ModelConfig::cards() const {
    std::vector<Card> result;
    if (usesRope) {
        result.push_back(Card::Rope);
    }
    if (usesAlibi) {
        result.push_back(Card::Alibi);
    }
    if (usesT5) {
        result.push_back(Card::Relative);
    }
    return result;
}

void ModelConfig::applyTo(CardParams& params) const {
    if (usesRope) {
        params.rope = rope;
    }
    if (usesAlibi) {
        params.alibi = alibi;
    }
    if (usesT5) {
        params.relative = relative;
    }
}

ModelConfig parseModelConfig(const QByteArray& json, const QString& fileName) {
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        throw ConfigError(QString(),
            fileName + u": not valid JSON ("_s + parseError.errorString() + u" at byte "_s
                + QString::number(parseError.offset) + u')');
    }
    if (!document.isObject()) {
        throw ConfigError(QString(), fileName + u": not a JSON object, so not a Hugging Face config.json"_s);
    }
    const ConfigReader top(document.object(), fileName);
    return Parser(top).parse();
}

ModelConfig readModelConfig(const QString& path) {
    QByteArray json;
    try {
        json = readInputFile(path, kMaxJsonFileBytes);
    } catch (const FileError& error) {
        throw ConfigError(QString(), QString::fromStdString(error.what()));
    }
    ModelConfig config = parseModelConfig(json, QFileInfo(path).fileName());
    config.filePath = path;
    return config;
}

} // namespace pecards::app
