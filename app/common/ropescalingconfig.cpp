#include "common/ropescalingconfig.h"

#include <QSet>
#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

const QStringList kKnownTypes {
    u"default"_s, u"linear"_s, u"dynamic"_s, u"yarn"_s, u"llama3"_s, u"longrope"_s, u"proportional"_s};

/// Keys every block may carry (HF `_check_received_keys`: type/rope_type, rope_theta and
/// partial_rotary_factor), plus model-specific keys HF's config classes exclude from the check.
const QStringList kCommonKeys {u"rope_type"_s, u"type"_s, u"rope_theta"_s, u"partial_rotary_factor"_s,
    u"mrope_section"_s, u"mrope_interleaved"_s, u"llama_4_scaling_beta"_s};

/// Optional keys per type (v5 `_validate_<type>_rope_parameters`), besides the required ones.
QStringList knownKeys(const QString& type) {
    if (type == u"linear"_s || type == u"dynamic"_s || type == u"proportional"_s) {
        return {u"factor"_s};
    }
    if (type == u"yarn"_s) {
        return {u"factor"_s, u"original_max_position_embeddings"_s, u"attention_factor"_s, u"beta_fast"_s,
            u"beta_slow"_s, u"mscale"_s, u"mscale_all_dim"_s, u"truncate"_s};
    }
    if (type == u"llama3"_s) {
        return {
            u"factor"_s, u"original_max_position_embeddings"_s, u"low_freq_factor"_s, u"high_freq_factor"_s};
    }
    if (type == u"longrope"_s) {
        return {u"short_factor"_s, u"long_factor"_s, u"original_max_position_embeddings"_s,
            u"attention_factor"_s, u"factor"_s};
    }
    return {};
}

/// HF v5 maps legacy names onto the init functions it has (see the header).
QString canonicalType(const QString& written, const QString& modelType, bool legacyKey) {
    if (written == u"su"_s) {
        return u"longrope"_s;
    }
    if (written == u"yarn"_s && legacyKey && (modelType == u"phi3"_s || modelType == u"phimoe"_s)) {
        return u"longrope"_s;
    }
    if (written == u"mrope"_s) {
        return u"default"_s;
    }
    return written;
}

QString number(double value) {
    return QString::number(value, 'g', 17);
}

class BlockReader {
public:
    BlockReader(const ConfigReader& block, const RopeBlockContext& context, RopeScalingConfig& out)
        : m_block(block)
        , m_context(context)
        , m_out(out)
        , m_neededBy(u"rope_type \""_s + out.ropeType + u'"') { }

    void read();

private:
    void warnUnknownKeys() const;
    /// v5 `_validate_*_parameters` warn where a float parameter is written as an integer.
    void warnIfInteger(const QString& key) const;
    /// `factor()` of linear, dynamic, yarn and llama3, whose validation wants a float.
    double floatFactor() const;
    double factor() const;
    std::int64_t originalMax() const;
    std::int64_t requiredMax() const;
    std::vector<double> factorList(const QString& key) const;
    void readYarn();
    void readLlama3();
    void readLongRope();

    const ConfigReader& m_block;
    const RopeBlockContext& m_context;
    RopeScalingConfig& m_out;
    QString m_neededBy;
};

void BlockReader::warnUnknownKeys() const {
    const QStringList known = kCommonKeys + knownKeys(m_out.ropeType);
    QStringList unknown;
    for (const QString& key : m_block.keys()) {
        if (!known.contains(key)) {
            unknown.append(m_block.path(key));
        }
    }
    if (!unknown.isEmpty()) {
        m_out.warnings.append(u"unrecognized keys for rope_type \""_s + m_out.ropeType + u"\": "_s
            + unknown.join(u", "_s) + u" (ignored, as Hugging Face transformers ignores them)"_s);
    }
}

void BlockReader::warnIfInteger(const QString& key) const {
    if (m_block.writtenAsInteger(key)) {
        m_out.warnings.append(m_block.path(key) + u" = "_s + number(m_block.number(key).value_or(0.0))
            + u" is written as an integer; Hugging Face warns that it must be a float (and computes with it "_s
              u"as given)"_s);
    }
}

double BlockReader::floatFactor() const {
    const double value = factor();
    warnIfInteger(u"factor"_s);
    return value;
}

double BlockReader::factor() const {
    const double value = m_block.requiredNumber(u"factor"_s, m_neededBy);
    if (value < 1.0) {
        m_out.warnings.append(m_block.path(u"factor"_s) + u" = "_s + number(value)
            + u" is below 1 (Hugging Face warns: the factor should be >= 1; it is used as given)"_s);
    }
    return value;
}

std::int64_t BlockReader::requiredMax() const {
    if (m_context.maxPositionEmbeddings <= 0) {
        m_context.top.requiredInteger(u"max_position_embeddings"_s, m_neededBy);
    }
    return m_context.maxPositionEmbeddings;
}

/// v5 standardization: top-level value (single-dict form), else the block's, else
/// max_position_embeddings.
std::int64_t BlockReader::originalMax() const {
    const QString key = u"original_max_position_embeddings"_s;
    if (m_context.topOriginalWins && m_context.top.has(key)) {
        return *m_context.top.integer(key);
    }
    if (m_block.has(key)) {
        return *m_block.integer(key);
    }
    if (m_context.maxPositionEmbeddings <= 0) {
        m_block.fail(key,
            u"is missing, and so is max_position_embeddings, which Hugging Face uses in its place (needed by "_s
                + m_neededBy + u')');
    }
    return m_context.maxPositionEmbeddings;
}

std::vector<double> BlockReader::factorList(const QString& key) const {
    std::vector<double> factors = m_block.requiredNumberList(key, m_neededBy);
    const auto needed = static_cast<std::size_t>(m_context.rotaryDim / 2);
    if (factors.size() != needed) {
        m_block.fail(key,
            u"has "_s + QString::number(factors.size()) + u" entries; "_s + m_neededBy
                + u" needs rotary_dim/2 = "_s + QString::number(needed)
                + u" (Hugging Face cannot divide the frequencies by a list of another length)"_s);
    }
    return factors;
}

void BlockReader::readYarn() {
    RopeScaling& s = m_out.scaling;
    s.type = RopeScalingType::Yarn;
    s.factor = floatFactor();
    for (const QString& key : {u"attention_factor"_s, u"beta_fast"_s, u"beta_slow"_s})
        warnIfInteger(key);
    s.original_max_position_embeddings = originalMax();
    s.beta_fast = m_block.number(u"beta_fast"_s).value_or(s.beta_fast);
    s.beta_slow = m_block.number(u"beta_slow"_s).value_or(s.beta_slow);
    if (s.beta_fast < s.beta_slow) {
        m_out.warnings.append(u"beta_fast = "_s + number(s.beta_fast) + u" is below beta_slow = "_s
            + number(s.beta_slow) + u" (Hugging Face warns)"_s);
    }
    s.mscale = m_block.number(u"mscale"_s).value_or(0.0);
    s.mscale_all_dim = m_block.number(u"mscale_all_dim"_s).value_or(0.0);
    s.truncate = m_block.boolean(u"truncate"_s).value_or(true);
    s.attention_factor = m_block.number(u"attention_factor"_s).value_or(0.0);
    if (m_context.maxPositionEmbeddings > 0) {
        const double implicit = static_cast<double>(m_context.maxPositionEmbeddings)
            / static_cast<double>(s.original_max_position_embeddings);
        if (implicit != s.factor && implicit != 1.0) {
            m_out.warnings.append(m_block.path(u"factor"_s) + u" = "_s + number(s.factor)
                + u" differs from max_position_embeddings / original_max_position_embeddings = "_s
                + number(implicit)
                + u"; the explicit factor is used (as Hugging Face does, with a warning)"_s);
        }
    }
}

void BlockReader::readLlama3() {
    RopeScaling& s = m_out.scaling;
    s.type = RopeScalingType::Llama3;
    s.factor = floatFactor();
    s.low_freq_factor = m_block.requiredNumber(u"low_freq_factor"_s, m_neededBy);
    s.high_freq_factor = m_block.requiredNumber(u"high_freq_factor"_s, m_neededBy);
    warnIfInteger(u"low_freq_factor"_s);
    warnIfInteger(u"high_freq_factor"_s);
    if (m_block.writtenAsFloat(u"original_max_position_embeddings"_s)) {
        m_out.warnings.append(m_block.path(u"original_max_position_embeddings"_s)
            + u" is written as a float; Hugging Face warns that it must be an integer"_s);
    }
    s.original_max_position_embeddings = originalMax();
    if (m_context.maxPositionEmbeddings > 0
        && s.original_max_position_embeddings >= m_context.maxPositionEmbeddings) {
        m_out.warnings.append(u"original_max_position_embeddings = "_s
            + QString::number(s.original_max_position_embeddings)
            + u" is not below max_position_embeddings = "_s + QString::number(m_context.maxPositionEmbeddings)
            + u" (Hugging Face warns)"_s);
    }
}

void BlockReader::readLongRope() {
    RopeScaling& s = m_out.scaling;
    s.type = RopeScalingType::LongRope;
    s.max_position_embeddings = requiredMax();
    s.short_factor = factorList(u"short_factor"_s);
    s.long_factor = factorList(u"long_factor"_s);
    s.original_max_position_embeddings = originalMax();
    s.attention_factor = m_block.number(u"attention_factor"_s).value_or(0.0);
    const double implicit = static_cast<double>(s.max_position_embeddings)
        / static_cast<double>(s.original_max_position_embeddings);
    // v5 checks the types only without a top-level original_max_position_embeddings (Phi-3's form).
    if (!m_context.top.has(u"original_max_position_embeddings"_s)) {
        warnIfInteger(u"factor"_s);
        warnIfInteger(u"attention_factor"_s);
    }
    if (const std::optional<double> explicitFactor = m_block.number(u"factor"_s)) {
        s.factor = *explicitFactor;
        if (*explicitFactor < 1.0) {
            m_out.warnings.append(m_block.path(u"factor"_s) + u" = "_s + number(*explicitFactor)
                + u" is below 1 (Hugging Face warns; the attention factor is then 1)"_s);
        }
        // HF: factor <= 1 gives attention factor 1; the engine derives max/L0 from factor 1.
        if (*explicitFactor <= 1.0 && s.attention_factor == 0.0) {
            s.attention_factor = 1.0;
            s.factor = 1.0;
        }
    } else {
        s.factor = std::max(implicit, 1.0);
        m_out.warnings.append(u"no "_s + m_block.path(u"factor"_s)
            + u": the factor is max_position_embeddings / original_max_position_embeddings = "_s
            + number(implicit) + u" (Hugging Face warns and recommends setting factor)"_s);
        if (implicit <= 1.0 && s.attention_factor == 0.0) {
            s.attention_factor = 1.0;
        }
    }
}

void BlockReader::read() {
    warnUnknownKeys();
    RopeScaling& s = m_out.scaling;
    s.max_position_embeddings = m_context.maxPositionEmbeddings;
    const QString& type = m_out.ropeType;
    if (type == u"linear"_s) {
        s.type = RopeScalingType::Linear;
        s.factor = floatFactor();
    } else if (type == u"proportional"_s) {
        // v5 `_compute_proportional_rope_parameters`: frequencies over head_dim, the pairs past
        // int(partial_rotary_factor * head_dim // 2) at 0, all divided by `factor` (default 1).
        m_out.proportional = true;
        if (m_block.has(u"factor"_s)) {
            s.type = RopeScalingType::Linear;
            s.factor = factor();
        }
    } else if (type == u"dynamic"_s) {
        s.type = RopeScalingType::Dynamic;
        s.factor = floatFactor();
        s.max_position_embeddings = requiredMax();
    } else if (type == u"yarn"_s) {
        readYarn();
    } else if (type == u"llama3"_s) {
        readLlama3();
    } else if (type == u"longrope"_s) {
        readLongRope();
    }
}

} // namespace

RopeScalingConfig readRopeScaling(const std::optional<ConfigReader>& block, const RopeBlockContext& context) {
    RopeScalingConfig result;
    // Every type knows the model's context, the default type too (no block, `rope_scaling: null`):
    // the lab and the unseen-angles view take it as the training length L0.
    result.scaling.max_position_embeddings = context.maxPositionEmbeddings;
    if (!block) {
        return result;
    }
    // HF prefers `rope_type`; `type` is the legacy spelling (DeepSeek-V2, Phi-3, Qwen2-VL).
    const bool legacyKey = !block->has(u"rope_type"_s);
    const QString typeKey = legacyKey ? u"type"_s : u"rope_type"_s;
    result.typeAsWritten = block->string(typeKey).value_or(QString());
    const QString type = canonicalType(
        result.typeAsWritten.isEmpty() ? u"default"_s : result.typeAsWritten, context.modelType, legacyKey);
    if (!kKnownTypes.contains(type)) {
        block->fail(typeKey,
            u"= \""_s + result.typeAsWritten
                + u"\" names a RoPE type Hugging Face transformers has no frequency rule for (known: "_s
                + kKnownTypes.join(u", "_s) + u"; aliases su, mrope)"_s);
    }
    result.ropeType = type;
    result.ropeTheta = block->number(u"rope_theta"_s);
    result.partialRotaryFactor = block->number(u"partial_rotary_factor"_s);
    result.mropeInterleaved = block->boolean(u"mrope_interleaved"_s).value_or(false);
    result.llama4ScalingBeta = block->number(u"llama_4_scaling_beta"_s);
    if (const std::optional<std::vector<double>> section = block->numberList(u"mrope_section"_s)) {
        for (std::size_t i = 0; i < section->size(); ++i) {
            const double pairs = (*section)[i];
            if (pairs < 1 || std::floor(pairs) != pairs || pairs > 1024) {
                block->fail(u"mrope_section["_s + QString::number(i) + u']',
                    u"= "_s + number(pairs) + u" is not a positive pair count in [1, 1024]"_s);
            }
            result.mropeSection.push_back(static_cast<int>(pairs));
        }
    }
    BlockReader(*block, context, result).read();
    return result;
}

} // namespace pecards::app
