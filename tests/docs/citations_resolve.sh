#!/usr/bin/env bash
# Citations of the math reference resolve inside the repository:
# - every mention of encodings.md is the path docs/encodings.md (source comments, card texts,
#   translations, tests), and every "docs/encodings.md §N" (or §N-§M) names a section
#   "## N." of that file;
# - no source, text or doc file refers to a shared/ folder or /work outside the repository.
#   citations_resolve.sh SOURCE_DIR
set -euo pipefail
cd "$1"
doc=docs/encodings.md
[ -s "$doc" ] || { echo "$doc is missing"; exit 1; }
files=$(git ls-files -- '*.h' '*.cpp' '*.md' '*.html' '*.cl' '*.txt' '*.ts' '*.sh' '*.cmake' 2>/dev/null \
  || find . -path ./build -prune -o -type f \( -name '*.h' -o -name '*.cpp' -o -name '*.md' -o -name '*.html' \
       -o -name '*.cl' -o -name '*.txt' -o -name '*.ts' -o -name '*.sh' -o -name '*.cmake' \) -print)
status=0

# encodings.md named without its folder (files in docs/ link it relatively).
if bare=$(grep -nE '(^|[^/])encodings\.md' $files | grep -vE '^(docs|tests/docs)/'); then
  echo "cite docs/encodings.md by its path:"; echo "$bare"; status=1
fi
# Every cited section exists.
sections=$(grep -oE '^## [0-9]+\.' "$doc" | grep -oE '[0-9]+')
while IFS= read -r cited; do
  for n in $(grep -oE '[0-9]+' <<<"$cited"); do
    grep -qx "$n" <<<"$sections" || { echo "no section $n in $doc: $cited"; status=1; }
  done
done < <(grep -ohE 'docs/encodings\.md[ ,]*(§[0-9]+(-§?[0-9]+)?([, ]+§[0-9]+)*)' $files | grep -oE '§.*')
# Nothing outside the repository.
if outside=$(grep -nE '(^|[^a-z_])shared/|/work/' $files | grep -v '^tests/docs/'); then
  echo "refers outside the repository:"; echo "$outside"; status=1
fi
exit $status
