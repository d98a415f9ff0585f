#include "common/ropegroups.h"

#include "common/configerror.h"
#include "common/familyrules.h"
#include "common/ropescalingconfig.h"
#include "pecards/modelpositions.h"
#include "pecards/rope.h"

#include <QHash>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

/// One RoPE parameter set as read, before it becomes a group.
struct RopeChoice {
    RopeParams params;
    QString ropeType;
    std::vector<int> mropeSection;
    bool mropeInterleaved = false;
    std::optional<double> llama4ScalingBeta; ///< Ministral 3's query scale, with its L0 below
    std::int64_t originalMax = 0;
};

/// Reads the RoPE groups of one config into the shared parse state.
class RopeGroupReader {
public:
    explicit RopeGroupReader(ConfigParseState& state)
        : m_top(state.top)
        , m_text(state.text)
        , m_family(state.family)
        , m_attnConfig(state.attnConfig)
        , m_keyOf(state.keyOf)
        , m_baseOf(state.baseOf) { }

    void read(ModelConfig& config, const LayerTypes& layers);

private:
    void readRotaryDim(const ModelConfig& config);
    double defaultBase();
    RopeChoice ropeChoice(ModelConfig& config, const std::optional<ConfigReader>& block, bool topOriginalWins,
        double baseFallback, int headDim);
    int groupHeadDim(const ModelConfig& config, const QString& layerType);
    void applyQueryScales(ModelConfig& config, const QHash<QString, RopeChoice>& choices);

    const ConfigReader& m_top;
    const ConfigReader& m_text;
    const QString& m_family;
    const std::optional<ConfigReader>& m_attnConfig;
    QHash<QString, QString>& m_keyOf;
    QHash<QString, QString>& m_baseOf;
    int m_rotaryDim = 0; ///< rotary dimension from the top-level keys; 0 = from the block's factor
    std::optional<double> m_topPartialFactor;
};

void RopeGroupReader::readRotaryDim(const ModelConfig& config) {
    m_topPartialFactor = m_text.number(u"partial_rotary_factor"_s);
    if (m_text.has(u"qk_rope_head_dim"_s)) {
        m_rotaryDim = m_text.positiveInt(u"qk_rope_head_dim"_s, *m_text.integer(u"qk_rope_head_dim"_s));
        m_keyOf.insert(u"rotary_dim"_s, m_text.path(u"qk_rope_head_dim"_s));
    } else if (m_text.has(u"rotary_dim"_s)) {
        m_rotaryDim = m_text.positiveInt(u"rotary_dim"_s, *m_text.integer(u"rotary_dim"_s));
        m_keyOf.insert(u"rotary_dim"_s, m_text.path(u"rotary_dim"_s));
    } else if (!m_topPartialFactor && m_text.has(u"rotary_pct"_s)) {
        m_topPartialFactor = m_text.number(u"rotary_pct"_s);
        m_keyOf.insert(u"rotary_dim"_s, m_text.path(u"rotary_pct"_s));
    } else if (m_topPartialFactor) {
        m_keyOf.insert(u"rotary_dim"_s, m_text.path(u"partial_rotary_factor"_s));
    } else if (m_family == u"chatglm"_s) {
        // `original_rope` is stored by THUDM's RotaryEmbedding (original_impl) and used nowhere:
        // looked at, changes nothing.
        m_text.has(u"original_rope"_s);
        m_rotaryDim = config.headDim / 2;
        m_keyOf.insert(u"rotary_dim"_s, m_text.path(u"kv_channels"_s));
    } else if (m_family == u"glm"_s || m_family == u"glm4"_s) {
        m_topPartialFactor = 0.5;
    }
}

double RopeGroupReader::defaultBase() {
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

RopeChoice RopeGroupReader::ropeChoice(ModelConfig& config, const std::optional<ConfigReader>& block,
    bool topOriginalWins, double baseFallback, int headDim) {
    RopeChoice choice;
    RopeParams& rope = choice.params;
    rope.head_dim = headDim;
    rope.layout = rotatesAdjacentPairs(m_family) ? RopeLayout::Interleaved : RopeLayout::HalfSplit;
    if (readsRopeInterleave(m_family)) {
        if (const std::optional<bool> interleave = m_text.boolean(u"rope_interleave"_s)) {
            rope.layout = *interleave ? RopeLayout::Interleaved : RopeLayout::HalfSplit;
        }
    }
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
int RopeGroupReader::groupHeadDim(const ModelConfig& config, const QString& layerType) {
    if ((m_family == u"gemma4"_s || m_family == u"gemma4_text"_s) && layerType == u"full_attention"_s
        && m_text.has(u"global_head_dim"_s)) {
        const int global = m_text.positiveInt(u"global_head_dim"_s, *m_text.integer(u"global_head_dim"_s));
        m_keyOf.insert(u"head_dim"_s, m_text.path(u"global_head_dim"_s));
        return global;
    }
    return config.headDim;
}

void RopeGroupReader::read(ModelConfig& config, const LayerTypes& layers) {
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

void RopeGroupReader::applyQueryScales(ModelConfig& config, const QHash<QString, RopeChoice>& choices) {
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

} // namespace

void readRopeGroups(ConfigParseState& state, ModelConfig& config, const LayerTypes& layers) {
    RopeGroupReader(state).read(config, layers);
}

} // namespace pecards::app
