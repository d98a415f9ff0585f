#include "cards/controlgroups.h"

#include "cards/parameterform.h"
#include "cards/scalingdefaults.h"
#include "cardtext/describe.h"
#include "widgets/factortable.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <pecards/rope.h>
#include <pecards/viewrules.h>

namespace pecards::gui {

/// Translation context of this file's texts.
class ControlGroups {
    Q_DECLARE_TR_FUNCTIONS(ControlGroups)
};

namespace {

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
    form.addParameter(pecards::ParamId::Length, ControlGroups::tr("max length L"),
        ControlGroups::tr(
            "Number of positions L (the content views stop at 2²⁰); the heatmaps show windows of L x L"));
    if (withCausal) {
        // ALiBi's causal form -m(i-j) is defined for j <= i only: the box shows it checked and
        // fixed; its other forms (BLOOM's +m j over every key) follow the box (pecards::isCausal).
        form.addToggle(
            QStringLiteral("causal"), ControlGroups::tr("causal mask"),
            [](const P& p) { return pecards::isCausal(p); }, [](P& p, bool on) { p.causal = on; },
            ControlGroups::tr("Mask keys j > i (decoder attention). ALiBi's causal form -m(i-j) is masked by "
                              "definition; its symmetric and row-offset forms follow this box"));
        form.setEnabledWhen(QStringLiteral("causal"), [](const P& p) {
            const bool alibi = p.card == pecards::Card::Alibi || p.card == pecards::Card::Hybrid;
            return !(alibi && p.alibi.form == pecards::AlibiForm::Causal);
        });
        form.addParameter(pecards::ParamId::SlidingWindow, ControlGroups::tr("sliding window W"),
            ControlGroups::tr("Query i sees keys with |i - j| < W (HF sliding_window; Mistral 7B: 4096); 0 = "
                              "no window"));
        form.addParameter(pecards::ParamId::AttentionChunk, ControlGroups::tr("attention chunk C"),
            ControlGroups::tr(
                "Query i sees only the keys of its own chunk of C positions, floor(i/C) = "
                "floor(j/C) (HF attention_chunk_size; Llama 4's RoPE layers: 8192); 0 = no chunks"));
        form.addParameter(pecards::ParamId::AttentionSinks, ControlGroups::tr("attention sinks"),
            ControlGroups::tr("The first n keys stay visible outside the window (StreamingLLM keeps 4); "
                              "positions are the text's, not StreamingLLM's cache slots"));
        form.setRangeWhen(QStringLiteral("attention_sinks"), [](const P& p) {
            // the slider spans [0, min(64, L)]; the spin box takes up to L
            const pecards::ParamSpec& sinks = pecards::paramSpec(pecards::ParamId::AttentionSinks);
            return std::pair {sinks.minimum, std::min(sinks.typicalHigh, static_cast<double>(p.length))};
        });
    }
}

void addRopeControls(ParameterForm& form, bool withScaling) {
    using P = pecards::CardParams;
    using pecards::RopeScalingType;
    form.addSection(ControlGroups::tr("RoPE"));
    form.addParameter(pecards::ParamId::RopeHeadDim, ControlGroups::tr("head_dim d"),
        ControlGroups::tr("Size of one head's q and k"));
    form.addParameter(pecards::ParamId::Base, ControlGroups::tr("base θ"),
        ControlGroups::tr("θᵢ = base⁻²ⁱᐟʳ; 10000 in RoFormer and LLaMA 2, 500000 in Llama 3"));
    form.addParameter(pecards::ParamId::RotaryDim, ControlGroups::tr("rotary_dim r"),
        ControlGroups::tr(
            "Partial rotary (GPT-NeoX rotary_pct, GPT-J rotary_dim): only the first r dims rotate; 0 = "
            "head_dim"));
    form.setRangeWhen(QStringLiteral("rotary_dim"), [](const P& p) {
        const pecards::ParamSpec& headDim = pecards::paramSpec(pecards::ParamId::RopeHeadDim);
        return std::pair {pecards::paramSpec(pecards::ParamId::RotaryDim).sentinel,
            std::clamp(p.rope.head_dim * 1.0, headDim.minimum, headDim.maximum)};
    });
    form.addChoice(
        QStringLiteral("rope_layout"), ControlGroups::tr("pair layout"),
        {{ControlGroups::tr("half-split (x[i], x[i + r/2])"),
             static_cast<int>(pecards::RopeLayout::HalfSplit),
             ControlGroups::tr("GPT-NeoX, HF LLaMA rotate_half")},
            {ControlGroups::tr("interleaved (x[2i], x[2i + 1])"),
                static_cast<int>(pecards::RopeLayout::Interleaved),
                ControlGroups::tr("RoFormer, GPT-J, Meta LLaMA")}},
        [](const P& p) { return static_cast<int>(p.rope.layout); },
        [](P& p, int v) { p.rope.layout = static_cast<pecards::RopeLayout>(v); },
        ControlGroups::tr(
            "Same maths, different memory order: porting weights needs a permutation of q/k rows"));
    form.addChoice(
        QStringLiteral("rope_partial"), ControlGroups::tr("partial rotary"),
        {{ControlGroups::tr("classic: first r dims"), static_cast<int>(pecards::RopePartial::Classic),
             ControlGroups::tr("GPT-J, GPT-NeoX, partial_rotary_factor: θᵢ = base⁻²ⁱᐟʳ")},
            {ControlGroups::tr("proportional: r/2 pairs of the head"),
                static_cast<int>(pecards::RopePartial::Proportional),
                ControlGroups::tr("Gemma 4: pairs span the head, θᵢ = base⁻²ⁱᐟᵈ, the rest do not rotate")},
            {ControlGroups::tr("none: NoPE, no pair rotates"), static_cast<int>(pecards::RopePartial::NoPE),
                ControlGroups::tr("NoPE layers (Llama 4's every 4th, SmolLM3): θᵢ = 0, the score depends on "
                                  "content only")}},
        [](const P& p) { return static_cast<int>(p.rope.partial); },
        [](P& p, int v) { p.rope.partial = static_cast<pecards::RopePartial>(v); },
        ControlGroups::tr("Which dims a partial rotary_dim rotates; the two agree at position 0 only"));
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
    form.addParameter(
        pecards::ParamId::Factor, ControlGroups::tr("factor s"), ControlGroups::tr("Scaling factor s"));
    form.setVisibleWhen(QStringLiteral("factor"), [](const P& p) {
        return hasScaling(p,
            {RopeScalingType::Linear, RopeScalingType::Dynamic, RopeScalingType::Yarn,
                RopeScalingType::Llama3, RopeScalingType::LongRope});
    });
    form.addParameter(pecards::ParamId::OriginalMaxPositionEmbeddings,
        ControlGroups::tr("original max positions L0"),
        ControlGroups::tr("original_max_position_embeddings: the context the model was trained on (also the "
                          "training length L0 of the lab and the unseen-angles map)"));
    form.addParameter(pecards::ParamId::MaxPositionEmbeddings, ControlGroups::tr("max_position_embeddings"),
        ControlGroups::tr("The model's max_position_embeddings (dynamic NTK, YaRN, longrope)"));
    form.setVisibleWhen(QStringLiteral("max_position_embeddings"), [](const P& p) {
        return hasScaling(p, {RopeScalingType::Dynamic, RopeScalingType::Yarn, RopeScalingType::LongRope});
    });
    form.addParameter(pecards::ParamId::BetaFast, ControlGroups::tr("beta_fast"),
        ControlGroups::tr("YaRN: rotations over L0 where the ramp ends on the fast side"));
    form.setVisibleWhen(
        QStringLiteral("beta_fast"), [](const P& p) { return hasScaling(p, {RopeScalingType::Yarn}); });
    form.addParameter(pecards::ParamId::BetaSlow, ControlGroups::tr("beta_slow"),
        ControlGroups::tr("YaRN: rotations over L0 where the ramp ends on the slow side"));
    form.setVisibleWhen(
        QStringLiteral("beta_slow"), [](const P& p) { return hasScaling(p, {RopeScalingType::Yarn}); });
    form.addToggle(
        QStringLiteral("truncate"), ControlGroups::tr("truncate"),
        [](const P& p) { return p.rope.scaling.truncate; },
        [](P& p, bool on) { p.rope.scaling.truncate = on; },
        ControlGroups::tr("YaRN: floor/ceil the correction range to whole pairs (HF truncate, default on)"));
    form.setVisibleWhen(
        QStringLiteral("truncate"), [](const P& p) { return hasScaling(p, {RopeScalingType::Yarn}); });
    form.addParameter(pecards::ParamId::Mscale, ControlGroups::tr("mscale"),
        ControlGroups::tr("YaRN, DeepSeek form: mscale"));
    form.setVisibleWhen(
        QStringLiteral("mscale"), [](const P& p) { return hasScaling(p, {RopeScalingType::Yarn}); });
    form.addParameter(pecards::ParamId::MscaleAllDim, ControlGroups::tr("mscale_all_dim"),
        ControlGroups::tr("YaRN, DeepSeek form: mscale_all_dim"));
    form.setVisibleWhen(
        QStringLiteral("mscale_all_dim"), [](const P& p) { return hasScaling(p, {RopeScalingType::Yarn}); });
    form.addParameter(pecards::ParamId::AttentionFactor, ControlGroups::tr("attention_factor"),
        ControlGroups::tr("YaRN, longrope: multiplies cos and sin"));
    form.setVisibleWhen(QStringLiteral("attention_factor"), [](const P& p) {
        return hasScaling(p, {RopeScalingType::Yarn, RopeScalingType::LongRope});
    });
    form.addParameter(pecards::ParamId::LowFreqFactor, ControlGroups::tr("low_freq_factor"),
        ControlGroups::tr(
            "Llama 3: wavelengths above L0/low_freq_factor are multiplied by s (their frequencies divided)"));
    form.setVisibleWhen(QStringLiteral("low_freq_factor"),
        [](const P& p) { return hasScaling(p, {RopeScalingType::Llama3}); });
    form.addParameter(pecards::ParamId::HighFreqFactor, ControlGroups::tr("high_freq_factor"),
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
    form.addNote(QStringLiteral("scaling_derived"), pecards::app::describeScalingDerived);
}

void addAlibiControls(ParameterForm& form, bool withHeadDim) {
    using P = pecards::CardParams;
    using pecards::AlibiForm;
    form.addSection(ControlGroups::tr("ALiBi"));
    form.addParameter(pecards::ParamId::Heads, ControlGroups::tr("heads H"),
        ControlGroups::tr("Number of heads H; slopes mₕ = 2⁻⁸ʰᐟᴴ when H is a power of two, else the "
                          "ofirpress interleaving (see the card)"));
    form.addParameter(pecards::ParamId::Head, ControlGroups::tr("head shown h"),
        ControlGroups::tr("Head shown in the heatmaps, counted from 1: [1, H] (as pecards-cli --head). "
                          "Head 1 is the steepest when H is a power of two; otherwise head P + 1 is "
                          "(P = largest power of two below H; 12 heads: head 9, slope 2⁻¹ᐟ²)"));
    form.setRangeWhen(QStringLiteral("head"), [](const P& p) {
        const pecards::ParamSpec& heads = pecards::paramSpec(pecards::ParamId::Heads);
        return std::pair {pecards::paramSpec(pecards::ParamId::Head).minimum,
            std::clamp(p.alibi.heads * 1.0, heads.minimum, heads.maximum)};
    });
    form.addParameter(pecards::ParamId::AlibiBiasMax, ControlGroups::tr("slope exponent B"),
        ControlGroups::tr("The 8 in mₕ = 2⁻⁸ʰᐟᴴ (MPT alibi_bias_max)"));
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
        form.addParameter(pecards::ParamId::AlibiHeadDim, ControlGroups::tr("head_dim d"),
            ControlGroups::tr("Size of q/k in the content views"));
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

} // namespace pecards::gui
