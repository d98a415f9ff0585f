#!/usr/bin/env bash
# One Chinese term per idea (docs/glossary.md): no Chinese text of the product uses a rendering the
# glossary lists as not used. The chosen rendering is taken out first, so "对半" is refused only
# where it is not part of "对半拆分".
#   zh_glossary.sh SOURCE_DIR
set -euo pipefail
cd "$1"
glossary=docs/glossary.md
[ -s "$glossary" ] || { echo "$glossary is missing"; exit 1; }
files=$(ls resources/cards/*/*.zh_CN.html resources/pitfalls/*.zh_CN.html resources/lessons/*.zh_CN.json \
  resources/translations/pecards_zh_CN.ts docs/*.zh.md)
rows=0
status=0
# Rows "| English | 中文 | not used, ... |" after the header separator.
while IFS='|' read -r _ english chosen rejected _; do
  chosen=$(sed 's/^ *//; s/ *$//' <<<"$chosen")
  rejected=$(sed 's/^ *//; s/ *$//' <<<"$rejected")
  rows=$((rows + 1))
  [ -n "$rejected" ] || continue
  IFS=',' read -ra variants <<<"$rejected"
  for variant in "${variants[@]}"; do
    variant=$(sed 's/^ *//; s/ *$//' <<<"$variant")
    [ -n "$variant" ] || continue
    # Each chosen rendering (a list such as "编码器、解码器" counts each part) is blanked first.
    for file in $files; do
      text=$(<"$file")
      IFS='、' read -ra parts <<<"$chosen"
      for part in "${parts[@]}"; do
        text=${text//"$part"/□}
      done
      if [[ $text == *"$variant"* ]]; then
        echo "$file: \"$variant\" is not used for$english: write \"$chosen\" (docs/glossary.md):"
        grep -nF -- "$variant" <<<"$text" | cut -c1-160 | head -3
        status=1
      fi
    done
  done
done < <(sed -n '/^|---/,$p' "$glossary" | tail -n +2 | grep '^|')
[ "$rows" -ge 20 ] || { echo "$glossary: $rows terms read, expected the table of 20 or more"; exit 1; }
exit $status
