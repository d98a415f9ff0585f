#include "multimodalconfig.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

/// Top-level model types and the get_rope_index they use (transformers v4.57 / v5:
/// Qwen2VLModel, Qwen2_5_VLModel, Qwen3VLModel, Qwen3VLMoeModel, Glm4vModel, Glm4vMoeModel).
const QHash<QString, MropeFamily> kFamilies {
    {u"qwen2_vl"_s, MropeFamily::Qwen2VL},
    {u"qwen2_5_vl"_s, MropeFamily::Qwen25VL},
    {u"qwen3_vl"_s, MropeFamily::Qwen3VL},
    {u"qwen3_vl_moe"_s, MropeFamily::Qwen3VL},
    {u"glm4v"_s, MropeFamily::Glm4V},
    {u"glm4v_moe"_s, MropeFamily::Glm4V},
    {u"qwen2_5_omni"_s, MropeFamily::Qwen25Omni},
};

/// Qwen2.5-Omni's time alignment from `thinker_config` (Qwen2_5OmniThinkerConfig defaults 25 ids
/// per second and 2-second chunks) and its vision tower's merge size.
void readOmniTiming(const ConfigReader& thinker, MultimodalConfig& result) {
    if (const std::optional<std::int64_t> rate = thinker.integer(u"position_id_per_seconds"_s)) {
        if (*rate < 1 || *rate > 1000000) {
            thinker.fail(u"position_id_per_seconds"_s,
                u"= "_s + QString::number(*rate) + u" is invalid: allowed [1, 1e6] ids per second"_s);
        }
        result.vision.position_id_per_seconds = static_cast<int>(*rate);
        result.source += u"; "_s + thinker.path(u"position_id_per_seconds"_s);
    }
    if (const std::optional<double> chunk = thinker.number(u"seconds_per_chunk"_s)) {
        if (!(*chunk > 0) || *chunk * result.vision.position_id_per_seconds < 1
            || *chunk * result.vision.position_id_per_seconds > 1e9) {
            thinker.fail(u"seconds_per_chunk"_s,
                u"= "_s + QString::number(*chunk)
                    + u" is invalid: allowed > 0 with position_id_per_seconds x seconds_per_chunk in [1, 1e9]"_s);
        }
        result.vision.seconds_per_chunk = *chunk;
        result.source += u"; "_s + thinker.path(u"seconds_per_chunk"_s);
    }
}

} // namespace

MultimodalConfig readMultimodalConfig(const ConfigReader& top) {
    MultimodalConfig result;
    const QString type = top.string(u"model_type"_s).value_or(QString());
    if (!kFamilies.contains(type)) {
        return result;
    }
    result.family = kFamilies.value(type);
    result.source = u"config: model_type = "_s + type;
    if (*result.family == MropeFamily::Qwen25VL) {
        result.vision.tokens_per_second = 4.0; // Qwen2_5_VLVisionConfig default
    }
    const std::optional<ConfigReader> thinker = top.object(u"thinker_config"_s);
    if (*result.family == MropeFamily::Qwen25Omni && thinker) {
        readOmniTiming(*thinker, result);
    }
    const ConfigReader& holder = *result.family == MropeFamily::Qwen25Omni && thinker ? *thinker : top;
    const std::optional<ConfigReader> vision = holder.object(u"vision_config"_s);
    if (!vision) {
        return result;
    }
    if (const std::optional<std::int64_t> merge = vision->integer(u"spatial_merge_size"_s)) {
        if (*merge < 1 || *merge > 16) {
            vision->fail(u"spatial_merge_size"_s,
                u"= "_s + QString::number(*merge) + u" is invalid: allowed [1, 16] patches a side"_s);
        }
        result.vision.spatial_merge_size = static_cast<int>(*merge);
        result.source += u"; "_s + vision->path(u"spatial_merge_size"_s);
    }
    if (*result.family == MropeFamily::Qwen25VL) {
        if (const std::optional<double> rate = vision->number(u"tokens_per_second"_s)) {
            if (*rate < 0 || *rate > 1e6) {
                vision->fail(u"tokens_per_second"_s,
                    u"= "_s + QString::number(*rate) + u" is invalid: allowed [0, 1e6] ids per second"_s);
            }
            result.vision.tokens_per_second = *rate;
            result.source += u"; "_s + vision->path(u"tokens_per_second"_s);
        }
    }
    return result;
}

} // namespace pecards::app
