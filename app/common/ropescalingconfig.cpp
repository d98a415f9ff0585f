#include "common/ropescalingconfig.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

const QStringList kKnownTypes {
    u"default"_s, u"linear"_s, u"dynamic"_s, u"yarn"_s, u"llama3"_s, u"longrope"_s};

/// L0: `original_max_position_embeddings` from the block, else from the top level (Phi-3).
std::int64_t originalMaxPositions(
    const ConfigReader& block, const ConfigReader& top, const QString& neededBy) {
    const QString key = u"original_max_position_embeddings"_s;
    if (!block.has(key) && top.has(key)) {
        return *top.integer(key);
    }
    return block.requiredInteger(key, neededBy);
}

/// The model's max_position_embeddings, which dynamic NTK and longrope need.
std::int64_t requiredMaxPositions(
    const ConfigReader& top, std::int64_t maxPositionEmbeddings, const QString& neededBy) {
    if (maxPositionEmbeddings <= 0) {
        top.requiredInteger(u"max_position_embeddings"_s, neededBy);
    }
    return maxPositionEmbeddings;
}

std::vector<double> factorList(
    const ConfigReader& block, const QString& key, int rotaryDim, const QString& neededBy) {
    std::vector<double> factors = block.requiredNumberList(key, neededBy);
    const auto needed = static_cast<std::size_t>(rotaryDim / 2);
    if (factors.size() != needed) {
        block.fail(key,
            u"has "_s + QString::number(factors.size()) + u" entries; "_s + neededBy
                + u" needs rotary_dim/2 = "_s + QString::number(needed));
    }
    return factors;
}

void readYarn(const ConfigReader& block, const ConfigReader& top, const QString& neededBy, RopeScaling& s) {
    s.type = RopeScalingType::Yarn;
    s.factor = block.requiredNumber(u"factor"_s, neededBy);
    s.original_max_position_embeddings = originalMaxPositions(block, top, neededBy);
    s.beta_fast = block.number(u"beta_fast"_s).value_or(s.beta_fast);
    s.beta_slow = block.number(u"beta_slow"_s).value_or(s.beta_slow);
    s.mscale = block.number(u"mscale"_s).value_or(0.0);
    s.mscale_all_dim = block.number(u"mscale_all_dim"_s).value_or(0.0);
    s.truncate = block.boolean(u"truncate"_s).value_or(true);
    s.attention_factor = block.number(u"attention_factor"_s).value_or(0.0);
}

void readLlama3(const ConfigReader& block, const ConfigReader& top, const QString& neededBy, RopeScaling& s) {
    s.type = RopeScalingType::Llama3;
    s.factor = block.requiredNumber(u"factor"_s, neededBy);
    s.low_freq_factor = block.requiredNumber(u"low_freq_factor"_s, neededBy);
    s.high_freq_factor = block.requiredNumber(u"high_freq_factor"_s, neededBy);
    s.original_max_position_embeddings = originalMaxPositions(block, top, neededBy);
}

void readLongRope(const ConfigReader& block, const ConfigReader& top, int rotaryDim, const QString& neededBy,
    RopeScaling& s) {
    s.type = RopeScalingType::LongRope;
    s.short_factor = factorList(block, u"short_factor"_s, rotaryDim, neededBy);
    s.long_factor = factorList(block, u"long_factor"_s, rotaryDim, neededBy);
    s.original_max_position_embeddings = originalMaxPositions(block, top, neededBy);
    // HF: an explicit `factor` wins; else max_position_embeddings / L0 (Phi-3's 131072 / 4096 = 32).
    if (const std::optional<double> factor = block.number(u"factor"_s)) {
        s.factor = *factor;
    } else if (s.max_position_embeddings > s.original_max_position_embeddings) {
        s.factor = static_cast<double>(s.max_position_embeddings)
            / static_cast<double>(s.original_max_position_embeddings);
    }
    s.attention_factor = block.number(u"attention_factor"_s).value_or(0.0);
}

} // namespace

RopeScalingConfig readRopeScaling(const std::optional<ConfigReader>& block, const ConfigReader& top,
    int rotaryDim, std::int64_t maxPositionEmbeddings) {
    RopeScalingConfig result;
    if (!block) {
        return result;
    }
    // HF prefers `rope_type`; `type` is the legacy spelling (DeepSeek-V2, Phi-3).
    const QString typeKey = block->has(u"rope_type"_s) ? u"rope_type"_s : u"type"_s;
    const QString type = block->string(typeKey).value_or(u"default"_s);
    if (!kKnownTypes.contains(type)) {
        block->fail(typeKey,
            u"= \""_s + type + u"\" names a scaling the engine does not know (known: "_s
                + kKnownTypes.join(u", "_s) + u')');
    }
    result.ropeType = type;
    const QString neededBy = u"rope_type \""_s + type + u'"';
    RopeScaling& s = result.scaling;
    s.max_position_embeddings = maxPositionEmbeddings;
    if (type == u"linear"_s) {
        s.type = RopeScalingType::Linear;
        s.factor = block->requiredNumber(u"factor"_s, neededBy);
    } else if (type == u"dynamic"_s) {
        s.type = RopeScalingType::Dynamic;
        s.factor = block->requiredNumber(u"factor"_s, neededBy);
        s.max_position_embeddings = requiredMaxPositions(top, maxPositionEmbeddings, neededBy);
        s.original_max_position_embeddings
            = block->integer(u"original_max_position_embeddings"_s).value_or(0);
    } else if (type == u"yarn"_s) {
        readYarn(*block, top, neededBy, s);
    } else if (type == u"llama3"_s) {
        readLlama3(*block, top, neededBy, s);
    } else if (type == u"longrope"_s) {
        s.max_position_embeddings = requiredMaxPositions(top, maxPositionEmbeddings, neededBy);
        readLongRope(*block, top, rotaryDim, neededBy, s);
    }
    return result;
}

} // namespace pecards::app
