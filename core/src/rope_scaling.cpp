// RoPE context-extension scalings, following HF transformers `modeling_rope_utils.py` (v5):
// `_compute_linear_scaling_rope_parameters`, `_compute_dynamic_ntk_parameters`,
// `_compute_yarn_parameters`, `_compute_llama3_parameters`, `_compute_longrope_parameters`.

#include "pecards/rope_scaling.h"

#include "check.h"
#include "pecards/rope.h"
#include "validation.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pecards {

namespace {

/// YaRN attention factor term (HF `get_mscale`): 0.1 * mscale * ln(s) + 1, or 1 for s <= 1.
double yarnMscale(double s, double mscale) {
    return s <= 1.0 ? 1.0 : 0.1 * mscale * std::log(s) + 1.0;
}

/// Dynamic NTK (bloc97; HF `_compute_dynamic_ntk_parameters`): for seq_len > L0,
/// b' = b * (s * seq_len / L0 - (s - 1))^(r/(r-2)); the base is kept for seq_len <= L0.
void applyDynamic(const RopeParams& params, int r, std::int64_t seq_len, RopeScalingResult& out) {
    const auto l0 = static_cast<double>(ropeScalingContext(params.scaling));
    const double s = params.scaling.factor;
    if (static_cast<double>(seq_len) > l0) {
        const double ratio = s * static_cast<double>(seq_len) / l0 - (s - 1.0);
        out.effective_base = params.base * std::pow(ratio, static_cast<double>(r) / (r - 2));
    }
    out.inv_freq = ropeInvFreq(out.effective_base, r);
}

/// YaRN (Peng et al. 2023; HF `_compute_yarn_parameters` = jquesnelle/yarn): ramp linear in the
/// pair index between the dimensions where beta_fast and beta_slow rotations fit in L0.
void applyYarn(const RopeParams& params, int r, RopeScalingResult& out) {
    const RopeScaling& sc = params.scaling;
    const double s = sc.factor;
    const auto l0 = static_cast<double>(ropeScalingContext(sc));
    if (sc.attention_factor > 0.0) {
        out.attention_factor = sc.attention_factor;
    } else if (sc.mscale > 0.0 && sc.mscale_all_dim > 0.0) {
        out.attention_factor = yarnMscale(s, sc.mscale) / yarnMscale(s, sc.mscale_all_dim);
    } else {
        out.attention_factor = yarnMscale(s, 1.0);
    }
    // Dimension index at which `rotations` full turns fit in L0 positions.
    const auto correctionDim = [&](double rotations) {
        return r * std::log(l0 / (rotations * 2.0 * std::numbers::pi)) / (2.0 * std::log(params.base));
    };
    double low = correctionDim(sc.beta_fast);
    double high = correctionDim(sc.beta_slow);
    if (sc.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, static_cast<double>(r - 1));
    out.correction_low = low;
    out.correction_high = high;
    const double span = low == high ? 0.001 : high - low; // HF: max += 0.001 prevents a singularity
    const Eigen::VectorXd theta = ropeInvFreq(params.base, r);
    out.interpolation_weight.resize(r / 2);
    out.inv_freq.resize(r / 2);
    for (int i = 0; i < r / 2; ++i) {
        // w = weight of the interpolated theta/s; 1 - w of the extrapolated theta.
        const double w = std::clamp((i - low) / span, 0.0, 1.0);
        out.interpolation_weight[i] = w;
        out.inv_freq[i] = theta[i] / s * w + theta[i] * (1.0 - w);
    }
}

/// Llama 3 (meta-llama `apply_scaling`; HF `_compute_llama3_parameters`): wavelengths longer than
/// L0/low_freq_factor are divided by s, shorter than L0/high_freq_factor kept, the band between
/// blended with s_i = (L0/wavelen - low)/(high - low). Equal factors (Llama 4 Scout: low = high =
/// 1) leave no band: a wavelength of exactly L0/low, where HF's blend is 0/0, is divided by s.
void applyLlama3(const RopeParams& params, int r, RopeScalingResult& out) {
    const RopeScaling& sc = params.scaling;
    const auto l0 = static_cast<double>(ropeScalingContext(sc));
    const double low_wavelen = l0 / sc.low_freq_factor;
    const double high_wavelen = l0 / sc.high_freq_factor;
    const Eigen::VectorXd theta = ropeInvFreq(params.base, r);
    out.inv_freq.resize(r / 2);
    out.band.resize(r / 2);
    for (int i = 0; i < r / 2; ++i) {
        const double wavelen = 2.0 * std::numbers::pi / theta[i];
        if (wavelen < high_wavelen) {
            out.band[i] = 0;
            out.inv_freq[i] = theta[i];
        } else if (wavelen > low_wavelen || sc.high_freq_factor == sc.low_freq_factor) {
            out.band[i] = 2;
            out.inv_freq[i] = theta[i] / sc.factor;
        } else {
            out.band[i] = 1;
            const double smooth
                = (l0 / wavelen - sc.low_freq_factor) / (sc.high_freq_factor - sc.low_freq_factor);
            out.inv_freq[i] = (1.0 - smooth) * theta[i] / sc.factor + smooth * theta[i];
        }
    }
}

/// LongRoPE (Phi-3; HF v5 `_compute_longrope_parameters`): theta_i / ext_i with ext = long_factor
/// for seq_len > L0, else short_factor; s = the factor, or max_position_embeddings / L0 when the
/// factor is 1 (not given) and both are known.
void applyLongRope(const RopeParams& params, int r, std::int64_t seq_len, RopeScalingResult& out) {
    const RopeScaling& sc = params.scaling;
    const std::int64_t l0 = ropeScalingContext(sc);
    // HF v5: an explicit factor wins; factor 1 (the default, "not given") falls back to
    // max_position_embeddings / L0 when both are known.
    const double s
        = sc.factor == 1.0 && sc.original_max_position_embeddings > 0 && sc.max_position_embeddings > 0
        ? static_cast<double>(sc.max_position_embeddings)
            / static_cast<double>(sc.original_max_position_embeddings)
        : sc.factor;
    out.factor = s;
    if (sc.attention_factor > 0.0) {
        out.attention_factor = sc.attention_factor;
    } else if (s > 1.0) {
        out.attention_factor = std::sqrt(1.0 + std::log(s) / std::log(static_cast<double>(l0)));
    }
    out.long_factor_selected = seq_len > l0;
    const std::vector<double>& ext = out.long_factor_selected ? sc.long_factor : sc.short_factor;
    out.inv_freq = ropeInvFreq(params.base, r);
    for (int i = 0; i < r / 2; ++i) {
        out.inv_freq[i] /= ext[static_cast<std::size_t>(i)];
    }
}

} // namespace

std::int64_t givenScalingContext(const RopeScaling& scaling) {
    const std::int64_t original = scaling.original_max_position_embeddings;
    const std::int64_t max_pos = scaling.max_position_embeddings;
    switch (scaling.type) {
    case RopeScalingType::Dynamic:
        return max_pos > 0 ? max_pos : original;
    case RopeScalingType::Yarn:
    case RopeScalingType::LongRope:
        return original > 0 ? original : max_pos;
    case RopeScalingType::Llama3:
        return original;
    default:
        return 0;
    }
}

std::int64_t ropeScalingContext(const RopeScaling& scaling) {
    const std::int64_t l0 = givenScalingContext(scaling);
    const std::int64_t original = scaling.original_max_position_embeddings;
    const std::int64_t max_pos = scaling.max_position_embeddings;
    switch (scaling.type) {
    case RopeScalingType::Dynamic:
        PECARDS_CHECK(l0 >= 2, "max_position_embeddings",
            max_pos == 0 ? std::string("0 (missing)") : std::to_string(l0),
            ">= 2 (dynamic NTK scales beyond it; rope_scaling.original_max_position_embeddings is the "
            "fallback)");
        break;
    case RopeScalingType::Yarn:
    case RopeScalingType::LongRope:
        PECARDS_CHECK(l0 >= 2, "rope_scaling.original_max_position_embeddings",
            original == 0 ? std::string("0 (missing)") : std::to_string(original),
            ">= 2 (or max_position_embeddings >= 2 as the fallback)");
        break;
    case RopeScalingType::Llama3:
        PECARDS_CHECK(l0 >= 2, "rope_scaling.original_max_position_embeddings",
            original == 0 ? std::string("0 (missing)") : std::to_string(original),
            ">= 2 (required by llama3)");
        break;
    default:
        break;
    }
    return l0;
}

RopeScalingResult ropeScaling(const RopeParams& params, std::int64_t seq_len) {
    validate(params);
    PECARDS_CHECK(seq_len >= 0 && seq_len <= kMaxLength, "seq_len", seq_len,
        "in [0, " + detail::lengthLimitText() + "] (0 = not given)");
    const int r = rotaryDim(params);
    RopeScalingResult out;
    out.effective_base = params.base;
    out.factor = params.scaling.type == RopeScalingType::None ? 1.0 : params.scaling.factor;
    switch (params.scaling.type) {
    case RopeScalingType::None:
        out.inv_freq = ropeInvFreq(params);
        break;
    case RopeScalingType::Linear:
        out.inv_freq = ropeInvFreq(params) / params.scaling.factor;
        break;
    case RopeScalingType::Dynamic:
        applyDynamic(params, r, seq_len, out);
        break;
    case RopeScalingType::Yarn:
        applyYarn(params, r, out);
        break;
    case RopeScalingType::Llama3:
        applyLlama3(params, r, out);
        break;
    case RopeScalingType::LongRope:
        applyLongRope(params, r, seq_len, out);
        break;
    }
    // cos and sin carry the attention factor, so q.k carries its square; DeepSeek-V2/V3 attention
    // also multiplies the softmax scale by mscale(s, mscale_all_dim)^2 (golden README conv. 11;
    // `if mscale_all_dim:` in DeepseekV2Attention), which other YaRN models do not.
    out.logit_scale_total = out.attention_factor * out.attention_factor;
    if (params.scaling.deepseek_softmax_mscale && params.scaling.type != RopeScalingType::None
        && params.scaling.mscale_all_dim > 0.0) {
        const double m = yarnMscale(params.scaling.factor, params.scaling.mscale_all_dim);
        out.logit_scale_total *= m * m;
    }
    return out;
}

} // namespace pecards
