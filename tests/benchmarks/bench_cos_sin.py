"""The 131072 x 128 cos/sin cache: pecards.cos_sin against the same table built with NumPy, in the
same run (time and peak resident memory of each, in its own process so the peaks do not mix).
Usage: PYTHONPATH=build/ci/app/python /usr/bin/python3 tests/benchmarks/bench_cos_sin.py"""

import resource
import subprocess
import sys
import time

CASES = {
    "pecards": "cos, sin = pecards.cos_sin(np.arange(131072), head_dim=128, base=500000)",
    "numpy": "theta = 1.0 / 500000.0 ** (np.arange(0, 128, 2) / 128)\n"
             "freqs = np.outer(np.arange(131072, dtype=np.float64), theta)\n"
             "emb = np.concatenate([freqs, freqs], axis=1)\n"
             "cos, sin = np.cos(emb), np.sin(emb)",
}
# Imports before the clock starts (pecards loads Qt's libraries once per process: about 50 ms).
RUNNER = ("import resource, time\nimport numpy as np\nimport pecards\nstart = time.perf_counter()\n{code}\n"
          "elapsed = time.perf_counter() - start\n"
          "print(elapsed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")


def main():
    results = {}
    for name, code in CASES.items():
        best = None
        for _ in range(5):
            out = subprocess.run([sys.executable, "-c", RUNNER.format(code=code)], check=True,
                                 capture_output=True, text=True).stdout.split()
            seconds, peak_kib = float(out[0]), int(out[1])
            best = (seconds, peak_kib) if best is None or seconds < best[0] else best
        results[name] = best
        print(f"{name:8s} {best[0] * 1000:8.1f} ms  peak {best[1] / 1024:7.1f} MiB (best of 5)")
    print(f"ratio numpy / pecards: {results['numpy'][0] / results['pecards'][0]:.2f}x time")


if __name__ == "__main__":
    main()
