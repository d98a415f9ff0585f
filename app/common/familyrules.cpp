#include "common/familyrules.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace pecards::app {

namespace {

/// model_type values of RoPE families whose configs may carry no rotary key at all (LLaMA 1).
const QStringList kRopeModelTypes {u"llama"_s, u"llama4"_s, u"llama4_text"_s, u"mistral"_s, u"mixtral"_s,
    u"ministral"_s, u"ministral3"_s, u"mistral3"_s, u"qwen2"_s, u"qwen2_moe"_s, u"qwen2_vl"_s,
    u"qwen2_5_vl"_s, u"qwen3"_s, u"qwen3_moe"_s, u"gemma"_s, u"gemma2"_s, u"gemma3"_s, u"gemma3_text"_s,
    u"phi"_s, u"phi3"_s, u"phimoe"_s, u"gpt_neox"_s, u"gptj"_s, u"codegen"_s, u"falcon"_s, u"stablelm"_s,
    u"starcoder2"_s, u"deepseek_v2"_s, u"deepseek_v3"_s, u"olmo"_s, u"olmo2"_s, u"olmoe"_s, u"cohere"_s,
    u"cohere2"_s, u"internlm2"_s, u"persimmon"_s, u"granite"_s, u"granitemoe"_s, u"glm"_s, u"glm4"_s,
    u"chatglm"_s, u"gpt_oss"_s, u"smollm3"_s, u"exaone"_s, u"nemotron"_s, u"qwen3_next"_s, u"exaone4"_s,
    u"olmo3"_s, u"minimax"_s, u"minimax_m2"_s, u"gemma4"_s, u"gemma4_text"_s, u"qwen3_vl"_s,
    u"qwen3_vl_text"_s, u"qwen3_vl_moe"_s, u"qwen3_vl_moe_text"_s, u"glm4v"_s, u"glm4v_text"_s,
    u"glm4v_moe"_s, u"glm4v_moe_text"_s};
/// Qwen3-VL: its text rotary always interleaves the M-RoPE sections, default [24, 20, 20]
/// (v4.57 `Qwen3VLTextRotaryEmbedding`: `mrope_section` from the config or the default, then
/// `apply_interleaved_mrope`), with or without a rope block.
const QStringList kInterleavedMropeModelTypes {
    u"qwen3_vl"_s, u"qwen3_vl_text"_s, u"qwen3_vl_moe"_s, u"qwen3_vl_moe_text"_s};
/// GLM-4.5V: blocked M-RoPE sections, default [8, 12, 12] (v5 `Glm4vMoeTextRotaryEmbedding`:
/// `rope_parameters.get("mrope_section", [8, 12, 12])`).
const QStringList kGlmMoeMropeModelTypes {u"glm4v_moe"_s, u"glm4v_moe_text"_s};
/// Families whose reference code rotates adjacent pairs (x[2i], x[2i + 1]); GLM-4.1V's text model
/// too (v4.57 `modeling_glm4v.py` `rotate_half_llm`: x[..., 0::2], x[..., 1::2], with the cos
/// table `repeat_interleave`d), while GLM-4.5V's `rotate_half_llm` is the half-split one.
const QStringList kInterleavedModelTypes {u"gptj"_s, u"codegen"_s, u"deepseek_v2"_s, u"deepseek_v3"_s,
    u"cohere"_s, u"cohere2"_s, u"glm"_s, u"glm4"_s, u"chatglm"_s, u"llama4"_s, u"llama4_text"_s, u"glm4v"_s,
    u"glm4v_text"_s};
/// Families whose reference code fixes the RoPE base at 10000 (no config key).
const QStringList kFixedBaseModelTypes {u"gptj"_s, u"codegen"_s};
const QStringList kT5ModelTypes {u"t5"_s, u"mt5"_s, u"umt5"_s, u"longt5"_s, u"switch_transformers"_s};
const QStringList kTxlModelTypes {u"transfo-xl"_s, u"transfo_xl"_s};
/// Families whose positions are a learned absolute table (weights in the checkpoint).
const QStringList kLearnedModelTypes {u"gpt2"_s, u"bert"_s, u"roberta"_s, u"xlm-roberta"_s, u"distilbert"_s,
    u"opt"_s, u"gpt_neo"_s, u"bart"_s, u"mbart"_s, u"electra"_s, u"albert"_s, u"biogpt"_s, u"xglm"_s};

} // namespace

bool isRopeFamily(const QString& family) {
    return kRopeModelTypes.contains(family);
}

bool isT5Family(const QString& family) {
    return kT5ModelTypes.contains(family);
}

bool isTransformerXlFamily(const QString& family) {
    return kTxlModelTypes.contains(family);
}

bool isLearnedFamily(const QString& family) {
    return kLearnedModelTypes.contains(family);
}

bool isKnownFamily(const QString& family) {
    return isRopeFamily(family) || isT5Family(family) || isTransformerXlFamily(family)
        || isLearnedFamily(family) || family == u"bloom"_s || family == u"mpt"_s;
}

bool readsRopeInterleave(const QString& family) {
    return family == u"deepseek_v3"_s;
}

bool rotatesAdjacentPairs(const QString& family) {
    return kInterleavedModelTypes.contains(family);
}

bool fixesBaseAt10000(const QString& family) {
    return kFixedBaseModelTypes.contains(family);
}

bool alwaysInterleavesMrope(const QString& family) {
    return kInterleavedMropeModelTypes.contains(family);
}

std::vector<int> defaultMropeSection(const QString& family) {
    if (kInterleavedMropeModelTypes.contains(family)) {
        return {24, 20, 20};
    }
    if (kGlmMoeMropeModelTypes.contains(family)) {
        return {8, 12, 12};
    }
    return {};
}

} // namespace pecards::app
