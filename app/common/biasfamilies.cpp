#include "common/biasfamilies.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace pecards::app {

void singleGroup(ModelConfig& config, const LayerTypes& layers, LayerTreatment treatment) {
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

void readAlibi(ConfigParseState& state, ModelConfig& config) {
    AlibiParams& alibi = config.alibi;
    alibi.heads = config.heads;
    alibi.head = 0;
    alibi.head_dim = config.headDim;
    if (state.attnConfig && state.attnConfig->has(u"alibi_bias_max"_s)) {
        alibi.alibi_bias_max = *state.attnConfig->number(u"alibi_bias_max"_s);
        state.keyOf.insert(u"alibi_bias_max"_s, state.attnConfig->path(u"alibi_bias_max"_s));
    }
}

void readT5(ConfigParseState& state, ModelConfig& config) {
    RelativeParams& relative = config.relative;
    relative.variant = RelativeVariant::T5;
    relative.d_model = config.headDim;
    relative.bidirectional = true;
    // HF T5Config defaults (older checkpoints lack the max_distance key).
    relative.num_buckets = state.text.positiveInt(u"relative_attention_num_buckets"_s,
        state.text.integer(u"relative_attention_num_buckets"_s).value_or(relative.num_buckets));
    relative.max_distance = state.text.positiveInt(u"relative_attention_max_distance"_s,
        state.text.integer(u"relative_attention_max_distance"_s).value_or(relative.max_distance));
    state.keyOf.insert(u"num_buckets"_s, state.text.path(u"relative_attention_num_buckets"_s));
    state.keyOf.insert(u"max_distance"_s, state.text.path(u"relative_attention_max_distance"_s));
}

void readTransformerXl(ConfigParseState& state, ModelConfig& config) {
    // HF TransfoXLConfig defaults (v4.35): d_model 1024, n_head 16, d_head 64, tgt_len 128,
    // mem_len 1600, clamp_len 1000.
    TransformerXlConfig& txl = config.transformerXl;
    txl.dModel = state.text.positiveInt(u"d_model"_s, state.text.integer(u"d_model"_s).value_or(1024));
    txl.nHead = config.heads;
    txl.dHead = config.headDim;
    txl.tgtLen = state.text.integer(u"tgt_len"_s).value_or(128);
    txl.memLen = state.text.integer(u"mem_len"_s).value_or(1600);
    txl.clampLen = state.text.integer(u"clamp_len"_s).value_or(1000);
    for (const QString& key : {u"tgt_len"_s, u"mem_len"_s}) {
        if (state.text.integer(key).value_or(0) < 0) {
            state.text.fail(
                key, u"= "_s + QString::number(*state.text.integer(key)) + u" is invalid: must be >= 0"_s);
        }
    }
    RelativeParams& relative = config.relative;
    relative.variant = RelativeVariant::TransformerXL;
    relative.d_model = txl.dModel;
    state.keyOf.insert(u"d_model"_s, state.text.path(u"d_model"_s));
    config.notes.append(u"Transformer-XL: one query segment of tgt_len = "_s + QString::number(txl.tgtLen)
        + u" positions sees klen = tgt_len + mem_len = "_s + QString::number(txl.klen())
        + u" keys; distances beyond clamp_len = "_s + QString::number(txl.clampLen) + u" use R_clamp_len"_s);
}

} // namespace pecards::app
