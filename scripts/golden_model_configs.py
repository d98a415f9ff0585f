#!/usr/bin/env python3
"""Expected values for the real-model config cases (tests/data/golden/cfg_*.json).

Independent of PE Cards' code: the numbers come from the published formulas only
(RoFormer theta_i = b^(-2i/r); YaRN as in Hugging Face transformers v5
`_compute_yarn_parameters`; layer patterns as in the transformers config classes named in each
case). Standard library only. Run from the repository root:

    python3 scripts/golden_model_configs.py   # rewrites the cfg_* files listed below
"""
import json
import math
import os

CONFIGS = "tests/data/configs"
GOLDEN = "tests/data/golden"
TOL = {"abs": 1e-9, "rel": 1e-9}


def default_inv_freq(base, r):
    return [base ** (-2.0 * i / r) for i in range(r // 2)]


def first_last3(values):
    return {"first3": values[:3], "last3": values[-3:]}


def mscale(s, m=1.0):
    return 1.0 if s <= 1 else 0.1 * m * math.log(s) + 1.0


def yarn(base, r, factor, l0, beta_fast=32.0, beta_slow=1.0, truncate=True):
    def dim(rot):
        return r * math.log(l0 / (rot * 2 * math.pi)) / (2 * math.log(base))

    low, high = dim(beta_fast), dim(beta_slow)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, r - 1)
    span = (high - low) if high != low else 0.001
    theta = default_inv_freq(base, r)
    out = []
    for i, t in enumerate(theta):
        w = min(max((i - low) / span, 0.0), 1.0)  # weight of the interpolated theta / s
        out.append(t / factor * w + t * (1 - w))
    return out, [low, high]


def case(name, config_file, expect, source):
    return {
        "id": name,
        "quantity": "model_config_derived",
        "source": source,
        "params": {"config_file": config_file, "definition": "values a Hugging Face loader derives from "
                   "the config, recomputed from the formulas by scripts/golden_model_configs.py"},
        "expect": expect,
        "tolerance": TOL,
    }


def gemma3():
    cfg = json.load(open(os.path.join(CONFIGS, "gemma-3-1b-it.mlc-preset.json")))
    n, pattern, r = cfg["num_hidden_layers"], cfg["sliding_window_pattern"], cfg["head_dim"]
    # transformers v4.50 Gemma3TextConfig: layer i is global when (i + 1) % pattern == 0.
    full = [i for i in range(n) if (i + 1) % pattern == 0]
    local = [i for i in range(n) if (i + 1) % pattern != 0]
    groups = [
        {"name": "sliding_attention", "layers": local, "treatment": "rope",
         "rope_theta": float(cfg["rope_local_base_freq"]), "rotary_dim": r,
         "sliding_window": cfg["sliding_window"], "attention_chunk": 0,
         "inv_freq": first_last3(default_inv_freq(cfg["rope_local_base_freq"], r))},
        {"name": "full_attention", "layers": full, "treatment": "rope",
         "rope_theta": float(cfg["rope_theta"]), "rotary_dim": r, "sliding_window": 0, "attention_chunk": 0,
         "inv_freq": first_last3(default_inv_freq(cfg["rope_theta"], r))},
    ]
    expect = {"heads": 4, "head_dim": r, "rotary_dim": r, "rope_theta": float(cfg["rope_theta"]),
              "rope_type": "default", "num_layers": n, "layer_groups": groups}
    return case("cfg_gemma-3-1b-it", "gemma-3-1b-it.mlc-preset.json", expect,
                "transformers v4.50 Gemma3TextConfig (layer pattern, rope_local_base_freq) + RoFormer eq. 15")


def ministral3():
    cfg = json.load(open(os.path.join(CONFIGS, "ministral-3-3b-2512.mlc-preset.json")))["text_config"]
    p = cfg["rope_parameters"]
    r = cfg["head_dim"]
    inv, corr = yarn(p["rope_theta"], r, p["factor"], p["original_max_position_embeddings"], p["beta_fast"],
                     p["beta_slow"])
    expect = {"heads": cfg["num_attention_heads"], "head_dim": r, "rotary_dim": r, "rope_theta": p["rope_theta"],
              "rope_type": "yarn", "inv_freq": first_last3(inv), "correction_range": corr,
              "attention_factor": mscale(p["factor"], p["mscale"]) / mscale(p["factor"], p["mscale_all_dim"]),
              "num_layers": cfg["num_hidden_layers"], "max_position_embeddings": cfg["max_position_embeddings"]}
    return case("cfg_ministral-3-3b-2512", "ministral-3-3b-2512.mlc-preset.json", expect,
                "transformers v5 text_config + rope_parameters, _compute_yarn_parameters formula")


def qwen25vl():
    cfg = json.load(open(os.path.join(CONFIGS, "qwen2.5-vl-7b-instruct.json")))
    r = cfg["hidden_size"] // cfg["num_attention_heads"]
    inv = default_inv_freq(cfg["rope_theta"], r)
    expect = {"heads": cfg["num_attention_heads"], "head_dim": r, "rotary_dim": r, "rope_theta": cfg["rope_theta"],
              "rope_type": "default", "inv_freq": first_last3(inv), "attention_factor": 1.0,
              "mrope_section": cfg["rope_scaling"]["mrope_section"], "num_layers": cfg["num_hidden_layers"],
              "layout": "half-split"}
    return case("cfg_qwen2.5-vl-7b-instruct", "qwen2.5-vl-7b-instruct.json", expect,
                "transformers v4.45 Qwen2VLConfig: rope_scaling type mrope -> default frequencies, mrope_section")


def chatglm():
    cfg = json.load(open(os.path.join(CONFIGS, "chatglm-6b.mlc-preset.json")))
    head = cfg["kv_channels"]
    r = head // 2  # THUDM modeling_chatglm.py: RotaryEmbedding(rotary_dim // 2), pairs (x_2i, x_2i+1)
    base = 10000.0 * cfg.get("rope_ratio", 1.0)
    expect = {"heads": cfg["num_attention_heads"], "head_dim": head, "rotary_dim": r, "rope_theta": base,
              "rope_type": "default", "layout": "interleaved", "inv_freq": first_last3(default_inv_freq(base, r)),
              "num_layers": cfg["num_layers"], "max_position_embeddings": cfg["seq_length"]}
    return case("cfg_chatglm-6b", "chatglm-6b.mlc-preset.json", expect,
                "THUDM chatglm3-6b modeling_chatglm.py RotaryEmbedding / apply_rotary_pos_emb")


def transfo_xl():
    cfg = json.load(open(os.path.join(CONFIGS, "transfo-xl-wt103.hf-reconstructed.json")))
    expect = {"heads": cfg["n_head"], "d_model": cfg["d_model"], "d_head": cfg["d_head"], "mem_len": cfg["mem_len"],
              "tgt_len": cfg["tgt_len"], "clamp_len": cfg["clamp_len"], "klen": cfg["tgt_len"] + cfg["mem_len"],
              "num_layers": cfg["n_layer"]}
    return case("cfg_transfo-xl-wt103", "transfo-xl-wt103.hf-reconstructed.json", expect,
                "transformers v4.35 TransfoXLConfig keys; klen = tgt_len + mem_len (MemTransformerLM._forward)")


def main():
    for c in (gemma3(), ministral3(), qwen25vl(), chatglm(), transfo_xl()):
        with open(os.path.join(GOLDEN, c["id"] + ".json"), "w") as f:
            json.dump(c, f, indent=1)
            f.write("\n")
        print("wrote", c["id"])


if __name__ == "__main__":
    main()
