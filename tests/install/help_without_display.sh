#!/usr/bin/env bash
# pecards --help / --version answer with no display and no Qt platform chosen (exit 0), and
# pecards-cli --version names the project version.
#   help_without_display.sh PECARDS PECARDS_CLI VERSION
set -euo pipefail
pecards=$1 cli=$2 version=$3
headless=(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM)

help=$("${headless[@]}" "$pecards" --help)
for flag in --card --preset --config --compare --length --rows --cols --zoom --back --language --theme \
  --workspace --presentation --position --device --cpu --window-size --size --screenshot --help --version; do
  grep -q -- "$flag" <<<"$help" || { echo "pecards --help does not list $flag"; exit 1; }
done
[ "$("${headless[@]}" "$pecards" --version)" = "pecards $version" ] || { echo "pecards --version is wrong"; exit 1; }
[ "$("${headless[@]}" "$pecards" -v)" = "pecards $version" ] || { echo "pecards -v is wrong"; exit 1; }
[ "$("${headless[@]}" "$cli" --version)" = "pecards-cli $version" ] || { echo "pecards-cli --version is wrong"; exit 1; }
echo "pecards --help / --version and pecards-cli --version work without a display"
