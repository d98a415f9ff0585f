#include "cards/controlgroups.h"

#include "cards/describe.h"
#include "cards/parameterform.h"
#include "cards/scalingdefaults.h"
#include "widgets/factortable.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <pecards/rope.h>

/// Translation context of this file's texts.
class ControlGroups {
    Q_DECLARE_TR_FUNCTIONS(ControlGroups)
};

namespace {

/// A dimension slider: step 2 over [2, 1024]; the spin box also takes odd and out-of-range
/// values so the engine can explain why they are invalid.
SliderSpin::Range dimensionRange() {
    return {2, 1024, 0, 4096, false, 0, 24, false, 2.0};
}

SliderSpin::Range baseRange() {
    return {10, 1e7, 0, 1e12, true, 1, 24, false, 1.0};
}

std::int64_t toInt64(double value) {
    return static_cast<std::int64_t>(std::llround(value));
}

int toInt(double value) {
    return static_cast<int>(std::lround(value));
}

bool hasScaling(const pecards::CardParams& p, std::initializer_list<pecards::RopeScalingType> types) {
    for (const auto type : types) {
        if (p.rope.scaling.type == type)
            return true;
    }
    return false;
}

} // namespace

void addSequenceControls(ParameterForm& form, bool withCausal) {
    using P = pecards::CardParams;
    form.addSection(ControlGroups::tr("Sequence"));
    form.addNumber(
        QStringLiteral("length"), ControlGroups::tr("max length L"),
        {8, 1 << 20, 0, 1 << 20, true, 0, 4, true, 1.0, SliderSpin::kLargestInt64},
        [](const P& p) { return static_cast<double>(p.length); },
        [](P& p, double v) { p.length = toInt64(v); },
        ControlGroups::tr("Number of positions L (8 to 2^20 = 1048576); the heatmaps show windows of L x L"));
    if (withCausal) {
        form.addToggle(
            QStringLiteral("causal"), ControlGroups::tr("causal mask"), [](const P& p) { return p.causal; },
            [](P& p, bool on) { p.causal = on; }, ControlGroups::tr("Mask keys j > i (decoder attention)"));
    }
}

void addRopeControls(ParameterForm& form, bool withScaling) {
    using P = pecards::CardParams;
    using pecards::RopeScalingType;
    form.addSection(ControlGroups::tr("RoPE"));
    form.addNumber(
        QStringLiteral("head_dim"), ControlGroups::tr("head_dim d"), dimensionRange(),
        [](const P& p) { return p.rope.head_dim; }, [](P& p, double v) { p.rope.head_dim = toInt(v); },
        ControlGroups::tr("Size of one head's q and k; must be even, in [2, 1024]"));
    form.addNumber(
        QStringLiteral("base"), ControlGroups::tr("base θ"), baseRange(),
        [](const P& p) { return p.rope.base; }, [](P& p, double v) { p.rope.base = v; },
        ControlGroups::tr("θ_i = base^(-2i/r); 10000 in RoFormer and LLaMA 2, 500000 in Llama 3"));
    form.addNumber(
        QStringLiteral("rotary_dim"), ControlGroups::tr("rotary_dim r"),
        {0, 1024, 0, 4096, false, 0, 24, false, 2.0}, [](const P& p) { return p.rope.rotary_dim; },
        [](P& p, double v) { p.rope.rotary_dim = toInt(v); },
        ControlGroups::tr(
            "Partial rotary (GPT-NeoX rotary_pct, GPT-J rotary_dim): only the first r dims rotate; 0 = "
            "head_dim"));
    form.setRangeWhen(QStringLiteral("rotary_dim"), [](const P& p) {
        return std::pair {0.0, std::clamp(p.rope.head_dim, 2, pecards::kMaxDim) * 1.0};
    });
    form.addChoice(
        QStringLiteral("rope_layout"), ControlGroups::tr("pair layout"),
        {{ControlGroups::tr("half-split (x_i, x_i+r/2)"), static_cast<int>(pecards::RopeLayout::HalfSplit),
             ControlGroups::tr("GPT-NeoX, HF LLaMA rotate_half")},
            {ControlGroups::tr("interleaved (x_2i, x_2i+1)"),
                static_cast<int>(pecards::RopeLayout::Interleaved),
                ControlGroups::tr("RoFormer, GPT-J, Meta LLaMA")}},
        [](const P& p) { return static_cast<int>(p.rope.layout); },
        [](P& p, int v) { p.rope.layout = static_cast<pecards::RopeLayout>(v); },
        ControlGroups::tr(
            "Same maths, different memory order: porting weights needs a permutation of q/k rows"));
    if (!withScaling)
        return;
    form.addSection(ControlGroups::tr("Context extension"));
    QList<ParameterForm::Choice> types;
    for (const auto type : {RopeScalingType::None, RopeScalingType::Linear, RopeScalingType::Dynamic,
             RopeScalingType::Yarn, RopeScalingType::Llama3, RopeScalingType::LongRope})
        // HF's rope_type names; no scaling is HF's "default" RoPE.
        types.push_back({type == RopeScalingType::None ? QStringLiteral("default")
                                                       : QString::fromStdString(pecards::toString(type)),
            static_cast<int>(type), {}});
    form.addChoice(
        QStringLiteral("scaling"), ControlGroups::tr("scaling type"), types,
        [](const P& p) { return static_cast<int>(p.rope.scaling.type); },
        [](P& p, int v) { p.rope.scaling = typicalRopeScaling(p.rope, static_cast<RopeScalingType>(v)); },
        ControlGroups::tr(
            "HF transformers modeling_rope_utils.py rope_type; choosing one fills typical values "
            "for the keys it reads (factor 4, L0 4096, ...)"));
    form.addNumber(
        QStringLiteral("factor"), ControlGroups::tr("factor s"), {1, 64, 0, 1e4, true, 2, 24, false, 0.5},
        [](const P& p) { return p.rope.scaling.factor; }, [](P& p, double v) { p.rope.scaling.factor = v; },
        ControlGroups::tr("Scaling factor s >= 1"));
    form.setVisibleWhen(QStringLiteral("factor"), [](const P& p) {
        return hasScaling(p,
            {RopeScalingType::Linear, RopeScalingType::Dynamic, RopeScalingType::Yarn,
                RopeScalingType::Llama3, RopeScalingType::LongRope});
    });
    form.addNumber(
        QStringLiteral("original_max_position_embeddings"), ControlGroups::tr("original max positions L0"),
        {256, 1 << 20, 0, 1 << 20, true, 0, 2, true, 1.0, SliderSpin::kLargestInt64},
        [](const P& p) { return static_cast<double>(p.rope.scaling.original_max_position_embeddings); },
        [](P& p, double v) { p.rope.scaling.original_max_position_embeddings = toInt64(v); },
        ControlGroups::tr("original_max_position_embeddings: the context the model was trained on (also the "
                          "training length L0 of the lab and the unseen-angles map)"));
    form.addNumber(
        QStringLiteral("max_position_embeddings"), ControlGroups::tr("max_position_embeddings"),
        {256, 1 << 20, 0, 1 << 20, true, 0, 2, true, 1.0, SliderSpin::kLargestInt64},
        [](const P& p) { return static_cast<double>(p.rope.scaling.max_position_embeddings); },
        [](P& p, double v) { p.rope.scaling.max_position_embeddings = toInt64(v); },
        ControlGroups::tr("The model's max_position_embeddings (dynamic NTK, YaRN, longrope)"));
    form.setVisibleWhen(QStringLiteral("max_position_embeddings"), [](const P& p) {
        return hasScaling(p, {RopeScalingType::Dynamic, RopeScalingType::Yarn, RopeScalingType::LongRope});
    });
    form.addNumber(
        QStringLiteral("beta_fast"), ControlGroups::tr("beta_fast"),
        {1, 128, 0, 1e4, false, 1, 24, false, 1.0}, [](const P& p) { return p.rope.scaling.beta_fast; },
        [](P& p, double v) { p.rope.scaling.beta_fast = v; },
        ControlGroups::tr("YaRN: rotations over L0 where the ramp ends on the fast side (32)"));
    form.setVisibleWhen(
        QStringLiteral("beta_fast"), [](const P& p) { return hasScaling(p, {RopeScalingType::Yarn}); });
    form.addNumber(
        QStringLiteral("beta_slow"), ControlGroups::tr("beta_slow"),
        {0, 32, 0, 1e4, false, 2, 24, false, 0.25}, [](const P& p) { return p.rope.scaling.beta_slow; },
        [](P& p, double v) { p.rope.scaling.beta_slow = v; },
        ControlGroups::tr("YaRN: rotations over L0 where the ramp ends on the slow side (1)"));
    form.setVisibleWhen(
        QStringLiteral("beta_slow"), [](const P& p) { return hasScaling(p, {RopeScalingType::Yarn}); });
    form.addToggle(
        QStringLiteral("truncate"), ControlGroups::tr("truncate"),
        [](const P& p) { return p.rope.scaling.truncate; },
        [](P& p, bool on) { p.rope.scaling.truncate = on; },
        ControlGroups::tr("YaRN: floor/ceil the correction range to whole pairs (HF truncate, default on)"));
    form.setVisibleWhen(
        QStringLiteral("truncate"), [](const P& p) { return hasScaling(p, {RopeScalingType::Yarn}); });
    form.addNumber(
        QStringLiteral("mscale"), ControlGroups::tr("mscale"), {0, 4, 0, 1e3, false, 3, 24, false, 0.05},
        [](const P& p) { return p.rope.scaling.mscale; }, [](P& p, double v) { p.rope.scaling.mscale = v; },
        ControlGroups::tr("YaRN, DeepSeek form: mscale (0 = not given)"));
    form.setVisibleWhen(
        QStringLiteral("mscale"), [](const P& p) { return hasScaling(p, {RopeScalingType::Yarn}); });
    form.addNumber(
        QStringLiteral("mscale_all_dim"), ControlGroups::tr("mscale_all_dim"),
        {0, 4, 0, 1e3, false, 3, 24, false, 0.05}, [](const P& p) { return p.rope.scaling.mscale_all_dim; },
        [](P& p, double v) { p.rope.scaling.mscale_all_dim = v; },
        ControlGroups::tr("YaRN, DeepSeek form: mscale_all_dim (0 = not given)"));
    form.setVisibleWhen(
        QStringLiteral("mscale_all_dim"), [](const P& p) { return hasScaling(p, {RopeScalingType::Yarn}); });
    form.addNumber(
        QStringLiteral("attention_factor"), ControlGroups::tr("attention_factor"),
        {0, 4, 0, 1e3, false, 3, 24, false, 0.05}, [](const P& p) { return p.rope.scaling.attention_factor; },
        [](P& p, double v) { p.rope.scaling.attention_factor = v; },
        ControlGroups::tr("YaRN, longrope: multiplies cos and sin (0 = derived from the factor)"));
    form.setVisibleWhen(QStringLiteral("attention_factor"), [](const P& p) {
        return hasScaling(p, {RopeScalingType::Yarn, RopeScalingType::LongRope});
    });
    form.addNumber(
        QStringLiteral("low_freq_factor"), ControlGroups::tr("low_freq_factor"),
        {0.25, 16, 0, 1e4, false, 2, 24, false, 0.25},
        [](const P& p) { return p.rope.scaling.low_freq_factor; },
        [](P& p, double v) { p.rope.scaling.low_freq_factor = v; },
        ControlGroups::tr("Llama 3: wavelengths above L0/low_freq_factor are divided by s"));
    form.setVisibleWhen(QStringLiteral("low_freq_factor"),
        [](const P& p) { return hasScaling(p, {RopeScalingType::Llama3}); });
    form.addNumber(
        QStringLiteral("high_freq_factor"), ControlGroups::tr("high_freq_factor"),
        {0.25, 16, 0, 1e4, false, 2, 24, false, 0.25},
        [](const P& p) { return p.rope.scaling.high_freq_factor; },
        [](P& p, double v) { p.rope.scaling.high_freq_factor = v; },
        ControlGroups::tr("Llama 3: wavelengths below L0/high_freq_factor are kept"));
    form.setVisibleWhen(QStringLiteral("high_freq_factor"),
        [](const P& p) { return hasScaling(p, {RopeScalingType::Llama3}); });
    auto* factors = new FactorTable(&form);
    form.addEditor(
        QStringLiteral("longrope_factors"), ControlGroups::tr("longrope factors per pair"), factors,
        [factors](const P& p) {
            factors->setLists(
                p.rope.scaling.short_factor, p.rope.scaling.long_factor, pecards::rotaryDim(p.rope) / 2);
        },
        ControlGroups::tr("short_factor and long_factor, one entry per frequency pair (rotary_dim/2)"));
    ParameterForm* lists = &form;
    QObject::connect(factors, &FactorTable::edited, lists,
        [lists](const std::vector<double>& shortFactor, const std::vector<double>& longFactor) {
            lists->edit([&](P& p) {
                p.rope.scaling.short_factor = shortFactor;
                p.rope.scaling.long_factor = longFactor;
            });
        });
    QObject::connect(factors, &FactorTable::fitRequested, lists, [lists](int entries) {
        lists->edit([entries](P& p) { resizeLongRopeFactors(p.rope.scaling, entries); });
    });
    form.setVisibleWhen(QStringLiteral("longrope_factors"),
        [](const P& p) { return hasScaling(p, {RopeScalingType::LongRope}); });
    form.addNote(QStringLiteral("scaling_derived"), describeScalingDerived);
}

void addAlibiControls(ParameterForm& form, bool withHeadDim) {
    using P = pecards::CardParams;
    using pecards::AlibiForm;
    form.addSection(ControlGroups::tr("ALiBi"));
    form.addNumber(
        QStringLiteral("heads"), ControlGroups::tr("heads H"), {1, 128, 0, 1024, false, 0, 24, false, 1.0},
        [](const P& p) { return p.alibi.heads; }, [](P& p, double v) { p.alibi.heads = toInt(v); },
        ControlGroups::tr("Number of heads H in [1, 128]; slopes m_h = 2^(-8h/H) when H is a power of two, "
                          "else the ofirpress interleaving (see the card)"));
    form.addNumber(
        QStringLiteral("head"), ControlGroups::tr("head shown h"),
        {1, 128, 0, 1024, false, 0, 24, false, 1.0}, [](const P& p) { return p.alibi.head + 1; },
        [](P& p, double v) { p.alibi.head = toInt(v) - 1; },
        ControlGroups::tr("Head shown in the heatmaps, counted from 1: [1, H] (as pecards-cli --head). "
                          "Head 1 is the steepest when H is a power of two; otherwise head P + 1 is "
                          "(P = largest power of two below H; 12 heads: head 9, slope 2^-0.5)"));
    form.setRangeWhen(QStringLiteral("head"), [](const P& p) {
        return std::pair {1.0, std::clamp(p.alibi.heads, 1, 128) * 1.0};
    });
    form.addNumber(
        QStringLiteral("alibi_bias_max"), ControlGroups::tr("slope exponent B"),
        {0.5, 16, 0, 1e3, false, 1, 24, false, 0.5}, [](const P& p) { return p.alibi.alibi_bias_max; },
        [](P& p, double v) { p.alibi.alibi_bias_max = v; },
        ControlGroups::tr("The 8 in m_h = 2^(-8h/H) (MPT alibi_bias_max)"));
    form.addChoice(
        QStringLiteral("alibi_form"), ControlGroups::tr("bias form"),
        {{ControlGroups::tr("causal -m(i-j)"), static_cast<int>(AlibiForm::Causal),
             ControlGroups::tr("paper, GPT-NeoX; masked for j > i")},
            {ControlGroups::tr("symmetric -m|i-j|"), static_cast<int>(AlibiForm::Symmetric),
                ControlGroups::tr("encoder variant")},
            {ControlGroups::tr("row offset +m·j (BLOOM)"), static_cast<int>(AlibiForm::RowOffsetBloom),
                ControlGroups::tr("ofirpress, HF BLOOM: equal after the causal softmax, not before")},
            {ControlGroups::tr("row offset -m(L-1-j) (llm-foundry)"),
                static_cast<int>(AlibiForm::RowOffsetFoundry),
                ControlGroups::tr("MPT / llm-foundry: equal after the causal softmax, not before")}},
        [](const P& p) { return static_cast<int>(p.alibi.form); },
        [](P& p, int v) { p.alibi.form = static_cast<AlibiForm>(v); });
    if (withHeadDim) {
        form.addNumber(
            QStringLiteral("alibi_head_dim"), ControlGroups::tr("head_dim d"), dimensionRange(),
            [](const P& p) { return p.alibi.head_dim; }, [](P& p, double v) { p.alibi.head_dim = toInt(v); },
            ControlGroups::tr("Size of q/k in the content views; even, in [2, 1024]"));
    }
}

void addProbeControls(ParameterForm& form) {
    using P = pecards::CardParams;
    form.addSection(ControlGroups::tr("Probe and content vectors"));
    form.addChoice(
        QStringLiteral("probe"), ControlGroups::tr("probe q, k"),
        {{ControlGroups::tr("ones (1, …, 1)"), static_cast<int>(pecards::ProbeKind::Ones), {}},
            {ControlGroups::tr("random N(0, I/d)"), static_cast<int>(pecards::ProbeKind::Random), {}}},
        [](const P& p) { return static_cast<int>(p.probe.kind); },
        [](P& p, int v) { p.probe.kind = static_cast<pecards::ProbeKind>(v); },
        ControlGroups::tr("The fixed q and k of the positional-only views"));
    form.addNumber(
        QStringLiteral("seed"), ControlGroups::tr("seed"),
        {0, 100, 0, 1e9, false, 0, 24, false, 1.0, SliderSpin::kLargestInt64},
        [](const P& p) { return static_cast<double>(p.probe.seed); },
        [](P& p, double v) { p.probe.seed = static_cast<std::uint64_t>(std::llround(v)); },
        ControlGroups::tr(
            "Seed of random probes, content vectors and learned tables (T5 buckets, Shaw, Transformer-XL)"));
}
