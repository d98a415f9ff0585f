#!/usr/bin/env bash
# The Debian package of this build tree (cpack -G DEB): named pecards_<version>_amd64.deb, with
# dpkg-shlibdeps dependencies plus ocl-icd-libopencl1 and Recommends: pocl-opencl-icd; unpacked
# into a scratch root (dpkg -x), its programs run: pecards-cli --version, a small compute, and
# pecards --help without a display, and `import pecards` from the unpacked dist-packages.
#   deb_package.sh BUILD_DIR VERSION
set -euo pipefail
build=$1 version=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" >/dev/null
deb="$work/out/pecards_${version}_amd64.deb"
[ -f "$deb" ] || { echo "no $deb:"; ls "$work/out"; exit 1; }

depends=$(dpkg-deb -f "$deb" Depends)
for dep in ocl-icd-libopencl1 libqt6widgets6 libqt6charts6 libqt6svg6 libc6; do
  grep -q "$dep" <<<"$depends" || { echo "Depends lacks $dep: $depends"; exit 1; }
done
[ "$(dpkg-deb -f "$deb" Recommends)" = "pocl-opencl-icd, python3-numpy" ] || {
  echo "Recommends is not pocl-opencl-icd, python3-numpy"; exit 1; }
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ]
[ "$(dpkg-deb -f "$deb" Description | head -1)" = "see how transformer positional encodings work" ]

root="$work/root"
dpkg -x "$deb" "$root"
bin="$root/usr/bin"
[ -f "$root/usr/share/applications/io.github.pecards.PECards.desktop" ]
[ "$("$bin/pecards-cli" --version)" = "pecards-cli $version" ]
"$bin/pecards-cli" compute --card alibi --quantity slopes --heads 4 --out "$work/slopes.csv"
# ALiBi slopes for 4 heads: 2^(-8h/4) = 1/4, 1/16, 1/64, 1/256 (docs/encodings.md §3).
expected=$(printf '0.25\n0.0625\n0.015625\n0.00390625')
[ "$(tr -d '\r' <"$work/slopes.csv")" = "$expected" ] || { echo "slopes:"; cat "$work/slopes.csv"; exit 1; }
# The help is read whole before grep: `pecards --help | grep -q` fails under pipefail whenever grep
# exits at its match before pecards has written the rest (SIGPIPE), which a longer help made likely.
help=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$bin/pecards" --help)
grep -q -- "--screenshot" <<<"$help" || { echo "pecards --help without a display lacks --screenshot"; exit 1; }
help=$(QT_QPA_PLATFORM=offscreen "$bin/pecards" --help)
grep -q -- "--workspace" <<<"$help" || { echo "pecards --help (offscreen) lacks --workspace"; exit 1; }
# The Python module, from the unpacked dist-packages, with the system Python (when built).
if compgen -G "$root/usr/lib/python3/dist-packages/pecards*.so" >/dev/null; then
  [ -f "$root/usr/lib/python3/dist-packages/pecards.pyi" ]
  theta=$(PYTHONPATH="$root/usr/lib/python3/dist-packages" /usr/bin/python3 -c \
    "import pecards; print(pecards.inv_freq(head_dim=8, base=10000).tolist())")
  [ "$theta" = "[1.0, 0.1, 0.01, 0.001]" ] || { echo "pecards.inv_freq: $theta"; exit 1; }
fi
echo "$(basename "$deb") installs and runs from a scratch root"
