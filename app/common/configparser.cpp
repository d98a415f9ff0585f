#include "common/configparser.h"

#include "common/classdefaults.h"
#include "common/configerror.h"
#include "common/configreader.h"
#include "common/configsources.h"
#include "common/familyrules.h"
#include "common/fileerror.h"
#include "common/inputfile.h"
#include "common/layertypes.h"
#include "common/messagetext.h"
#include "common/multimodalconfig.h"
#include "common/ropescalingconfig.h"
#include "pecards/errors.h"
#include "pecards/rope.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <limits>

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

/// One RoPE parameter set as read, before it becomes a group.
struct RopeChoice {
    RopeParams params;
    QString ropeType;
    std::vector<int> mropeSection;
    bool mropeInterleaved = false;
    std::optional<double> llama4ScalingBeta; ///< Ministral 3's query scale, with its L0 below
    std::int64_t originalMax = 0;
};

/// Reads one config; remembers which JSON key fed each engine parameter so that a
/// pecards::validate failure names the key the user can fix.
class Parser {
public:
    Parser(const ConfigReader& top, const ConfigReader& text, QString textKey)
        : m_top(top)
        , m_text(text)
        , m_textKey(std::move(textKey)) { }

    /// @brief The keys withClassDefaults filled, so that sources name them as class defaults.
    void setClassDefaults(const WithDefaults& defaults) { m_defaults = defaults; }

    ModelConfig parse();

private:
    void recordSources(ModelConfig& config, const LayerTypes& layers) const;
    void rejectNonHuggingFace() const;
    void readFamilies(ModelConfig& config) const;
    void readHeads(ModelConfig& config);
    void readRotaryDim(const ModelConfig& config);
    double defaultBase();
    RopeChoice ropeChoice(ModelConfig& config, const std::optional<ConfigReader>& block, bool topOriginalWins,
        double baseFallback, int headDim);
    int groupHeadDim(const ModelConfig& config, const QString& layerType);
    void applyQueryScales(ModelConfig& config, const QHash<QString, RopeChoice>& choices);
    void readRopeGroups(ModelConfig& config, const LayerTypes& layers);
    void readAlibi(ModelConfig& config);
    void readT5(ModelConfig& config);
    void readTransformerXl(ModelConfig& config);
    void singleGroup(ModelConfig& config, const LayerTypes& layers, LayerTreatment treatment) const;
    void validateAll(const ModelConfig& config) const;
    int positiveInt(const ConfigReader& reader, const QString& key, std::int64_t value) const;
    [[noreturn]] void failValidation(const InvalidParameter& error) const;

    const ConfigReader& m_top;
    const ConfigReader& m_text;
    QString m_textKey;
    std::optional<ConfigReader> m_attnConfig; ///< MPT's nested attention block
    QString m_family; ///< the model type whose rules apply (familyOf)
    WithDefaults m_defaults; ///< the class defaults filled into m_text
    QHash<QString, QString> m_baseOf; ///< layer type -> config key its RoPE base came from
    QHash<QString, QString> m_keyOf; ///< engine parameter name -> config key
    int m_rotaryDim = 0; ///< rotary dimension from the top-level keys; 0 = from the block's factor
    std::optional<double> m_topPartialFactor;
};

ModelConfig Parser::parse() {
    rejectNonHuggingFace();
    ModelConfig config;
    config.textConfigKey = m_textKey;
    config.modelType = m_text.string(u"model_type"_s).value_or(*m_top.string(u"model_type"_s));
    m_family = familyOf(config.modelType);
    if (m_family != config.modelType) {
        config.notes.append(u"model_type \""_s + config.modelType + u"\" is read with the rules of \""_s
            + m_family + u"\", as Hugging Face transformers reads it"_s);
    }
    const QString nameOrPath = m_top.string(u"_name_or_path"_s).value_or(QString());
    config.name = !nameOrPath.isEmpty() ? nameOrPath : QFileInfo(m_top.fileName()).completeBaseName();
    m_attnConfig = m_text.object(u"attn_config"_s);
    if (const std::optional<QString> key = m_text.firstPresent(kMaxPositionKeys)) {
        config.maxPositionEmbeddings = *m_text.integer(*key);
        if (config.maxPositionEmbeddings < 1) {
            m_text.fail(*key,
                u"= "_s + QString::number(config.maxPositionEmbeddings) + u" is invalid: must be >= 1"_s);
        }
        m_keyOf.insert(u"max_position_embeddings"_s, m_text.path(*key));
        if (config.maxPositionEmbeddings > kMaxLength) {
            const QString longest = QString::fromStdString(
                formatParamValue(paramSpec(ParamId::Length), static_cast<double>(kMaxLength)));
            config.warnings.append(m_text.path(*key) + u" = "_s
                + QString::number(config.maxPositionEmbeddings) + u" is above "_s + longest + u" = "_s
                + QString::number(kMaxLength)
                + u", the longest sequence PE Cards computes: frequencies and factors use the full value; "
                  "views and lengths stop at "_s
                + longest);
        }
    }
    readFamilies(config);
    readHeads(config);
    const LayerTypes layers = readLayerTypes(m_text, m_family);
    if (layers.numLayers == 0) {
        config.notes.append(u"num_hidden_layers is not given: one layer stands for all layers"_s);
    }
    if (config.usesRope) {
        readRopeGroups(config, layers);
    } else if (config.usesAlibi) {
        readAlibi(config);
        singleGroup(config, layers, LayerTreatment::Alibi);
    } else if (config.usesT5) {
        readT5(config);
        singleGroup(config, layers, LayerTreatment::T5Bias);
        config.notes.append(u"T5 computes the bucket bias in the first layer and reuses it in every layer"_s);
    } else {
        readTransformerXl(config);
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
    for (auto it = m_keyOf.begin(); it != m_keyOf.end(); ++it) {
        // d_model is the relative cards' vector size; for other families it repeats head_dim.
        const bool alias = it.key() == u"d_model"_s && !config.usesT5 && !config.usesTransformerXl;
        if (!alias && (it.key() != u"base"_s || m_baseOf.isEmpty())) {
            used.append({it.key(), it.value()});
        }
    }
    for (auto it = m_baseOf.begin(); it != m_baseOf.end(); ++it) {
        used.append({u"base ("_s + it.key() + u')', it.value()});
    }
    std::sort(used.begin(), used.end());
    config.sources += describeSources(m_top.json(), m_text.path(QString()), used, m_defaults);
}

void Parser::rejectNonHuggingFace() const {
    for (const QString& marker : {u"_extracted_from"_s, u"_format"_s}) {
        if (m_top.has(marker)) {
            m_top.fail(marker,
                u"is present: this file holds values extracted from a non-Hugging Face launch script or "
                "config, not a Hugging Face config.json"_s);
        }
    }
    if (!m_top.has(u"model_type"_s) && !m_text.has(u"model_type"_s)) {
        m_top.fail(u"model_type"_s, u"is missing (needed by every Hugging Face config.json)"_s);
    }
}

void Parser::readFamilies(ModelConfig& config) const {
    const QString& type = m_family;
    const bool mptAlibi = m_attnConfig && m_attnConfig->boolean(u"alibi"_s).value_or(false);
    const bool mptRope = m_attnConfig && m_attnConfig->boolean(u"rope"_s).value_or(false);
    const bool falconAlibi = m_text.boolean(u"alibi"_s).value_or(false);
    const bool namedAlibi = m_text.string(u"position_embedding_type"_s).value_or(QString()) == u"alibi"_s;
    config.usesAlibi = type == u"bloom"_s || mptAlibi || falconAlibi || namedAlibi;
    config.usesT5 = isT5Family(type) || m_text.has(u"relative_attention_num_buckets"_s);
    config.usesTransformerXl = isTransformerXlFamily(type);
    const bool ropeKeys
        = std::any_of(kRopeKeys.begin(), kRopeKeys.end(), [&](const QString& key) { return m_text.has(key); })
        || m_text.boolean(u"rotary"_s).value_or(false);
    config.usesRope = !config.usesAlibi && !config.usesT5 && !config.usesTransformerXl
        && (ropeKeys || mptRope || isRopeFamily(type));
    if (config.usesRope || config.usesAlibi || config.usesT5 || config.usesTransformerXl) {
        return;
    }
    const QString prefix = m_textKey.isEmpty() ? QString() : m_textKey + u'.';
    if (isLearnedFamily(type)) {
        m_top.fail(prefix + u"model_type"_s,
            u"= \""_s + type
                + u"\" uses a learned absolute position table: its values are weights in the checkpoint "
                  "(e.g. wpe.weight, embeddings.position_embeddings.weight), not in config.json; open the "
                  ".safetensors file as a learned table on the Sinusoidal card instead"_s);
    }
    m_top.fail(prefix + u"model_type"_s,
        u"= \""_s + type
            + u"\" is not a family PE Cards knows, and the config has none of the keys that name a "
              "positional encoding it shows (RoPE: "_s
            + kRopeKeys.join(u", "_s)
            + u"; ALiBi: alibi, attn_config.alibi, position_embedding_type; T5: "
              "relative_attention_num_buckets)"_s);
}

int Parser::positiveInt(const ConfigReader& reader, const QString& key, std::int64_t value) const {
    if (value < 1 || value > std::numeric_limits<int>::max()) {
        reader.fail(key, u"= "_s + QString::number(value) + u" is invalid: must be a positive integer"_s);
    }
    return static_cast<int>(value);
}

void Parser::readHeads(ModelConfig& config) {
    const std::optional<QString> headKey = m_text.firstPresent(kHeadKeys);
    if (!headKey) {
        m_text.fail(kHeadKeys.front(),
            u"is missing (needed for the head size and the ALiBi slopes; also looked for: "_s
                + kHeadKeys.mid(1).join(u", "_s) + u')');
    }
    config.heads = positiveInt(m_text, *headKey, *m_text.integer(*headKey));
    m_keyOf.insert(u"heads"_s, m_text.path(*headKey));
    const auto direct = [&](const QString& key, const QString& neededBy) {
        config.headDim = positiveInt(m_text, key, m_text.requiredInteger(key, neededBy));
        m_keyOf.insert(u"head_dim"_s, m_text.path(key));
        m_keyOf.insert(u"d_model"_s, m_text.path(key));
    };
    if (config.usesT5) {
        direct(u"d_kv"_s, u"T5 relative attention"_s);
        return;
    }
    if (config.usesTransformerXl) {
        direct(u"d_head"_s, u"Transformer-XL attention"_s);
        return;
    }
    if (m_text.has(u"qk_rope_head_dim"_s)) {
        // DeepSeek MLA: q/k = [nope part | rope part] (HF DeepseekV2Attention.qk_head_dim).
        const int rope = positiveInt(m_text, u"qk_rope_head_dim"_s, *m_text.integer(u"qk_rope_head_dim"_s));
        const std::int64_t nope = m_text.integer(u"qk_nope_head_dim"_s).value_or(0);
        if (nope < 0) {
            m_text.fail(
                u"qk_nope_head_dim"_s, u"= "_s + QString::number(nope) + u" is invalid: must be >= 0"_s);
        }
        config.headDim = rope + static_cast<int>(nope);
        m_keyOf.insert(u"head_dim"_s, m_text.path(u"qk_nope_head_dim"_s));
        return;
    }
    if (m_family == u"chatglm"_s && m_text.has(u"kv_channels"_s)) {
        direct(u"kv_channels"_s, QString());
        return;
    }
    if (m_text.has(u"head_dim"_s)) {
        direct(u"head_dim"_s, QString());
        return;
    }
    const std::optional<QString> hiddenKey = m_text.firstPresent(kHiddenKeys);
    if (!hiddenKey) {
        m_text.fail(kHiddenKeys.front(),
            u"is missing (needed for the head size hidden_size / "_s + *headKey + u"; also looked for: "_s
                + kHiddenKeys.mid(1).join(u", "_s) + u", head_dim)"_s);
    }
    const int hidden = positiveInt(m_text, *hiddenKey, *m_text.integer(*hiddenKey));
    if (hidden % config.heads != 0) {
        m_text.fail(*hiddenKey,
            u"= "_s + QString::number(hidden) + u" is not a multiple of "_s + *headKey + u" = "_s
                + QString::number(config.heads));
    }
    config.headDim = hidden / config.heads;
    m_keyOf.insert(u"head_dim"_s, m_text.path(*hiddenKey));
}

void Parser::readRotaryDim(const ModelConfig& config) {
    m_topPartialFactor = m_text.number(u"partial_rotary_factor"_s);
    if (m_text.has(u"qk_rope_head_dim"_s)) {
        m_rotaryDim = positiveInt(m_text, u"qk_rope_head_dim"_s, *m_text.integer(u"qk_rope_head_dim"_s));
        m_keyOf.insert(u"rotary_dim"_s, m_text.path(u"qk_rope_head_dim"_s));
    } else if (m_text.has(u"rotary_dim"_s)) {
        m_rotaryDim = positiveInt(m_text, u"rotary_dim"_s, *m_text.integer(u"rotary_dim"_s));
        m_keyOf.insert(u"rotary_dim"_s, m_text.path(u"rotary_dim"_s));
    } else if (!m_topPartialFactor && m_text.has(u"rotary_pct"_s)) {
        m_topPartialFactor = m_text.number(u"rotary_pct"_s);
        m_keyOf.insert(u"rotary_dim"_s, m_text.path(u"rotary_pct"_s));
    } else if (m_topPartialFactor) {
        m_keyOf.insert(u"rotary_dim"_s, m_text.path(u"partial_rotary_factor"_s));
    } else if (m_family == u"chatglm"_s) {
        m_rotaryDim = config.headDim / 2;
        m_keyOf.insert(u"rotary_dim"_s, m_text.path(u"kv_channels"_s));
    } else if (m_family == u"glm"_s || m_family == u"glm4"_s) {
        m_topPartialFactor = 0.5;
    }
}

double Parser::defaultBase() {
    if (fixesBaseAt10000(m_family)) {
        return 10000.0;
    }
    if (m_family == u"chatglm"_s) {
        const double ratio = m_text.number(u"rope_ratio"_s).value_or(1.0);
        m_keyOf.insert(u"base"_s, m_text.path(u"rope_ratio"_s));
        return 10000.0 * ratio;
    }
    if (const std::optional<QString> key = m_text.firstPresent({u"rope_theta"_s, u"rotary_emb_base"_s})) {
        m_keyOf.insert(u"base"_s, m_text.path(*key));
        return *m_text.number(*key);
    }
    if (m_attnConfig && m_attnConfig->has(u"rope_theta"_s)) {
        m_keyOf.insert(u"base"_s, m_attnConfig->path(u"rope_theta"_s));
        return *m_attnConfig->number(u"rope_theta"_s);
    }
    return 10000.0;
}

RopeChoice Parser::ropeChoice(ModelConfig& config, const std::optional<ConfigReader>& block,
    bool topOriginalWins, double baseFallback, int headDim) {
    RopeChoice choice;
    RopeParams& rope = choice.params;
    rope.head_dim = headDim;
    rope.layout = rotatesAdjacentPairs(m_family) ? RopeLayout::Interleaved : RopeLayout::HalfSplit;
    const std::optional<double> blockFactor
        = block ? block->number(u"partial_rotary_factor"_s) : std::nullopt;
    const std::optional<double> factor = m_topPartialFactor ? m_topPartialFactor : blockFactor;
    const QString factorKey = m_topPartialFactor ? m_keyOf.value(u"rotary_dim"_s)
        : blockFactor                            ? block->path(u"partial_rotary_factor"_s)
                                                 : QString();
    int rotary = headDim;
    if (m_rotaryDim > 0) {
        rotary = m_rotaryDim;
    } else if (factor) {
        if (!(*factor > 0.0 && *factor <= 1.0)) {
            throw ConfigError(factorKey,
                m_top.fileName() + u": "_s + factorKey + u" = "_s + QString::number(*factor)
                    + u" is invalid: allowed: (0, 1], the fraction of head_dim that rotates"_s);
        }
        if (!m_topPartialFactor) {
            m_keyOf.insert(u"rotary_dim"_s, factorKey);
        }
        // HF: int(head_dim * partial_rotary_factor).
        rotary = static_cast<int>(headDim * *factor);
    }
    const RopeBlockContext context {m_text, m_family, rotary, config.maxPositionEmbeddings, topOriginalWins};
    const RopeScalingConfig scaling = readRopeScaling(block, context);
    if (scaling.proportional) {
        // v5 `_compute_proportional_rope_parameters`: rope_angles = int(factor * head_dim // 2) pairs
        // of the full-width half-split pairing rotate.
        rope.partial = RopePartial::Proportional;
        rotary = m_rotaryDim > 0 ? m_rotaryDim
                                 : 2 * static_cast<int>(std::floor(factor.value_or(1.0) * headDim / 2));
    }
    if (rotary < 2) {
        const QString key = factorKey.isEmpty() ? m_keyOf.value(u"rotary_dim"_s) : factorKey;
        throw ConfigError(key,
            m_top.fileName() + u": "_s + key + u" = "_s + QString::number(factor.value_or(rotary))
                + u" rotates no pair of head_dim = "_s + QString::number(headDim)
                + u" (int(head_dim * factor) = "_s + QString::number(rotary)
                + u"): Hugging Face computes an empty frequency table; allowed: a factor that rotates at "
                  "least 2 dimensions, >= "_s
                + QString::number(2.0 / headDim));
    }
    rope.rotary_dim = rotary == headDim ? 0 : rotary;
    rope.scaling = scaling.scaling;
    // DeepSeek-V2/V3 attention multiplies its softmax scale by mscale(factor, mscale_all_dim)^2.
    rope.scaling.deepseek_softmax_mscale = m_family == u"deepseek_v2"_s || m_family == u"deepseek_v3"_s;
    rope.base = scaling.ropeTheta.value_or(baseFallback);
    if (scaling.ropeTheta) {
        m_keyOf.insert(u"base"_s, block->path(u"rope_theta"_s));
    }
    choice.ropeType = scaling.ropeType;
    choice.mropeSection = scaling.mropeSection;
    choice.mropeInterleaved = scaling.mropeInterleaved;
    choice.llama4ScalingBeta = scaling.llama4ScalingBeta;
    choice.originalMax = scaling.scaling.original_max_position_embeddings;
    choice.mropeInterleaved = choice.mropeInterleaved || alwaysInterleavesMrope(m_family);
    if (choice.mropeSection.empty()) {
        choice.mropeSection = defaultMropeSection(m_family);
    }
    for (const QString& warning : scaling.warnings) {
        if (!config.warnings.contains(warning)) {
            config.warnings.append(warning);
        }
    }
    if (block) {
        for (const QString& key : {u"factor"_s, u"original_max_position_embeddings"_s, u"beta_fast"_s,
                 u"beta_slow"_s, u"mscale"_s, u"mscale_all_dim"_s, u"attention_factor"_s,
                 u"low_freq_factor"_s, u"high_freq_factor"_s, u"short_factor"_s, u"long_factor"_s}) {
            if (block->has(key)) {
                m_keyOf.insert(key, block->path(key));
            }
        }
        if (!scaling.mropeSection.empty()) {
            m_keyOf.insert(u"mrope_section"_s, block->path(u"mrope_section"_s));
        }
    }
    return choice;
}

/// Gemma 4's full-attention layers use `global_head_dim` (v5 `Gemma4TextAttention`); every other
/// layer type, and every other family, the model's head_dim.
int Parser::groupHeadDim(const ModelConfig& config, const QString& layerType) {
    if ((m_family == u"gemma4"_s || m_family == u"gemma4_text"_s) && layerType == u"full_attention"_s
        && m_text.has(u"global_head_dim"_s)) {
        const int global = positiveInt(m_text, u"global_head_dim"_s, *m_text.integer(u"global_head_dim"_s));
        m_keyOf.insert(u"head_dim"_s, m_text.path(u"global_head_dim"_s));
        return global;
    }
    return config.headDim;
}

void Parser::readRopeGroups(ModelConfig& config, const LayerTypes& layers) {
    readRotaryDim(config);
    const double base = defaultBase();
    // v5 `convert_rope_params_to_dict`: `rope_scaling` wins over `rope_parameters`.
    const QString blockKey = m_text.has(u"rope_scaling"_s) ? u"rope_scaling"_s : u"rope_parameters"_s;
    const std::optional<ConfigReader> block = m_text.object(blockKey);
    QStringList distinctTypes;
    for (const QString& type : layers.types) {
        if (!distinctTypes.contains(type)) {
            distinctTypes.append(type);
        }
    }
    // v5 `standardize_rope_params` case 2: the block's keys are all layer types.
    bool perLayerType = false;
    if (block && m_text.has(u"layer_types"_s) && !block->keys().isEmpty()) {
        const QStringList keys = block->keys();
        perLayerType = std::all_of(
            keys.begin(), keys.end(), [&](const QString& key) { return distinctTypes.contains(key); });
    }
    const bool gemmaLocal
        = !perLayerType && (m_family.startsWith(u"gemma2"_s) || m_family.startsWith(u"gemma3"_s));
    // OLMo 3: `rope_scaling` applies to the full-attention layers only; the sliding layers keep
    // plain RoPE (transformers v4.57 `Olmo3Model` builds a second, unscaled rotary embedding for
    // them; the v5 regression that scaled every layer was reverted by PR #45945, see OLMo-core PR 366).
    const bool scaleFullOnly = !perLayerType && m_family == u"olmo3"_s;

    QHash<QString, RopeChoice> choices;
    const QString topBaseKey = m_keyOf.value(u"base"_s); // "" = the family's fixed default
    for (const QString& type : distinctTypes) {
        if (!isAttentionLayer(type)) {
            continue; // no attention, no positional encoding
        }
        m_keyOf.insert(u"base"_s, topBaseKey);
        const int headDim = groupHeadDim(config, type);
        if (perLayerType) {
            if (!block->has(type)) {
                block->fail(type,
                    u"is missing: layer_types uses \""_s + type
                        + u"\", so the per-layer-type RoPE block needs an entry for it"_s);
            }
            choices.insert(type, ropeChoice(config, block->object(type), false, base, headDim));
        } else if (gemmaLocal && type == u"sliding_attention"_s) {
            // Gemma 2/3 sliding layers: rope_local_base_freq, no scaling (v4.50 Gemma3 rotary_emb_local).
            const double local = m_text.number(u"rope_local_base_freq"_s).value_or(10000.0);
            RopeChoice choice = ropeChoice(config, std::nullopt, true, local, headDim);
            if (m_text.has(u"rope_local_base_freq"_s)) {
                m_keyOf.insert(u"base"_s, m_text.path(u"rope_local_base_freq"_s));
            }
            choices.insert(type, choice);
        } else if (scaleFullOnly && type != u"full_attention"_s) {
            choices.insert(type, ropeChoice(config, std::nullopt, true, base, headDim));
        } else {
            choices.insert(type, ropeChoice(config, block, true, base, headDim));
        }
        m_baseOf.insert(type, m_keyOf.value(u"base"_s));
    }

    ModelPositions& positions = config.positions;
    positions.num_layers = std::max(layers.numLayers, 1);
    for (int i = 0; i < positions.num_layers; ++i) {
        const QString& type = layers.types[i];
        const bool attends = isAttentionLayer(type);
        const bool rope = attends && layers.rope[static_cast<std::size_t>(i)];
        const LayerTreatment treatment = !attends ? LayerTreatment::NoAttention
            : rope                                ? LayerTreatment::Rope
                                                  : LayerTreatment::NoPE;
        auto group = std::find_if(positions.groups.begin(), positions.groups.end(),
            [&](const LayerGroup& g) { return g.name == type.toStdString() && g.treatment == treatment; });
        if (group == positions.groups.end()) {
            LayerGroup created;
            created.name = type.toStdString();
            created.treatment = treatment;
            if (rope) {
                created.rope = choices.value(type).params;
                created.mrope_section = choices.value(type).mropeSection;
                created.mrope_interleaved = choices.value(type).mropeInterleaved;
            }
            created.sliding_window = type == u"sliding_attention"_s ? layers.slidingWindow : 0;
            created.attention_chunk = type == u"chunked_attention"_s ? layers.attentionChunk : 0;
            positions.groups.push_back(created);
            group = positions.groups.end() - 1;
        }
        group->layers.push_back(i);
    }
    // The primary group: RoPE on full attention if the model has it, else the first RoPE group.
    int primary = -1;
    for (int g = 0; g < static_cast<int>(positions.groups.size()); ++g) {
        const LayerGroup& group = positions.groups[static_cast<std::size_t>(g)];
        if (group.treatment != LayerTreatment::Rope) {
            continue;
        }
        if (primary < 0
            || (group.name == "full_attention" && positions.groups[primary].name != "full_attention")) {
            primary = g;
        }
    }
    if (primary < 0) {
        m_text.fail(m_text.has(u"layer_types"_s) ? u"layer_types"_s : u"no_rope_layers"_s,
            u"leaves no attention layer with RoPE (every layer is NoPE or has no attention), so there is no "
            "RoPE to show"_s);
    }
    config.primaryGroup = primary;
    const LayerGroup& chosen = positions.groups[static_cast<std::size_t>(primary)];
    config.rope = chosen.rope;
    config.ropeType = choices.value(QString::fromStdString(chosen.name)).ropeType;
    if (!chosen.mrope_section.empty()) {
        config.notes.append(chosen.mrope_interleaved
                ? u"M-RoPE, interleaved: the rotary pairs take the temporal / height / width position "
                  "streams round-robin (t, h, w, t, h, w, ...; Qwen3-VL) until each stream has its "
                  "mrope_section count; for text all three streams carry the same position, so the "
                  "frequencies are those of default RoPE"_s
                : u"M-RoPE, blocked: the rotary pairs are split into temporal / height / width position "
                  "streams by mrope_section, one block after the other (Qwen2-VL); for text all three "
                  "streams carry the same position, so the frequencies are those of default RoPE"_s);
    }
    for (const LayerGroup& group : positions.groups) {
        if (group.treatment == LayerTreatment::NoAttention) {
            config.notes.append(QString::number(group.layers.size()) + u" layers of type "_s
                + QString::fromStdString(group.name)
                + u" have no attention and so no positional encoding (e.g. Gated DeltaNet, lightning "
                  "attention, convolution or Mamba layers)"_s);
        }
        if (group.rope.partial == RopePartial::Proportional && group.treatment == LayerTreatment::Rope) {
            config.notes.append(u"proportional RoPE on the "_s + QString::fromStdString(group.name)
                + u" layers: the pairs (i, i + head_dim/2) span the whole head of "_s
                + QString::number(group.rope.head_dim) + u"; only the first "_s
                + QString::number(rotatingPairs(group.rope)) + u" pairs (the highest frequencies) rotate"_s);
        }
    }
    applyQueryScales(config, choices);
}

void Parser::applyQueryScales(ModelConfig& config, const QHash<QString, RopeChoice>& choices) {
    ModelPositions& positions = config.positions;
    // Llama 4 query temperature on the NoPE layers (v4.51 Llama4TextAttention applies it where
    // use_rope is false; Llama4TextConfig defaults: on, floor_scale 8192, attn_scale 0.1).
    AttnTemperature temperature;
    temperature.enabled
        = m_text.truthiness(u"attn_temperature_tuning"_s).value_or(m_family.startsWith(u"llama4"_s));
    temperature.floor_scale = m_text.number(u"floor_scale"_s).value_or(temperature.floor_scale);
    temperature.attn_scale = m_text.number(u"attn_scale"_s).value_or(temperature.attn_scale);
    if (temperature.enabled && !(temperature.floor_scale > 0)) {
        m_text.fail(u"floor_scale"_s, u"= "_s + QString::number(temperature.floor_scale) + u" is not > 0"_s);
    }
    bool tuned = false;
    for (LayerGroup& group : positions.groups) {
        if (group.treatment == LayerTreatment::NoPE) {
            group.attn_temperature = temperature;
            tuned = tuned || temperature.enabled;
        }
    }
    if (tuned) {
        config.notes.append(
            u"attn_temperature_tuning: the NoPE layers multiply the query at position p "
            "by log(floor((p + 1) / floor_scale) + 1) * attn_scale + 1 (Llama 4, floor_scale "_s
            + QString::number(temperature.floor_scale) + u", attn_scale "_s
            + QString::number(temperature.attn_scale) + u")"_s);
    }
    // Ministral 3 / Mistral 3 `llama_4_scaling_beta` (v5 `modeling_ministral3.py`,
    // get_llama_4_attn_scale): every attention layer's query x 1 + beta ln(1 + floor(p / L0)),
    // L0 = the block's original_max_position_embeddings, p = the 0-based cache position.
    for (LayerGroup& group : positions.groups) {
        const RopeChoice choice = choices.value(QString::fromStdString(group.name));
        if (group.treatment != LayerTreatment::Rope || !choice.llama4ScalingBeta) {
            continue;
        }
        if (choice.originalMax < 1) {
            m_text.fail(u"rope_parameters.original_max_position_embeddings"_s,
                u"is missing: llama_4_scaling_beta scales the query by steps of it"_s);
        }
        group.attn_temperature
            = {true, static_cast<double>(choice.originalMax), *choice.llama4ScalingBeta, 0};
        const QString note
            = u"llama_4_scaling_beta: every attention layer multiplies the query at position p "
              "by 1 + beta * ln(1 + floor(p / L0)) (Ministral 3, beta "_s
            + QString::number(*choice.llama4ScalingBeta) + u", L0 "_s + QString::number(choice.originalMax)
            + u"): x1 below p = L0, x"_s
            + QString::number(queryScale(group.attn_temperature, choice.originalMax), 'g', 8)
            + u" from p = L0"_s;
        if (!config.notes.contains(note)) {
            config.notes.append(note);
        }
    }
}

void Parser::singleGroup(ModelConfig& config, const LayerTypes& layers, LayerTreatment treatment) const {
    LayerGroup group;
    group.name = layers.types.isEmpty() ? "full_attention" : layers.types.front().toStdString();
    group.treatment = treatment;
    group.alibi = config.alibi;
    group.relative = config.relative;
    config.positions.num_layers = std::max(layers.numLayers, 1);
    for (int i = 0; i < config.positions.num_layers; ++i) {
        group.layers.push_back(i);
    }
    config.positions.groups = {group};
    config.primaryGroup = 0;
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
    relative.num_buckets = positiveInt(m_text, u"relative_attention_num_buckets"_s,
        m_text.integer(u"relative_attention_num_buckets"_s).value_or(relative.num_buckets));
    relative.max_distance = positiveInt(m_text, u"relative_attention_max_distance"_s,
        m_text.integer(u"relative_attention_max_distance"_s).value_or(relative.max_distance));
    m_keyOf.insert(u"num_buckets"_s, m_text.path(u"relative_attention_num_buckets"_s));
    m_keyOf.insert(u"max_distance"_s, m_text.path(u"relative_attention_max_distance"_s));
}

void Parser::readTransformerXl(ModelConfig& config) {
    // HF TransfoXLConfig defaults (v4.35): d_model 1024, n_head 16, d_head 64, tgt_len 128,
    // mem_len 1600, clamp_len 1000.
    TransformerXlConfig& txl = config.transformerXl;
    txl.dModel = positiveInt(m_text, u"d_model"_s, m_text.integer(u"d_model"_s).value_or(1024));
    txl.nHead = config.heads;
    txl.dHead = config.headDim;
    txl.tgtLen = m_text.integer(u"tgt_len"_s).value_or(128);
    txl.memLen = m_text.integer(u"mem_len"_s).value_or(1600);
    txl.clampLen = m_text.integer(u"clamp_len"_s).value_or(1000);
    for (const QString& key : {u"tgt_len"_s, u"mem_len"_s}) {
        if (m_text.integer(key).value_or(0) < 0) {
            m_text.fail(
                key, u"= "_s + QString::number(*m_text.integer(key)) + u" is invalid: must be >= 0"_s);
        }
    }
    RelativeParams& relative = config.relative;
    relative.variant = RelativeVariant::TransformerXL;
    relative.d_model = txl.dModel;
    m_keyOf.insert(u"d_model"_s, m_text.path(u"d_model"_s));
    config.notes.append(u"Transformer-XL: one query segment of tgt_len = "_s + QString::number(txl.tgtLen)
        + u" positions sees klen = tgt_len + mem_len = "_s + QString::number(txl.klen())
        + u" keys; distances beyond clamp_len = "_s + QString::number(txl.clampLen) + u" use R_clamp_len"_s);
}

void Parser::failValidation(const InvalidParameter& error) const {
    // Names may be dotted ("layer_groups[1].scaling.factor"): the last component names the field.
    const QString name = QString::fromStdString(error.name()).section(u'.', -1);
    const QString key = m_keyOf.value(name, name);
    throw ConfigError(key, m_top.fileName() + u": "_s + key + u": "_s + QString::fromUtf8(error.what()));
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
    const ConfigReader textReader(filled.object, fileName, text.reader.path(QString()), top.literals());
    Parser parser(top, textReader, text.key);
    parser.setClassDefaults(filled);
    ModelConfig config = parser.parse();
    config.multimodal = readMultimodalConfig(top);
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
