#include "common/layertypes.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

const QString kFull = u"full_attention"_s;
const QString kSliding = u"sliding_attention"_s;
const QString kChunked = u"chunked_attention"_s;

/// HF v5 `configuration_utils.ALLOWED_LAYER_TYPES` split by whether the layer attends.
const QStringList kAttentionTypes {kFull, kSliding, kChunked, u"compressed_sparse_attention"_s,
    u"heavily_compressed_attention"_s, u"minimax_m3_sparse"_s, u"deepseek_sparse_attention"_s, u"hybrid"_s,
    u"hybrid_sliding"_s};
const QString kLinear = u"linear_attention"_s;
const QStringList kNoAttentionTypes {kLinear, u"conv"_s, u"moe"_s};

const QStringList kLayerCountKeys {u"num_hidden_layers"_s, u"n_layer"_s, u"num_layers"_s, u"n_layers"_s};
const QStringList kQwen2Types {
    u"qwen2"_s, u"qwen2_moe"_s, u"qwen2_vl"_s, u"qwen2_5_vl"_s, u"qwen3"_s, u"qwen3_moe"_s};

std::int64_t nonNegative(const ConfigReader& config, const QString& key) {
    const std::int64_t value = config.integer(key).value_or(0);
    if (value < 0) {
        config.fail(key, u"= "_s + QString::number(value) + u" is invalid: must be >= 0 (or null)"_s);
    }
    return value;
}

/// A per-layer list must have one entry per layer.
void checkPerLayer(const ConfigReader& config, const QString& key, std::size_t size, int numLayers) {
    if (static_cast<int>(size) != numLayers) {
        config.fail(key,
            u"has "_s + QString::number(size) + u" entries but the model has "_s + QString::number(numLayers)
                + u" layers (Hugging Face raises on this)"_s);
    }
}

/// A per-layer list of 0/1 flags (`no_rope_layers`, `attn_type_list`) as booleans (1 = true).
std::vector<bool> perLayerFlags(
    const ConfigReader& config, const QString& key, int numLayers, const QString& zero, const QString& one) {
    const std::vector<double> list = config.numberList(key).value_or(std::vector<double>());
    checkPerLayer(config, key, list.size(), numLayers);
    std::vector<bool> flags;
    for (int i = 0; i < numLayers; ++i) {
        const double flag = list[static_cast<std::size_t>(i)];
        if (flag != 0.0 && flag != 1.0) {
            config.fail(key + u'[' + QString::number(i) + u']',
                u"= "_s + QString::number(flag) + u" is not 0 ("_s + zero + u") or 1 ("_s + one + u')');
        }
        flags.push_back(flag == 1.0);
    }
    return flags;
}

QStringList explicitTypes(const ConfigReader& config, int numLayers) {
    const std::vector<QString> list = config.stringList(u"layer_types"_s).value_or(std::vector<QString>());
    checkPerLayer(config, u"layer_types"_s, list.size(), numLayers);
    QStringList types;
    for (std::size_t i = 0; i < list.size(); ++i) {
        // HF v5 `remap_legacy_layer_types`.
        const QString type = list[i] == u"mamba"_s ? kLinear : list[i] == u"attention"_s ? kFull : list[i];
        if (!kAttentionTypes.contains(type) && !kNoAttentionTypes.contains(type)) {
            config.fail(u"layer_types["_s + QString::number(i) + u']',
                u"= \""_s + type + u"\" is not a layer type PE Cards knows (attention: "_s
                    + kAttentionTypes.join(u", "_s) + u"; without attention: "_s
                    + kNoAttentionTypes.join(u", "_s) + u", mamba)"_s);
        }
        types.append(type);
    }
    return types;
}

/// Layers i with (i+1) % pattern == 0 are full attention, the others sliding.
QStringList patternTypes(int numLayers, std::int64_t pattern) {
    QStringList types;
    for (int i = 0; i < numLayers; ++i) {
        types.append((i + 1) % pattern != 0 ? kSliding : kFull);
    }
    return types;
}

/// `sliding_window_pattern` as an integer >= 1 (Gemma 3/4, Cohere 2), `fallback` when absent.
std::int64_t slidingPattern(const ConfigReader& config, std::int64_t fallback) {
    const std::int64_t pattern = config.integer(u"sliding_window_pattern"_s).value_or(fallback);
    if (pattern < 1) {
        config.fail(
            u"sliding_window_pattern"_s, u"= "_s + QString::number(pattern) + u" is invalid: must be >= 1"_s);
    }
    return pattern;
}

/// Qwen3-Next: full attention where (i+1) % interval == 0, linear attention elsewhere.
QStringList intervalTypes(const ConfigReader& config, int numLayers) {
    const std::int64_t interval = config.integer(u"full_attention_interval"_s).value_or(4);
    if (interval < 1) {
        config.fail(u"full_attention_interval"_s,
            u"= "_s + QString::number(interval) + u" is invalid: must be >= 1"_s);
    }
    QStringList types;
    for (int i = 0; i < numLayers; ++i) {
        types.append((i + 1) % interval == 0 ? kFull : kLinear);
    }
    return types;
}

/// MiniMax `attn_type_list`: 0 = lightning (linear) attention, 1 = softmax attention.
QStringList attnTypeList(const ConfigReader& config, int numLayers) {
    QStringList types;
    for (const bool full :
        perLayerFlags(config, u"attn_type_list"_s, numLayers, u"linear attention"_s, u"full attention"_s)) {
        types.append(full ? kFull : kLinear);
    }
    return types;
}

/// EXAONE 4 `sliding_window_pattern`: an integer (as patternTypes) or a string of L/G letters.
QStringList exaoneTypes(const ConfigReader& config, int numLayers) {
    if (config.isString(u"sliding_window_pattern"_s)) {
        const std::optional<QString> letters = config.string(u"sliding_window_pattern"_s);
        if (letters->isEmpty() || letters->contains(QRegularExpression(u"[^LG]"_s))) {
            config.fail(u"sliding_window_pattern"_s,
                u"= \""_s + *letters + u"\" is invalid: a string of L (sliding) and G (global) letters"_s);
        }
        QStringList types;
        for (int i = 0; i < numLayers; ++i) {
            types.append(letters->at(i % letters->size()) == u'L' ? kSliding : kFull);
        }
        return types;
    }
    return patternTypes(numLayers, slidingPattern(config, 4));
}

std::vector<bool> noRopeLayers(const ConfigReader& config, int numLayers) {
    // Llama4TextConfig: `if no_rope_layers:`, so an empty list takes the interval rule below.
    if (!config.numberList(u"no_rope_layers"_s).value_or(std::vector<double>()).empty()) {
        config.has(u"no_rope_layer_interval"_s); // superseded by the list, as in the config class
        return perLayerFlags(config, u"no_rope_layers"_s, numLayers, u"NoPE"_s, u"RoPE"_s);
    }
    std::vector<bool> rope(static_cast<std::size_t>(numLayers), true);
    const std::int64_t interval = config.integer(u"no_rope_layer_interval"_s).value_or(4);
    if (interval < 1) {
        config.fail(u"no_rope_layer_interval"_s,
            u"= "_s + QString::number(interval) + u" is invalid: must be >= 1"_s);
    }
    for (int i = 0; i < numLayers; ++i) {
        rope[static_cast<std::size_t>(i)] = (i + 1) % interval != 0;
    }
    return rope;
}

} // namespace

bool isAttentionLayer(const QString& layerType) {
    return !kNoAttentionTypes.contains(layerType);
}

LayerTypes readLayerTypes(const ConfigReader& config, const QString& modelType) {
    LayerTypes result;
    if (const std::optional<QString> key = config.firstPresent(kLayerCountKeys)) {
        const std::int64_t count = *config.integer(*key);
        if (count < 1 || count > 4096) {
            config.fail(*key, u"= "_s + QString::number(count) + u" is invalid: allowed: [1, 4096] layers"_s);
        }
        result.numLayers = static_cast<int>(count);
    }
    const int n = std::max(result.numLayers, 1);
    result.slidingWindow = nonNegative(config, u"sliding_window"_s);
    result.attentionChunk = nonNegative(config, u"attention_chunk_size"_s);
    const bool useSliding
        = config.boolean(u"use_sliding_window"_s).value_or(true) && result.slidingWindow > 0;
    const bool llama4 = modelType == u"llama4"_s || modelType == u"llama4_text"_s;
    result.rope.assign(static_cast<std::size_t>(n), true);
    if (llama4 || modelType == u"smollm3"_s || config.has(u"no_rope_layers"_s)) {
        result.rope = noRopeLayers(config, n);
    }

    const bool exaone4 = modelType == u"exaone4"_s;
    if (config.has(u"layer_types"_s)) {
        // The config classes derive layer_types from these only when it is absent: looked at,
        // superseded (the unread-keys warning must not name them).
        for (const QString& superseded : {u"sliding_window_pattern"_s, u"max_window_layers"_s,
                 u"full_attention_interval"_s, u"attn_type_list"_s}) {
            config.has(superseded);
        }
        result.types = explicitTypes(config, n);
        result.source = u"config: "_s + config.path(u"layer_types"_s);
    } else if (modelType == u"qwen3_next"_s) {
        result.types = intervalTypes(config, n);
        result.source = u"derived: full attention every full_attention_interval-th layer, linear attention "
                        "elsewhere (Qwen3NextConfig)"_s;
    } else if ((modelType == u"minimax"_s || modelType == u"minimax_m2"_s)
        && config.has(u"attn_type_list"_s)) {
        result.types = attnTypeList(config, n);
        result.source
            = u"config: "_s + config.path(u"attn_type_list"_s) + u" (0 = linear, 1 = full attention)"_s;
    } else if (exaone4 && useSliding) {
        result.types = exaoneTypes(config, n);
        result.source = u"derived: sliding_window_pattern (Exaone4Config)"_s;
    } else if (modelType == u"gemma4"_s || modelType == u"gemma4_text"_s) {
        result.types = patternTypes(n, slidingPattern(config, 6));
        result.types.last() = kFull;
        result.source = u"derived: sliding_window_pattern, the last layer full (Gemma4TextConfig)"_s;
    } else if (modelType == u"gemma2"_s) {
        result.types = patternTypes(n, 2);
        result.source = u"derived: sliding and full layers alternate (Gemma2Config)"_s;
    } else if (modelType == u"gemma3"_s || modelType == u"gemma3_text"_s || modelType == u"cohere2"_s) {
        result.types = patternTypes(n, slidingPattern(config, modelType == u"cohere2"_s ? 4 : 6));
        result.source = u"derived: sliding_window_pattern (Gemma3TextConfig, Cohere2Config)"_s;
    } else if (kQwen2Types.contains(modelType)) {
        const std::int64_t first = config.integer(u"max_window_layers"_s).value_or(n);
        for (int i = 0; i < n; ++i) {
            result.types.append(useSliding && i >= first ? kSliding : kFull);
        }
        result.source = u"derived: use_sliding_window, sliding_window and max_window_layers (Qwen2Config)"_s;
    } else if (llama4 && result.attentionChunk > 0) {
        for (int i = 0; i < n; ++i) {
            result.types.append(result.rope[static_cast<std::size_t>(i)] ? kChunked : kFull);
        }
        result.source = u"derived: RoPE layers attend in chunks, NoPE layers fully (Llama4TextConfig)"_s;
    } else {
        for (int i = 0; i < n; ++i) {
            result.types.append(useSliding ? kSliding : kFull);
        }
        result.source = useSliding ? u"derived: sliding_window applies to every layer"_s
                                   : u"derived: every layer full attention (no layer_types, no window)"_s;
    }
    if (modelType == u"cohere2"_s || (exaone4 && result.slidingWindow > 0)) {
        // Cohere 2 and EXAONE 4 (with a window): RoPE on the sliding layers only.
        for (int i = 0; i < n; ++i) {
            result.rope[static_cast<std::size_t>(i)] = result.types[i] != kFull;
        }
    }
    return result;
}

} // namespace pecards::app
