#!/usr/bin/env python3
"""Per-layer positional treatment of thirteen 2025-2026 model configs (tests/data/golden/layers_*.json).

Independent of PE Cards' code: every number is recomputed here, in double precision, from the
formulas of Hugging Face transformers. Standard library only. Run from the repository root:

    python3 scripts/golden_layers_2026.py

Reads tests/data/configs/2026/<name>.json and writes tests/data/golden/layers_<name>.json.

Transformers sources read (huggingface/transformers, file @ commit as read; HF computes inverse
frequencies in float32, the values here are the float64 ones):

- src/transformers/modeling_rope_utils.py: v5 text (with `_compute_proportional_rope_parameters`,
  `truncate`, `mscale`/`mscale_all_dim`; v5 main of 2026, commit not recorded) and
  @ ef46806472a64b0013ed413781e3afed82bfa047 (v4 form, for comparison; same numbers here)
- models/gemma4/configuration_gemma4.py @ 351f643ab9f582c01026b6d75aab3e2c5a8338cd
- models/gemma4/modeling_gemma4.py @ c308a309e651a7e033f683353f3f75aa66d29502
- models/gemma3/configuration_gemma3.py @ d98ac17cc00f337eeee9a1e2380072dc8cafabd4 (class
  defaults) and the v5 modular_gemma3.py text (per-layer-type rope_parameters, layer_types)
- models/qwen3_next/configuration_qwen3_next.py @ 249ef8164cfbd8e288c2f6d8395539b9e90e8300
- models/smollm3/configuration_smollm3.py @ 6551e17f8b5c3d17840d6be0ee8ce40a3626c544
- models/llama4/configuration_llama4.py @ b17cfe48c5a9631dcf9f57f3865a055903800f81 (+ v5 text:
  layer_types = "chunked_attention" for RoPE layers, "full_attention" for NoPE layers)
- models/ministral3/modeling_ministral3.py @ 430bd51d2602a07aeea549a5f3a5491aafa4a43a
- models/ministral3/configuration_ministral3.py @ 646910192fa74fbc1106a01fe61ed0668c02d5c2
- models/exaone4/configuration_exaone4.py @ f503927de04b3c1dd739a6c6af54e36f68b777d7
- models/exaone4/modeling_exaone4.py @ 948448a0267c036370ef15663ac42dc15fbfa682
- models/olmo3/modeling_olmo3.py @ a0699c971daff96403489086fcfd07469d20b17f (v4.57: two rotary
  embeddings, sliding = default, full = configured); PR #45945 restores this after the v5
  refactor had given every layer the configured (YaRN) RoPE
- models/minimax_m2/configuration_minimax_m2.py @ 3e108993dfb76b70428b374a3536e75465bb792c
- deepseek_v3 (softmax scale * mscale(factor, mscale_all_dim)^2), gpt_oss, qwen3, qwen3_vl_moe:
  rules as summarised per case below.

No code from those files is copied; the formulas are written out again here.
"""
import json
import math
import os

CONFIGS = "tests/data/configs/2026"
GOLDEN = "tests/data/golden"

TF = "huggingface/transformers"
ROPE_UTILS = TF + " src/transformers/modeling_rope_utils.py (v5)"


# ---------------------------------------------------------------- frequency formulas (float64)

def default_inv_freq(base, rot):
    """theta_i = base^(-2i/rot), i < rot/2."""
    return [base ** (-2.0 * i / rot) for i in range(rot // 2)]


def linear_inv_freq(base, rot, factor):
    return [t / factor for t in default_inv_freq(base, rot)]


def yarn_params(base, rot, factor, l0, beta_fast=32.0, beta_slow=1.0, truncate=True,
                attention_factor=None, mscale=None, mscale_all_dim=None):
    """HF v5 `_compute_yarn_parameters`: returns (inv_freq, attention_factor, [low, high])."""

    def corr_dim(rotations):
        return rot * math.log(l0 / (rotations * 2 * math.pi)) / (2 * math.log(base))

    low, high = corr_dim(beta_fast), corr_dim(beta_slow)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, rot - 1)
    span = (high - low) if high != low else 0.001
    out = []
    for i, t in enumerate(default_inv_freq(base, rot)):
        ramp = min(max((i - low) / span, 0.0), 1.0)  # weight of the interpolated theta / s
        out.append(t / factor * ramp + t * (1.0 - ramp))

    def get_mscale(s, m=1.0):
        return 1.0 if s <= 1 else 0.1 * m * math.log(s) + 1.0

    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim)
        else:
            attention_factor = get_mscale(factor)
    return out, attention_factor, [low, high]


def llama3_inv_freq(base, rot, factor, low_ff, high_ff, l0):
    out = []
    low_wl, high_wl = l0 / low_ff, l0 / high_ff
    for t in default_inv_freq(base, rot):
        wl = 2 * math.pi / t
        if wl < high_wl:
            out.append(t)
        elif wl > low_wl:
            out.append(t / factor)
        else:
            smooth = (l0 / wl - low_ff) / (high_ff - low_ff)
            out.append((1 - smooth) * t / factor + smooth * t)
    return out


def proportional_inv_freq(base, head_dim, partial, factor=1.0):
    """HF v5 `_compute_proportional_rope_parameters`: head_dim/2 frequencies, the first
    int(partial*head_dim // 2) are base^(-2i/head_dim), the rest 0; all divided by factor."""
    angles = int(partial * head_dim // 2)
    rotated = [base ** (-2.0 * i / head_dim) for i in range(angles)]
    return [t / factor for t in rotated + [0.0] * (head_dim // 2 - angles)]


# ---------------------------------------------------------------- output helpers

def rope_group(layer_type, layers, head_dim, rotary_dim, pairing, rope_type, base, inv_freq,
               attention_factor=1.0, sliding_window=0, attention_chunk=0, proportional=False,
               mrope_section=None, mrope_interleaved=False):
    assert len(inv_freq) == rotary_dim // 2
    return {"layer_type": layer_type, "treatment": "rope", "layers": layers,
            "head_dim": head_dim, "rotary_dim": rotary_dim, "pairing": pairing,
            "proportional": proportional, "rope_type": rope_type, "base": float(base),
            "inv_freq": inv_freq, "attention_factor": attention_factor,
            "sliding_window": sliding_window, "attention_chunk": attention_chunk,
            "mrope_section": mrope_section or [], "mrope_interleaved": mrope_interleaved}


def other_group(layer_type, treatment, layers, sliding_window=0, attention_chunk=0):
    g = {"layer_type": layer_type, "treatment": treatment, "layers": layers}
    if treatment == "nope":
        g["sliding_window"] = sliding_window
        g["attention_chunk"] = attention_chunk
    return g


def build(name, model_type, max_pos, per_layer, specs, source, query_scales=(), checks=None):
    """per_layer: list of (layer_type, treatment); specs: {(layer_type, treatment): builder}."""
    order, members = [], {}
    for i, key in enumerate(per_layer):
        if key not in members:
            order.append(key)
            members[key] = []
        members[key].append(i)
    groups = [specs[key](members[key]) for key in order]
    for g in groups:
        assert g["layers"] == members[(g["layer_type"], g["treatment"])]
    return {
        "id": "layers_" + name,
        "config_file": "2026/" + name + ".json",
        "source": source,
        "model_type": model_type,
        "num_layers": len(per_layer),
        "max_position_embeddings": max_pos,
        "layers": ["%s:%s" % k for k in per_layer],
        "groups": groups,
        "query_scales": list(query_scales),
        "checks": checks or {},
    }


def load(name):
    with open(os.path.join(CONFIGS, name + ".json")) as f:
        return json.load(f)


def wavelengths(inv):
    nz = [t for t in inv if t > 0]
    return 2 * math.pi / max(nz), 2 * math.pi / min(nz)


# ---------------------------------------------------------------- the twelve cases

def qwen3_8b():
    c = load("qwen3-8b")
    n, hd, base = c["num_hidden_layers"], c["head_dim"], float(c["rope_theta"])
    per = [(t, "rope") for t in c["layer_types"]]
    inv = default_inv_freq(base, hd)
    return build("qwen3-8b", c["model_type"], c["max_position_embeddings"], per, {
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, hd, hd, "half-split",
                                                         "default", base, inv)},
        TF + " models/qwen3 (Qwen3Config/Qwen3Attention) + " + ROPE_UTILS + ". All "
        "layers full attention (layer_types given; use_sliding_window false), default RoPE over "
        "head_dim 128, theta 1e6, rotate_half.",
        checks={"num_rope_layers": n, "inv_freq_1": inv[1],
                "longest_wavelength_tokens": wavelengths(inv)[1]})


def qwen3_next():
    c = load("qwen3-next-80b-a3b-thinking")
    n, hd, base = c["num_hidden_layers"], c["head_dim"], float(c["rope_theta"])
    interval = c.get("full_attention_interval", 4)
    types = c.get("layer_types") or ["linear_attention" if (i + 1) % interval else "full_attention"
                                     for i in range(n)]
    per = [(t, "none" if t == "linear_attention" else "rope") for t in types]
    rot = int(hd * c.get("partial_rotary_factor", 0.25))
    inv = default_inv_freq(base, rot)
    return build("qwen3-next-80b-a3b-thinking", c["model_type"], c["max_position_embeddings"], per, {
        ("linear_attention", "none"): lambda L: other_group("linear_attention", "none", L),
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, hd, rot, "half-split",
                                                         "default", base, inv)},
        TF + " models/qwen3_next/configuration_qwen3_next.py @ 249ef81 + modeling_qwen3_next.py + "
        + ROPE_UTILS + ". layer_types absent: layer i is full_attention iff (i+1) % "
        "full_attention_interval(4) == 0, else linear_attention (Gated DeltaNet, no positions). "
        "Full layers: default RoPE on the first int(256*0.25)=64 dims, exponent over 64, theta 1e7.",
        checks={"num_rope_layers": len([t for t in types if t == "full_attention"]),
                "first_rope_layer": types.index("full_attention"), "inv_freq_1": inv[1],
                "longest_wavelength_tokens": wavelengths(inv)[1]})


def smollm3():
    c = load("smollm3-3b")
    n = c["num_hidden_layers"]
    hd = c.get("head_dim") or c["hidden_size"] // c["num_attention_heads"]
    base = float(c["rope_theta"])
    iv = c.get("no_rope_layer_interval", 4)
    flags = c.get("no_rope_layers") or [int((i + 1) % iv != 0) for i in range(n)]
    types = c.get("layer_types") or ["full_attention"] * n
    per = [(t, "rope" if flags[i] else "nope") for i, t in enumerate(types)]
    inv = default_inv_freq(base, hd)
    return build("smollm3-3b", c["model_type"], c["max_position_embeddings"], per, {
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, hd, hd, "half-split",
                                                         "default", base, inv),
        ("full_attention", "nope"): lambda L: other_group("full_attention", "nope", L)},
        TF + " models/smollm3/configuration_smollm3.py @ 6551e17 + modeling_smollm3.py + "
        + ROPE_UTILS + ". no_rope_layers[i]==1 means RoPE, 0 means NoPE (default list: "
        "int((i+1) % no_rope_layer_interval != 0)); head_dim = 2048/16 = 128, theta 5e6.",
        checks={"num_rope_layers": sum(flags), "nope_layers": [i for i in range(n) if not flags[i]],
                "inv_freq_1": inv[1]})


def gpt_oss():
    c = load("gpt-oss-120b")
    hd, base = c["head_dim"], float(c["rope_theta"])
    rs = c["rope_scaling"]
    inv, af, lh = yarn_params(base, hd, rs["factor"], rs["original_max_position_embeddings"],
                              rs.get("beta_fast") or 32, rs.get("beta_slow") or 1,
                              truncate=rs.get("truncate", True))
    inv_t, _, lh_t = yarn_params(base, hd, rs["factor"], rs["original_max_position_embeddings"],
                                 truncate=True)
    per = [(t, "rope") for t in c["layer_types"]]
    win = c["sliding_window"]
    return build("gpt-oss-120b", c["model_type"], c["max_position_embeddings"], per, {
        ("sliding_attention", "rope"): lambda L: rope_group("sliding_attention", L, hd, hd,
                                                            "half-split", "yarn", base, inv, af,
                                                            sliding_window=win),
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, hd, hd, "half-split",
                                                         "yarn", base, inv, af)},
        TF + " models/gpt_oss (one GptOssRotaryEmbedding shared by all layers; rotary applied "
        "to the two halves, torch.chunk) + " + ROPE_UTILS + " _compute_yarn_parameters. "
        "Alternating sliding(128)/full from layer_types; YaRN factor 32, L0 4096, beta 32/1, "
        "truncate false (no floor/ceil), attention_factor 0.1 ln 32 + 1 on cos and sin.",
        checks={"yarn_low_high": lh, "yarn_low_high_if_truncated": lh_t,
                "attention_factor": af, "inv_freq_10": inv[10],
                "inv_freq_10_if_truncated": inv_t[10]})


def deepseek_v3():
    c = load("deepseek-v3")
    n, rot, base = c["num_hidden_layers"], c["qk_rope_head_dim"], float(c["rope_theta"])
    rs = c["rope_scaling"]
    factor = float(rs["factor"])
    inv, af, lh = yarn_params(base, rot, factor, rs["original_max_position_embeddings"],
                              rs.get("beta_fast") or 32, rs.get("beta_slow") or 1,
                              truncate=rs.get("truncate", True), mscale=rs.get("mscale"),
                              mscale_all_dim=rs.get("mscale_all_dim"))
    m_all = 0.1 * rs["mscale_all_dim"] * math.log(factor) + 1.0
    per = [("full_attention", "rope")] * n
    qk_head = c["qk_nope_head_dim"] + c["qk_rope_head_dim"]
    pts = [[p, m_all * m_all] for p in (0, 4095, 4096, 8191, 8192, 163839, 393215)]
    return build("deepseek-v3", c["model_type"], c["max_position_embeddings"], per, {
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, qk_head, rot,
                                                         "interleaved", "yarn", base, inv, af)},
        TF + " models/deepseek_v3 (DeepseekV3Config head_dim = qk_rope_head_dim; rope_interleave "
        "default true; DeepseekV3Attention softmax scale = qk_head_dim^-0.5 * mscale^2) + "
        + ROPE_UTILS + ". Legacy rope_scaling.type 'yarn' becomes rope_type yarn. MLA: only the "
        "64-dim rope part of each 192-dim q/k head rotates, adjacent pairs. YaRN factor 40, L0 4096; "
        "mscale = mscale_all_dim = 1 so cos/sin factor = 1.",
        query_scales=[{
            "kind": "deepseek_softmax_mscale2", "applies_to": ["full_attention:rope"],
            "formula": "logits *= (0.1*mscale_all_dim*ln(factor)+1)^2, position independent "
                       "(on top of qk_head_dim^-0.5 with qk_head_dim = 192)",
            "points": pts}],
        checks={"yarn_low_high": lh, "attention_factor": af, "softmax_mscale": m_all,
                "softmax_scale_total": qk_head ** -0.5 * m_all * m_all, "qk_head_dim": qk_head,
                "inv_freq_0": inv[0], "inv_freq_31": inv[31]})


GEMMA3_TEXT_DEFAULTS = {"rope_theta": 1_000_000.0, "rope_local_base_freq": 10_000.0,
                        "max_position_embeddings": 131_072, "sliding_window_pattern": 6,
                        "head_dim": 256, "num_attention_heads": 8, "num_hidden_layers": 26,
                        "sliding_window": 4096, "hidden_size": 2304}


def gemma3():
    top = load("gemma-3-27b-it")
    c = dict(GEMMA3_TEXT_DEFAULTS)
    c.update(top["text_config"])
    n, hd = c["num_hidden_layers"], c["head_dim"]
    pat = c["sliding_window_pattern"]
    types = c.get("layer_types") or ["sliding_attention" if (i + 1) % pat else "full_attention"
                                     for i in range(n)]
    per = [(t, "rope") for t in types]
    rs = c.get("rope_scaling") or {}
    g_base, l_base = float(c["rope_theta"]), float(c["rope_local_base_freq"])
    g_inv = linear_inv_freq(g_base, hd, rs["factor"])
    l_inv = default_inv_freq(l_base, hd)
    return build("gemma-3-27b-it", c["model_type"], c["max_position_embeddings"], per, {
        ("sliding_attention", "rope"): lambda L: rope_group("sliding_attention", L, hd, hd,
                                                            "half-split", "default", l_base, l_inv,
                                                            sliding_window=c["sliding_window"]),
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, hd, hd, "half-split",
                                                         "linear", g_base, g_inv)},
        TF + " models/gemma3/configuration_gemma3.py @ d98ac17 (class defaults) and v5 "
        "modular_gemma3.py (rope_parameters per layer type) + " + ROPE_UTILS + ". text_config is "
        "sparse: Gemma3TextConfig defaults fill rope_theta 1e6, rope_local_base_freq 1e4, "
        "max_position_embeddings 131072, sliding_window_pattern 6. Layer i is full iff "
        "(i+1) % 6 == 0. rope_scaling (linear x8) goes to full_attention only; sliding layers "
        "default RoPE theta 1e4; both over head_dim 128 from the file.",
        checks={"gemma3_global_inv_freq_1": g_inv[1], "gemma3_local_inv_freq_1": l_inv[1],
                "num_full_layers": types.count("full_attention"),
                "last_layer_type": types[-1], "query_pre_attn_scalar": c["query_pre_attn_scalar"]})


def devstral():
    top = load("devstral-small-2-24b-instruct")
    c = top["text_config"]
    n, hd = c["num_hidden_layers"], c["head_dim"]
    rp = c["rope_parameters"]
    base, factor, l0 = float(rp["rope_theta"]), float(rp["factor"]), rp["original_max_position_embeddings"]
    inv, af, lh = yarn_params(base, hd, factor, l0, rp.get("beta_fast") or 32,
                              rp.get("beta_slow") or 1, truncate=rp.get("truncate", True),
                              attention_factor=rp.get("attention_factor"), mscale=rp.get("mscale"),
                              mscale_all_dim=rp.get("mscale_all_dim"))
    beta = rp["llama_4_scaling_beta"]
    per = [("full_attention", "rope")] * n

    def scale(p):
        return 1.0 + beta * math.log(1.0 + math.floor(p / l0))

    pts = [[p, scale(p)] for p in (0, 8191, 8192, 16383, 16384, 65535, 65536, 393215)]
    return build("devstral-small-2-24b-instruct", c["model_type"], c["max_position_embeddings"], per, {
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, hd, hd, "half-split",
                                                         "yarn", base, inv, af)},
        TF + " models/ministral3/modeling_ministral3.py @ 430bd51 (_get_llama_4_attn_scale) + "
        "configuration_ministral3.py @ 6469101 + " + ROPE_UTILS + ". Mistral3 -> text_config "
        "ministral3; all layers full attention (sliding_window null), YaRN factor 48, L0 8192, "
        "theta 1e8; mscale = mscale_all_dim = 1 so cos/sin factor = 1. After RoPE, q is scaled by "
        "1 + beta*ln(1 + floor(p / original_max_position_embeddings)), p = absolute 0-based "
        "position (cache_position).",
        query_scales=[{
            "kind": "llama4_scaling_beta", "applies_to": ["full_attention:rope"],
            "formula": "q *= 1 + 0.1*ln(1 + floor(p/8192)), p = 0-based position; "
                       "L0 = rope_parameters.original_max_position_embeddings",
            "points": pts}],
        checks={"yarn_low_high": lh, "attention_factor": af, "inv_freq_0": inv[0],
                "inv_freq_63": inv[63]})


def exaone4():
    c = load("exaone-4.0-32b")
    n, hd, base = c["num_hidden_layers"], c["head_dim"], float(c["rope_theta"])
    rs = c["rope_scaling"]
    types = c["layer_types"]
    window = c.get("sliding_window")
    per = [(t, "rope" if (window is None or t == "sliding_attention") else "nope") for t in types]
    inv = llama3_inv_freq(base, hd, rs["factor"], rs["low_freq_factor"], rs["high_freq_factor"],
                          rs["original_max_position_embeddings"])
    raw = default_inv_freq(base, hd)
    return build("exaone-4.0-32b", c["model_type"], c["max_position_embeddings"], per, {
        ("sliding_attention", "rope"): lambda L: rope_group("sliding_attention", L, hd, hd,
                                                            "half-split", "llama3", base, inv,
                                                            sliding_window=window),
        ("full_attention", "nope"): lambda L: other_group("full_attention", "nope", L)},
        TF + " models/exaone4/configuration_exaone4.py @ f503927 + modeling_exaone4.py @ 948448a "
        "+ " + ROPE_UTILS + ". layer_types given (LLLG). Exaone4Attention applies RoPE only if "
        "sliding_window is None or the layer is sliding, so full layers are NoPE. The single "
        "rotary embedding (llama3 scaling x16, L0 8192, low/high 1/4, theta 1e6, head_dim 128) "
        "is therefore used by the sliding layers only.",
        checks={"num_rope_layers": types.count("sliding_attention"),
                "num_scaled_dims_pairs": sum(1 for a, b in zip(inv, raw) if a != b),
                "inv_freq_63": inv[63]})


def olmo3():
    c = load("olmo-3.1-32b-instruct")
    n = c["num_hidden_layers"]
    hd = c.get("head_dim") or c["hidden_size"] // c["num_attention_heads"]
    base = float(c["rope_theta"])
    rs = c["rope_scaling"]
    inv_y, af, lh = yarn_params(base, hd, rs["factor"], rs["original_max_position_embeddings"],
                                rs.get("beta_fast") or 32, rs.get("beta_slow") or 1,
                                truncate=rs.get("truncate", True),
                                attention_factor=rs.get("attention_factor"))
    inv_d = default_inv_freq(base, hd)
    per = [(t, "rope") for t in c["layer_types"]]
    return build("olmo-3.1-32b-instruct", c["model_type"], c["max_position_embeddings"], per, {
        ("sliding_attention", "rope"): lambda L: rope_group("sliding_attention", L, hd, hd,
                                                            "half-split", "default", base, inv_d,
                                                            sliding_window=c["sliding_window"]),
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, hd, hd, "half-split",
                                                         "yarn", base, inv_y, af)},
        TF + " models/olmo3/modeling_olmo3.py @ a0699c9 (rotary_embs: sliding_attention -> "
        "rope_type default, full_attention -> configured) and PR #45945 (restores that after the "
        "v5 layer-type refactor) + " + ROPE_UTILS + ". YaRN x8, L0 8192, explicit "
        "attention_factor on full layers only; sliding layers (window 4096) plain RoPE theta 5e5; "
        "head_dim = 5120/40 = 128.",
        checks={"yarn_low_high": lh, "attention_factor": af,
                "attention_factor_formula": 0.1 * math.log(rs["factor"]) + 1.0,
                "full_inv_freq_63": inv_y[63], "sliding_inv_freq_63": inv_d[63]})


def minimax_m2():
    c = load("minimax-m2")
    n, hd, base = c["num_hidden_layers"], c["head_dim"], float(c["rope_theta"])
    rot = int(hd * (c.get("rotary_dim", hd // 2) / hd))
    inv = default_inv_freq(base, rot)
    per = [("full_attention", "rope")] * n
    return build("minimax-m2", c["model_type"], c["max_position_embeddings"], per, {
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, hd, rot, "half-split",
                                                         "default", base, inv)},
        TF + " models/minimax_m2/configuration_minimax_m2.py @ 3e10899 + modeling_minimax_m2.py + "
        + ROPE_UTILS + ". Legacy rotary_dim becomes partial_rotary_factor = rotary_dim/head_dim "
        "(64/128 = 0.5; default head_dim//2); rotate_half on the first 64 dims, exponent over 64, "
        "theta 5e6. All layers full attention (attn_type_list all 1; no layer_types, no window).",
        checks={"partial_rotary_factor": rot / hd, "inv_freq_1": inv[1],
                "longest_wavelength_tokens": wavelengths(inv)[1]})


def llama4():
    top = load("llama-4-maverick.ktransformers-doc")
    c = top["text_config"]
    n, hd, base = c["num_hidden_layers"], c["head_dim"], float(c["rope_theta"])
    iv = c.get("no_rope_layer_interval", 4)  # `nope_layer_interval` is not a transformers key
    flags = c.get("no_rope_layers") or [int((i + 1) % iv != 0) for i in range(n)]
    types = c.get("layer_types") or ["chunked_attention" if f else "full_attention" for f in flags]
    per = [(t, "rope" if flags[i] else "nope") for i, t in enumerate(types)]
    chunk = c.get("attention_chunk_size", 8192)
    assert c.get("rope_scaling") is None
    inv = default_inv_freq(base, hd)
    floor_scale, attn_scale = c.get("floor_scale", 8192), c.get("attn_scale", 0.1)

    def temp(p):
        return math.log(math.floor((p + 1.0) / floor_scale) + 1.0) * attn_scale + 1.0

    pts = [[p, temp(p)] for p in (0, 8190, 8191, 8192, 16382, 16383, 393215, 1048575)]
    return build("llama-4-maverick.ktransformers-doc", c["model_type"], c["max_position_embeddings"],
                 per, {
        ("chunked_attention", "rope"): lambda L: rope_group("chunked_attention", L, hd, hd,
                                                            "interleaved", "default", base, inv,
                                                            attention_chunk=chunk),
        ("full_attention", "nope"): lambda L: other_group("full_attention", "nope", L)},
        TF + " models/llama4/configuration_llama4.py @ b17cfe4 (+ v5 layer_types) + "
        "modeling_llama4.py + " + ROPE_UTILS + ". Llama4Config reads text_config (the flattened "
        "top level is ignored); nope_layer_interval is not a transformers key, so no_rope_layers "
        "comes from no_rope_layer_interval default 4: 1 = RoPE (chunked_attention, chunk 8192), "
        "0 = NoPE (full_attention). rope_scaling null -> default RoPE theta 5e5, complex "
        "(adjacent-pair) rotation. attn_temperature_tuning (default 4, truthy) scales q on NoPE "
        "layers.",
        query_scales=[{
            "kind": "llama4_attn_temperature", "applies_to": ["full_attention:nope"],
            "formula": "q *= ln(floor((p+1)/floor_scale) + 1)*attn_scale + 1, floor_scale 8192, "
                       "attn_scale 0.1, p = 0-based position",
            "points": pts}],
        checks={"nope_layers": [i for i in range(n) if not flags[i]], "inv_freq_1": inv[1],
                "longest_wavelength_tokens": wavelengths(inv)[1]})


GEMMA4_TEXT_DEFAULTS = {"head_dim": 256, "global_head_dim": 512, "sliding_window": 512,
                        "max_position_embeddings": 131_072, "num_hidden_layers": 30}


def gemma4():
    top = load("gemma-4-31b-it")
    c = dict(GEMMA4_TEXT_DEFAULTS)
    c.update(top["text_config"])
    n = c["num_hidden_layers"]
    types = c.get("layer_types") or ["sliding_attention" if (i + 1) % 6 else "full_attention"
                                     for i in range(n)]
    types = list(types)
    types[-1] = "full_attention"  # Gemma4TextConfig forces the last layer to full attention
    per = [(t, "rope") for t in types]
    rp = c["rope_parameters"]
    full, slid = rp["full_attention"], rp["sliding_attention"]
    ghd, hd = c["global_head_dim"], c["head_dim"]
    g_base, l_base = float(full["rope_theta"]), float(slid["rope_theta"])
    partial = full.get("partial_rotary_factor", 1.0)
    g_inv = proportional_inv_freq(g_base, ghd, partial, full.get("factor", 1.0))
    l_inv = default_inv_freq(l_base, hd)
    nz = [t for t in g_inv if t > 0]
    classic_rot = int(ghd * partial)
    classic = default_inv_freq(g_base, classic_rot)
    return build("gemma-4-31b-it", c["model_type"], c["max_position_embeddings"], per, {
        ("sliding_attention", "rope"): lambda L: rope_group("sliding_attention", L, hd, hd,
                                                            "half-split", "default", l_base, l_inv,
                                                            sliding_window=c["sliding_window"]),
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, ghd, ghd, "half-split",
                                                         "proportional", g_base, g_inv,
                                                         proportional=True)},
        TF + " models/gemma4/configuration_gemma4.py @ 351f643 + modeling_gemma4.py @ c308a30 "
        "(Gemma4TextRotaryEmbedding passes head_dim_key='global_head_dim' for full/proportional; "
        "Gemma4TextAttention head_dim = global_head_dim on full layers) + " + ROPE_UTILS +
        " _compute_proportional_rope_parameters. Full layers: 512-wide heads, pairs (i, i+256), "
        "theta_i = 1e6^(-2i/512) for i < int(0.25*512//2) = 64, 0 for the other 192 (identity). "
        "Sliding layers: default theta 1e4 over head_dim 256, window 1024.",
        checks={"longest_wavelength_tokens": 2 * math.pi / min(nz),
                "classic_partial_longest_wavelength_tokens": 2 * math.pi / min(classic),
                "rope_angles": len(nz), "nope_angles": len(g_inv) - len(nz),
                "full_inv_freq_63": nz[-1], "sliding_inv_freq_1": l_inv[1],
                "num_full_layers": types.count("full_attention")})


def qwen3_vl():
    top = load("qwen3-vl-235b-a22b-thinking")
    c = top["text_config"]
    n, hd, base = c["num_hidden_layers"], c["head_dim"], float(c["rope_theta"])
    rs = c.get("rope_scaling") or c.get("rope_parameters") or {}
    section = rs.get("mrope_section", [24, 20, 20])
    inv = default_inv_freq(base, hd)
    per = [("full_attention", "rope")] * n
    return build("qwen3-vl-235b-a22b-thinking", c["model_type"], c["max_position_embeddings"], per, {
        ("full_attention", "rope"): lambda L: rope_group("full_attention", L, hd, hd, "half-split",
                                                         "default", base, inv,
                                                         mrope_section=section,
                                                         mrope_interleaved=True)},
        TF + " models/qwen3_vl_moe (Qwen3VLMoeTextRotaryEmbedding: mrope_section from "
        "rope_parameters, default [24, 20, 20]; interleaved T/H/W assignment always) + "
        + ROPE_UTILS + ". rope_scaling was removed by the publisher, the default sections still "
        "apply. Default RoPE theta 5e6 over head_dim 128; for text tokens t = h = w so it equals "
        "plain RoPE.",
        checks={"mrope_section_sum": sum(section), "inv_freq_1": inv[1]})


CASES = [qwen3_8b, qwen3_next, smollm3, gpt_oss, deepseek_v3, gemma3, devstral, exaone4, olmo3,
         minimax_m2, llama4, gemma4, qwen3_vl]


def main():
    os.makedirs(GOLDEN, exist_ok=True)
    for fn in CASES:
        case = fn()
        path = os.path.join(GOLDEN, case["id"] + ".json")
        with open(path, "w") as f:
            json.dump(case, f, indent=1)
            f.write("\n")
        print(path, case["num_layers"], [(g["layer_type"], g["treatment"], len(g["layers"]))
                                         for g in case["groups"]])


if __name__ == "__main__":
    main()
