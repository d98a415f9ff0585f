#include "common/configparser.h"

#include "common/biasfamilies.h"
#include "common/classdefaults.h"
#include "common/configerror.h"
#include "common/configparsestate.h"
#include "common/configreader.h"
#include "common/configsources.h"
#include "common/familyrules.h"
#include "common/layertypes.h"
#include "common/messagetext.h"
#include "common/multimodalconfig.h"
#include "common/ropegroups.h"
#include "common/unreadkeys.h"
#include "pecards/errors.h"

#include <QFileInfo>
#include <QStringList>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

const QStringList kRopeKeys {u"rope_theta"_s, u"rope_scaling"_s, u"rope_parameters"_s, u"rotary_dim"_s,
    u"rotary_pct"_s, u"partial_rotary_factor"_s, u"rotary_emb_base"_s, u"qk_rope_head_dim"_s};
const QStringList kHeadKeys {u"num_attention_heads"_s, u"n_head"_s, u"n_heads"_s, u"num_heads"_s};
const QStringList kHiddenKeys {u"hidden_size"_s, u"n_embd"_s, u"d_model"_s};
const QStringList kMaxPositionKeys {
    u"max_position_embeddings"_s, u"n_positions"_s, u"max_seq_len"_s, u"seq_length"_s};
const QStringList kTextConfigKeys {u"text_config"_s, u"llm_config"_s, u"language_config"_s};
/// Omni models nest the language model one level deeper (Qwen2.5-Omni, Qwen3-Omni:
/// `thinker_config.text_config`).
const QString kThinkerKey = u"thinker_config"_s;

/// The language model's part of a config: the nested text config, or the file itself.
struct TextPart {
    ConfigReader reader;
    QString key;
};

TextPart textPart(const ConfigReader& top) {
    const std::optional<ConfigReader> thinker = top.object(kThinkerKey);
    const ConfigReader& outer = thinker ? *thinker : top;
    const QString prefix = thinker ? kThinkerKey + u'.' : QString();
    for (const QString& key : kTextConfigKeys) {
        if (std::optional<ConfigReader> nested = outer.object(key)) {
            return {*nested, prefix + key};
        }
    }
    return {outer, thinker ? kThinkerKey : QString()};
}

/// Reads one config; remembers which JSON key fed each engine parameter so that a
/// pecards::validate failure names the key the user can fix.
class Parser {
public:
    Parser(const ConfigReader& top, const ConfigReader& text, QString textKey)
        : m_state {top, text, std::move(textKey), {}, {}, {}, {}} { }

    /// @brief The keys withClassDefaults filled, so that sources name them as class defaults.
    void setClassDefaults(const WithDefaults& defaults) { m_defaults = defaults; }

    ModelConfig parse();

private:
    void recordSources(ModelConfig& config, const LayerTypes& layers) const;
    void rejectNonHuggingFace() const;
    void readFamilies(ModelConfig& config) const;
    void readHeads(ModelConfig& config);
    void readProjectionShape(ModelConfig& config) const;
    void validateAll(const ModelConfig& config) const;
    [[noreturn]] void failValidation(const InvalidParameter& error) const;

    ConfigParseState m_state;
    WithDefaults m_defaults; ///< the class defaults filled into the text part
};

ModelConfig Parser::parse() {
    rejectNonHuggingFace();
    ModelConfig config;
    config.textConfigKey = m_state.textKey;
    config.modelType = m_state.text.string(u"model_type"_s).value_or(*m_state.top.string(u"model_type"_s));
    m_state.family = familyOf(config.modelType);
    if (!isKnownFamily(m_state.family)) {
        config.warnings.append(u"model_type \""_s + config.modelType
            + u"\" is not a family PE Cards knows: its keys are read with the generic rules (RoPE: "
              "half-split pairs as in Llama, rope_theta, rope_scaling); what its own modeling code does "
              "differently is not shown"_s);
    }
    if (m_state.family != config.modelType) {
        config.notes.append(u"model_type \""_s + config.modelType + u"\" is read with the rules of \""_s
            + m_state.family + u"\", as Hugging Face transformers reads it"_s);
    }
    const QString nameOrPath = m_state.top.string(u"_name_or_path"_s).value_or(QString());
    config.name = !nameOrPath.isEmpty() ? nameOrPath : QFileInfo(m_state.top.fileName()).completeBaseName();
    m_state.attnConfig = m_state.text.object(u"attn_config"_s);
    if (const std::optional<QString> key = m_state.text.firstPresent(kMaxPositionKeys)) {
        config.maxPositionEmbeddings = *m_state.text.integer(*key);
        if (config.maxPositionEmbeddings < 1) {
            m_state.text.fail(*key,
                u"= "_s + QString::number(config.maxPositionEmbeddings) + u" is invalid: must be >= 1"_s);
        }
        m_state.keyOf.insert(u"max_position_embeddings"_s, m_state.text.path(*key));
        if (config.maxPositionEmbeddings > kMaxLength) {
            const QString longest = QString::fromStdString(
                formatParamValue(paramSpec(ParamId::Length), static_cast<double>(kMaxLength)));
            config.warnings.append(m_state.text.path(*key) + u" = "_s
                + QString::number(config.maxPositionEmbeddings) + u" is above "_s + longest + u" = "_s
                + QString::number(kMaxLength)
                + u", the longest sequence PE Cards computes: frequencies and factors use the full value; "
                  "views and lengths stop at "_s
                + longest);
        }
    }
    readFamilies(config);
    readHeads(config);
    readProjectionShape(config);
    const LayerTypes layers = readLayerTypes(m_state.text, m_state.family);
    if (layers.numLayers == 0) {
        config.notes.append(u"num_hidden_layers is not given: one layer stands for all layers"_s);
    }
    if (config.usesRope) {
        readRopeGroups(m_state, config, layers);
    } else if (config.usesAlibi) {
        readAlibi(m_state, config);
        singleGroup(config, layers, LayerTreatment::Alibi);
    } else if (config.usesT5) {
        readT5(m_state, config);
        singleGroup(config, layers, LayerTreatment::T5Bias);
        config.notes.append(u"T5 computes the bucket bias in the first layer and reuses it in every layer"_s);
    } else {
        readTransformerXl(m_state, config);
        singleGroup(config, layers, LayerTreatment::TransformerXL);
    }
    validateAll(config);
    recordSources(config, layers);
    return config;
}

void Parser::recordSources(ModelConfig& config, const LayerTypes& layers) const {
    if (!layers.source.isEmpty()) {
        config.sources.append({u"layer_types"_s, layers.source});
    }
    QList<std::pair<QString, QString>> used;
    for (auto it = m_state.keyOf.begin(); it != m_state.keyOf.end(); ++it) {
        // d_model is the relative cards' vector size; for other families it repeats head_dim.
        const bool alias = it.key() == u"d_model"_s && !config.usesT5 && !config.usesTransformerXl;
        if (!alias && (it.key() != u"base"_s || m_state.baseOf.isEmpty())) {
            used.append({it.key(), it.value()});
        }
    }
    for (auto it = m_state.baseOf.begin(); it != m_state.baseOf.end(); ++it) {
        used.append({u"base ("_s + it.key() + u')', it.value()});
    }
    std::sort(used.begin(), used.end());
    config.sources += describeSources(m_state.top.json(), m_state.text.path(QString()), used, m_defaults);
}

void Parser::rejectNonHuggingFace() const {
    for (const QString& marker : {u"_extracted_from"_s, u"_format"_s}) {
        if (m_state.top.has(marker)) {
            m_state.top.fail(marker,
                u"is present: this file holds values extracted from a non-Hugging Face launch script or "
                "config, not a Hugging Face config.json"_s);
        }
    }
    if (!m_state.top.has(u"model_type"_s) && !m_state.text.has(u"model_type"_s)) {
        m_state.top.fail(u"model_type"_s, u"is missing (needed by every Hugging Face config.json)"_s);
    }
}

void Parser::readFamilies(ModelConfig& config) const {
    const QString& type = m_state.family;
    const bool mptAlibi = m_state.attnConfig && m_state.attnConfig->boolean(u"alibi"_s).value_or(false);
    const bool mptRope = m_state.attnConfig && m_state.attnConfig->boolean(u"rope"_s).value_or(false);
    const bool falconAlibi = m_state.text.boolean(u"alibi"_s).value_or(false);
    const bool namedAlibi
        = m_state.text.string(u"position_embedding_type"_s).value_or(QString()) == u"alibi"_s;
    config.usesAlibi = type == u"bloom"_s || mptAlibi || falconAlibi || namedAlibi;
    config.usesT5 = isT5Family(type) || m_state.text.has(u"relative_attention_num_buckets"_s);
    config.usesTransformerXl = isTransformerXlFamily(type);
    const bool rotaryFlag = m_state.text.boolean(u"rotary"_s).value_or(false); // GPT-J's "rotary": true
    const bool ropeKeys = rotaryFlag
        || std::any_of(
            kRopeKeys.begin(), kRopeKeys.end(), [&](const QString& key) { return m_state.text.has(key); });
    config.usesRope = !config.usesAlibi && !config.usesT5 && !config.usesTransformerXl
        && (ropeKeys || mptRope || isRopeFamily(type));
    if (config.usesRope || config.usesAlibi || config.usesT5 || config.usesTransformerXl) {
        return;
    }
    const QString prefix = m_state.textKey.isEmpty() ? QString() : m_state.textKey + u'.';
    if (isLearnedFamily(type)) {
        m_state.top.fail(prefix + u"model_type"_s,
            u"= \""_s + type
                + u"\" uses a learned absolute position table: its values are weights in the checkpoint "
                  "(e.g. wpe.weight, embeddings.position_embeddings.weight), not in config.json; open the "
                  ".safetensors file as a learned table on the Sinusoidal card instead"_s);
    }
    m_state.top.fail(prefix + u"model_type"_s,
        u"= \""_s + type
            + u"\" is not a family PE Cards knows, and the config has none of the keys that name a "
              "positional encoding it shows (RoPE: "_s
            + kRopeKeys.join(u", "_s)
            + u"; ALiBi: alibi, attn_config.alibi, position_embedding_type; T5: "
              "relative_attention_num_buckets)"_s);
}

void Parser::readHeads(ModelConfig& config) {
    const std::optional<QString> headKey = m_state.text.firstPresent(kHeadKeys);
    if (!headKey) {
        m_state.text.fail(kHeadKeys.front(),
            u"is missing (needed for the head size and the ALiBi slopes; also looked for: "_s
                + kHeadKeys.mid(1).join(u", "_s) + u')');
    }
    config.heads = m_state.text.positiveInt(*headKey, *m_state.text.integer(*headKey));
    m_state.keyOf.insert(u"heads"_s, m_state.text.path(*headKey));
    const auto direct = [&](const QString& key, const QString& neededBy) {
        config.headDim = m_state.text.positiveInt(key, m_state.text.requiredInteger(key, neededBy));
        m_state.keyOf.insert(u"head_dim"_s, m_state.text.path(key));
        m_state.keyOf.insert(u"d_model"_s, m_state.text.path(key));
    };
    if (config.usesT5) {
        direct(u"d_kv"_s, u"T5 relative attention"_s);
        return;
    }
    if (config.usesTransformerXl) {
        direct(u"d_head"_s, u"Transformer-XL attention"_s);
        return;
    }
    if (m_state.text.has(u"qk_rope_head_dim"_s)) {
        // DeepSeek MLA: q/k = [nope part | rope part] (HF DeepseekV2Attention.qk_head_dim).
        const int rope
            = m_state.text.positiveInt(u"qk_rope_head_dim"_s, *m_state.text.integer(u"qk_rope_head_dim"_s));
        const std::int64_t nope = m_state.text.integer(u"qk_nope_head_dim"_s).value_or(0);
        if (nope < 0) {
            m_state.text.fail(
                u"qk_nope_head_dim"_s, u"= "_s + QString::number(nope) + u" is invalid: must be >= 0"_s);
        }
        config.headDim = rope + static_cast<int>(nope);
        m_state.keyOf.insert(u"head_dim"_s, m_state.text.path(u"qk_nope_head_dim"_s));
        return;
    }
    if (m_state.family == u"chatglm"_s && m_state.text.has(u"kv_channels"_s)) {
        direct(u"kv_channels"_s, QString());
        return;
    }
    if (m_state.text.has(u"head_dim"_s)) {
        direct(u"head_dim"_s, QString());
        return;
    }
    const std::optional<QString> hiddenKey = m_state.text.firstPresent(kHiddenKeys);
    if (!hiddenKey) {
        m_state.text.fail(kHiddenKeys.front(),
            u"is missing (needed for the head size hidden_size / "_s + *headKey + u"; also looked for: "_s
                + kHiddenKeys.mid(1).join(u", "_s) + u", head_dim)"_s);
    }
    const int hidden = m_state.text.positiveInt(*hiddenKey, *m_state.text.integer(*hiddenKey));
    if (hidden % config.heads != 0) {
        m_state.text.fail(*hiddenKey,
            u"= "_s + QString::number(hidden) + u" is not a multiple of "_s + *headKey + u" = "_s
                + QString::number(config.heads));
    }
    config.headDim = hidden / config.heads;
    m_state.keyOf.insert(u"head_dim"_s, m_state.text.path(*hiddenKey));
}

void Parser::readProjectionShape(ModelConfig& config) const {
    const ConfigReader& text = m_state.text;
    const auto count = [&](const QString& key) { // 0 when absent, null or 0 (DeepSeek-V2-Lite's q_lora_rank)
        const std::int64_t value = text.integer(key).value_or(0);
        return value == 0 ? 0 : text.positiveInt(key, value);
    };
    ProjectionShape& shape = config.projection;
    shape.kvHeads = count(u"num_key_value_heads"_s);
    if (shape.kvHeads == 0) {
        shape.kvHeads = count(u"num_kv_heads"_s);
    }
    if (shape.kvHeads == 0) {
        shape.kvHeads = m_state.family == u"falcon"_s && text.boolean(u"multi_query"_s).value_or(false)
            ? 1
            : config.heads;
    }
    if (const std::optional<QString> hiddenKey = text.firstPresent(kHiddenKeys)) {
        shape.hidden = count(*hiddenKey);
    }
    shape.qLoraRank = count(u"q_lora_rank"_s);
    shape.kvLoraRank = count(u"kv_lora_rank"_s);
    shape.qkNopeHeadDim = count(u"qk_nope_head_dim"_s);
    shape.qkRopeHeadDim = count(u"qk_rope_head_dim"_s);
}

void Parser::failValidation(const InvalidParameter& error) const {
    // Names may be dotted ("layer_groups[1].scaling.factor"): the last component names the field.
    const QString name = QString::fromStdString(error.name()).section(u'.', -1);
    const QString key = m_state.keyOf.value(name, name);
    throw ConfigError(
        key, m_state.top.fileName() + u": "_s + key + u": "_s + QString::fromUtf8(error.what()));
}

void Parser::validateAll(const ModelConfig& config) const {
    try {
        pecards::validate(config.positions);
    } catch (const InvalidParameter& error) {
        failValidation(error);
    }
}

} // namespace

ModelConfig parseConfigObject(
    const QJsonObject& object, const QString& fileName, std::shared_ptr<const NumberLiterals> literals) {
    const ConfigReader top(object, fileName, QString(), std::move(literals));
    const TextPart text = textPart(top);
    // Keys the file leaves out take the config class's defaults, as transformers loads them.
    const QString modelType
        = text.reader.string(u"model_type"_s).value_or(top.string(u"model_type"_s).value_or(QString()));
    const WithDefaults filled = withClassDefaults(text.reader.json(), familyOf(modelType));
    const ConfigReader textReader(
        filled.object, fileName, text.reader.path(QString()), top.literals(), top.readLog());
    Parser parser(top, textReader, text.key);
    parser.setClassDefaults(filled);
    ModelConfig config = parser.parse();
    config.multimodal = readMultimodalConfig(top);
    config.visionTower = readVisionTower(top);
    const QStringList unread = unreadPositionKeys(object, text.key, *top.readLog());
    if (!unread.isEmpty()) {
        config.warnings.append(u"not read by PE Cards: "_s + unread.join(u", "_s)
            + u" (the names concern positions, but PE Cards has no rule for them in this model: a "
              "misspelt key is ignored by transformers too; a key only a family's own code reads is not "
              "shown)"_s);
    }
    for (QString& line : config.warnings) {
        line = elidedMessage(line); // a warning may list every unknown key of the file
    }
    if (!filled.filled.isEmpty()) {
        config.notes.prepend(u"not in the file, taken from the defaults of "_s + filled.configClass + u": "_s
            + filled.filled.join(u", "_s));
    }
    return config;
}

} // namespace pecards::app
