"""The headless figure path, whole process, against the NumPy notebook path in the same run (#35).

Cases, each run in its own process, best of --repeat (default 5):
  figure-16k   pecards-cli render: the L = 16384 RoPE score, 1024 x 1024 max-pooled, 6 x 4.5 in PNG at
               300 dpi (--device auto; the cpu run shows what the choice by cost picked)
  numpy-16k    the notebook path for the same figure, from the model's formulas: the cos/sin cache of
               positions 0..L-1 (head_dim 128, base 10000), the probe q = k = ones rotated with
               rotate_half, the L x L matrix Q K^T, 16 x 16 max-pooling, matplotlib imshow + colour bar +
               title, savefig at 300 dpi (its matrix product runs on the BLAS NumPy is linked to:
               printed; Debian's default is the reference BLAS)
  toeplitz-16k the same figure by a NumPy user who knows the score depends on m - n only: the profile
               S(delta) over 2L - 1 distances, the matrix by indexing it with m - n (a lower bound for
               any NumPy path that builds the matrix)
  small        pecards-cli compute of a 16 x 16 score (--device auto against --device cpu)
  view-1M      pecards-cli compute of the L = 2^20 score, 1024 x 1024 max-pooled (auto against cpu:
               a request above the device's start-up cost still goes to the device)

Prints each time and the ratios the issue's targets are stated in.
Usage: /usr/bin/python3 tests/benchmarks/bench_figure.py [--cli build/bench/app/pecards-cli]
       [--repeat 5] [--skip-numpy]
Needs python3-numpy and python3-matplotlib (scripts/bootstrap --bench)."""

import argparse
import os
import subprocess
import sys
import tempfile
import time

NUMPY_SETUP = """
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
L, d, base, block = 16384, 128, 10000.0, 16
"""
NUMPY_NOTEBOOK = """
inv_freq = 1.0 / base ** (np.arange(0, d, 2) / d)
freqs = np.outer(np.arange(L, dtype=np.float64), inv_freq)
emb = np.concatenate([freqs, freqs], axis=1)
cos, sin = np.cos(emb), np.sin(emb)
def rotate_half(x):
    return np.concatenate([-x[:, d // 2:], x[:, :d // 2]], axis=1)
q = np.ones((L, d))
k = np.ones((L, d))
q_rot = q * cos + rotate_half(q) * sin
k_rot = k * cos + rotate_half(k) * sin
score = q_rot @ k_rot.T
"""
NUMPY_TOEPLITZ = """
theta = base ** (-np.arange(0, d, 2) / d)
delta = np.arange(-(L - 1), L, dtype=np.float64)
profile = 2.0 * np.cos(np.outer(delta, theta)).sum(axis=1)
m = np.arange(L)
score = profile[np.subtract.outer(m, m) + (L - 1)]
"""
NUMPY_PLOT = """
pooled = score.reshape(L // block, block, L // block, block).max(axis=(1, 3))
fig, ax = plt.subplots(figsize=(6, 4.5))
image = ax.imshow(pooled, cmap="RdBu_r", extent=(0, L, L, 0), interpolation="nearest")
fig.colorbar(image, ax=ax, label="score")
ax.set_title("RoPE positional score, L = 16384 (max of 16 x 16 blocks)")
ax.set_xlabel("key position n")
ax.set_ylabel("query position m")
fig.savefig({out!r}, dpi=300)
"""


def blas_name():
    """The BLAS library NumPy's matrix product runs on (Debian's alternative), or "unknown"."""
    link = "/etc/alternatives/libblas.so.3-x86_64-linux-gnu"
    return os.path.realpath(link) if os.path.exists(link) else "unknown"


def best_of(command, repeat, env=None):
    """The shortest wall time of `repeat` runs of `command` (a list), in seconds."""
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default="build/bench/app/pecards-cli")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-numpy", action="store_true")
    args = parser.parse_args()
    if not os.access(args.cli, os.X_OK):
        sys.exit(f"bench_figure: no pecards-cli at {args.cli} (cmake --build --preset bench; or --cli PATH)")
    with tempfile.TemporaryDirectory() as folder:
        figure = [args.cli, "render", "--card", "rope", "--quantity", "score", "--length", "16384",
                  "--view", "1024x1024", "--reduction", "max", "--out", os.path.join(folder, "a.png")]
        small = [args.cli, "compute", "--card", "rope", "--quantity", "score", "--length", "16",
                 "--out", os.path.join(folder, "s.npy")]
        large = [args.cli, "compute", "--card", "rope", "--quantity", "score", "--length", "1048576",
                 "--view", "1024x1024", "--reduction", "max", "--out", os.path.join(folder, "l.npy")]
        times = {}
        for name, command in (("figure-16k", figure), ("small", small), ("view-1M", large)):
            for device in ("auto", "cpu"):
                times[name, device] = best_of(command + ["--device", device], args.repeat)
                print(f"{name:10s} --device {device:4s} {times[name, device] * 1000:8.1f} ms "
                      f"(best of {args.repeat})", flush=True)
        if not args.skip_numpy:
            plot = NUMPY_PLOT.format(out=os.path.join(folder, "numpy.png"))
            numpy_repeat = max(1, min(args.repeat, 2))
            for name, code in (("numpy-16k", NUMPY_NOTEBOOK), ("toeplitz-16k", NUMPY_TOEPLITZ)):
                times[name] = best_of([sys.executable, "-c", NUMPY_SETUP + code + plot], numpy_repeat)
                print(f"{name:12s} NumPy   {times[name] * 1000:8.1f} ms (best of {numpy_repeat})", flush=True)
            print(f"NumPy's BLAS: {blas_name()}")
            figure = times["figure-16k", "auto"]
            print(f"ratio numpy / pecards-cli (L = 16384 figure, --device auto): "
                  f"{times['numpy-16k'] / figure:.1f}x (target: at least 50x); "
                  f"toeplitz / pecards-cli: {times['toeplitz-16k'] / figure:.1f}x")
    print(f"ratio small compute auto / cpu: {times['small', 'auto'] / times['small', 'cpu']:.2f} (target: at most 1.5)")
    print(f"ratio L = 2^20 view cpu / auto: {times['view-1M', 'cpu'] / times['view-1M', 'auto']:.2f} "
          "(above 1: the device still answers it)")


if __name__ == "__main__":
    main()
