#include "common/layertypes.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

const QString kFull = u"full_attention"_s;
const QString kSliding = u"sliding_attention"_s;
const QString kChunked = u"chunked_attention"_s;

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

QStringList explicitTypes(const ConfigReader& config, int numLayers) {
    const std::vector<QString> list = config.stringList(u"layer_types"_s).value_or(std::vector<QString>());
    if (static_cast<int>(list.size()) != numLayers) {
        config.fail(u"layer_types"_s,
            u"has "_s + QString::number(list.size()) + u" entries but the model has "_s
                + QString::number(numLayers) + u" layers (Hugging Face raises on this)"_s);
    }
    return QStringList(list.begin(), list.end());
}

/// Layers i with (i+1) % pattern == 0 are full attention, the others sliding.
QStringList patternTypes(int numLayers, std::int64_t pattern) {
    QStringList types;
    for (int i = 0; i < numLayers; ++i) {
        types.append((i + 1) % pattern != 0 ? kSliding : kFull);
    }
    return types;
}

std::vector<bool> noRopeLayers(const ConfigReader& config, int numLayers) {
    std::vector<bool> rope(static_cast<std::size_t>(numLayers), true);
    const std::vector<double> list = config.numberList(u"no_rope_layers"_s).value_or(std::vector<double>());
    if (!list.empty()) {
        if (static_cast<int>(list.size()) != numLayers) {
            config.fail(u"no_rope_layers"_s,
                u"has "_s + QString::number(list.size()) + u" entries but the model has "_s
                    + QString::number(numLayers) + u" layers"_s);
        }
        for (int i = 0; i < numLayers; ++i) {
            const double flag = list[static_cast<std::size_t>(i)];
            if (flag != 0.0 && flag != 1.0) {
                config.fail(u"no_rope_layers["_s + QString::number(i) + u']',
                    u"= "_s + QString::number(flag) + u" is not 0 (NoPE) or 1 (RoPE)"_s);
            }
            rope[static_cast<std::size_t>(i)] = flag == 1.0;
        }
        return rope;
    }
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

    if (config.has(u"layer_types"_s)) {
        result.types = explicitTypes(config, n);
    } else if (modelType == u"gemma2"_s) {
        result.types = patternTypes(n, 2);
    } else if (modelType == u"gemma3"_s || modelType == u"gemma3_text"_s || modelType == u"cohere2"_s) {
        const std::int64_t pattern
            = config.integer(u"sliding_window_pattern"_s).value_or(modelType == u"cohere2"_s ? 4 : 6);
        if (pattern < 1) {
            config.fail(u"sliding_window_pattern"_s,
                u"= "_s + QString::number(pattern) + u" is invalid: must be >= 1"_s);
        }
        result.types = patternTypes(n, pattern);
    } else if (kQwen2Types.contains(modelType)) {
        const std::int64_t first = config.integer(u"max_window_layers"_s).value_or(n);
        for (int i = 0; i < n; ++i) {
            result.types.append(useSliding && i >= first ? kSliding : kFull);
        }
    } else if (llama4 && result.attentionChunk > 0) {
        for (int i = 0; i < n; ++i) {
            result.types.append(result.rope[static_cast<std::size_t>(i)] ? kChunked : kFull);
        }
    } else {
        for (int i = 0; i < n; ++i) {
            result.types.append(useSliding ? kSliding : kFull);
        }
    }
    if (modelType == u"cohere2"_s) {
        for (int i = 0; i < n; ++i) {
            result.rope[static_cast<std::size_t>(i)] = result.types[i] != kFull;
        }
    }
    return result;
}

} // namespace pecards::app
