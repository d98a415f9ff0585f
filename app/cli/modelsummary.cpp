#include "modelsummary.h"

#include "pecards/alibi.h"
#include "pecards/logitscale.h"
#include "pecards/mrope.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"
#include "pecards/visionrope.h"

#include <QJsonArray>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace pecards::cli {

namespace {

QJsonArray toJson(const Eigen::VectorXd& values) {
    QJsonArray array;
    for (const double value : values) {
        array.append(value);
    }
    return array;
}

QJsonArray toJson(const std::vector<int>& values) {
    QJsonArray array;
    for (const int value : values) {
        array.append(value);
    }
    return array;
}

/// The vision tower's 2-D RoPE: its family, head_dim, theta, the grid limit, and one entry per
/// rotary pair (channels, axis "h" or "w", theta in radians per patch).
QJsonObject visionRopeJson(const app::VisionTowerConfig& tower) {
    QJsonArray pairs;
    for (const VisionRopePair& pair : visionRopePairs(tower.rope)) {
        pairs.append(QJsonObject {{u"channels"_s, QJsonArray {pair.first, pair.second}},
            {u"axis"_s, QString::fromStdString(toString(pair.axis))}, {u"theta"_s, pair.inv_freq}});
    }
    QJsonObject json {{u"family"_s, QString::fromStdString(toString(tower.rope.family))},
        {u"head_dim"_s, tower.rope.head_dim}, {u"rope_theta"_s, tower.rope.theta}, {u"pairs"_s, pairs},
        {u"source"_s, tower.source}};
    if (tower.rope.max_patches_per_side > 0) {
        json[u"max_patches_per_side"_s] = tower.rope.max_patches_per_side;
    }
    return json;
}

/// The rope_type as HF spells it: "proportional" for a proportional layer, "default" for none.
QString ropeTypeName(const RopeParams& rope) {
    if (rope.partial == RopePartial::Proportional) {
        return u"proportional"_s;
    }
    return rope.scaling.type == RopeScalingType::None ? u"default"_s
                                                      : QString::fromStdString(toString(rope.scaling.type));
}

void addRope(QJsonObject& json, const RopeParams& rope, std::int64_t seqLen) {
    const RopeScalingResult scaling = ropeScaling(rope, seqLen);
    json[u"rotary_dim"_s] = rotaryDim(rope);
    json[u"partial"_s] = QString::fromStdString(toString(rope.partial));
    json[u"rotating_pairs"_s] = rotatingPairs(rope);
    json[u"rope_theta"_s] = rope.base;
    json[u"layout"_s] = QString::fromStdString(toString(rope.layout));
    json[u"seq_len"_s] = static_cast<qint64>(seqLen);
    json[u"inv_freq"_s] = toJson(scaling.inv_freq);
    json[u"scaling_factor"_s] = scaling.factor;
    json[u"attention_factor"_s] = scaling.attention_factor;
    json[u"effective_base"_s] = scaling.effective_base;
    json[u"logit_scale_multiplier_total"_s] = scaling.logit_scale_total;
    if (rope.scaling.type == RopeScalingType::Yarn) {
        json[u"correction_range"_s] = QJsonArray {scaling.correction_low, scaling.correction_high};
    }
    if (rope.scaling.type == RopeScalingType::LongRope) {
        json[u"long_factor_selected"_s] = scaling.long_factor_selected;
        json[u"factor_list"_s] = scaling.long_factor_selected ? u"long"_s : u"short"_s;
    }
}

/// "thw..." : the axis each rotary pair of an M-RoPE group follows (pecards/mrope.h).
QString pairAxes(const LayerGroup& group) {
    QString text;
    const MropeLayout layout = group.mrope_interleaved ? MropeLayout::Interleaved : MropeLayout::Blocked;
    for (const MropeAxis axis : mropeAxisOfPair(group.mrope_section, layout)) {
        text += QString::fromStdString(toString(axis));
    }
    return text;
}

QJsonObject groupJson(const LayerGroup& group, std::int64_t seqLen) {
    QJsonObject json;
    json[u"name"_s] = QString::fromStdString(group.name);
    json[u"layers"_s] = toJson(group.layers);
    json[u"treatment"_s] = QString::fromStdString(toString(group.treatment));
    json[u"sliding_window"_s] = static_cast<qint64>(group.sliding_window);
    json[u"attention_chunk"_s] = static_cast<qint64>(group.attention_chunk);
    if (group.attn_temperature.enabled) {
        // Llama 4 / Ministral 3: query x 1 + attn_scale ln(1 + floor((p + offset) / floor_scale)).
        const bool llama4 = group.attn_temperature.position_offset == 1;
        json[llama4 ? u"attn_temperature_tuning"_s : u"llama_4_scaling_beta"_s] = QJsonObject {
            {u"floor_scale"_s, group.attn_temperature.floor_scale},
            {u"attn_scale"_s, group.attn_temperature.attn_scale},
            {u"position_offset"_s, group.attn_temperature.position_offset},
            {u"query_scale"_s,
                llama4 ? u"log(floor((p + 1) / floor_scale) + 1) * attn_scale + 1"_s
                       : u"1 + attn_scale * log(1 + floor(p / floor_scale))"_s},
        };
    }
    switch (group.treatment) {
    case LayerTreatment::Rope:
        json[u"rope_type"_s] = ropeTypeName(group.rope);
        json[u"head_dim"_s] = group.rope.head_dim;
        addRope(json, group.rope, seqLen);
        if (!group.mrope_section.empty()) {
            json[u"mrope_section"_s] = toJson(group.mrope_section);
            json[u"mrope_layout"_s] = group.mrope_interleaved ? u"interleaved"_s : u"blocked"_s;
            json[u"mrope_pair_axes"_s] = pairAxes(group);
        }
        break;
    case LayerTreatment::Alibi:
        json[u"heads"_s] = group.alibi.heads;
        json[u"alibi_bias_max"_s] = group.alibi.alibi_bias_max;
        break;
    case LayerTreatment::T5Bias:
        json[u"num_buckets"_s] = group.relative.num_buckets;
        json[u"max_distance"_s] = group.relative.max_distance;
        break;
    case LayerTreatment::TransformerXL:
        json[u"d_model"_s] = group.relative.d_model;
        break;
    case LayerTreatment::NoPE:
    case LayerTreatment::NoAttention:
        break;
    }
    return json;
}

} // namespace

std::int64_t defaultSeqLen(const pecards::app::ModelConfig& config) {
    return config.maxPositionEmbeddings > 0 ? std::min(config.maxPositionEmbeddings, kMaxLength) : 4096;
}

QJsonObject modelSummary(const pecards::app::ModelConfig& config, std::int64_t seqLen) {
    QJsonObject json;
    json[u"name"_s] = config.name;
    json[u"model_type"_s] = config.modelType;
    if (!config.textConfigKey.isEmpty()) {
        json[u"text_config"_s] = config.textConfigKey;
    }
    QJsonArray cards;
    for (const Card card : config.cards()) {
        cards.append(QString::fromStdString(toString(card)));
    }
    json[u"cards"_s] = cards;
    json[u"heads"_s] = config.heads;
    json[u"head_dim"_s] = config.headDim;
    json[u"max_position_embeddings"_s] = static_cast<qint64>(config.maxPositionEmbeddings);
    json[u"extended_context"_s] = static_cast<qint64>(config.extendedContext());
    json[u"warnings"_s] = QJsonArray::fromStringList(config.warnings);
    json[u"notes"_s] = QJsonArray::fromStringList(config.notes);
    // Every factor on the logits against the query position, up to the longest context.
    // (4096 positions when the config gives no length, the card's default length.)
    const std::int64_t reach = config.positionsShown() > 0 ? config.positionsShown() : 4096;
    QJsonArray scales;
    for (const LogitFactor& factor : logitScales(config.positions, reach)) {
        QJsonArray points;
        for (const auto& [position, value] : factor.points) {
            points.append(QJsonArray {static_cast<qint64>(position), value});
        }
        scales.append(QJsonObject {{u"group"_s, QString::fromStdString(factor.group)},
            {u"treatment"_s, QString::fromStdString(toString(factor.treatment))},
            {u"layers"_s, toJson(factor.layers)}, {u"factor"_s, QString::fromStdString(factor.factor)},
            {u"points"_s, points}});
    }
    json[u"logit_scales"_s] = scales;
    QJsonObject sources;
    for (const auto& [value, source] : config.sources) {
        sources[value] = source;
    }
    json[u"sources"_s] = sources;
    if (config.usesRope) {
        json[u"rope_type"_s] = config.ropeType;
        addRope(json, config.rope, seqLen);
        json[u"inv_freq_unscaled"_s] = toJson(ropeInvFreq(config.rope));
        const LayerGroup& primary = config.positions.groups.at(static_cast<std::size_t>(config.primaryGroup));
        if (!primary.mrope_section.empty()) {
            json[u"mrope_section"_s] = toJson(primary.mrope_section);
        }
    }
    if (const std::optional<MropeFamily> family = config.multimodal.family) {
        const MropeVision& vision = config.multimodal.vision;
        QJsonObject ids {{u"rules"_s, QString::fromStdString(toString(*family))},
            {u"spatial_merge_size"_s, vision.spatial_merge_size}, {u"source"_s, config.multimodal.source}};
        if (*family == MropeFamily::Qwen25VL) {
            ids[u"tokens_per_second"_s] = vision.tokens_per_second;
        }
        if (*family == MropeFamily::Qwen25Omni) { // TMRoPE: time in ids per second, chunked audio
            ids[u"position_id_per_seconds"_s] = vision.position_id_per_seconds;
            ids[u"seconds_per_chunk"_s] = vision.seconds_per_chunk;
        }
        json[u"mrope_position_ids"_s] = ids;
    }
    if (config.visionTower) {
        json[u"vision_rope"_s] = visionRopeJson(*config.visionTower);
    }
    if (config.usesAlibi) {
        json[u"alibi_bias_max"_s] = config.alibi.alibi_bias_max;
        json[u"alibi_slopes"_s] = toJson(alibiSlopes(config.alibi));
    }
    if (config.usesT5) {
        json[u"num_buckets"_s] = config.relative.num_buckets;
        json[u"max_distance"_s] = config.relative.max_distance;
        json[u"bidirectional"_s] = config.relative.bidirectional;
    }
    if (config.usesTransformerXl) {
        const pecards::app::TransformerXlConfig& txl = config.transformerXl;
        json[u"d_model"_s] = txl.dModel;
        json[u"n_head"_s] = txl.nHead;
        json[u"d_head"_s] = txl.dHead;
        json[u"mem_len"_s] = static_cast<qint64>(txl.memLen);
        json[u"tgt_len"_s] = static_cast<qint64>(txl.tgtLen);
        json[u"clamp_len"_s] = static_cast<qint64>(txl.clampLen);
        json[u"klen"_s] = static_cast<qint64>(txl.klen());
    }
    json[u"num_layers"_s] = config.positions.num_layers;
    QJsonArray groups;
    for (const LayerGroup& group : config.positions.groups) {
        groups.append(groupJson(group, seqLen));
    }
    json[u"layer_groups"_s] = groups;
    return json;
}

} // namespace pecards::cli
