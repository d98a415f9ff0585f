"""The Python module against formulas written here with NumPy (not PE Cards' code), against
pecards-cli's own output, and for its errors. Run by ctest (tests/app/python/CMakeLists.txt)."""

import io
import json
import math
import os
import re
import subprocess
import warnings

import numpy as np
import pytest

import pecards

SOURCE = os.environ.get("PECARDS_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
QWEN3_VL = os.path.join(SOURCE, "tests", "data", "configs", "2026", "qwen3-vl-235b-a22b-thinking.json")


def llama3_inv_freq(head_dim, base, factor, low, high, l0):
    """Meta's apply_scaling (HF `_compute_llama3_parameters`), written out in NumPy."""
    theta = 1.0 / base ** (np.arange(0, head_dim, 2) / head_dim)
    wavelen = 2 * math.pi / theta
    smooth = (l0 / wavelen - low) / (high - low)
    scaled = np.where(wavelen > l0 / low, theta / factor, theta)
    mid = (wavelen <= l0 / low) & (wavelen >= l0 / high)
    return np.where(mid, (1 - smooth) * theta / factor + smooth * theta, scaled)


def test_the_readme_example_is_llama3():
    got = pecards.inv_freq(head_dim=128, base=500000, scaling="llama3", factor=8,
                           original_max_position_embeddings=8192)
    expected = llama3_inv_freq(128, 500000.0, 8.0, 1.0, 4.0, 8192)
    assert got.shape == (64,)
    np.testing.assert_allclose(got, expected, rtol=1e-14, atol=0)


def test_hugging_face_key_names_and_flag_names_agree():
    a = pecards.inv_freq(head_dim=64, rope_theta=1e6, rope_type="yarn", factor=4,
                         original_max_position_embeddings=4096, truncate=False)
    b = pecards.inv_freq(head_dim=64, base=1e6, scaling="yarn", factor=4, original_max_pos=4096,
                         no_truncate=True)
    np.testing.assert_array_equal(a, b)


def test_a_131072_by_128_cos_sin_table_in_one_call():
    positions = np.arange(131072)
    cos, sin = pecards.cos_sin(positions, head_dim=128, base=500000)
    theta = 1.0 / 500000.0 ** (np.arange(0, 128, 2) / 128)
    freqs = np.outer(positions.astype(np.float64), theta)
    emb = np.concatenate([freqs, freqs], axis=1)  # HF rotate_half layout
    assert cos.shape == (131072, 128) and sin.shape == (131072, 128)
    # theta_i from NumPy's power and from C's pow may differ by an ulp, which m up to 131071 turns
    # into about 131071 * 2^-52 rad: the tables agree to that, not bit for bit.
    tolerance = 131072 * 2.0 ** -52 * 2
    np.testing.assert_allclose(cos, np.cos(emb), rtol=0, atol=tolerance)
    np.testing.assert_allclose(sin, np.sin(emb), rtol=0, atol=tolerance)


def test_cos_sin_of_an_interleaved_model_repeats_each_pair_and_carries_the_yarn_factor():
    cos, _ = pecards.cos_sin([0, 7], head_dim=8, base=10000, layout="interleaved", scaling="yarn",
                             factor=4, original_max_position_embeddings=64)
    attention = 0.1 * math.log(4) + 1
    np.testing.assert_allclose(cos[0], np.full(8, attention), rtol=1e-15)
    np.testing.assert_array_equal(cos[1, 0::2], cos[1, 1::2])


def test_cos_sin_equals_the_clis_frequencies():
    cli = os.environ.get("PECARDS_CLI")
    if not cli:
        pytest.skip("PECARDS_CLI not set (run through ctest)")
    out = subprocess.run([cli, "compute", "--card", "rope", "--quantity", "inv-freq", "--head-dim", "64",
                          "--base", "10000", "--scaling", "linear", "--factor", "2", "--out", "-"],
                         check=True, capture_output=True).stdout
    theta = np.load(io.BytesIO(out))
    cos, _ = pecards.cos_sin(np.arange(1000), head_dim=64, base=10000, scaling="linear", factor=2)
    # The same angles; NumPy's cos and C's cos may differ in the last bit.
    np.testing.assert_allclose(cos[:, :32], np.cos(np.outer(np.arange(1000.0), theta)), rtol=0, atol=1e-15)


def test_rope_score_view_at_full_resolution_is_the_sum_of_cosines():
    score = pecards.compute("score", card="rope", length=64, head_dim=16, base=100)
    theta = 1.0 / 100.0 ** (np.arange(0, 16, 2) / 16)
    i, j = np.meshgrid(np.arange(64), np.arange(64), indexing="ij")
    expected = 2 * np.cos((i - j)[..., None] * theta).sum(axis=-1)  # all-ones probe
    assert score.shape == (64, 64)
    np.testing.assert_allclose(score, expected, rtol=0, atol=1e-12)


def test_results_are_handed_over_without_a_copy():
    values = pecards.inv_freq(head_dim=16)
    assert not values.flags.owndata and values.base is not None


def test_a_view_too_large_for_full_resolution_asks_for_a_view_instead_of_subsampling():
    with pytest.raises(pecards.Error, match=r"^view: .*4096"):
        pecards.compute("score", card="rope", length=100000)
    pooled = pecards.compute("score", card="rope", length=100000, view=(64, 64), reduction="max")
    assert pooled.shape == (64, 64)


def test_bad_values_raise_with_the_keyword_the_caller_wrote():
    with pytest.raises(pecards.Error, match=r"^head_dim: .*7.*allowed"):
        pecards.inv_freq(head_dim=7)
    with pytest.raises(ValueError, match=r"^scaling: "):
        pecards.inv_freq(scaling="ntk-by-parts")
    with pytest.raises(TypeError, match=r"head_dim"):
        pecards.inv_freq(head_dim={"a": 1})
    with pytest.raises(pecards.Error, match="no_such_flag|no-such-flag"):
        pecards.inv_freq(no_such_flag=1)
    with pytest.raises(pecards.Error, match="/nonexistent/config.json: cannot be read"):
        pecards.config("/nonexistent/config.json")


def test_m_rope_ids_of_the_worked_example():
    ids, delta = pecards.position_ids("text:3,image:4x6,text:2")
    np.testing.assert_array_equal(ids, [[0, 1, 2, 3, 3, 3, 3, 3, 3, 6, 7],
                                        [0, 1, 2, 3, 3, 3, 4, 4, 4, 6, 7],
                                        [0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7]])
    assert delta == -3


def test_config_reads_qwen3_vl_interleaved_sections():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        summary = pecards.config(QWEN3_VL)
    group = summary["layer_groups"][0]
    assert group["mrope_section"] == [24, 20, 20]
    assert group["mrope_pair_axes"] == "thw" * 20 + "tttt"
    assert summary["mrope_position_ids"]["rules"] == "qwen3-vl"


def test_every_quantity_is_listed_with_its_cards():
    names = {q["name"]: q for q in pecards.quantities()}
    assert "position-ids" in names and names["score"]["cards"]


@pytest.mark.parametrize("page", ["python.md", "python.zh.md"])
def test_the_python_guide_runs(page):
    """Every ```python block of the guide (English and Chinese), in order, in one namespace: the
    examples cannot rot."""
    text = open(os.path.join(SOURCE, "docs", page), encoding="utf-8").read()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    namespace = {"__name__": "docs_python"}
    for block in blocks:
        exec(compile(block, "docs/" + page, "exec"), namespace)


def test_ctrl_c_cancels_a_long_view():
    """KeyboardInterrupt (Ctrl+C in a notebook) stops a view between its tiles: this exact max over
    2^20 x 2^20 logits would run for many minutes."""
    import _thread
    import threading
    import time

    timer = threading.Timer(0.5, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        pecards.compute("content-attention", card="rope", length=1 << 20, view=(256, 256), reduction="max")
    timer.join()
    assert time.monotonic() - start < 60


def test_render_writes_the_clis_figure(tmp_path):
    png = tmp_path / "score.png"
    pecards.render(str(png), "score", card="rope", length=256, reduction="max", size="3x2.5", dpi=100)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (300, 250)
    pdf = tmp_path / "score.pdf"
    pecards.render(str(pdf), "spectrum", card="rope", scaling="yarn", factor=4,
                   original_max_position_embeddings=4096)
    assert pdf.read_bytes()[:5] == b"%PDF-"
    with pytest.raises(pecards.Error, match="^size: "):
        pecards.render(str(png), "score", card="rope", size="0.1x0.1")


def test_a_float32_cache_is_the_float32_pipeline_of_transformers():
    """theta rounded to float32, then m * theta and cos in float32 (NumPy float32 here): the angle's
    rounding, not the cosine, is what separates it from the double reference at large m."""
    positions = np.arange(0, 131072, 97)
    cos32, _ = pecards.cos_sin(positions, dtype="float32", head_dim=64, base=10000)
    cos64, _ = pecards.cos_sin(positions, head_dim=64, base=10000)
    assert cos32.dtype == np.float32
    theta32 = (1.0 / 10000.0 ** (np.arange(0, 64, 2) / 64)).astype(np.float32)
    angle = positions.astype(np.float32)[:, None] * theta32[None, :]
    np.testing.assert_allclose(cos32[:, :32], np.cos(angle), rtol=0, atol=3e-7)
    assert np.abs(cos32.astype(np.float64) - cos64).max() > 1e-3
    with pytest.raises(pecards.Error, match="^dtype: "):
        pecards.cos_sin(positions, dtype="bfloat16")


def test_pitfall_variants_come_through_compute():
    """inv-freq-low-precision: theta_i rounded to bfloat16 turn the positions by other angles, so
    the variant's score differs from the clean one except at distance 0."""
    clean = pecards.compute("score", card="rope", length=64, head_dim=16)
    broken = pecards.compute("score", card="rope", length=64, head_dim=16, pitfall="inv-freq-low-precision")
    assert clean.shape == broken.shape == (64, 64)
    assert np.abs(clean - broken).max() > 1e-3
    np.testing.assert_allclose(np.diag(broken), np.diag(clean), atol=1e-12)  # distance 0: no rotation left


def test_check_names_the_bug_of_a_float32_engine_with_a_bf16_inv_freq():
    theta = 1.0 / 500000.0 ** (np.arange(0, 128, 2) / 128)
    report = pecards.check(inv_freq=theta.astype(np.float32), head_dim=128, rope_theta=500000)
    assert report["matches"] and report["diagnosis"][0]["name"] == "reference"
    bf16 = (theta.astype(np.float32).view(np.uint32) + 0x7FFF + ((theta.astype(np.float32).view(np.uint32) >> 16) & 1))
    bf16 = (bf16 & 0xFFFF0000).astype(np.uint32).view(np.float32)
    report = pecards.check(inv_freq=bf16, head_dim=128, rope_theta=500000)
    assert not report["matches"]
    assert report["diagnosis"][0]["name"] == "inv-freq-bf16" and report["diagnosis"][0]["fits"]
    assert report["first_pair"] == 1


def test_check_of_a_cache_from_cos_sin_itself_matches_and_a_swapped_layout_is_named():
    cos, sin = pecards.cos_sin(np.arange(2048), head_dim=64, base=10000)
    assert pecards.check(cos=cos, sin=sin, dtype="float64", head_dim=64, base=10000)["matches"]
    swapped_cos, swapped_sin = pecards.cos_sin(np.arange(2048), head_dim=64, base=10000, layout="interleaved")
    report = pecards.check(cos=swapped_cos, sin=swapped_sin, head_dim=64, base=10000)
    assert report["diagnosis"][0]["name"] == "layout-swapped"
    with pytest.raises(pecards.Error, match="^sin: is missing"):
        pecards.check(cos=cos, head_dim=64)
    # Per-layer and M-RoPE checks are the CLI's: refused here, not taken and left unused.
    with pytest.raises(pecards.Error, match="^layer: is read by pecards-cli check only"):
        pecards.check(cos=cos, sin=sin, head_dim=64, layer=3)


def test_check_of_rotated_queries():
    x = np.random.default_rng(5).normal(size=(500, 32))
    rotated = np.stack([pecards.rotate(x[m], [m], head_dim=32, base=10000)[0] for m in range(500)])
    assert pecards.check(rotated=rotated, unrotated=x, dtype="float64", head_dim=32, base=10000)["matches"]
    swapped = np.stack([pecards.rotate(x[m], [m], head_dim=32, base=10000, layout="interleaved")[0]
                        for m in range(500)])
    report = pecards.check(rotated=swapped, unrotated=x, head_dim=32, base=10000)
    assert report["table"] == "rotated" and report["diagnosis"][0]["name"] == "layout-swapped"


def golden_configs():
    folder = os.path.join(SOURCE, "tests", "data", "golden")
    for name in sorted(os.listdir(folder)):
        if name.startswith("cfg_") and name.endswith(".json"):
            case = json.load(open(os.path.join(folder, name)))
            if "inv_freq" in case["expect"]:
                yield pytest.param(case, id=case["id"])


@pytest.mark.parametrize("case", golden_configs())
def test_golden_configs_give_the_c_plus_plus_tests_frequencies(case):
    """The cfg_* golden cases the C++ tests read (tests/data/golden, values from the reference code
    named in each; first and last three theta_i at max_position_embeddings), through the module."""
    path = os.path.join(SOURCE, "tests", "data", "configs", case["params"]["config_file"])
    summary = pecards.config(path)
    got = pecards.inv_freq(config=path, seq_len=summary["max_position_embeddings"])
    expected = case["expect"]["inv_freq"]
    tolerance = case.get("tolerance", {})
    for ours, theirs in ((got[:3], expected["first3"]), (got[-3:], expected["last3"])):
        np.testing.assert_allclose(ours, theirs, rtol=tolerance.get("rel", 1e-12), atol=tolerance.get("abs", 0))
