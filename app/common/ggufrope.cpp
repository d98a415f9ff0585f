#include "common/ggufrope.h"

#include "common/fileerror.h"
#include "pecards/errors.h"
#include "pecards/rope_scaling.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

[[noreturn]] void refuse(const GgufFile& file, const QString& problem) {
    throw FileError((file.path() + u": "_s + problem).toStdString());
}

} // namespace

GgufRope ggufRope(const GgufFile& file) {
    const std::optional<QString> arch = file.string(u"general.architecture"_s);
    if (!arch) {
        refuse(file, u"general.architecture is missing: the RoPE keys are named after it"_s);
    }
    const QString prefix = *arch + u".rope."_s;
    const double base = file.number(prefix + u"freq_base"_s).value_or(10000.0);
    std::optional<double> dims = file.number(prefix + u"dimension_count"_s);
    if (!dims) {
        const std::optional<double> width = file.number(*arch + u".embedding_length"_s);
        const std::optional<double> heads = file.number(*arch + u".attention.head_count"_s);
        if (width && heads && *heads >= 1) {
            dims = std::floor(*width / *heads);
        }
    }
    if (!dims || *dims < 2 || *dims > 1024 || std::fmod(*dims, 2.0) != 0.0) {
        refuse(file, prefix + u"dimension_count is missing or not an even number in [2, 1024]"_s);
    }
    const QString type = file.string(prefix + u"scaling.type"_s).value_or(u"none"_s);
    const double factor = file.number(prefix + u"scaling.factor"_s).value_or(1.0);
    const double original = file.number(prefix + u"scaling.original_context_length"_s).value_or(0.0);
    if (!(original >= 0 && original <= 1099511627776.0)) {
        refuse(file,
            prefix + u"scaling.original_context_length = "_s + QString::number(original)
                + u": allowed: 0 to 2^40 positions"_s);
    }

    RopeParams params;
    params.head_dim = static_cast<int>(*dims);
    params.base = base;
    if (type == u"linear"_s || type == u"yarn"_s) {
        params.scaling.type = type == u"linear"_s ? RopeScalingType::Linear : RopeScalingType::Yarn;
        params.scaling.factor = factor;
        params.scaling.original_max_position_embeddings = static_cast<std::int64_t>(original);
    } else if (type != u"none"_s) {
        refuse(file, prefix + u"scaling.type = \""_s + type + u"\": allowed: none, linear, yarn"_s);
    }
    GgufRope rope;
    try {
        rope.invFreq
            = ropeScaling(params, std::max<std::int64_t>(1, params.scaling.original_max_position_embeddings))
                  .inv_freq;
    } catch (const InvalidParameter& error) {
        refuse(file, QString::fromUtf8(error.what()));
    }
    rope.summary = u"gguf: "_s + prefix + u"freq_base = "_s + QString::number(base, 'g', 9)
        + u", dimension_count = "_s + QString::number(*dims) + u", scaling "_s + type;
    if (type != u"none"_s) {
        rope.summary += u" x"_s + QString::number(factor) + u" from "_s + QString::number(original);
    }
    if (file.tensorDims(u"rope_freqs.weight"_s)) {
        const Eigen::VectorXd factors = file.vector(u"rope_freqs.weight"_s);
        if (!(factors.array() > 0).all() || !factors.allFinite()) {
            refuse(file, u"rope_freqs.weight holds a factor that is not finite and positive"_s);
        }
        if (factors.size() != rope.invFreq.size()) {
            refuse(file,
                u"rope_freqs.weight has "_s + QString::number(factors.size())
                    + u" factors: expected n_rot/2 = "_s + QString::number(rope.invFreq.size()));
        }
        rope.invFreq = rope.invFreq.cwiseQuotient(factors);
        rope.summary += u", rope_freqs.weight ("_s + QString::number(factors.size()) + u" factors)"_s;
    }
    return rope;
}

} // namespace pecards::app
