#include "common/classdefaults.h"

#include <QJsonValue>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

struct ClassDefaults {
    QStringList modelTypes; ///< the class's model_type, and the parent's for a nested text config
    QString configClass;
    std::vector<std::pair<QString, QJsonValue>> keys;
};

const std::vector<ClassDefaults>& table() {
    static const std::vector<ClassDefaults> defaults {
        {{u"gemma3_text"_s, u"gemma3"_s}, u"Gemma3TextConfig (transformers v4.50)"_s,
            {{u"hidden_size"_s, 2304}, {u"num_hidden_layers"_s, 26}, {u"num_attention_heads"_s, 8},
                {u"head_dim"_s, 256}, {u"max_position_embeddings"_s, 131072}, {u"rope_theta"_s, 1000000.0},
                {u"rope_local_base_freq"_s, 10000.0}, {u"sliding_window"_s, 4096},
                {u"sliding_window_pattern"_s, 6}}},
        {{u"qwen3_next"_s}, u"Qwen3NextConfig (transformers v4.57)"_s,
            {{u"head_dim"_s, 256}, {u"partial_rotary_factor"_s, 0.25}, {u"full_attention_interval"_s, 4}}},
        {{u"llama4_text"_s, u"llama4"_s}, u"Llama4TextConfig (transformers v4.51)"_s,
            {{u"attention_chunk_size"_s, 8192}, {u"no_rope_layer_interval"_s, 4},
                {u"attn_temperature_tuning"_s, true}, {u"floor_scale"_s, 8192}, {u"attn_scale"_s, 0.1}}},
        {{u"minimax_m2"_s}, u"MiniMaxM2Config (transformers v4.57)"_s, {{u"rope_theta"_s, 5000000.0}}},
    };
    return defaults;
}

QString shown(const QJsonValue& value) {
    if (value.isBool()) {
        return value.toBool() ? u"true"_s : u"false"_s;
    }
    return QString::number(value.toDouble(), 'g', 17);
}

} // namespace

WithDefaults withClassDefaults(const QJsonObject& text, const QString& modelType) {
    WithDefaults result {text, {}, {}, {}};
    for (const ClassDefaults& entry : table()) {
        if (!entry.modelTypes.contains(modelType)) {
            continue;
        }
        result.configClass = entry.configClass;
        for (const auto& [key, value] : entry.keys) {
            if (!text.contains(key) || text.value(key).isNull()) {
                result.object.insert(key, value);
                result.filled.append(key + u" = "_s + shown(value));
                result.filledKeys.append(key);
            }
        }
    }
    return result;
}

QString familyOf(const QString& modelType) {
    return modelType == u"kimi_k2"_s ? u"deepseek_v3"_s : modelType;
}

} // namespace pecards::app
