#include "modelsummary.h"

#include "pecards/alibi.h"
#include "pecards/rope.h"
#include "pecards/rope_scaling.h"

#include <QJsonArray>

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

void addRope(QJsonObject& json, const pecards::app::ModelConfig& config, std::int64_t seqLen) {
    const RopeParams& rope = config.rope;
    const RopeScalingResult scaling = ropeScaling(rope, seqLen);
    json[u"rotary_dim"_s] = rotaryDim(rope);
    json[u"rope_theta"_s] = rope.base;
    json[u"rope_type"_s] = config.ropeType;
    json[u"layout"_s] = QString::fromStdString(toString(rope.layout));
    json[u"seq_len"_s] = static_cast<qint64>(seqLen);
    json[u"inv_freq"_s] = toJson(scaling.inv_freq);
    json[u"inv_freq_unscaled"_s] = toJson(ropeInvFreq(rope));
    json[u"attention_factor"_s] = scaling.attention_factor;
    json[u"effective_base"_s] = scaling.effective_base;
    json[u"logit_scale_multiplier_total"_s] = scaling.logit_scale_total;
    if (rope.scaling.type == RopeScalingType::Yarn) {
        json[u"correction_range"_s] = QJsonArray {scaling.correction_low, scaling.correction_high};
    }
    if (rope.scaling.type == RopeScalingType::LongRope) {
        json[u"long_factor_selected"_s] = scaling.long_factor_selected;
    }
}

} // namespace

QJsonObject modelSummary(const pecards::app::ModelConfig& config, std::int64_t seqLen) {
    QJsonObject json;
    json[u"name"_s] = config.name;
    json[u"model_type"_s] = config.modelType;
    QJsonArray cards;
    for (const Card card : config.cards()) {
        cards.append(QString::fromStdString(toString(card)));
    }
    json[u"cards"_s] = cards;
    json[u"heads"_s] = config.heads;
    json[u"head_dim"_s] = config.headDim;
    json[u"max_position_embeddings"_s] = static_cast<qint64>(config.maxPositionEmbeddings);
    if (config.usesRope) {
        addRope(json, config, seqLen);
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
    return json;
}

} // namespace pecards::cli
